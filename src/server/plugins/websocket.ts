/** The one websocket at /ws: Origin-checked upgrade, session lookup, typed client messages. */
import crypto from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { ClientMessageSchema } from '../../shared/realtime';
import type { RealtimeHub } from '../realtime/hub';
import { isOwnOrigin } from './security';

const MAX_FRAME = 4 * 1024;

export async function registerWebsocket(app: FastifyInstance, hub: RealtimeHub, opts: { appUrl?: string }) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && !isOwnOrigin(origin, request.headers.host, request.protocol, opts.appUrl)) {
          return reply.status(403).send({ message: 'Cross-site websocket refused', code: 'FORBIDDEN' });
        }
        // A cookie that names no live session (e.g. after sign-out) is refused rather than downgraded.
        if (request.sessionToken && !request.user) {
          return reply.status(401).send({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
        }
      },
    },
    (socket, request) => {
      const client = {
        socketId: crypto.randomUUID(),
        userId: request.user?.id ?? null,
        sid: request.sessionSid,
        rooms: new Set<string>(),
        socket,
      };
      let alive = true;
      let queue: Promise<void> = Promise.resolve();
      const beat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, 30_000);
      socket.on('pong', () => (alive = true));
      socket.on('message', (data) => {
        alive = true;
        let parsed;
        try {
          parsed = ClientMessageSchema.safeParse(JSON.parse(String(data)));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) return hub.send(client, { type: 'error', message: 'Unrecognised message' });
        // One message at a time per socket, in order: a 'ping' sent after a 'subscribe' is answered only once the
        // subscription (whose room check may query the database) is in place.
        const message = parsed.data;
        queue = queue
          .then(() => hub.handle(client, message))
          .catch((err) => request.log.warn({ err }, 'websocket message failed'));
      });
      socket.on('close', () => {
        clearInterval(beat);
        hub.remove(client).catch((err) => request.log.warn({ err }, 'websocket close failed'));
      });
      hub.add(client).catch((err) => request.log.warn({ err }, 'websocket open failed'));
    },
  );
}
