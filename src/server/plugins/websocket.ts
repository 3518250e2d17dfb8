/**
 * The one websocket at /ws: Origin-checked upgrade, session lookup, typed client messages, and the per-socket
 * limits of ADR 011 — a message budget (token bucket) and a cap on waiting messages, both closing the socket with
 * 1008, and a turn of the event loop before each message, so that one socket's backlog never runs as one block.
 */
import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { ClientMessageSchema, type ClientMessage } from '../../shared/realtime';
import { forbidden, tooManyRequests, unauthorized } from '../lib/http-errors';
import { POLICY_VIOLATION, type Client, type RealtimeHub } from '../realtime/hub';
import { MessageBudget } from '../realtime/message-budget';
import { isOwnOrigin } from './security';

const MAX_FRAME = 4 * 1024;

export async function registerWebsocket(app: FastifyInstance, hub: RealtimeHub, opts: { appUrl?: string }) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });
  const limits = hub.limits;

  app.get(
    '/ws',
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
