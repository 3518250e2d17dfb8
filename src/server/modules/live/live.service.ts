/**
 * Venue Live rules (issue 16, ADR 019). The database is the one truth for every instance: a session's changes run
 * in a transaction under its row lock (repo.lockOpenSession), bump its version, and are announced after commit by
 * a `live_changed` signal; every instance then reads a fresh snapshot for the sockets in its `live:{venueId}` room
 * (LiveRuntime). Times come from `deps.now`, so that tests move the clock.
 */
import {
  LIVE_DEFAULTS,
  LIVE_MESSAGES,
  LIVE_TIMING,
  UNPLAYABLE_YOUTUBE_ERRORS,
  describeSkipRule,
  liveRoom,
  skipVotesNeeded,
  type LiveBan,
  type LiveBanBody,
  type LiveCohost,
  type LiveControlAction,
  type LiveHistoryRow,
  type LiveHostInfo,
  type LiveJoinCode,
  type LiveJoinResult,
  type LiveMe,
  type LivePlaybackReport,
  type LiveReaction,
  type LiveReport,
  type LiveRequestBody,
  type LiveRequestResult,
  type LiveSettings,
  type LiveSettingsInput,
  type LiveSkipResult,
  type LiveState,
  type LiveStatus,
  type LiveView,
  type LiveVoteResult,
} from '../../../shared/schemas/live';
import { parseYouTubeId } from '../../../shared/youtube';
import type { AppDeps, CoreDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/http-errors';
import { getMix } from '../mixes/mixes.service';
import { uploadSong } from '../songs/songs.service';
import {
  presentBan,
  presentCohost,
  presentHistoryRow,
  presentQueueEntry,
  presentRequester,
  presentSettings,
  presentSong,
} from './live.presenter';
import * as repo from './live.repository';
import { csvCell, newDisplayKey, newJoinCode, orderQueue, requesterName, sameSecret } from './live.rules';

type Deps = Pick<AppDeps, 'db' | 'hub' | 'now' | 'config' | 'state' | 'log'>;
type Core = Pick<CoreDeps, 'db' | 'hub' | 'now' | 'log'>;

/** At most this many waiting entries are in a state (the TV shows about 8; phones scroll). */
const QUEUE_SHOWN = 50;
/** An entry without a duration counts as this long for "plays in about N min". */
const UNKNOWN_DURATION_S = 210;

const clock = (deps: Pick<CoreDeps, 'now'>) => new Date(deps.now());

// ---------------------------------------------------------------------------------------------------------------
// Access

type VenueRow = NonNullable<Awaited<ReturnType<typeof repo.findVenue>>>;

/** The venue when it exists and is active; else 404. */
async function activeVenue(db: DbOrTx, venueId: number): Promise<VenueRow> {
  const venue = await repo.findVenue(db, venueId);
  if (!venue || !venue.isActive) throw notFound(LIVE_MESSAGES.venueNotFound);
  return venue;
}

async function hostRole(db: DbOrTx, venue: VenueRow, userId: string | null): Promise<'owner' | 'cohost' | null> {
  if (!userId) return null;
  if (venue.ownerId === userId) return 'owner';
  return (await repo.isCohost(db, venue.id, userId)) ? 'cohost' : null;
}

/** The venue, when the caller hosts it (owner or co-host); else 404 or 403. */
async function requireHost(db: DbOrTx, venueId: number, userId: string) {
  const venue = await activeVenue(db, venueId);
  const role = await hostRole(db, venue, userId);
  if (!role) throw forbidden(LIVE_MESSAGES.hostOnly);
  return { venue, role };
}

async function requireOwner(db: DbOrTx, venueId: number, userId: string) {
  const venue = await activeVenue(db, venueId);
  if (venue.ownerId !== userId) throw forbidden(LIVE_MESSAGES.ownerOnly);
  return venue;
}

/** Who may watch `live:{venueId}`: anyone, when the venue exists and is active. */
export async function mayWatch(db: DbOrTx, venueId: number): Promise<boolean> {
  const venue = await repo.findVenue(db, venueId);
  return Boolean(venue?.isActive);
}

/** The venue's settings, or the defaults when it never had any (nothing is written on a read). */
async function settingsOf(db: DbOrTx, venueId: number): Promise<repo.SettingsRow> {
  return (
    (await repo.findSettings(db, venueId)) ?? {
      venueId,
      ...LIVE_DEFAULTS,
      displayKey: '',
      updatedAt: new Date(0),
    }
  );
}

const statusOf = (session: repo.SessionRow | null): LiveStatus =>
  !session || session.status === 'ended'
    ? 'ended'
    : session.offlineSince
      ? 'offline'
      : session.paused
        ? 'paused'
        : 'live';

// ---------------------------------------------------------------------------------------------------------------
// State

/** What is the viewer's own in the venue's live night; fills `votes` with their votes on waiting entries. */
async function buildMe(
  db: DbOrTx,
  venue: VenueRow,
  open: repo.SessionRow | null,
  viewerId: string,
  now: Date,
  votes = new Map<number, 1 | -1>(),
): Promise<LiveMe> {
  const presence = await repo.findPresence(db, venue.id, viewerId, now);
  const role = await hostRole(db, venue, viewerId);
  const mine = open ? await repo.myVotes(db, open.id, viewerId) : [];
  for (const v of mine) votes.set(v.entryId, v.value as 1 | -1);
  const playing = open ? await repo.findPlaying(db, open.id) : null;
  return {
    userId: viewerId,
    present: Boolean(presence),
    presentUntil: presence?.expiresAt.toISOString() ?? null,
    isHost: role !== null,
    isOwner: role === 'owner',
    votes: [...votes].map(([entryId, value]) => ({ entryId, value })),
    skipVoted: playing ? await repo.hasSkipVote(db, playing.id, viewerId) : false,
    waiting: open ? await repo.waitingCount(db, open.id, viewerId) : 0,
  };
}

/** The shared state of a venue's live room and, for a signed-in viewer, what is theirs. */
async function buildView(db: DbOrTx, venue: VenueRow, now: Date, viewerId: string | null): Promise<LiveView> {
  // The session (its version) first: every read after it sees at least the changes that version counts.
  const session = await repo.findLatestSession(db, venue.id);
  const open = session?.status === 'live' ? session : null;
  const [settings, presentCount, rows, played] = await Promise.all([
    settingsOf(db, venue.id),
    repo.countPresent(db, venue.id, now),
    open ? repo.listEntries(db, open.id, ['queued', 'playing']) : [],
    open ? repo.playedCounts(db, open.id) : new Map<string, number>(),
  ]);

  const votes = new Map<number, 1 | -1>();
  const me = viewerId ? await buildMe(db, venue, open, viewerId, now, votes) : null;

  const state: LiveState = {
    venueId: venue.id,
    venueName: venue.name,
    gradient: venue.gradient,
    sessionId: session?.id ?? null,
    status: statusOf(session),
    version: session?.version ?? 0,
    serverNow: now.toISOString(),
    nowPlaying: null,
    queue: [],
    queueLength: 0,
    skip: { votes: 0, needed: skipVotesNeeded(presentCount, settings.skipPercent, settings.skipScaled) },
    requestsLocked: settings.requestsLocked,
    presentCount,
    rules: {
      requestCap: settings.requestCap,
      maxSongSeconds: settings.maxSongSeconds,
      noRepeatHours: settings.noRepeatHours,
      allowYoutubeLinks: settings.allowYoutubeLinks,
      skipRule: describeSkipRule(settings.skipPercent, settings.skipScaled),
    },
  };
  if (!open) return { state, me };

  const playing = rows.find((r) => r.entry.status === 'playing');
  let elapsedUntilNext: number | null = 0;
  if (playing && playing.entry.startedAt) {
    const e = playing.entry;
    const positionMs = Math.max(0, (e.pausedAt ?? now).getTime() - e.startedAt!.getTime());
    state.nowPlaying = {
      entryId: e.id,
      song: presentSong(playing.song),
      requester: presentRequester(playing),
      startedAt: e.startedAt!.toISOString(),
      pausedAt: e.pausedAt?.toISOString() ?? null,
      positionMs,
    };
    state.skip.votes = await repo.countSkipVotes(db, e.id);
    elapsedUntilNext =
      playing.song.duration === null ? null : Math.max(0, playing.song.duration - Math.floor(positionMs / 1000));
  }
  const byId = new Map(rows.map((r) => [r.entry.id, r]));
  const ordered = orderQueue(
    rows.filter((r) => r.entry.status === 'queued').map((r) => r.entry),
    played,
  );
  state.queueLength = ordered.length;
  const viewer = viewerId ? { userId: viewerId, votes } : null;
  for (const entry of ordered.slice(0, QUEUE_SHOWN)) {
    const row = byId.get(entry.id)!;
    state.queue.push(presentQueueEntry(row, viewer, elapsedUntilNext));
    if (elapsedUntilNext !== null) elapsedUntilNext += row.song.duration ?? UNKNOWN_DURATION_S;
  }
  return { state, me };
}

/** GET /api/venues/:id/live */
export async function getView(deps: Pick<CoreDeps, 'db' | 'now'>, venueId: number, viewerId: string | null) {
  const venue = await activeVenue(deps.db, venueId);
  return buildView(deps.db, venue, clock(deps), viewerId);
}

/** The shared snapshot pushed to the room (null when the venue is gone). */
export async function loadState(deps: Pick<CoreDeps, 'db' | 'now'>, venueId: number): Promise<LiveState | null> {
  const venue = await repo.findVenue(deps.db, venueId);
  if (!venue || !venue.isActive) return null;
  return (await buildView(deps.db, venue, clock(deps), null)).state;
}

async function meOf(deps: Pick<CoreDeps, 'db' | 'now'>, venueId: number, userId: string): Promise<LiveMe> {
  const venue = await activeVenue(deps.db, venueId);
  return buildMe(deps.db, venue, await repo.findOpenSession(deps.db, venueId), userId, clock(deps));
}

/** Tells every instance that the venue's live state changed (each sends its own sockets a fresh snapshot). */
async function changed(deps: Pick<CoreDeps, 'hub'>, venueId: number) {
  await deps.hub.signal('live_changed', String(venueId));
}

// ---------------------------------------------------------------------------------------------------------------
// The queue inside a session's transaction

interface FillSong {
  id: number;
  artist: string;
  youtubeId: string | null;
  duration: number | null;
}

interface SessionTx {
  tx: DbOrTx;
  session: repo.SessionRow;
  settings: repo.SettingsRow;
  now: Date;
  /** Autofill candidates in order (the venue's mix, then the global Top 100), read before the transaction. */
  fill: FillSong[];
}

/** Autofill candidates: the venue's voted mix, then the global Top 100 (from the mix read model's cache). */
async function fillCandidates(deps: Deps, venueId: number): Promise<FillSong[]> {
  try {
    const [venueMix, top] = await Promise.all([getMix(deps.state, venueId), getMix(deps.state, null)]);
    return [...venueMix.songs, ...top.songs];
  } catch (err) {
    deps.log.warn({ err, venueId }, 'live autofill candidates failed');
    return [];
  }
}

/** The first candidate that is playable here tonight: not banned, not too long, not played within the window. */
async function pickFill(c: SessionTx): Promise<FillSong | null> {
  if (!c.fill.length) return null;
  const bans = await repo.banSets(c.tx, c.session.venueId);
  const since = new Date(c.now.getTime() - c.settings.noRepeatHours * 3_600_000);
  const recent = await repo.playedSince(c.tx, c.session.venueId, since);
  const unplayable = await repo.unplayableIn(c.tx, c.session.id);
  const seen = new Set<number>();
  for (const s of c.fill) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    if (!s.youtubeId || bans.songs.has(s.id) || bans.artists.has(s.artist.trim().toLowerCase())) continue;
    if (s.duration !== null && s.duration > c.settings.maxSongSeconds) continue;
    if (recent.has(s.id) || unplayable.has(s.id)) continue;
    return s;
  }
  return null;
}

const shouldPause = (s: repo.SessionRow) => s.paused || s.offlineSince !== null;

/** Starts the next song by the queue rule, or an autofilled one when nothing waits. */
async function startNext(c: SessionTx) {
  const pausedAt = shouldPause(c.session) ? c.now : null;
  const queued = await repo.listEntries(c.tx, c.session.id, ['queued']);
  const [next] = orderQueue(
    queued.map((r) => r.entry),
    await repo.playedCounts(c.tx, c.session.id),
  );
  if (next) {
    await repo.updateEntry(c.tx, next.id, { status: 'playing', startedAt: c.now, pausedAt });
    return;
  }
  const song = await pickFill(c);
  if (!song) return;
  await repo.insertEntry(c.tx, {
    sessionId: c.session.id,
    venueId: c.session.venueId,
    songId: song.id,
    requesterId: null,
    autofill: true,
    requestedAt: c.now,
    status: 'playing',
    startedAt: c.now,
    pausedAt,
  });
}

/** Ends the playing entry as played, skipped or unplayable and starts the next. */
async function endCurrent(c: SessionTx, entry: repo.EntryRow, status: 'played' | 'skipped' | 'unplayable') {
  await repo.updateEntry(c.tx, entry.id, { status, endedAt: c.now, pausedAt: null });
  await startNext(c);
}

/** Makes the playing entry's clock match the session: paused while paused or offline, else running. */
async function syncPause(c: SessionTx) {
  const entry = await repo.findPlaying(c.tx, c.session.id);
  if (!entry || !entry.startedAt) return;
  if (shouldPause(c.session) && !entry.pausedAt) await repo.updateEntry(c.tx, entry.id, { pausedAt: c.now });
  if (!shouldPause(c.session) && entry.pausedAt) {
    const started = new Date(entry.startedAt.getTime() + (c.now.getTime() - entry.pausedAt.getTime()));
    await repo.updateEntry(c.tx, entry.id, { startedAt: started, pausedAt: null });
  }
}

/** Ends the night: the song playing counts as played, waiting ones are removed. */
async function endNight(c: SessionTx) {
  const playing = await repo.findPlaying(c.tx, c.session.id);
  if (playing) await repo.updateEntry(c.tx, playing.id, { status: 'played', endedAt: c.now, pausedAt: null });
  await repo.removeWaiting(c.tx, c.session.id);
  await setSession(c, { status: 'ended', endedAt: c.now });
}

/** Changes the session row (and bumps its version), keeping `c.session` current. */
async function setSession(c: SessionTx, values: Partial<repo.SessionRow> = {}) {
  c.session = await repo.updateSession(c.tx, c.session.id, values);
}

/**
 * Runs `fn` in a transaction holding the venue's open session (409 when the venue is not live), then announces the
 * change. `fill` reads autofill candidates first, for changes that may start a song.
 */
async function inSession<T>(
  deps: Deps,
  venueId: number,
  fn: (c: SessionTx) => Promise<T>,
  opts: { fill?: boolean } = {},
): Promise<T> {
  const fill = opts.fill ? await fillCandidates(deps, venueId) : [];
  const settings = await settingsOf(deps.db, venueId);
  const result = await deps.db.transaction(async (tx) => {
    const session = await repo.lockOpenSession(tx, venueId);
    if (!session) throw conflict(LIVE_MESSAGES.notLive);
    return fn({ tx, session, settings, now: clock(deps), fill });
  });
  await changed(deps, venueId);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Host: session, heartbeat, playback, controls

function tvPath(venueId: number, key: string) {
  return `/venue/${venueId}/tv?key=${encodeURIComponent(key)}`;
}

/** GET /api/venues/:id/live/host */
export async function hostInfo(deps: Deps, venueId: number, userId: string, origin: string): Promise<LiveHostInfo> {
  const { venue, role } = await requireHost(deps.db, venueId, userId);
  const settings = await repo.ensureSettings(deps.db, venueId, newDisplayKey());
  const open = await repo.findOpenSession(deps.db, venueId);
  const { state } = await buildView(deps.db, venue, clock(deps), null);
  const path = tvPath(venueId, settings.displayKey);
  return {
    venueId,
    isOwner: role === 'owner',
    tvPath: path,
    tvUrl: `${origin}${path}`,
    settings: presentSettings(settings),
    hostDeviceId: open?.hostDeviceId ?? null,
    hostLastSeen: open?.hostLastSeen.toISOString() ?? null,
    state,
  };
}

/**
 * Starts the venue's session on this device, or rejoins it. Another device that was seen within the offline delay
 * keeps playing unless the caller confirms a takeover; then that device is told to stop (`live_host_takeover`,
 * and 409 on its next heartbeat or report).
 */
export async function startSession(
  deps: Deps,
  venueId: number,
  userId: string,
  input: { deviceId: string; takeover?: boolean },
  origin: string,
): Promise<LiveHostInfo> {
  await requireHost(deps.db, venueId, userId);
  await repo.ensureSettings(deps.db, venueId, newDisplayKey());
  const fill = await fillCandidates(deps, venueId);
  const settings = await settingsOf(deps.db, venueId);
  let tookOver = false;
  const attempt = () =>
    deps.db.transaction(async (tx) => {
      const now = clock(deps);
      const locked = await repo.lockOpenSession(tx, venueId);
      if (!locked) {
        // Two first starts at once: the partial unique index lets one in; the other retries and finds it.
        // Versions go on from the venue's last night, so a screen that showed it takes the new one's states.
        const last = await repo.findLatestSession(tx, venueId);
        const session = await repo.insertSession(tx, {
          version: (last?.version ?? 0) + 1,
          venueId,
          hostDeviceId: input.deviceId,
          hostUserId: userId,
          hostLastSeen: now,
          joinCode: newJoinCode(),
          codeRotatedAt: now,
          startedAt: now,
        });
        await startNext({ tx, session, settings, now, fill });
        return;
      }
      const c: SessionTx = { tx, session: locked, settings, now, fill };
      if (locked.hostDeviceId !== input.deviceId) {
        const othersAlive =
          locked.offlineSince === null && now.getTime() - locked.hostLastSeen.getTime() < LIVE_TIMING.hostOfflineMs;
        if (othersAlive && !input.takeover) throw conflict(LIVE_MESSAGES.otherDevice);
        tookOver = true;
      }
      await setSession(c, { hostDeviceId: input.deviceId, hostUserId: userId, hostLastSeen: now, offlineSince: null });
      await syncPause(c);
      if (!(await repo.findPlaying(tx, locked.id))) await startNext(c);
    });
  try {
    await attempt();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await attempt();
  }
  await changed(deps, venueId);
  if (tookOver)
    await deps.hub.publish(
      { type: 'live_host_takeover', venueId, deviceId: input.deviceId },
      { kind: 'room', room: liveRoom(venueId) },
    );
  return hostInfo(deps, venueId, userId, origin);
}

/** The session, when `deviceId` is its host device (409 otherwise: the device must stop playing). */
function requireDevice(c: SessionTx, deviceId: string) {
  if (c.session.hostDeviceId !== deviceId) throw conflict(LIVE_MESSAGES.notHostDevice);
}

/** The host device is alive: an offline session comes back, resuming where it was. */
async function seen(c: SessionTx) {
  const wasOffline = c.session.offlineSince !== null;
  if (!wasOffline) {
    // Only the heartbeat time changes: not a change of state, so no new version.
    await repo.touchHost(c.tx, c.session.id, c.now);
    return false;
  }
  await setSession(c, { hostLastSeen: c.now, offlineSince: null });
  await syncPause(c);
  return true;
}

/** POST /api/venues/:id/live/heartbeat (host device, every few seconds). */
export async function heartbeat(deps: Deps, venueId: number, userId: string, deviceId: string) {
  await requireHost(deps.db, venueId, userId);
  const settings = await settingsOf(deps.db, venueId);
  const { session, came } = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOpenSession(tx, venueId);
    if (!locked) throw conflict(LIVE_MESSAGES.notLive);
    const c: SessionTx = { tx, session: locked, settings, now: clock(deps), fill: [] };
    requireDevice(c, deviceId);
    const came = await seen(c);
    return { session: c.session, came };
  });
  if (came) await changed(deps, venueId);
  return { status: statusOf(session), version: session.version };
}

/** POST /api/venues/:id/live/playback: what the host device's player did. Reports about an older entry are ignored. */
export async function playback(deps: Deps, venueId: number, userId: string, report: LivePlaybackReport) {
  await requireHost(deps.db, venueId, userId);
  await inSession(
    deps,
    venueId,
    async (c) => {
      requireDevice(c, report.deviceId);
      await seen(c);
      const entry = await repo.lockEntry(c.tx, report.entryId);
      if (!entry || entry.sessionId !== c.session.id || entry.status !== 'playing') return;
      const pos = report.positionMs;
      switch (report.event) {
        case 'started':
          await repo.updateEntry(c.tx, entry.id, {
            startedAt: new Date(c.now.getTime() - (pos ?? 0)),
            pausedAt: shouldPause(c.session) ? c.now : null,
          });
          break;
        case 'paused':
          await setSession(c, { paused: true });
          await repo.updateEntry(c.tx, entry.id, {
            pausedAt: c.now,
            ...(pos !== undefined ? { startedAt: new Date(c.now.getTime() - pos) } : {}),
          });
          break;
        case 'resumed':
          await setSession(c, { paused: false });
          if (pos !== undefined && !shouldPause(c.session))
            await repo.updateEntry(c.tx, entry.id, { startedAt: new Date(c.now.getTime() - pos), pausedAt: null });
          else await syncPause(c);
          break;
        case 'ended':
          await endCurrent(c, entry, 'played');
          break;
        case 'unplayable': {
          // YouTube's 100/101/150 mean the video cannot play here; other errors count the same (the player gave up).
          const known = (UNPLAYABLE_YOUTUBE_ERRORS as readonly number[]).includes(report.errorCode ?? -1);
          if (!known) deps.log.info({ venueId, errorCode: report.errorCode }, 'live: player error');
          await endCurrent(c, entry, 'unplayable');
          break;
        }
      }
      await setSession(c);
    },
    { fill: true },
  );
  return (await getView(deps, venueId, null)).state;
}

/** POST /api/venues/:id/live/control (any host, any device). */
export async function control(deps: Deps, venueId: number, userId: string, action: LiveControlAction) {
  await requireHost(deps.db, venueId, userId);
  if (action === 'lock' || action === 'unlock') {
    await repo.ensureSettings(deps.db, venueId, newDisplayKey());
    await repo.updateSettings(deps.db, venueId, { requestsLocked: action === 'lock' });
    const open = await repo.findOpenSession(deps.db, venueId);
    if (open) await inSession(deps, venueId, (c) => setSession(c));
    return (await getView(deps, venueId, null)).state;
  }
  await inSession(
    deps,
    venueId,
    async (c) => {
      const playing = await repo.findPlaying(c.tx, c.session.id);
      switch (action) {
        case 'pause':
          await setSession(c, { paused: true });
          await syncPause(c);
          break;
        case 'resume':
          await setSession(c, { paused: false });
          await syncPause(c);
          break;
        case 'skip':
          if (playing) await endCurrent(c, playing, 'skipped');
          else await startNext(c);
          await setSession(c);
          break;
        case 'end':
          await endNight(c);
          break;
      }
    },
    { fill: action === 'skip' },
  );
  return (await getView(deps, venueId, null)).state;
}

/** DELETE /api/live/entries/:entryId: a host takes a waiting song out. */
export async function removeEntry(deps: Deps, entryId: number, userId: string) {
  const entry = await repo.findEntry(deps.db, entryId);
  if (!entry) throw notFound(LIVE_MESSAGES.entryNotFound);
  await requireHost(deps.db, entry.venueId, userId);
  await inSession(deps, entry.venueId, async (c) => {
    const locked = await repo.lockEntry(c.tx, entryId);
    if (!locked || locked.sessionId !== c.session.id || locked.status !== 'queued')
      throw conflict(LIVE_MESSAGES.notQueued);
    await repo.updateEntry(c.tx, entryId, { status: 'removed', endedAt: c.now });
    await setSession(c);
  });
}

/**
 * Ends nights whose player stayed offline for hours or whose venue was deactivated, marks sessions whose host
 * device went quiet as offline (paused where they were), and changes join codes that are due. Any instance may run
 * it: each change rechecks under the session's lock, so two sweeps change a session once.
 */
export async function sweep(deps: Core): Promise<{ offline: number; rotated: number; ended: number }> {
  const now = clock(deps);
  let offline = 0;
  let rotated = 0;
  let ended = 0;
  for (const s of await repo.listAbandoned(deps.db, new Date(now.getTime() - LIVE_TIMING.abandonedMs))) {
    const did = await deps.db.transaction(async (tx) => {
      const session = await repo.lockSession(tx, s.id);
      if (!session || session.status !== 'live') return false;
      const closed = !(await repo.findVenue(tx, session.venueId))?.isActive;
      const gone = session.offlineSince && now.getTime() - session.offlineSince.getTime() >= LIVE_TIMING.abandonedMs;
      if (!closed && !gone) return false;
      const settings = await settingsOf(tx, session.venueId);
      await endNight({ tx, session, settings, now, fill: [] });
      return true;
    });
    if (did) {
      ended++;
      await changed(deps, s.venueId);
    }
  }
  for (const s of await repo.listStaleHosts(deps.db, new Date(now.getTime() - LIVE_TIMING.hostOfflineMs))) {
    const did = await deps.db.transaction(async (tx) => {
      const session = await repo.lockSession(tx, s.id);
      if (!session || session.status !== 'live' || session.offlineSince) return false;
      if (now.getTime() - session.hostLastSeen.getTime() < LIVE_TIMING.hostOfflineMs) return false;
      const settings = await settingsOf(tx, session.venueId);
      const c: SessionTx = { tx, session, settings, now, fill: [] };
      await setSession(c, { offlineSince: now });
      await syncPause(c);
      return true;
    });
    if (did) {
      offline++;
      await changed(deps, s.venueId);
    }
  }
  for (const s of await repo.listDueCodes(deps.db, new Date(now.getTime() - LIVE_TIMING.codeRotateMs))) {
    if (await rotateCode(deps, s.id, now)) rotated++;
  }
  return { offline, rotated, ended };
}

/** Changes a session's join code when it is due (the old one stays valid for the grace period). */
async function rotateCode(deps: Core, sessionId: number, now: Date): Promise<boolean> {
  try {
    return await deps.db.transaction(async (tx) => {
      const session = await repo.lockSession(tx, sessionId);
      if (!session || session.status !== 'live') return false;
      if (now.getTime() - session.codeRotatedAt.getTime() < LIVE_TIMING.codeRotateMs) return false;
      await repo.updateSession(tx, session.id, {
        previousCode: session.joinCode,
        joinCode: newJoinCode(),
        codeRotatedAt: now,
      });
      return true;
    });
  } catch (err) {
    // A new code equal to another open session's (one in ~900 million): the next sweep draws again.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** GET /api/venues/:id/live/code: for the TV (its display key) or a host. */
export async function joinCode(
  deps: Deps,
  venueId: number,
  key: string | undefined,
  userId: string | null,
  origin: string,
): Promise<LiveJoinCode> {
  const venue = await activeVenue(deps.db, venueId);
  const settings = await repo.findSettings(deps.db, venueId);
  const keyOk = Boolean(key && settings && sameSecret(key, settings.displayKey));
  if (!keyOk && !(await hostRole(deps.db, venue, userId))) throw forbidden(LIVE_MESSAGES.badDisplayKey);
  let session = await repo.findOpenSession(deps.db, venueId);
  if (!session) throw conflict(LIVE_MESSAGES.notLive);
  const now = clock(deps);
  if (now.getTime() - session.codeRotatedAt.getTime() >= LIVE_TIMING.codeRotateMs) {
    await rotateCode(deps, session.id, now);
    session = (await repo.findOpenSession(deps.db, venueId)) ?? session;
  }
  const path = `/join/${session.joinCode}`;
  return {
    code: session.joinCode,
    joinPath: path,
    joinUrl: `${origin}${path}`,
    refreshAt: new Date(session.codeRotatedAt.getTime() + LIVE_TIMING.codeRotateMs).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Patrons

/** True when `code` lets one join `session` at `now`: the current code, or the previous one within the grace. */
export function codeAccepted(session: repo.SessionRow, code: string, now: Date): boolean {
  const rotated = session.codeRotatedAt.getTime();
  if (session.joinCode === code) return now.getTime() < rotated + LIVE_TIMING.codeRotateMs + LIVE_TIMING.codeGraceMs;
  if (session.previousCode === code) return now.getTime() < rotated + LIVE_TIMING.codeGraceMs;
  return false;
}

/** POST /api/live/join: the patron saw the TV; they are present for a few hours. */
export async function join(deps: Deps, userId: string, code: string): Promise<LiveJoinResult> {
  const now = clock(deps);
  const sessions = await repo.findSessionsByCode(deps.db, code);
  const session =
    sessions.find((s) => s.joinCode === code && codeAccepted(s, code, now)) ??
    sessions.find((s) => codeAccepted(s, code, now));
  if (!session) throw notFound(LIVE_MESSAGES.badCode);
  const venue = await activeVenue(deps.db, session.venueId);
  const expiresAt = new Date(now.getTime() + LIVE_TIMING.presenceMs);
  await deps.db.transaction(async (tx) => {
    await repo.upsertPresence(tx, { venueId: venue.id, userId, sessionId: session.id, joinedAt: now, expiresAt });
    // The present count is part of the state (the skip threshold follows it).
    await repo.updateSession(tx, session.id, {});
  });
  await changed(deps, venue.id);
  return { venueId: venue.id, venueName: venue.name, presentUntil: expiresAt.toISOString() };
}

/** POST /api/venues/:id/live/leave */
export async function leave(deps: Deps, venueId: number, userId: string) {
  await activeVenue(deps.db, venueId);
  await repo.deletePresence(deps.db, venueId, userId);
  const open = await repo.findOpenSession(deps.db, venueId);
  if (open) await inSession(deps, venueId, (c) => setSession(c));
}

/** 403 unless the user joined the venue recently. */
async function requirePresent(db: DbOrTx, venueId: number, userId: string, now: Date) {
  if (!(await repo.findPresence(db, venueId, userId, now))) throw forbidden(LIVE_MESSAGES.notPresent);
}

/** A pasted YouTube link becomes a song in the venue (the songs module's upload rules), or the song it already is. */
async function songFromLink(
  deps: Deps,
  venueId: number,
  userId: string,
  body: { youtubeUrl: string; title?: string; artist?: string },
) {
  const id = parseYouTubeId(body.youtubeUrl);
  if (!id) throw new AppError(400, 'Invalid video URL', 'VALIDATION', { field: 'youtubeUrl' });
  const existing = await repo.findPublicSongByYoutubeId(deps.db, id);
  if (existing) return existing.id;
  try {
    const song = await uploadSong(deps, userId, {
      fields: {
        type: 'youtube',
        youtubeUrl: body.youtubeUrl,
        title: body.title ?? 'YouTube video',
        artist: body.artist ?? 'Unknown artist',
        venueId: String(venueId),
        isPrivate: 'false',
      },
      file: null,
    });
    return song.id;
  } catch (err) {
    // The same video pasted twice at once: the other paste created it.
    if (err instanceof AppError && err.extra.songId) return err.extra.songId;
    throw err;
  }
}

/**
 * POST /api/venues/:id/live/requests. Refused with a reason when the rules say no; a song already waiting gets the
 * caller's up-vote instead (outcome 'upvoted').
 */
export async function request(
  deps: Deps,
  venueId: number,
  userId: string,
  body: LiveRequestBody,
): Promise<{ status: 200 | 201; result: LiveRequestResult }> {
  const venue = await activeVenue(deps.db, venueId);
  const open = await repo.findOpenSession(deps.db, venueId);
  if (!open) throw conflict(LIVE_MESSAGES.notLive);
  await requirePresent(deps.db, venueId, userId, clock(deps));
  const settings = await settingsOf(deps.db, venueId);
  if (settings.requestsLocked) throw conflict(LIVE_MESSAGES.locked);

  let songId: number;
  if ('songId' in body) songId = body.songId;
  else {
    if (!settings.allowYoutubeLinks) throw conflict(LIVE_MESSAGES.linksOff);
    songId = await songFromLink(deps, venueId, userId, body);
  }
  const song = await repo.findSong(deps.db, songId);
  if (!song || song.isPrivate) throw notFound(LIVE_MESSAGES.songNotFound);
  if (!song.youtubeId) throw conflict(LIVE_MESSAGES.notPlayable);
  if (song.duration !== null && song.duration > settings.maxSongSeconds)
    throw conflict(LIVE_MESSAGES.tooLong(Math.floor(settings.maxSongSeconds / 60)));
  const ban = await repo.banOf(deps.db, venueId, song);
  if (ban) throw conflict(ban === 'song' ? LIVE_MESSAGES.banned : LIVE_MESSAGES.bannedArtist);

  const outcome = await inSession(
    deps,
    venueId,
    async (c) => {
      const waiting = await repo.findWaitingEntry(c.tx, c.session.id, songId);
      if (waiting?.status === 'playing') throw conflict(LIVE_MESSAGES.playing);
      if (waiting) {
        if (waiting.requesterId === userId) throw conflict(LIVE_MESSAGES.ownRequest);
        const entry = (await repo.lockEntry(c.tx, waiting.id))!;
        const vote = await repo.findVote(c.tx, entry.id, userId);
        if (vote?.value === 1)
          return { kind: 'upvoted' as const, entryId: entry.id, message: LIVE_MESSAGES.alreadyUpvoted };
        await repo.setVote(c.tx, entry.id, userId, 1);
        await repo.updateEntry(c.tx, entry.id, {
          netVotes: entry.netVotes + 1 - (vote?.value ?? 0),
          requestCount: entry.requestCount + 1,
        });
        await setSession(c);
        return { kind: 'upvoted' as const, entryId: entry.id, message: LIVE_MESSAGES.upvoted };
      }
      const since = new Date(c.now.getTime() - c.settings.noRepeatHours * 3_600_000);
      if ((await repo.playedSince(c.tx, venueId, since, [songId])).size)
        throw conflict(LIVE_MESSAGES.recentlyPlayed(c.settings.noRepeatHours));
      if ((await repo.waitingCount(c.tx, c.session.id, userId)) >= c.settings.requestCap)
        throw conflict(LIVE_MESSAGES.cap(c.settings.requestCap));
      const entry = await repo.insertEntry(c.tx, {
        sessionId: c.session.id,
        venueId,
        songId,
        requesterId: userId,
        requestedAt: c.now,
      });
      if (!(await repo.findPlaying(c.tx, c.session.id))) await startNext(c);
      await setSession(c);
      return { kind: 'queued' as const, entryId: entry.id, message: 'Requested: your song is in the queue' };
    },
    { fill: false },
  );
  if (outcome.kind === 'queued') {
    const who = await requesterNameOf(deps.db, userId);
    await deps.hub.publish(
      { type: 'live_request', venueId, title: song.title, artist: song.artist, name: who },
      { kind: 'room', room: liveRoom(venueId) },
    );
  }
  const view = await buildView(deps.db, venue, clock(deps), userId);
  const shown =
    view.state.queue.find((q) => q.id === outcome.entryId) ?? (await entryAsQueued(deps.db, outcome.entryId, userId));
  return {
    status: outcome.kind === 'queued' ? 201 : 200,
    result: { outcome: outcome.kind, message: outcome.message, entry: shown, me: view.me! },
  };
}

async function requesterNameOf(db: DbOrTx, userId: string) {
  const row = await repo.findUserName(db, userId);
  return requesterName(row?.firstName ?? null, row?.lastName ?? null);
}

/** An entry beyond the first 50 (or just started playing), presented alone. */
async function entryAsQueued(db: DbOrTx, entryId: number, userId: string) {
  const entry = (await repo.findEntry(db, entryId))!;
  const [row] = (await repo.listEntries(db, entry.sessionId, [entry.status as repo.EntryStatus])).filter(
    (r) => r.entry.id === entryId,
  );
  const vote = await repo.findVote(db, entryId, userId);
  return presentQueueEntry(row, { userId, votes: new Map(vote ? [[entryId, vote.value as 1 | -1]] : []) }, null);
}

/** POST /api/live/entries/:entryId/vote: +1, −1, or 0 to take one's vote back, on a waiting song. */
export async function vote(deps: Deps, entryId: number, userId: string, value: 1 | -1 | 0): Promise<LiveVoteResult> {
  const found = await repo.findEntry(deps.db, entryId);
  if (!found) throw notFound(LIVE_MESSAGES.entryNotFound);
  const venueId = found.venueId;
  await activeVenue(deps.db, venueId);
  await requirePresent(deps.db, venueId, userId, clock(deps));
  const netVotes = await deps.state.voteGate.run(() =>
    inSession(deps, venueId, async (c) => {
      // No entry lock: every change of an entry runs under its session's lock, which this transaction holds.
      const entry = await repo.findEntry(c.tx, entryId);
      if (!entry || entry.sessionId !== c.session.id || entry.status !== 'queued')
        throw conflict(LIVE_MESSAGES.voteClosed);
      const before = (await repo.findVote(c.tx, entryId, userId))?.value ?? 0;
      if (before === value) return entry.netVotes;
      if (value === 0) await repo.deleteVote(c.tx, entryId, userId);
      else await repo.setVote(c.tx, entryId, userId, value);
      const net = entry.netVotes - before + value;
      await repo.updateEntry(c.tx, entryId, { netVotes: net });
      await setSession(c);
      return net;
    }),
  );
  return { entryId, netVotes, myVote: value === 0 ? null : value, me: await meOf(deps, venueId, userId) };
}

/**
 * POST /api/live/entries/:entryId/skip. The skip happens exactly once: the vote, the count and the decision run
 * under the session's lock and the entry's, so the vote that reaches the threshold is the one that skips, and the
 * votes after it find the song skipped already.
 */
export async function skipVote(deps: Deps, entryId: number, userId: string): Promise<LiveSkipResult> {
  const found = await repo.findEntry(deps.db, entryId);
  if (!found) throw notFound(LIVE_MESSAGES.entryNotFound);
  const venueId = found.venueId;
  await activeVenue(deps.db, venueId);
  await requirePresent(deps.db, venueId, userId, clock(deps));
  return deps.state.voteGate.run(() =>
    inSession(
      deps,
      venueId,
      async (c) => {
        const entry = await repo.lockEntry(c.tx, entryId);
        const present = await repo.countPresent(c.tx, venueId, c.now);
        const needed = skipVotesNeeded(present, c.settings.skipPercent, c.settings.skipScaled);
        if (entry?.status === 'skipped' && entry.sessionId === c.session.id)
          return { entryId, votes: await repo.countSkipVotes(c.tx, entryId), needed, skipped: true };
        if (!entry || entry.sessionId !== c.session.id || entry.status !== 'playing')
          throw conflict(LIVE_MESSAGES.notPlaying);
        const added = await repo.addSkipVote(c.tx, entryId, userId);
        const votes = await repo.countSkipVotes(c.tx, entryId);
        const skipped = votes >= needed;
        if (skipped) await endCurrent(c, entry, 'skipped');
        if (added) await setSession(c);
        return { entryId, votes, needed, skipped };
      },
      { fill: true },
    ),
  );
}

/** POST /api/venues/:id/live/reactions */
export async function react(deps: Deps, venueId: number, userId: string, emoji: LiveReaction) {
  await activeVenue(deps.db, venueId);
  await requirePresent(deps.db, venueId, userId, clock(deps));
  const name = await requesterNameOf(deps.db, userId);
  await deps.hub.publish({ type: 'live_reaction', venueId, emoji, name }, { kind: 'room', room: liveRoom(venueId) });
}

// ---------------------------------------------------------------------------------------------------------------
// Settings, display key, bans, co-hosts

export async function getSettings(deps: Deps, venueId: number, userId: string): Promise<LiveSettings> {
  await requireHost(deps.db, venueId, userId);
  return presentSettings(await repo.ensureSettings(deps.db, venueId, newDisplayKey()));
}

export async function putSettings(
  deps: Deps,
  venueId: number,
  userId: string,
  input: LiveSettingsInput,
): Promise<LiveSettings> {
  await requireHost(deps.db, venueId, userId);
  await repo.ensureSettings(deps.db, venueId, newDisplayKey());
  const row = await repo.updateSettings(deps.db, venueId, input);
  if (await repo.findOpenSession(deps.db, venueId)) await inSession(deps, venueId, (c) => setSession(c));
  return presentSettings(row);
}

/** A new TV link: the old one stops showing the join code. */
export async function newTvLink(deps: Deps, venueId: number, userId: string, origin: string) {
  await requireHost(deps.db, venueId, userId);
  await repo.ensureSettings(deps.db, venueId, newDisplayKey());
  await repo.updateSettings(deps.db, venueId, { displayKey: newDisplayKey() });
  return hostInfo(deps, venueId, userId, origin);
}

export async function listBans(deps: Deps, venueId: number, userId: string): Promise<LiveBan[]> {
  await requireHost(deps.db, venueId, userId);
  return (await repo.listBans(deps.db, venueId)).map(presentBan);
}

/** Bans a song or an artist: waiting entries of it go at once, a playing one is skipped. */
export async function addBan(deps: Deps, venueId: number, userId: string, body: LiveBanBody): Promise<LiveBan> {
  await requireHost(deps.db, venueId, userId);
  let banId: number;
  try {
    if ('songId' in body) {
      const song = await repo.findSong(deps.db, body.songId);
      if (!song || song.isPrivate) throw notFound(LIVE_MESSAGES.songNotFound);
      banId = (await repo.insertBan(deps.db, { venueId, songId: song.id, createdById: userId })).id;
    } else {
      banId = (await repo.insertBan(deps.db, { venueId, artist: body.artist.trim(), createdById: userId })).id;
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(LIVE_MESSAGES.alreadyBanned);
    throw err;
  }
  if (await repo.findOpenSession(deps.db, venueId)) {
    await inSession(
      deps,
      venueId,
      async (c) => {
        const rows = await repo.listEntries(c.tx, c.session.id, ['queued', 'playing']);
        const hit = (r: repo.EntryWithSong) =>
          'songId' in body
            ? r.song.id === body.songId
            : r.song.artist.trim().toLowerCase() === body.artist.trim().toLowerCase();
        for (const r of rows.filter(hit)) {
          if (r.entry.status === 'queued')
            await repo.updateEntry(c.tx, r.entry.id, { status: 'removed', endedAt: c.now });
          else await endCurrent(c, r.entry, 'skipped');
        }
        await setSession(c);
      },
      { fill: true },
    );
  }
  return presentBan((await repo.listBans(deps.db, venueId)).find((b) => b.ban.id === banId)!);
}

export async function removeBan(deps: Deps, venueId: number, userId: string, banId: number) {
  await requireHost(deps.db, venueId, userId);
  if (!(await repo.deleteBan(deps.db, venueId, banId))) throw notFound(LIVE_MESSAGES.banNotFound);
}

export async function listCohosts(deps: Deps, venueId: number, userId: string): Promise<LiveCohost[]> {
  await requireOwner(deps.db, venueId, userId);
  return (await repo.listCohosts(deps.db, venueId)).map(presentCohost);
}

export async function addCohost(deps: Deps, venueId: number, userId: string, email: string): Promise<LiveCohost> {
  const venue = await requireOwner(deps.db, venueId, userId);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) throw notFound(LIVE_MESSAGES.noSuchAccount);
  if (user.id === venue.ownerId) throw conflict(LIVE_MESSAGES.ownerIsHost);
  try {
    await repo.insertCohost(deps.db, venueId, user.id, clock(deps));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(LIVE_MESSAGES.alreadyCohost);
    throw err;
  }
  return presentCohost((await repo.listCohosts(deps.db, venueId)).find((r) => r.userId === user.id)!);
}

export async function removeCohost(deps: Deps, venueId: number, userId: string, cohostId: string) {
  await requireOwner(deps.db, venueId, userId);
  if (!(await repo.deleteCohost(deps.db, venueId, cohostId))) throw notFound(LIVE_MESSAGES.cohostNotFound);
}

// ---------------------------------------------------------------------------------------------------------------
// History and report

/** GET /api/venues/:id/live/history: tonight's songs (the open session's, else the last one's), newest first. */
export async function history(deps: Pick<CoreDeps, 'db'>, venueId: number): Promise<LiveHistoryRow[]> {
  await activeVenue(deps.db, venueId);
  const session = await repo.findLatestSession(deps.db, venueId);
  if (!session) return [];
  return (await repo.listHistory(deps.db, session.id)).map(presentHistoryRow);
}

export async function report(deps: Deps, venueId: number, userId: string): Promise<LiveReport> {
  await requireHost(deps.db, venueId, userId);
  const session = await repo.findLatestSession(deps.db, venueId);
  if (!session)
    return {
      sessionId: null,
      startedAt: null,
      endedAt: null,
      songsPlayed: 0,
      songsSkipped: 0,
      requests: 0,
      distinctPatrons: 0,
      mostRequested: [],
    };
  const rows = await repo.listHistory(deps.db, session.id);
  const requested = await repo.listRequested(deps.db, session.id);
  return {
    sessionId: session.id,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
    songsPlayed: rows.filter((r) => r.entry.status === 'played' || r.entry.status === 'playing').length,
    songsSkipped: rows.filter((r) => r.entry.status === 'skipped').length,
    requests: requested.reduce((n, r) => n + r.entry.requestCount, 0),
    distinctPatrons: await repo.countSessionPatrons(deps.db, session.id),
    mostRequested: requested.slice(0, 5).map((r) => ({ song: presentSong(r.song), requests: r.entry.requestCount })),
  };
}

/** The history as CSV (oldest first), for the host's records. */
export async function reportCsv(deps: Deps, venueId: number, userId: string): Promise<string> {
  await requireHost(deps.db, venueId, userId);
  const session = await repo.findLatestSession(deps.db, venueId);
  const rows = session ? (await repo.listHistory(deps.db, session.id)).map(presentHistoryRow).reverse() : [];
  const header = ['started_at', 'title', 'artist', 'requester', 'status', 'net_votes', 'requests'];
  const lines = rows.map((r) =>
    [r.startedAt, r.song.title, r.song.artist, r.requester?.name ?? 'Autofill', r.status, r.netVotes, r.requests]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
