// Baseline: Fastify itself, with the one route /livez sends the same bytes from (no plugins, hooks or logger). Beside
// the framework overhead row it shows how much of the distance to bare node:http is Fastify's own (ADR 051).
import Fastify from 'fastify';

const body = Buffer.from(JSON.stringify({ status: 'ok' }));
const app = Fastify({ logger: false });
app.get('/livez', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => process.exit(0));
