/**
 * The browser end of /ws (spec section 4): one socket, reconnecting up to 5 times with delays of 1, 2, 4, 8 and
 * 16 s (the counter resets on open). Features listen to typed events and join rooms; rooms are re-joined after
 * a reconnect, and listeners of 'reconnected' refetch what they show. A socket the server closed for breaking a
 * limit (1008: too many messages, or this is the account's oldest socket past its cap) is not reopened on its
 * own — reopening would push out another tab, which would do the same — but by `resume()`, when the user comes
 * back to the tab (ADR 011). Meanwhile the screens poll, as they do whenever the socket is not open.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import type { ClientMessage, ServerEvent, ServerEventType } from '@shared/realtime';
import { SOCKET_BACKOFF_BASE_MS, SOCKET_LIMIT_CLOSE_CODE, SOCKET_MAX_RECONNECTS } from '@shared/constants';
import { parseSignal } from '@shared/realtime-signals';

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';
type Listener = (event: ServerEvent) => void;

/**
 * The full event schema pulls zod in, and building it (zod and every payload's schema) took a tenth of a second of a
 * phone's main thread (ADR 033). Signals — events of a few scalar fields, such as 'hello' and 'subscribed', which are
 * all a screen receives while nobody acts — are checked without it (`parseSignal`); the schema is loaded when the
 * first event with a payload comes (a vote, a message, Venue Live's state), and frames are dispatched in order
 * while it loads (ADR 039).
 */
type EventSchema = (typeof import('@shared/realtime'))['ServerEventSchema'];
let eventSchema: EventSchema | null = null;
let schemaLoading: Promise<EventSchema> | null = null;
function loadEventSchema(): Promise<EventSchema> {
  schemaLoading ??= import('@shared/realtime').then(
    (m) => (eventSchema = m.ServerEventSchema),
    (err: unknown) => {
      schemaLoading = null; // the next event with a payload tries again
      throw err;
    },
  );
  return schemaLoading;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly rooms = new Map<string, number>();
  private everOpened = false;
  private stopped = false;
  /** The server closed the socket for a limit: no reconnect until resume(). */
  private held = false;
  /** Events behind one that waits for the event schema: dispatched, in order, once it has loaded. */
  private backlog: unknown[] | null = null;
  status: SocketStatus = 'idle';

  constructor(private readonly url: () => string = defaultUrl) {}

  /** Opens the socket (idempotent). */
  connect() {
    this.stopped = false;
    this.held = false;
    if (this.socket && this.socket.readyState <= 1) return;
    this.setStatus('connecting');
    const ws = new WebSocket(this.url());
    this.socket = ws;
    ws.onopen = () => {
      const reconnected = this.everOpened;
      this.attempts = 0;
      this.everOpened = true;
      this.setStatus('open');
      for (const room of this.rooms.keys()) this.sendRaw({ type: 'subscribe', room });
      if (reconnected) this.reconnectListeners.forEach((l) => l());
    };
    ws.onmessage = (e) => {
      let data: unknown;
      try {
        data = JSON.parse(String(e.data));
      } catch {
        return;
      }
      // The server coalesces events that follow each other closely into one frame: a JSON array of events.
      for (const event of Array.isArray(data) ? data : [data]) this.receive(event);
    };
    ws.onclose = (e) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.setStatus('closed');
      if (this.stopped) return;
      if (e.code === SOCKET_LIMIT_CLOSE_CODE) {
        this.held = true;
        return;
      }
      if (this.attempts >= SOCKET_MAX_RECONNECTS) return;
      const delay = SOCKET_BACKOFF_BASE_MS * 2 ** this.attempts;
      this.attempts += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Closes the socket and stops reconnecting (sign-out). */
  disconnect() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
    this.everOpened = false;
    this.setStatus('idle');
  }

  /** Reopens a socket the server closed for a limit (the user is back on this tab); otherwise does nothing. */
  resume() {
    if (!this.held || this.stopped) return;
    this.attempts = 0;
    this.connect();
  }

  /** Closes and opens again (after sign-in, so the socket carries the new session). */
  restart() {
    this.disconnect();
    this.attempts = 0;
    this.connect();
  }

  private receive(data: unknown) {
    if (this.backlog) {
      this.backlog.push(data);
      return;
    }
    const signal = parseSignal(data);
    if (signal !== 'payload') {
      if (signal) this.emit(signal);
      return;
    }
    if (eventSchema) {
      this.dispatch(eventSchema, data);
      return;
    }
    const backlog = [data];
    this.backlog = backlog;
    loadEventSchema().then(
      (schema) => {
        this.backlog = null;
        for (const event of backlog) {
          const signal = parseSignal(event);
          if (signal === 'payload') this.dispatch(schema, event);
          else if (signal) this.emit(signal);
        }
      },
      () => {
        // The schema's code could not be fetched (offline, or a deploy replaced it): these events are lost, so the
        // screens refetch what they show, as after a server's resync.
        this.backlog = null;
        this.emit({ type: 'resync' });
      },
    );
  }

  private dispatch(schema: EventSchema, data: unknown) {
    const parsed = schema.safeParse(data);
    if (parsed.success) this.emit(parsed.data);
  }

  private emit(event: ServerEvent) {
    this.listeners.forEach((l) => l(event));
  }

  on(listener: Listener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onReconnect(listener: () => void) {
    this.reconnectListeners.add(listener);
    return () => void this.reconnectListeners.delete(listener);
  }

  onStatus(listener: () => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /** Joins a room while at least one caller holds it; returns the leave function. */
  join(room: string) {
    const n = this.rooms.get(room) ?? 0;
    this.rooms.set(room, n + 1);
    if (n === 0) this.sendRaw({ type: 'subscribe', room });
    return () => {
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left <= 0) {
        this.rooms.delete(room);
        this.sendRaw({ type: 'unsubscribe', room });
      } else this.rooms.set(room, left);
    };
  }

  send(message: ClientMessage) {
    this.sendRaw(message);
  }

  private sendRaw(message: ClientMessage) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private setStatus(s: SocketStatus) {
    this.status = s;
    this.statusListeners.forEach((l) => l());
  }
}

function defaultUrl() {
  const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${proto}://${window.location.host}/ws`;
}

/** The app's one socket. */
export const realtime = new RealtimeClient();

/** Calls `handler` for every event of `type` while the component is mounted. */
export function useRealtimeEvent<T extends ServerEventType>(
  type: T,
  handler: (event: Extract<ServerEvent, { type: T }>) => void,
) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(
    () =>
      realtime.on((e) => {
        if (e.type === type) ref.current(e as Extract<ServerEvent, { type: T }>);
      }),
    [type],
  );
}

/**
 * Room for the time between the server reading a screen's data and the page having it (the read's own latency): a
 * read is taken to be that much older than it looks.
 */
export const CATCH_UP_MARGIN_MS = 10_000;

/**
 * Whether a screen's first read of a room can lack an event published before its socket joined the room — unless
 * the server says the room has been quiet since before that read (ADR 040). `readAt`: the oldest of the screen's
 * reads (`dataUpdatedAt`; 0 while one is on its way, which counts as maybe).
 */
export function mayHaveMissed(e: { quietMs?: number }, readAt: number): boolean {
  if (e.quietMs === undefined || !readAt) return true;
  return e.quietMs <= Date.now() - readAt + CATCH_UP_MARGIN_MS;
}

/** Joins `room` while mounted (null: none). */
export function useRealtimeRoom(room: string | null) {
  useEffect(() => (room ? realtime.join(room) : undefined), [room]);
}

/**
 * Whether the socket is open, for fallbacks: the screens poll while it is not. Only a change between open and not
 * open re-renders, and in a transition. The socket connects from the first commit's effects: as a store
 * (`useSyncExternalStore`) each step (idle, closed, connecting, open) re-rendered the screen that polls — a whole
 * playlist page — at once, in one task of 20–50 ms after its first paint (ADR 045). A poll interval can wait for a
 * render in slices.
 */
export function useSocketOpen(): boolean {
  const [open, setOpen] = useState(() => realtime.status === 'open');
  useEffect(() => {
    const update = () => {
      const now = realtime.status === 'open';
      startTransition(() => setOpen(now));
    };
    update(); // it may have opened between the render and this effect
    return realtime.onStatus(update);
  }, []);
  return open;
}
