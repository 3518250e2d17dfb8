/**
 * The origin that links this server writes into files and mail point at (ADR 014). APP_URL when it is set; without
 * it, the request's own host only when it is a host name with an optional port, else the listening port on
 * localhost. A Host header is the client's to write: `=evil.example` or `x"><script>` must never reach a file.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** `name.example`, `localhost:5000`, `127.0.0.1:8080`, `[::1]:5000`: nothing else. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]{2,45}\\])(?::\\d{1,5})?$`, 'i');

export function isPlainHost(host: string | undefined): host is string {
  if (!host || host.length > 260 || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host)?.[1];
  return port === undefined || Number(port) <= 65535;
}

export function publicOrigin(config: Pick<Config, 'appUrl' | 'port'>, request: FastifyRequest): string {
  if (config.appUrl) return config.appUrl;
  const host = request.host;
  return isPlainHost(host) ? `${request.protocol}://${host.toLowerCase()}` : `http://localhost:${config.port}`;
}
