// The websocket attacker of the `wsabuse` scenario, run as its own process (so that its sending does not slow the
// bench's /livez measurement). Loopback only, bounded by time or count. Prints one JSON line of what it did.
//
//   node bench/lib/ws-abuse-client.mjs flood <ws url> <seconds> <frames> [cookie]
//     one socket at a time sends <frames> frames as fast as it can (subscribe frames anonymously, presence
//     frames with a cookie); when the server closes it, the next one opens, until <seconds> have passed.
//   node bench/lib/ws-abuse-client.mjs cycles <ws url> <count> <parallel> <span>
//     <count> anonymous open → subscribe to venue:N (N running over 1..<span>; most do not exist) → close.
import WebSocket from 'ws';

const [mode, url, ...rest] = process.argv.slice(2);

function open(cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, headers: cookie ? { cookie } : {} });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function flood(seconds, frames, cookie) {
  const until = performance.now() + seconds * 1000;
  const closes = {};
  let sockets = 0;
  let sent = 0;
  let refused = 0;
  const frame = JSON.stringify(cookie ? { type: 'presence', venueId: 1 } : { type: 'subscribe', room: 'venue:1' });
  while (performance.now() < until) {
    let ws;
    try {
      ws = await open(cookie);
    } catch {
      refused++;
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    sockets++;
    const closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    for (let i = 0; i < frames && ws.readyState === WebSocket.OPEN; i++) {
      ws.send(frame);
      sent++;
    }
    // Closed by the server for its budget, or by us once the server has had a second with what was sent.
    const timer = setTimeout(() => ws.close(), Math.max(0, Math.min(1000, until - performance.now())));
    const code = await closed;
    clearTimeout(timer);
    closes[code] = (closes[code] ?? 0) + 1;
  }
  return { sockets, sent, closes, refused };
}

async function cycles(count, parallel, span) {
  let next = 0;
  let refused = 0;
  let errors = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      let ws;
      try {
        ws = await open();
      } catch {
        refused++;
        continue;
      }
      await new Promise((resolve) => {
        ws.once('close', resolve);
        ws.once('error', () => errors++);
        ws.send(JSON.stringify({ type: 'subscribe', room: `venue:${1 + (i % span)}` }));
        ws.send(JSON.stringify({ type: 'ping' }));
        // The pong follows the subscribe's answer: the room check has run.
        ws.on('message', (d) => String(d).includes('pong') && ws.close());
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { count, refused, errors };
}

const result =
  mode === 'flood'
    ? await flood(Number(rest[0]), Number(rest[1]), rest[2])
    : await cycles(Number(rest[0]), Number(rest[1]), Number(rest[2]));
console.log(JSON.stringify(result));
