// Baseline: the smallest node:http server answering JSON, what /livez is compared with.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
http
  .createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
