/**
 * The one websocket at /ws: Origin-checked upgrade, session lookup, typed client messages, and the per-socket
 * limits of ADR 011 — a message budget (token bucket) and a cap on waiting messages, both closing the socket with
 * 1008, and a turn of the event loop before each message, so that one socket's backlog never runs as one block.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { ClientMessageSchema, type ClientMessage } from '../../shared/realtime';
import { forbidden, tooManyRequests, unauthorized } from '../lib/http-errors';
import { POLICY_VIOLATION, type Client, type RealtimeHub } from '../realtime/hub';
import { MessageBudget } from '../realtime/message-budget';
import { isOwnOrigin } from './security';

const MAX_FRAME = 4 * 1024;

/**
 * The plugin and its one route live in a context of their own. Registered on the app, @fastify/websocket puts an
 * onRequest and an onResponse hook on every request and wraps every route's handler, so that an upgrade request to
 * any route is accepted and then closed: HTTP paid for it on each request (`npm run bench`, framework overhead),
 * and an upgrade to /livez held its connection open for the close handshake, outside the per-address socket caps.
 * Here the hooks run for /ws alone, and an upgrade to any other path is refused before it reaches the router.
 */
export async function registerWebsocket(app: FastifyInstance, hub: RealtimeHub, opts: { appUrl?: string }) {
  await app.register(async (scoped) => {
    await scoped.register(websocket, { options: { maxPayload: MAX_FRAME } });
    upgradeOnlyAt(app.server, WS_PATH);
    registerSocketRoute(scoped, hub, opts);
  });
}

const WS_PATH = '/ws';

/**
 * Lets the websocket plugin's 'upgrade' listener (the last one added to `server`) see only requests for `path`
 * (with or without a query); any other upgrade request is answered 404 and its connection closed.
 */
function upgradeOnlyAt(server: Server, path: string) {
  const plugin = server.listeners('upgrade').at(-1) as (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  server.removeListener('upgrade', plugin);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '';
    if (url === path || url.startsWith(`${path}?`)) return plugin.call(server, req, socket, head);
    // Node removed its own error listener before 'upgrade': a reset while answering must not be unhandled.
    socket.on('error', () => socket.destroy());
    socket.end(REFUSED_UPGRADE, () => socket.destroy());
  });
}

const REFUSED_UPGRADE = 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

function registerSocketRoute(app: FastifyInstance, hub: RealtimeHub, opts: { appUrl?: string }) {
  const limits = hub.limits;

  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin && !isOwnOrigin(origin, request.headers.host, request.protocol, opts.appUrl))
          throw forbidden('Cross-site websocket refused');
        // A cookie that names no live session (e.g. after sign-out) is refused rather than downgraded.
        if (request.sessionToken && !request.user) throw unauthorized();
        // Anonymous sockets are limited per address: refused before the upgrade (the hub checks again after it).
        if (!request.user && hub.anonymousFull(request.ip))
          throw tooManyRequests('Too many connections from this address', 60);
      },
    },
    (socket, request) => {
      const client: Client = {
        socketId: crypto.randomUUID(),
        userId: request.user?.id ?? null,
        sid: request.sessionSid,
        rooms: new Set<string>(),
        socket,
        address: request.ip,
      };
      let alive = true;
      let closing = false;
      const budget = new MessageBudget(limits.messagesPerSecond, limits.messageBurst);
      const waiting: ClientMessage[] = [];
      let draining = false;
      const beat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, 30_000);

      let hangUp: NodeJS.Timeout | undefined;
      /**
       * Closes the socket for breaking a limit: what it sent is dropped unhandled, and it is no longer read (a
       * flood still in flight is not even parsed); the connection is cut a second later whatever the client does.
       */
      const refuse = (reason: string) => {
        closing = true;
        waiting.length = 0;
        request.log.warn({ socketId: client.socketId, userId: client.userId, reason }, 'websocket closed: limit');
        socket.close(POLICY_VIOLATION, reason);
        socket.pause();
        hangUp = setTimeout(() => socket.terminate(), 1000);
        hangUp.unref();
      };

      /**
       * One message at a time per socket, in order: a 'ping' sent after a 'subscribe' is answered only once the
       * subscription (whose room check may query the database) is in place. Each waits for a turn of the event
       * loop, so that other sockets and HTTP requests are served in between.
       */
      const drain = async () => {
        draining = true;
        while (waiting.length && !closing) {
          await nextTurn();
          const message = waiting.shift();
          if (!message || closing) break;
          await hub.handle(client, message).catch((err) => request.log.warn({ err }, 'websocket message failed'));
        }
        draining = false;
      };

      socket.on('pong', () => (alive = true));
      socket.on('message', (data) => {
        if (closing) return;
        alive = true;
        // Every frame counts, unreadable ones too.
        if (!budget.take()) return refuse('Too many messages: slow down');
        if (waiting.length >= limits.maxQueuedMessages) return refuse('Too many messages waiting: slow down');
        let parsed;
        try {
          parsed = ClientMessageSchema.safeParse(JSON.parse(String(data)));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) return hub.send(client, { type: 'error', message: 'Unrecognised message' });
        waiting.push(parsed.data);
        if (!draining) void drain();
      });
      socket.on('close', () => {
        closing = true;
        waiting.length = 0;
        clearInterval(beat);
        clearTimeout(hangUp);
        hub.remove(client).catch((err) => request.log.warn({ err }, 'websocket close failed'));
      });
      hub.add(client).catch((err) => request.log.warn({ err }, 'websocket open failed'));
    },
  );
}
