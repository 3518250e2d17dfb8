/**
 * Venue Live (issue 16): one device plays a venue's live queue, a TV shows it, patrons who saw the TV's join code
 * request and vote from their phones. One source for both ends; ADR 019 explains the rules.
 *
 * ROUTES (every error answers `{message, code}`; 401 = not signed in, 403 = not allowed, 404 = venue/entry unknown,
 * 409 = a rule refused it, 429 = too fast, with Retry-After). "Host" = the venue's owner or a co-host.
 *
 * Anyone (no sign-in):
 *   GET    /api/venues/:id/live                     → LiveView (state + `me` when signed in, else me: null)
 *   GET    /api/venues/:id/live/history             → LiveHistoryRow[] (current or last session, newest first)
 *   GET    /api/venues/:id/live/code?key=K          → LiveJoinCode. Needs the TV's display key (from LiveHostInfo.tvUrl)
 *                                                     or a signed-in host. 403 'The TV link is not valid (ask the host
 *                                                     for a new one)'; 409 'The venue is not live'.
 * Signed-in patrons:
 *   POST   /api/live/join            {code}         → LiveJoinResult. 404 'This code is not valid. Check the code on the
 *                                                     venue's screen', 429 'Too many attempts …'.
 *   POST   /api/venues/:id/live/leave                → 204 (no longer present)
 *   POST   /api/venues/:id/live/requests  LiveRequestBody → 201 LiveRequestResult (outcome 'queued'), or 200 with
 *                                                     outcome 'upvoted' when the song was already waiting (the
 *                                                     request became the caller's up-vote). 409 messages:
 *                                                     LIVE_MESSAGES.notLive / notPresent (403) / locked / cap / playing /
 *                                                     recentlyPlayed / banned / tooLong / notPlayable / linksOff /
 *                                                     ownRequest. 404 'Song not found'.
 *   POST   /api/live/entries/:entryId/vote  {value: 1|-1|0}  → LiveVoteResult. 403 notPresent; 409 voteClosed.
 *   POST   /api/live/entries/:entryId/skip  → LiveSkipResult (skipVotes, needed, skipped). 403 notPresent;
 *                                                     409 notPlaying. Voting twice is idempotent.
 *   POST   /api/venues/:id/live/reactions {emoji}   → 204. 403 notPresent; 429 'Easy on the reactions …'.
 * Host (owner or co-host; 403 LIVE_MESSAGES.hostOnly otherwise):
 *   GET    /api/venues/:id/live/host                 → LiveHostInfo (tvUrl with the display key, settings, session)
 *   POST   /api/venues/:id/live/session {deviceId, takeover?} → LiveHostInfo. Starts (or rejoins) the session on this
 *                                                     device. 409 LIVE_MESSAGES.otherDevice when another device played
 *                                                     within the last 15 s and `takeover` is not true; with takeover the
 *                                                     old device gets `live_host_takeover` and 409 on its next call.
 *   POST   /api/venues/:id/live/heartbeat {deviceId} → LiveHeartbeatResult. Every ~5 s from the host device.
 *                                                     409 LIVE_MESSAGES.notHostDevice (stop playing), 409 notLive.
 *   POST   /api/venues/:id/live/playback  LivePlaybackReport → LiveState. From the host device only (409
 *                                                     notHostDevice). A report for an entry that is no longer the
 *                                                     current one is ignored (the answer is the current state).
 *   POST   /api/venues/:id/live/control   {action}  → LiveState. pause | resume | skip | lock | unlock | end.
 *   DELETE /api/live/entries/:entryId               → 204 (removes a queued entry; 409 'Only waiting songs …')
 *   GET    /api/venues/:id/live/settings            → LiveSettings
 *   PUT    /api/venues/:id/live/settings  LiveSettingsInput → LiveSettings
 *   POST   /api/venues/:id/live/display-key          → LiveHostInfo (a new TV link; the old one stops working)
 *   GET    /api/venues/:id/live/bans                 → LiveBan[]
 *   POST   /api/venues/:id/live/bans   {songId} | {artist} → 201 LiveBan (queued entries removed at once; the
 *                                                     playing one is skipped). 409 'Already banned'.
 *   DELETE /api/venues/:id/live/bans/:banId          → 204
 *   GET    /api/venues/:id/live/report               → LiveReport (current or last session)
 *   GET    /api/venues/:id/live/report.csv           → text/csv, the history rows
 * Owner only (403 LIVE_MESSAGES.ownerOnly):
 *   GET    /api/venues/:id/live/cohosts              → LiveCohost[]
 *   POST   /api/venues/:id/live/cohosts {email}      → 201 LiveCohost. 404 'No CrowdMix account uses this email',
 *                                                     409 'Already a co-host' / 'You own this venue'.
 *   DELETE /api/venues/:id/live/cohosts/:userId      → 204
 *
 * REALTIME: subscribe to room `live:{venueId}` (anyone; the venue must exist and be active). Events:
 *   live_state         full LiveState snapshot. Drop a snapshot whose `version` is lower than the one shown. The
 *                      snapshot is shared: entries carry myVote null and mine false; overlay the user's own votes
 *                      from the `me` of the last HTTP answer (every patron action answers a fresh `me`).
 *   live_reaction      {venueId, emoji, name}
 *   live_request       {venueId, title, artist, name} (a new request, for the TV's ticker)
 *   live_host_takeover {venueId, deviceId} (the device now playing; any other host device stops at once)
 * After a `resync` or a reconnect, refetch GET /api/venues/:id/live.
 */
import { z } from 'zod';
import { IdSchema, noControlChars } from './common';
import { LIVE_ENTRY_STATUSES, LIVE_MESSAGES, LIVE_REACTIONS, LIVE_STATUSES } from './live-constants';

export * from './live-constants';

// ---------------------------------------------------------------------------------------------------------------
// State

export const LiveSongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  youtubeId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds; null when unknown. */
  duration: z.number().int().nullable(),
});
export type LiveSong = z.infer<typeof LiveSongSchema>;

/** Who requested an entry: first name and last initial. Null for songs the session added itself (autofill). */
export const LiveRequesterSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const LiveQueueEntrySchema = z.object({
  id: z.number().int(),
  song: LiveSongSchema,
  requester: LiveRequesterSchema,
  requestedAt: z.string(),
  /** Up-votes minus down-votes in this session. */
  netVotes: z.number().int(),
  /** The caller's vote (HTTP answers only; always null in `live_state` events: overlay LiveMe.votes). */
  myVote: z.union([z.literal(1), z.literal(-1)]).nullable(),
  /** The caller requested it (HTTP answers only; false in events: compare requester.id with LiveMe.userId). */
  mine: z.boolean(),
  /** Seconds from serverNow until it should start if nothing changes; null when a duration is unknown. */
  startsInSeconds: z.number().int().nullable(),
});
export type LiveQueueEntry = z.infer<typeof LiveQueueEntrySchema>;

export const LiveNowPlayingSchema = z.object({
  entryId: z.number().int(),
  song: LiveSongSchema,
  requester: LiveRequesterSchema,
  /**
   * When position 0 was (server clock). Progress = (pausedAt ?? now) − startedAt, where now = Date.now() + skew and
   * skew = serverNow − the time the client received this state.
   */
  startedAt: z.string(),
  /** Set while paused (by the host, or because the player is offline). */
  pausedAt: z.string().nullable(),
  /** The position at serverNow, in ms. */
  positionMs: z.number().int(),
});
export type LiveNowPlaying = z.infer<typeof LiveNowPlayingSchema>;

export const LiveRulesSchema = z.object({
  requestCap: z.number().int(),
  maxSongSeconds: z.number().int(),
  noRepeatHours: z.number().int(),
  allowYoutubeLinks: z.boolean(),
  /** The vote-to-skip rule in words, for the settings and patron screens. */
  skipRule: z.string(),
});

export const LiveStateSchema = z.object({
  venueId: z.number().int(),
  venueName: z.string(),
  gradient: z.string(),
  /** Null when the venue has never gone live. */
  sessionId: z.number().int().nullable(),
  status: z.enum(LIVE_STATUSES),
  /** Increases with every change of the session; a client drops a state older than the one it shows. */
  version: z.number().int(),
  /** The server's clock when the state was read (ISO), for clock skew. */
  serverNow: z.string(),
  nowPlaying: LiveNowPlayingSchema.nullable(),
  /** Waiting songs in play order (the first 50). */
  queue: z.array(LiveQueueEntrySchema),
  /** All waiting songs, also those past the first 50. */
  queueLength: z.number().int(),
  skip: z.object({ votes: z.number().int(), needed: z.number().int() }),
  requestsLocked: z.boolean(),
  /** Patrons present (joined with the code within the last few hours). */
  presentCount: z.number().int(),
  rules: LiveRulesSchema,
});
export type LiveState = z.infer<typeof LiveStateSchema>;

/** What is the caller's own: shown over the shared state. */
export const LiveMeSchema = z.object({
  userId: z.string(),
  present: z.boolean(),
  presentUntil: z.string().nullable(),
  isHost: z.boolean(),
  isOwner: z.boolean(),
  /** The caller's votes on waiting entries. */
  votes: z.array(z.object({ entryId: z.number().int(), value: z.union([z.literal(1), z.literal(-1)]) })),
  /** The caller voted to skip the song playing now. */
  skipVoted: z.boolean(),
  /** The caller's songs waiting (against the request cap). */
  waiting: z.number().int(),
});
export type LiveMe = z.infer<typeof LiveMeSchema>;

export const LiveViewSchema = z.object({ state: LiveStateSchema, me: LiveMeSchema.nullable() });
export type LiveView = z.infer<typeof LiveViewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Patrons

export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

export const LiveJoinBodySchema = z.strictObject({
  code: z
    .string({ message: 'Type the code shown on the venue’s screen' })
    .trim()
    .max(20, { message: LIVE_MESSAGES.badCode })
    .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
    .refine((s) => s.length > 0, { message: 'Type the code shown on the venue’s screen' }),
});
export type LiveJoinBody = z.input<typeof LiveJoinBodySchema>;

export const LiveJoinResultSchema = z.object({
  venueId: z.number().int(),
  venueName: z.string(),
  presentUntil: z.string(),
});
export type LiveJoinResult = z.infer<typeof LiveJoinResultSchema>;

/** The join code for the TV: show it, and a QR code of joinUrl; fetch again at `refreshAt`. */
export const LiveJoinCodeSchema = z.object({
  code: z.string(),
  /** Path (relative to the app's origin) that joins with this code: /join/{code}. */
  joinPath: z.string(),
  /** Absolute URL of joinPath (for the QR code). */
  joinUrl: z.string(),
  refreshAt: z.string(),
});
export type LiveJoinCode = z.infer<typeof LiveJoinCodeSchema>;

const youtubeUrl = z
  .string({ message: 'Paste a YouTube link' })
  .trim()
  .max(300, { message: 'That link is too long' })
  .refine(noControlChars, { message: 'Paste a YouTube link' });

/** Request a catalogue song, or (when the host allows it) paste a YouTube link, which adds the song to the venue. */
export const LiveRequestBodySchema = z.union(
  [
    z.strictObject({ songId: IdSchema }),
    z.strictObject({
      youtubeUrl,
      title: z.string().trim().min(1).max(200).refine(noControlChars).optional(),
      artist: z.string().trim().min(1).max(200).refine(noControlChars).optional(),
    }),
  ],
  { message: 'Send a songId, or a youtubeUrl' },
);
export type LiveRequestBody = z.infer<typeof LiveRequestBodySchema>;

export const LiveRequestResultSchema = z.object({
  /** queued: a new entry; upvoted: the song was already waiting and the request became the caller's up-vote. */
  outcome: z.enum(['queued', 'upvoted']),
  message: z.string(),
  entry: LiveQueueEntrySchema,
  me: LiveMeSchema,
});
export type LiveRequestResult = z.infer<typeof LiveRequestResultSchema>;

export const LiveVoteBodySchema = z.strictObject({
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], { message: 'value must be 1, -1 or 0' }),
});
export type LiveVoteBody = z.infer<typeof LiveVoteBodySchema>;

export const LiveVoteResultSchema = z.object({
  entryId: z.number().int(),
  netVotes: z.number().int(),
  myVote: z.union([z.literal(1), z.literal(-1)]).nullable(),
  me: LiveMeSchema,
});
export type LiveVoteResult = z.infer<typeof LiveVoteResultSchema>;

export const LiveSkipResultSchema = z.object({
  entryId: z.number().int(),
  votes: z.number().int(),
  needed: z.number().int(),
  /** True when this vote (or an earlier one) skipped the song. */
  skipped: z.boolean(),
});
export type LiveSkipResult = z.infer<typeof LiveSkipResultSchema>;

export const LiveReactionBodySchema = z.strictObject({
  emoji: z.enum(LIVE_REACTIONS, { message: 'Pick one of the reactions' }),
});

export const LiveEntryParamsSchema = z.object({ entryId: IdSchema });

// ---------------------------------------------------------------------------------------------------------------
// Host

const deviceId = z
  .string({ message: 'deviceId is required' })
  .trim()
  .min(8, { message: 'deviceId must be 8 to 64 characters' })
  .max(64, { message: 'deviceId must be 8 to 64 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'deviceId may hold letters, digits, _ and - only' });

export const LiveStartBodySchema = z.strictObject({ deviceId, takeover: z.boolean().optional() });
export type LiveStartBody = z.infer<typeof LiveStartBodySchema>;

export const LiveHeartbeatBodySchema = z.strictObject({ deviceId });

export const LiveHeartbeatResultSchema = z.object({ status: z.enum(LIVE_STATUSES), version: z.number().int() });

export const LIVE_PLAYBACK_EVENTS = ['started', 'ended', 'paused', 'resumed', 'unplayable'] as const;
export const LivePlaybackReportSchema = z.strictObject({
  deviceId,
  entryId: IdSchema,
  event: z.enum(LIVE_PLAYBACK_EVENTS, { message: `event must be one of ${LIVE_PLAYBACK_EVENTS.join(', ')}` }),
  /** The player's position (started/paused/resumed), ms. */
  positionMs: z.number().int().min(0).max(86_400_000).optional(),
  /** The YouTube error code (unplayable). */
  errorCode: z.number().int().min(0).max(100_000).optional(),
});
export type LivePlaybackReport = z.infer<typeof LivePlaybackReportSchema>;

export const LIVE_CONTROL_ACTIONS = ['pause', 'resume', 'skip', 'lock', 'unlock', 'end'] as const;
export const LiveControlBodySchema = z.strictObject({
  action: z.enum(LIVE_CONTROL_ACTIONS, { message: `action must be one of ${LIVE_CONTROL_ACTIONS.join(', ')}` }),
});
export type LiveControlAction = (typeof LIVE_CONTROL_ACTIONS)[number];

export const LiveSettingsSchema = z.object({
  requestCap: z.number().int(),
  skipPercent: z.number().int(),
  skipScaled: z.boolean(),
  maxSongSeconds: z.number().int(),
  noRepeatHours: z.number().int(),
  allowYoutubeLinks: z.boolean(),
  requestsLocked: z.boolean(),
  /** The vote-to-skip rule in words, with examples for 10, 50 and 200 patrons. */
  skipRule: z.string(),
});
export type LiveSettings = z.infer<typeof LiveSettingsSchema>;

const intIn = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be between ${min} and ${max}` })
    .max(max, { message: `${label} must be between ${min} and ${max}` });

export const LiveSettingsInputSchema = z.strictObject({
  requestCap: intIn('Request cap', 1, 20).optional(),
  skipPercent: intIn('Skip share', 10, 100).optional(),
  skipScaled: z.boolean().optional(),
  maxSongSeconds: intIn('Longest song (seconds)', 60, 3600).optional(),
  noRepeatHours: intIn('No repeat (hours)', 0, 24).optional(),
  allowYoutubeLinks: z.boolean().optional(),
  requestsLocked: z.boolean().optional(),
});
export type LiveSettingsInput = z.infer<typeof LiveSettingsInputSchema>;

export const LiveHostInfoSchema = z.object({
  venueId: z.number().int(),
  isOwner: z.boolean(),
  /** Path of the TV screen with its display key: /venue/{id}/tv?key=… (keep it on the TV; it shows the join code). */
  tvPath: z.string(),
  tvUrl: z.string(),
  settings: LiveSettingsSchema,
  /** The device now playing, and when it was last seen (null when no session). */
  hostDeviceId: z.string().nullable(),
  hostLastSeen: z.string().nullable(),
  state: LiveStateSchema,
});
export type LiveHostInfo = z.infer<typeof LiveHostInfoSchema>;

export const LiveBanSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['song', 'artist']),
  songId: z.number().int().nullable(),
  artist: z.string().nullable(),
  /** What to show: "Title — Artist" or the artist. */
  label: z.string(),
  createdAt: z.string(),
});
export type LiveBan = z.infer<typeof LiveBanSchema>;

export const LiveBanBodySchema = z.union(
  [
    z.strictObject({ songId: IdSchema }),
    z.strictObject({
      artist: z
        .string({ message: 'Artist is required' })
        .trim()
        .min(1, { message: 'Artist is required' })
        .max(200, { message: 'Artist must be at most 200 characters' })
        .refine(noControlChars, { message: 'Artist contains characters that are not allowed' }),
    }),
  ],
  { message: 'Send a songId or an artist' },
);
export type LiveBanBody = z.infer<typeof LiveBanBodySchema>;

export const LiveBanParamsSchema = z.object({ id: IdSchema, banId: IdSchema });

export const LiveCohostSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  addedAt: z.string(),
});
export type LiveCohost = z.infer<typeof LiveCohostSchema>;

export const LiveCohostBodySchema = z.strictObject({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    .email({ message: 'Enter a valid email' })
    .max(254),
});
export const LiveCohostParamsSchema = z.object({ id: IdSchema, userId: z.string().min(1).max(100) });

export const LiveHistoryRowSchema = z.object({
  entryId: z.number().int(),
  song: LiveSongSchema,
  requester: LiveRequesterSchema,
  status: z.enum(LIVE_ENTRY_STATUSES),
  netVotes: z.number().int(),
  /** How many asked for it (the first request plus the requests that became up-votes). */
  requests: z.number().int(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type LiveHistoryRow = z.infer<typeof LiveHistoryRowSchema>;

export const LiveReportSchema = z.object({
  sessionId: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  songsPlayed: z.number().int(),
  songsSkipped: z.number().int(),
  requests: z.number().int(),
  distinctPatrons: z.number().int(),
  mostRequested: z.array(z.object({ song: LiveSongSchema, requests: z.number().int() })),
});
export type LiveReport = z.infer<typeof LiveReportSchema>;

export const LiveCodeQuerySchema = z.object({ key: z.string().max(100).optional() });

// ---------------------------------------------------------------------------------------------------------------
// Realtime payloads (members of ServerEventSchema in ../realtime.ts)

export const LiveStateEventSchema = z.object({ type: z.literal('live_state'), state: LiveStateSchema });
export const LiveReactionEventSchema = z.object({
  type: z.literal('live_reaction'),
  venueId: z.number().int(),
  emoji: z.string(),
  name: z.string(),
});
export const LiveRequestEventSchema = z.object({
  type: z.literal('live_request'),
  venueId: z.number().int(),
  title: z.string(),
  artist: z.string(),
  name: z.string(),
});
export const LiveHostTakeoverEventSchema = z.object({
  type: z.literal('live_host_takeover'),
  venueId: z.number().int(),
  deviceId: z.string(),
});
