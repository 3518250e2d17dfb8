// Baseline: a bare `ws` server; POST /publish?songId=N broadcasts one vote_update frame to every client, the way
// a hand-written broadcast would, so that the app's fan-out can be compared with the library's own speed.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'POST' && url.pathname === '/publish') {
    req.resume();
    req.on('end', () => {
      const songId = Number(url.searchParams.get('songId'));
      const frame = JSON.stringify({
        type: 'vote_update',
        songId,
        venueId: null,
        voteCount: { upVotes: 1, downVotes: 0 },
      });
      for (const c of wss.clients) if (c.readyState === 1) c.send(frame);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
const wss = new WebSocketServer({ server, path: '/ws' });
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
