// Venue Live (issue 16, ADR 019): a live room of N websocket patrons in this process, subscribed to `live:{venueId}`;
// for each vote, the time from sending it until the last client has a `live_state` whose counts show it.
import WebSocket from 'ws';
import { loopbackAddress } from './fanout.mjs';
import { sleep } from './util.mjs';

const VERSION = Buffer.from('"version":');

/**
 * The newest `version` in a frame's live_state snapshots, read from the bytes (no decoding per client); -1 when
 * it has none. A frame is one event, or a JSON array of the events of one coalescing window (realtime/hub.ts).
 */
function versionOf(buf) {
  if (buf.indexOf('"live_state"') === -1) return -1;
  let best = -1;
  for (let at = buf.indexOf(VERSION); at !== -1; at = buf.indexOf(VERSION, at + 1)) {
    let v = 0;
    for (let i = at + VERSION.length; i < buf.length; i++) {
      const c = buf[i];
      if (c < 48 || c > 57) break;
      v = v * 10 + (c - 48);
    }
    if (v > best) best = v;
  }
  return best;
}

/**
 * Opens `n` clients to `wsUrl` (20 to each loopback address, as bench/lib/fanout.mjs does: the server caps
 * anonymous sockets per address) and subscribes each to `room`. Every client keeps the newest version it got;
 * a version's queue counts are parsed once (every client receives the same snapshot).
 */
export async function openLiveRoom(wsUrl, room, n) {
  /** version → Map(entryId → netVotes) of that snapshot. */
  const nets = new Map();
  const seen = new Int32Array(n).fill(-1);
  /** Pending expectations: {entryId, target, sentAt, count, sat: Uint8Array, resolve}. */
  const pending = new Set();
  /** Expectations that timed out: what was missing. */
  const lost = [];
  let frames = 0;
  let bytes = 0;
  const netsOf = (version, buf) => {
    let m = nets.get(version);
    if (!m) {
      const parsed = JSON.parse(buf.toString());
      const { state } = (Array.isArray(parsed) ? parsed : [parsed]).find(
        (e) => e.type === 'live_state' && e.state.version === version,
      );
      m = new Map(state.queue.map((e) => [e.id, e.netVotes]));
      nets.set(version, m);
    }
    return m;
  };
  const onFrame = (j, buf) => {
    frames++;
    bytes += buf.length;
    const version = versionOf(buf);
    // Snapshots older than the one shown are dropped, as the product's client does.
    if (version <= seen[j]) return;
    seen[j] = version;
    if (pending.size === 0) return;
    const now = performance.now();
    const m = netsOf(version, buf);
    for (const x of pending) {
      if (x.sat[j] || !((m.get(x.entryId) ?? -Infinity) >= x.target)) continue;
      x.sat[j] = 1;
      if (++x.count === n) {
        pending.delete(x);
        x.resolve(now - x.sentAt);
      }
    }
  };
  const clients = [];
  for (let i = 0; i < n; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 50); j++) {
      batch.push(
        new Promise((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { perMessageDeflate: false, localAddress: loopbackAddress(j) });
          ws.on('message', (data) => onFrame(j, data));
          ws.once('open', () => {
            ws.send(JSON.stringify({ type: 'subscribe', room }));
            resolve(ws);
          });
          ws.once('error', reject);
        }),
      );
    }
    clients.push(...(await Promise.all(batch)));
  }
  await sleep(300);
  return {
    clients,
    stats: () => ({ frames, bytes }),
    lost,
    /** The counts of the newest snapshot any client has. */
    newestNets: () => nets.get(Math.max(...seen)),
    /** How many clients have a snapshot of at least `version`. */
    countAtLeast: (version) => seen.reduce((s, v) => s + (v >= version ? 1 : 0), 0),
    /**
     * Starts timing now: resolves with the ms until every client had a snapshot in which entry `entryId` has at
     * least `target` net votes (Infinity after `timeoutMs`).
     */
    expect(entryId, target, timeoutMs = 30_000) {
      let x;
      const done = new Promise((resolve) => {
        x = { entryId, target, sentAt: performance.now(), count: 0, sat: new Uint8Array(n), resolve };
        pending.add(x);
        setTimeout(() => {
          if (!pending.delete(x)) return;
          lost.push({ entryId, target, clientsWithIt: x.count, newestVersion: Math.max(...seen) });
          resolve(Infinity);
        }, timeoutMs).unref();
      });
      /** `cancel()`: the vote failed, so nothing is awaited (resolves with null). */
      return {
        done,
        cancel: () => {
          if (pending.delete(x)) x.resolve(null);
        },
      };
    },
    close() {
      for (const c of clients) c.terminate();
    },
  };
}
