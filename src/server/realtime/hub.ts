/**
 * The realtime hub: maps typed events to rooms and delivers them only to sockets allowed to see them.
 * It bridges instances through a transport (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set;
 * see transport.ts and ADR 022), so a vote taken by one instance reaches the sockets held by another. It also holds the per-instance socket limits (ADR 011): sockets per user (a new one
 * closes the oldest), anonymous sockets per address, rooms per socket; rooms are checked on subscribe and
 * deleted when their last socket leaves.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_LIMIT_CLOSE_CODE } from '../../shared/constants';
import type { ClientMessage, ServerEvent } from '../../shared/realtime';
import { DEFAULT_WEBSOCKET_LIMITS, type WebsocketLimits } from '../config';
import type { HubTransport } from './transport';

export type Audience = { kind: 'all' } | { kind: 'room'; room: string } | { kind: 'users'; userIds: string[] };

export interface Client {
  socketId: string;
  userId: string | null;
  sid: string | null;
  rooms: Set<string>;
  socket: WebSocket;
  /** The client's address (anonymous sockets are limited per address); absent for in-process clients. */
  address?: string;
}

/** The close code for a socket that broke a limit (RFC 6455: policy violation); the reason says which. */
export const POLICY_VIOLATION = SOCKET_LIMIT_CLOSE_CODE;

type RoomAuthorizer = (client: Client, room: string) => Promise<boolean> | boolean;
type ClientHandler = (client: Client, message: ClientMessage) => Promise<void> | void;
type LifecycleHandler = (client: Client) => Promise<void> | void;

/**
 * Server-to-server signals: not events for browsers but notices that an instance's in-memory state is stale
 * (a session ended, a user's votes changed) or that what its sockets show is (`live_changed`: a venue's live
 * state changed; each instance reads the new snapshot for its own sockets, ADR 019). They travel on the same
 * channel as events.
 */
export type SignalKind = 'session_ended' | 'votes_changed' | 'live_changed';

interface Signal {
  kind: SignalKind;
  key: string;
}

export interface PublishOptions {
  /**
   * More events are known to follow within milliseconds (the publisher has more of the same work in flight: votes
   * of a burst). The event then waits for them instead of going out at once, and the first event published without
   * this ends the wait: a burst reaches each socket in one frame instead of several (ADR 048). It waits at most
   * MAX_COALESCE_WINDOW_MS.
   */
  moreFollow?: boolean;
}

type Envelope =
  { origin: string; audience: Audience; event: ServerEvent; signals?: Signal[] } | { origin: string; signal: Signal };

/**
 * Events that carry a whole state: within one coalescing window a socket gets only the newest of each per room
 * (Venue Live's snapshots: a burst of votes must not send a TV nine 25 KB snapshots in one frame, ADR 019).
 */
const SUPERSEDING_EVENTS: ReadonlySet<string> = new Set(['live_state']);

/**
 * Frames for one socket are coalesced within this window: the first event after a quiet spell goes out at once,
 * the ones that follow it within the window go together, as one JSON array frame, when it ends. A burst of a hundred
 * votes then costs each socket a handful of frames instead of a hundred (`npm run bench`, live fan-out).
 */
export const COALESCE_WINDOW_MS = 15;
/**
 * While events keep coming, each window is twice as long as the one before, up to this: every window ends with one
 * write per socket (a system call each, most of a burst's CPU with a thousand sockets), so a long burst costs a few
 * writes per socket instead of one every 15 ms. A window that gathered nothing ends the spell (ADR 044).
 */
export const MAX_COALESCE_WINDOW_MS = 60;

/** How many rooms' last event times the hub keeps (about 60 bytes each); beyond, the oldest are dropped. */
const MAX_QUIET_ROOMS = 20_000;

/** Payloads are encoded bytes: `ws` would send a Buffer as a binary frame unless told. */
const TEXT = { binary: false } as const;
const OPEN_ARRAY = Buffer.from('[');
const CLOSE_ARRAY = Buffer.from(']');
const COMMA = Buffer.from(',');
const EMPTY = Buffer.alloc(0);

export class RealtimeHub {
  readonly instanceId = crypto.randomUUID();
  private readonly clients = new Map<string, Client>();
  private readonly rooms = new Map<string, Set<Client>>();
  /** Each signed-in user's sockets, oldest first. */
  private readonly byUser = new Map<string, Set<Client>>();
  /** How many anonymous sockets each address holds. */
  private readonly anonymousByAddress = new Map<string, number>();
  private readonly authorizers = new Map<string, RoomAuthorizer>();
  private readonly handlers = new Map<string, ClientHandler[]>();
  private readonly onConnectHandlers: LifecycleHandler[] = [];
  private readonly onDisconnectHandlers: LifecycleHandler[] = [];
  private readonly eventListeners: ((event: ServerEvent) => void)[] = [];
  private readonly signalListeners = new Map<SignalKind, ((key: string) => void)[]>();
  private readonly resyncListeners: (() => void)[] = [];
  /**
   * When each room last had an event on this instance (published here or relayed from another), and since when this
   * instance knows every room's events: its start, or the last gap in the cross-instance channel. A 'subscribed' says
   * how long the room has been quiet, so that a screen whose first read is newer skips its catch-up read (ADR 040).
   */
  private readonly roomEventAt = new Map<string, number>();
  private knownSince: number;
  /** The newest time among the entries dropped from `roomEventAt` (bounded): a room without an entry was quiet since. */
  private forgottenUpTo = -Infinity;

  /**
   * `transport`: how events reach the other instances; null on PGlite (one process by construction). `now`: a
   * monotonic clock in milliseconds (tests give their own).
   */
  constructor(
    readonly transport: HubTransport | null,
    private readonly log: FastifyBaseLogger,
    readonly limits: WebsocketLimits = DEFAULT_WEBSOCKET_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.knownSince = now();
  }

  /** Starts the cross-instance bridge, when there is one. */
  async start() {
    await this.transport?.start(
      (payload) => this.receive(payload),
      () => this.resync(),
    );
  }

  /** A payload from the transport: another instance's event or signal (this instance's own are dropped). */
  private receive(payload: string) {
    try {
      const msg = JSON.parse(payload) as Envelope;
      if (msg.origin === this.instanceId) return;
      if ('signal' in msg) this.receiveSignal(msg.signal);
      else {
        for (const signal of msg.signals ?? []) this.receiveSignal(signal);
        this.deliver(msg.event, msg.audience);
      }
    } catch (err) {
      this.log.warn({ err }, 'bad realtime notification');
    }
  }

  async stop() {
    await this.transport?.stop();
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = null;
    for (const client of this.broadcast.length ? [...this.clients.values()] : [...this.outbox.keys()])
      this.flushClient(client);
    this.windowFrames = [];
    this.broadcast = [];
    this.broadcastFrom.clear();
    for (const c of this.clients.values()) c.socket.close(1001, 'server shutting down');
  }

  get size() {
    return this.clients.size;
  }

  /** Rooms with at least one socket on this instance (empty rooms are deleted). */
  get roomCount() {
    return this.rooms.size;
  }

  /** Sockets of this instance in `room`. */
  roomSize(room: string) {
    return this.rooms.get(room)?.size ?? 0;
  }

  /** True when `address` holds as many anonymous sockets as it may: the next one is refused. */
  anonymousFull(address: string) {
    return (this.anonymousByAddress.get(address) ?? 0) >= this.limits.maxAnonymousSocketsPerAddress;
  }

  /** Registers who may join rooms starting with `prefix` (e.g. 'playlist:'). Unregistered prefixes are open. */
  authorizeRooms(prefix: string, fn: RoomAuthorizer) {
    this.authorizers.set(prefix, fn);
  }

  /** Handles a client message type (beyond ping/subscribe/unsubscribe). */
  onMessage(type: ClientMessage['type'], fn: ClientHandler) {
    const list = this.handlers.get(type) ?? [];
    list.push(fn);
    this.handlers.set(type, list);
  }

  /**
   * Listens, on the server, to every event delivered on this instance (published here or by another instance),
   * e.g. to keep an in-memory cache in step. Listeners run synchronously and must not throw.
   */
  onEvent(fn: (event: ServerEvent) => void) {
    this.eventListeners.push(fn);
  }

  /** Listens to a signal, whichever instance sent it (this one included). Listeners run synchronously and must not throw. */
  onSignal(kind: SignalKind, fn: (key: string) => void) {
    const list = this.signalListeners.get(kind) ?? [];
    list.push(fn);
    this.signalListeners.set(kind, list);
  }

  /**
   * Tells every instance, this one first and at once, that `key` of `kind` changed. Other instances hear it
   * through the transport a few milliseconds later; the caches that listen bound their staleness by a TTL as well, in
   * case the LISTEN connection was down meanwhile.
   */
  async signal(kind: SignalKind, key: string) {
    this.receiveSignal({ kind, key });
    if (this.transport) {
      const payload = JSON.stringify({ origin: this.instanceId, signal: { kind, key } } satisfies Envelope);
      await this.transport.publish(payload).catch((err) => this.log.warn({ err }, 'realtime signal failed'));
    }
  }

  private receiveSignal({ kind, key }: Signal) {
    for (const listen of this.signalListeners.get(kind) ?? []) {
      try {
        listen(key);
      } catch (err) {
        this.log.warn({ err, kind }, 'realtime signal listener failed');
      }
    }
  }

  /** Listens for a resync: this instance may have missed events and signals; caches fed by them must re-read. */
  onResync(fn: () => void) {
    this.resyncListeners.push(fn);
  }

  /** After a gap in the cross-instance channel: caches drop what they hold, and every socket is told to refetch. */
  resync() {
    this.log.warn('realtime channel was interrupted: caches reset, clients told to refetch');
    for (const listen of this.resyncListeners) {
      try {
        listen();
      } catch (err) {
        this.log.warn({ err }, 'realtime resync listener failed');
      }
    }
    this.knownSince = this.now();
    this.deliver({ type: 'resync' }, { kind: 'all' });
  }

  /** How long `room` has had no event, as far as this instance knows (ms). */
  quietMs(room: string): number {
    const last = Math.max(this.roomEventAt.get(room) ?? this.forgottenUpTo, this.knownSince);
    return Math.max(0, Math.floor(this.now() - last));
  }

  /**
   * Notes that `room` changed now (every event delivered to it does). For changes that reach a room's sockets by
   * other means — Venue Live's state is re-read by each instance on a signal, and not at all while its room is
   * empty — so that a socket joining later is told the room was not quiet (ADR 040).
   */
  touchRoom(room: string) {
    const now = this.now();
    this.roomEventAt.delete(room); // re-inserted last: the map stays in the order of the rooms' last events
    this.roomEventAt.set(room, now);
    if (this.roomEventAt.size <= MAX_QUIET_ROOMS) return;
    // The oldest entries go; the rooms they leave are taken as quiet since the newest of them, never longer.
    for (const [old, at] of this.roomEventAt) {
      if (this.roomEventAt.size <= MAX_QUIET_ROOMS * 0.9) break;
      this.roomEventAt.delete(old);
      this.forgottenUpTo = Math.max(this.forgottenUpTo, at);
    }
  }

  onConnect(fn: LifecycleHandler) {
    this.onConnectHandlers.push(fn);
  }

  onDisconnect(fn: LifecycleHandler) {
    this.onDisconnectHandlers.push(fn);
  }

  /**
   * Publishes an event to an audience here and on every other instance. `signals` travel with it in the same
   * notification and are handled first everywhere (e.g. a vote's `votes_changed` before its `vote_update`).
   */
  async publish(
    event: ServerEvent,
    audience: Audience = { kind: 'all' },
    signals: Signal[] = [],
    { moreFollow = false }: PublishOptions = {},
  ) {
    for (const signal of signals) this.receiveSignal(signal);
    this.deliver(event, audience, moreFollow);
    if (this.transport) {
      const payload = JSON.stringify({
        origin: this.instanceId,
        audience,
        event,
        ...(signals.length ? { signals } : {}),
      } satisfies Envelope);
      if (Buffer.byteLength(payload) <= this.transport.maxPayload) {
        await this.transport.publish(payload).catch((err) => this.log.warn({ err }, 'realtime notify failed'));
      } else {
        this.log.warn({ type: event.type }, 'realtime event too large to bridge');
      }
    }
  }

  /** Delivers to local sockets only (`moreFollow`: see PublishOptions). */
  deliver(event: ServerEvent, audience: Audience, moreFollow = false) {
    if (audience.kind === 'room') this.touchRoom(audience.room);
    for (const listen of this.eventListeners) {
      try {
        listen(event);
      } catch (err) {
        this.log.warn({ err, type: event.type }, 'realtime event listener failed');
      }
    }
    // Encoded once for every socket (ws would encode a string again for each one); sent as a text frame.
    const frame = Buffer.from(JSON.stringify(event));
    // A full snapshot makes any older one still waiting for the same socket worthless: it takes its place.
    const supersedes =
      SUPERSEDING_EVENTS.has(event.type) && audience.kind === 'room' ? `${event.type}:${audience.room}` : null;
    const targets: Iterable<Client> =
      audience.kind === 'all'
        ? this.clients.values()
        : audience.kind === 'room'
          ? (this.rooms.get(audience.room) ?? [])
          : [...this.clients.values()].filter((c) => c.userId && audience.userIds.includes(c.userId));
    // Leading edge: an event published when no window is open goes out at once, to every target, and opens one;
    // unless more are known to follow: then it opens a window and waits in it for them.
    const now = !this.windowTimer && !moreFollow;
    const queued = now ? -1 : this.windowFrames.push(frame) - 1;
    if (!now && audience.kind === 'all') {
      // Every socket's: one entry for all of them, not one per socket (a burst of votes to a thousand sockets).
      this.broadcast.push(queued);
    } else {
      for (const c of targets) {
        if (c.socket.readyState !== 1) continue;
        if (now) c.socket.send(frame, TEXT);
        else this.enqueue(c, queued, supersedes);
      }
    }
    if (now) {
      this.windowMs = COALESCE_WINDOW_MS;
      this.windowTimer = setTimeout(() => this.flush(), this.windowMs);
    } else if (moreFollow) {
      this.holding = true;
      // A held event waits at most the longest window, for events that may never come (a vote that failed).
      this.windowTimer ??= setTimeout(() => this.flush(), (this.windowMs = MAX_COALESCE_WINDOW_MS));
    } else if (this.holding) {
      // The last of the events that were known to follow: what the window holds goes now, in one frame per socket.
      clearTimeout(this.windowTimer!);
      this.flush();
    }
  }

  /** The frames published in the open window, each once; sockets queue their indexes. */
  private windowFrames: Buffer[] = [];
  /**
   * Frames waiting for the end of the coalescing window, per socket: their indexes in `windowFrames`, each entry's
   * place in the window's order (a superseding event's frame takes the place of the one it replaces), and where a
   * superseding event's frame sits.
   */
  private readonly outbox = new Map<Client, { frames: number[]; places: number[]; keyed?: Map<string, number> }>();
  /** The window's frames for every socket (indexes in `windowFrames`), queued once for all of them. */
  private broadcast: number[] = [];
  /**
   * How much of `broadcast` a socket has had, or must not have: a socket that joined in the window gets only what
   * came after it, and one sent to early (a 'pong') has had what came before.
   */
  private readonly broadcastFrom = new Map<Client, number>();
  private windowTimer: NodeJS.Timeout | null = null;
  /** The open window's length: 15 ms after a quiet spell, doubling while events keep coming (at most 60 ms). */
  private windowMs = COALESCE_WINDOW_MS;
  /** The open window holds an event published with `moreFollow`: the next event without it ends the window. */
  private holding = false;

  /** Queues a frame for the end of the open window; a keyed one replaces the frame queued under the same key. */
  private enqueue(client: Client, frame: number, key: string | null = null) {
    let queued = this.outbox.get(client);
    if (!queued) this.outbox.set(client, (queued = { frames: [], places: [] }));
    if (key) {
      const at = queued.keyed?.get(key);
      if (at !== undefined) {
        queued.frames[at] = frame;
        return;
      }
      (queued.keyed ??= new Map()).set(key, queued.frames.length);
    }
    queued.frames.push(frame);
    queued.places.push(frame);
  }

  /**
   * Ends a window: one frame per socket with what it gathered; keeps windowing, each window longer, while events
   * keep coming. Sockets that gathered the same frames (a room's, in a burst: all of them) share one payload, built
   * once.
   */
  private flush() {
    this.windowTimer = null;
    this.holding = false;
    if (!this.outbox.size && !this.broadcast.length) return;
    const built = new Map<string, Buffer>();
    for (const client of this.broadcast.length ? this.clients.values() : this.outbox.keys())
      this.flushClient(client, built);
    this.windowFrames = [];
    this.broadcast = [];
    this.broadcastFrom.clear();
    this.windowMs = Math.min(this.windowMs * 2, MAX_COALESCE_WINDOW_MS);
    this.windowTimer = setTimeout(() => this.flush(), this.windowMs);
  }

  /** Sends a socket what it has queued (its own frames and its share of the broadcast ones), in order, as one frame. */
  private flushClient(client: Client, built?: Map<string, Buffer>) {
    const queued = this.outbox.get(client);
    const from = this.broadcastFrom.get(client) ?? 0;
    if (!queued && from >= this.broadcast.length) return;
    this.outbox.delete(client);
    if (this.broadcast.length) this.broadcastFrom.set(client, this.broadcast.length);
    if (client.socket.readyState !== 1) return;
    // The sockets that have only the broadcast frames, all of them (a burst, to everyone): one payload, keyed cheaply.
    const key = queued ? null : `all:${from}`;
    let payload = key === null ? undefined : built?.get(key);
    if (!payload) {
      const frames = queued ? mergeByPlace(queued, this.broadcast, from) : this.broadcast.slice(from);
      if (frames.length === 1) return client.socket.send(this.windowFrames[frames[0]], TEXT);
      const listKey = key ?? frames.join(',');
      payload = built?.get(listKey);
      if (!payload) {
        const parts: Buffer[] = [OPEN_ARRAY];
        frames.forEach((f, i) => parts.push(i ? COMMA : EMPTY, this.windowFrames[f]));
        parts.push(CLOSE_ARRAY);
        payload = Buffer.concat(parts);
        built?.set(listKey, payload);
      }
    }
    client.socket.send(payload, TEXT);
  }

  /**
   * Takes a new socket in, within the limits: an anonymous one past its address's cap is closed at once (false);
   * a signed-in user's socket past the user's cap closes that user's oldest ones.
   */
  async add(client: Client): Promise<boolean> {
    if (!client.userId && client.address !== undefined) {
      if (this.anonymousFull(client.address)) {
        client.socket.close(POLICY_VIOLATION, 'Too many connections from this address');
        return false;
      }
      this.anonymousByAddress.set(client.address, (this.anonymousByAddress.get(client.address) ?? 0) + 1);
    }
    const evicted: Client[] = [];
    if (client.userId) {
      let mine = this.byUser.get(client.userId);
      if (!mine) this.byUser.set(client.userId, (mine = new Set()));
      for (const old of mine) {
        if (mine.size - evicted.length < this.limits.maxSocketsPerUser) break;
        evicted.push(old);
      }
      mine.add(client);
    }
    this.clients.set(client.socketId, client);
    // Joined in an open window: the broadcast frames queued before it are not its.
    if (this.broadcast.length) this.broadcastFrom.set(client, this.broadcast.length);
    for (const old of evicted) {
      old.socket.close(POLICY_VIOLATION, 'Too many connections for this account: the oldest was closed');
      await this.remove(old);
    }
    this.send(client, { type: 'hello', socketId: client.socketId, userId: client.userId });
    for (const h of this.onConnectHandlers) await h(client);
    return true;
  }

  async remove(client: Client) {
    if (!this.clients.delete(client.socketId)) return;
    this.outbox.delete(client);
    this.broadcastFrom.delete(client);
    for (const room of [...client.rooms]) this.leave(client, room);
    if (client.userId) {
      const mine = this.byUser.get(client.userId);
      mine?.delete(client);
      if (mine?.size === 0) this.byUser.delete(client.userId);
    } else if (client.address !== undefined) {
      const n = (this.anonymousByAddress.get(client.address) ?? 1) - 1;
      if (n > 0) this.anonymousByAddress.set(client.address, n);
      else this.anonymousByAddress.delete(client.address);
    }
    for (const h of this.onDisconnectHandlers) await h(client);
  }

  /** Takes a socket out of a room, and the room out of the hub when it was the last. */
  private leave(client: Client, room: string) {
    client.rooms.delete(room);
    const set = this.rooms.get(room);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.rooms.delete(room);
  }

  /** Closes every socket of a session (after sign-out). */
  closeSession(sid: string) {
    for (const c of this.clients.values()) if (c.sid === sid) c.socket.close(4401, 'signed out');
  }

  /** Sends to one socket now, after whatever the socket has queued (so a 'pong' follows the events before it). */
  send(client: Client, event: ServerEvent) {
    this.flushClient(client);
    if (client.socket.readyState === 1) client.socket.send(JSON.stringify(event));
  }

  /** Asks the room's authorizer; a failing check refuses. */
  private async mayJoin(prefix: string, client: Client, room: string) {
    try {
      return await this.authorizers.get(prefix)!(client, room);
    } catch (err) {
      this.log.warn({ err, room }, 'room check failed');
      return false;
    }
  }

  async handle(client: Client, message: ClientMessage) {
    // A socket closed (or pushed out) while its messages waited: they are dropped.
    if (!this.clients.has(client.socketId)) return;
    switch (message.type) {
      case 'ping':
        this.send(client, { type: 'pong' });
        break;
      case 'subscribe': {
        const { room } = message;
        if (client.rooms.has(room)) break;
        if (client.rooms.size >= this.limits.maxRoomsPerSocket) {
          const max = this.limits.maxRoomsPerSocket;
          this.send(client, {
            type: 'error',
            message: `Too many rooms: leave one before joining ${room} (${max} at most)`,
          });
          break;
        }
        // Rooms of things that do not exist, or that this client may not see, are refused (and never created).
        const prefix = [...this.authorizers.keys()].find((p) => room.startsWith(p));
        const allowed = prefix ? await this.mayJoin(prefix, client, room) : true;
        // The socket may have closed while the check ran: a room joined now would never be left.
        if (!this.clients.has(client.socketId)) return;
        if (!allowed) {
          this.send(client, { type: 'error', message: `Not allowed to join ${room}` });
          break;
        }
        if (client.rooms.size >= this.limits.maxRoomsPerSocket) break;
        client.rooms.add(room);
        let set = this.rooms.get(room);
        if (!set) this.rooms.set(room, (set = new Set()));
        set.add(client);
        // From here on the room's events reach this socket. What the screen read before (its first GET may have been
        // answered before this point) can miss one published meanwhile: the screen catches up on this event.
        this.send(client, { type: 'subscribed', room, quietMs: this.quietMs(room) });
        break;
      }
      case 'unsubscribe':
        this.leave(client, message.room);
        break;
    }
    for (const h of this.handlers.get(message.type) ?? []) await h(client, message);
  }
}

/**
 * A socket's own frames and the broadcast ones from `from` on, in the window's order: both lists are in order of
 * their places (a superseding frame sits at the place of the frame it replaced).
 */
function mergeByPlace(own: { frames: number[]; places: number[] }, broadcast: number[], from: number): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = from;
  while (i < own.frames.length || j < broadcast.length) {
    if (j >= broadcast.length || (i < own.frames.length && own.places[i] < broadcast[j])) merged.push(own.frames[i++]);
    else merged.push(broadcast[j++]);
  }
  return merged;
}
