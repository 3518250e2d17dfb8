/**
 * Connections that have not sent a request are closed when the app closes. Node's `server.close()` (with Fastify's
 * `forceCloseConnections: 'idle'`) closes keep-alive connections between requests, but counts a socket that has never
 * sent one as busy until its headers time out (about 70 s). Browsers open such sockets ahead of need (preconnect):
 * one of them held a SIGTERM until serve.ts's 10 s limit exited 1 with the database still open. Requests in flight
 * still finish; a connection that opens while the app closes is refused.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function registerConnectionTracking(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  // A request, or a websocket upgrade, puts the socket to use: from then on Node and the hub close it.
  const used = (req: { socket: Socket }) => void unused.delete(req.socket);
  app.server.on('request', used);
  app.server.on('upgrade', used);
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of unused) socket.destroy();
    unused.clear();
    done();
  });
}
