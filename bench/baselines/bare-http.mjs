// Baseline: the smallest node:http server answering JSON, what /livez is compared with. With BODY_FILE it sends
// that file's bytes instead (the anonymous global mix as the app sent it): the physical limit for a body that size.
import fs from 'node:fs';
import http from 'node:http';

const body = process.env.BODY_FILE
  ? fs.readFileSync(process.env.BODY_FILE)
  : Buffer.from(JSON.stringify({ status: 'ok' }));
http
  .createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
