/** A real websocket client for integration tests: connects to /ws with a session cookie and records events. */
import WebSocket from 'ws';
import type { ClientMessage, ServerEvent } from '../../src/shared/realtime';

export interface WsTestClient {
  events: ServerEvent[];
  send(message: ClientMessage): void;
  /** Resolves with the first recorded event matching `pred` (waiting up to `timeoutMs`). */
  waitFor<T extends ServerEvent>(pred: (e: ServerEvent) => e is T, timeoutMs?: number): Promise<T>;
  waitFor(pred: (e: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  close(): Promise<void>;
  /** How many frames arrived (fewer than events when the server coalesced some). */
  readonly frames: number;
  /** Resolves with the close code once the server (or we) closed the socket. */
  closed: Promise<number>;
  /** The same, with the reason the closing side gave. */
  closedWith: Promise<{ code: number; reason: string }>;
  /** Sends a raw frame (no JSON encoding), e.g. to flood the server. */
  sendRaw(frame: string): void;
}

export interface ConnectOptions {
  /** The local address to connect from (any of 127.0.0.0/8 on loopback), e.g. to test per-address limits. */
  localAddress?: string;
}

/** Opens a socket to `baseUrl` (http://host:port) as the cookie's user (or anonymously) and waits for 'hello'. */
export async function connectWs(baseUrl: string, cookie?: string, opts: ConnectOptions = {}): Promise<WsTestClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
    headers: cookie ? { cookie } : {},
    ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
  });
  const events: ServerEvent[] = [];
  let frames = 0;
  const waiters = new Set<() => void>();
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const closed = closedWith.then((c) => c.code);
  ws.on('message', (data, isBinary) => {
    // Every event is a text frame: a browser hands a binary one to the page as a Blob, which it cannot parse.
    if (isBinary) throw new Error('the server sent a binary frame');
    // A frame is one event, or several coalesced into a JSON array (see COALESCE_WINDOW_MS in the hub).
    const parsed = JSON.parse(String(data)) as ServerEvent | ServerEvent[];
    events.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    frames += 1;
    waiters.forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: WsTestClient = {
    events,
    get frames() {
      return frames;
    },
    closed,
    closedWith,
    send: (m) => ws.send(JSON.stringify(m)),
    sendRaw: (frame) => ws.send(frame),
    waitFor(pred: (e: ServerEvent) => boolean, timeoutMs = 3000) {
      return new Promise<ServerEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(pred);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching websocket event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  } as WsTestClient;
  await client.waitFor((e) => e.type === 'hello');
  return client;
}

/** Lets the server process what was sent (a round trip through ping/pong). */
export async function settle(client: WsTestClient) {
  const before = client.events.filter((e) => e.type === 'pong').length;
  client.send({ type: 'ping' });
  await client.waitFor(() => client.events.filter((e) => e.type === 'pong').length > before);
}
