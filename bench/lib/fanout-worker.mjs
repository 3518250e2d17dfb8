// A share of the live fan-out's websocket clients in a process of its own (lib/fanout.mjs, `--fanoutWorkers`), so
// that the bench's own event loop does not decide the figure: parsing 1,000 sockets' frames of a burst in one
// process took it longer than the server took to send them. Opens `count` clients from index `first` (for their
// loopback source addresses), and tells the parent, for every song, when the last of its clients had its
// vote_update (wall-clock ms, comparable between processes).
import WebSocket from 'ws';
import { frameReader, loopbackAddress } from './fanout.mjs';

const { WS_URL, FIRST, COUNT } = process.env;
const first = Number(FIRST);
const count = Number(COUNT);
const nowMs = () => performance.timeOrigin + performance.now();

/** songId → clients that have it; a song is reported once, when all `count` do. */
const counts = new Map();
const songsIn = frameReader();
const onFrame = (data) => {
  const at = nowMs();
  for (const song of songsIn(data)) {
    const n = (counts.get(song) ?? 0) + 1;
    if (n === count) {
      counts.delete(song);
      process.send({ song, at });
    } else counts.set(song, n);
  }
};

const clients = [];
for (let i = 0; i < count; i += 50) {
  const batch = [];
  for (let j = i; j < Math.min(count, i + 50); j++) {
    batch.push(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(WS_URL, { perMessageDeflate: false, localAddress: loopbackAddress(first + j) });
        ws.on('message', onFrame);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
    );
  }
  clients.push(...(await Promise.all(batch)));
}
process.send({ ready: true });
process.on('message', (m) => {
  if (m === 'close') {
    for (const c of clients) c.terminate();
    process.exit(0);
  }
});
