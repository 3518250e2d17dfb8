// HTTP load with autocannon (in this process, loopback only, bounded by duration).
import autocannon from 'autocannon';

/**
 * Runs autocannon and returns requests/s (2xx only), latency p50/p99 in ms and error counts.
 * `opts.setup(i)` may return per-request {method, path, headers, body} (e.g. another user's cookie).
 */
export function hammer(
  url,
  { path = '/', method = 'GET', headers = {}, body, connections = 16, duration = 3, setup } = {},
) {
  let i = 0;
  const requests = setup
    ? [
        {
          setupRequest: (req) => {
            const r = setup(i++);
            return { ...req, ...r, headers: { ...req.headers, ...(r.headers ?? {}) } };
          },
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon(
      { url: url + path, method, headers, body, connections, duration, requests, pipelining: 1 },
      (err, res) => {
        if (err) return reject(err);
        const ok = res['2xx'];
        resolve({
          rps: ok / res.duration,
          p50: res.latency.p50,
          p99: res.latency.p99,
          ok,
          non2xx: res.non2xx,
          errors: res.errors + res.timeouts,
          status: res.statusCodeStats,
        });
      },
    );
  });
}
