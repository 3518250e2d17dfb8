/**
 * Venue Live constants, messages and the vote-to-skip rule, without zod: the screens import these, and with them
 * only these (./live.ts re-exports them for the server and the schemas; ADR 024).
 */

/** The reactions patrons may send (a short fixed set, shown on the TV's ticker). */
export const LIVE_REACTIONS = ['🔥', '❤️', '🙌', '😂', '🎉', '👎'] as const;
export type LiveReaction = (typeof LIVE_REACTIONS)[number];

/** Presented status: ended also stands for "no session yet" (sessionId null). */
export const LIVE_STATUSES = ['live', 'paused', 'offline', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** What became of a queue entry. */
export const LIVE_ENTRY_STATUSES = ['queued', 'playing', 'played', 'skipped', 'removed', 'unplayable'] as const;
export type LiveEntryStatus = (typeof LIVE_ENTRY_STATUSES)[number];

/** YouTube player errors that mean the video can never play here (skipped and reported as unplayable). */
export const UNPLAYABLE_YOUTUBE_ERRORS = [100, 101, 150] as const;

/** Timing rules both ends know (the server is the authority; the client uses them to phrase and to schedule). */
export const LIVE_TIMING = {
  /** The host device sends a heartbeat this often. */
  heartbeatMs: 5_000,
  /** A host device unseen this long makes the session "offline". */
  hostOfflineMs: 15_000,
  /** The join code changes this often … */
  codeRotateMs: 10 * 60_000,
  /** … and the previous one is still accepted this long after the change. */
  codeGraceMs: 10 * 60_000,
  /** Joining makes a patron present for this long. */
  presenceMs: 4 * 60 * 60_000,
  /** A night whose player has been offline this long is ended (the venue closed without ending it). */
  abandonedMs: 6 * 60 * 60_000,
} as const;

/** Default settings of a venue that never changed them. */
export const LIVE_DEFAULTS = {
  requestCap: 3,
  skipPercent: 50,
  skipScaled: true,
  maxSongSeconds: 600,
  noRepeatHours: 3,
  allowYoutubeLinks: false,
  requestsLocked: false,
} as const;

/** Every refusal message of the live routes, in one place (tests and screens compare against these). */
export const LIVE_MESSAGES = {
  venueNotFound: 'Venue not found',
  entryNotFound: 'This song is not in the queue',
  songNotFound: 'Song not found',
  hostOnly: "Only the venue's owner or a co-host can do this",
  ownerOnly: "Only the venue's owner can manage co-hosts",
  notLive: 'The venue is not live right now',
  notPresent: "Join the venue first: scan the QR code or type the code shown on the venue's screen",
  badCode: "This code is not valid. Check the code on the venue's screen",
  badDisplayKey: 'The TV link is not valid (ask the host for a new one)',
  otherDevice: 'Another device is playing for this venue. Take over to play here instead (the other device stops).',
  notHostDevice: "This device is no longer the venue's player: another device took over",
  locked: 'Requests are paused by the host right now',
  cap: (n: number) => `You already have ${n} ${n === 1 ? 'song' : 'songs'} waiting. Request more once one has played.`,
  playing: 'This song is playing right now',
  recentlyPlayed: (hours: number) =>
    `This song was played less than ${hours} ${hours === 1 ? 'hour' : 'hours'} ago. Pick another one.`,
  banned: 'The venue does not play this song tonight',
  bannedArtist: 'The venue does not play this artist tonight',
  tooLong: (minutes: number) => `This song is too long for tonight (${minutes} minutes at most)`,
  notPlayable: 'This song has no YouTube video, so the venue cannot play it',
  linksOff: 'The host does not take YouTube links tonight: pick a song from the catalogue',
  ownRequest: 'You requested this song already: it is in the queue',
  upvoted: 'This song is already in the queue: your request counts as an up-vote',
  alreadyUpvoted: 'This song is already in the queue and has your up-vote',
  voteClosed: 'This song is no longer waiting, so votes are closed',
  notPlaying: 'This song is not playing any more',
  notQueued: 'Only waiting songs can be removed',
  alreadyBanned: 'Already banned',
  alreadyCohost: 'Already a co-host',
  ownerIsHost: 'You own this venue',
  noSuchAccount: 'No CrowdMix account uses this email',
  cohostNotFound: 'Not a co-host of this venue',
  banNotFound: 'Ban not found',
} as const;

export const liveRoom = (venueId: number) => `live:${venueId}`;

// ---------------------------------------------------------------------------------------------------------------
// The vote-to-skip rule (ADR 019), shared so that screens can explain it.

/**
 * Skip votes needed with `present` patrons: `percent`% of the room, and with `scaled` a share that shrinks as the
 * room grows (divided by 1 + log10(present / 10) past 10 patrons: 50% of 10 is 5, of 100 is 25, of 1,000 about 167),
 * never fewer than 2 votes.
 */
export function skipVotesNeeded(present: number, percent: number, scaled: boolean): number {
  const n = Math.max(0, Math.floor(present));
  const divisor = scaled ? 1 + Math.log10(Math.max(1, n / 10)) : 1;
  return Math.max(2, Math.ceil((n * percent) / 100 / divisor - 1e-9));
}

/** The rule in words, with examples. */
export function describeSkipRule(percent: number, scaled: boolean): string {
  const ex = [10, 50, 200].map((n) => `${skipVotesNeeded(n, percent, scaled)} of ${n}`).join(', ');
  return scaled
    ? `${percent}% of the patrons present in small rooms, a smaller share in bigger ones, never fewer than 2 votes (${ex})`
    : `${percent}% of the patrons present, never fewer than 2 votes (${ex})`;
}
