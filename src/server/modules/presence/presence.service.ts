/**
 * Presence: a user is online while they hold an open websocket. Each socket has an online_users row, refreshed by
 * this instance while the socket lives (and by the client's ping/presence messages), swept when stale, so rows of
 * a crashed instance disappear within a minute.
 */
import type { OnlineUser } from '../../../shared/schemas/user';
import type { AppDeps, CoreDeps } from '../../deps';
import { forbidden, notFound } from '../../lib/http-errors';
import type { Client } from '../../realtime/hub';
import { presentCurrentUser, presentPublicUser } from '../users/users.presenter';
import * as repo from './presence.repository';

/** A socket not refreshed for this long no longer counts as online. */
export const PRESENCE_STALE_MS = 60_000;
/** How often this instance refreshes its own sockets and sweeps stale rows. */
export const PRESENCE_SWEEP_MS = 20_000;
/** A client message refreshes lastActivity at most this often per socket. */
const TOUCH_THROTTLE_MS = 15_000;

const freshSince = () => new Date(Date.now() - PRESENCE_STALE_MS);

/** Presence state of one app instance: its signed-in sockets and a debounced presence_changed. */
export class Presence {
  /** `inserted`: the socket's row write, which its removal and moves wait for (on a pool, a later one can land first). */
  private readonly sockets = new Map<string, { userId: string; touchedAt: number; inserted: Promise<void> }>();
  private timer?: NodeJS.Timeout;
  private publishTimer?: NodeJS.Timeout;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'log'>) {}

  async connected(client: Client) {
    if (!client.userId) return;
    const inserted = repo.insertSocket(this.deps.db, client.socketId, client.userId);
    this.sockets.set(client.socketId, {
      userId: client.userId,
      touchedAt: Date.now(),
      inserted: inserted.catch(() => {}),
    });
    await inserted;
    this.changed();
  }

  async disconnected(client: Client) {
    const s = this.sockets.get(client.socketId);
    if (!client.userId || !s) return;
    this.sockets.delete(client.socketId);
    // A socket that closes at once: its row must be written before it is deleted, or it would outlive the socket.
    await s.inserted;
    await repo.removeSocket(this.deps.db, client.socketId, client.userId, freshSince());
    this.changed();
  }

  /** A client's ping: refresh its row now and then. */
  async heartbeat(client: Client) {
    const s = this.sockets.get(client.socketId);
    if (!s || Date.now() - s.touchedAt < TOUCH_THROTTLE_MS) return;
    s.touchedAt = Date.now();
    await repo.touchSockets(this.deps.db, [client.socketId]);
  }

  /** The client says which venue its user is in (null: none). Unknown venues are refused. */
  async enterVenue(client: Client, venueId: number | null) {
    const s = client.userId ? this.sockets.get(client.socketId) : undefined;
    if (!s || !client.userId)
      return this.deps.hub.send(client, { type: 'error', message: 'Sign in to share your presence' });
    if (venueId !== null && !(await repo.venueExists(this.deps.db, venueId)))
      return this.deps.hub.send(client, { type: 'error', message: 'Venue not found' });
    s.touchedAt = Date.now();
    // A client says where it is as soon as its socket opens: the row must be written first, or (on a pool) the move
    // could land before it, move nothing, and leave the user in no venue.
    await s.inserted;
    await repo.setSocketVenue(this.deps.db, client.socketId, client.userId, venueId);
    this.changed();
  }

  /** Refreshes this instance's live sockets and deletes everyone's stale rows. */
  async sweep() {
    const now = Date.now();
    const ids = [...this.sockets.keys()];
    for (const s of this.sockets.values()) s.touchedAt = now;
    await repo.touchSockets(this.deps.db, ids);
    const removed = await repo.sweepStale(this.deps.db, freshSince());
    if (removed > 0) this.changed();
    return removed;
  }

  start() {
    this.timer ??= setInterval(
      () => void this.sweep().catch((err) => this.deps.log.warn({ err }, 'presence sweep failed')),
      PRESENCE_SWEEP_MS,
    );
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    clearTimeout(this.publishTimer);
    this.timer = undefined;
  }

  /** Several joins and leaves in a moment make one presence_changed. */
  changed() {
    if (this.publishTimer) return;
    this.publishTimer = setTimeout(() => {
      this.publishTimer = undefined;
      void this.deps.hub.publish({ type: 'presence_changed' }, { kind: 'all' });
    }, 250);
    this.publishTimer.unref();
  }
}

/** Online users, one entry each, sorted by name. */
export async function online(deps: AppDeps, venueId?: number): Promise<OnlineUser[]> {
  if (venueId !== undefined && !(await repo.venueExists(deps.db, venueId))) throw notFound('Venue not found');
  const rows = await repo.listOnline(deps.db, freshSince(), venueId);
  return rows
    .map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      profileImageUrl: r.profileImageUrl,
      currentMood: r.currentMood,
      moodUpdatedAt: r.moodUpdatedAt?.toISOString() ?? null,
      currentVenueId: r.venueId,
      venueName: r.venueName,
      lastActivity: r.lastActivity.toISOString(),
    }))
    .sort(
      (a, b) =>
        `${a.firstName ?? ''} ${a.lastName ?? ''}`.localeCompare(`${b.firstName ?? ''} ${b.lastName ?? ''}`) ||
        a.id.localeCompare(b.id),
    );
}

/** Sets (or with '' clears) one's own mood; nobody may set another's. */
export async function setMood(deps: AppDeps, presence: Presence, callerId: string, targetId: string, mood: string) {
  if (callerId !== targetId) throw forbidden('You can only change your own mood');
  const row = await repo.setMood(deps.db, callerId, mood === '' ? null : mood);
  if (!row) throw notFound('User not found');
  presence.changed();
  return presentCurrentUser(row);
}

/** Another user's public face (to start a conversation with them). */
export async function publicProfile(deps: AppDeps, userId: string) {
  const row = await repo.findUser(deps.db, userId);
  if (!row) throw notFound('User not found');
  return presentPublicUser(row);
}
