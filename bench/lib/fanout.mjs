// Live fan-out: N websocket clients (in this process, or spread over worker processes); for each published vote,
// the time from sending it until the last client has a vote_update for that song.
import { fork } from 'node:child_process';
import http from 'node:http';
import WebSocket from 'ws';
import { percentile, sleep } from './util.mjs';

/**
 * The source address of client `j`: 20 clients to each of 127.0.0.2, 127.0.0.3, … (all loopback), as anonymous
 * visitors from many places are, within the server's cap on anonymous sockets per address (ADR 011).
 */
export const loopbackAddress = (j) => {
  const k = Math.floor(j / 20);
  return `127.${Math.floor(k / 250)}.0.${2 + (k % 250)}`;
};

/**
 * Returns a function giving the songs whose vote_update a frame carries (a coalesced frame is a JSON array of events).
 * A broadcast reaches every client as the same bytes: the reader keeps the last frame's songs and reads a frame equal
 * to it no further. Decoding and scanning a burst's 100-vote frame once per client had made 500 clients in a process
 * take 15–35 ms of the two cores the server shares with them, after the server had sent everything (ADR 053). Each
 * client still counts only once its own frame has been read.
 */
export function frameReader() {
  let last = { frame: Buffer.alloc(0), songs: [] };
  return (data) => {
    if (Buffer.isBuffer(data) && data.equals(last.frame)) return last.songs;
    const text = typeof data === 'string' ? data : data.toString();
    const songs = [];
    if (text.includes('vote_update')) {
      const re = /"songId":(\d+)/g;
      let m;
      while ((m = re.exec(text))) songs.push(Number(m[1]));
    }
    if (Buffer.isBuffer(data)) last = { frame: data, songs };
    return songs;
  };
}

/**
 * Opens `n` websocket clients to `wsUrl` (in batches, so the server is not flooded with handshakes): in this process,
 * or with `workers` > 0 spread over that many child processes (lib/fanout-worker.mjs), each reporting when its last
 * client has a song; the time is then taken from the send to the last worker's report (wall clock, one machine).
 */
export async function openClients(wsUrl, n, { workers = 0 } = {}) {
  if (workers > 0) return openClientsInWorkers(wsUrl, n, workers);
  const tracker = { pending: new Map(), done: [] };
  const clients = [];
  const songsIn = frameReader();
  const onFrame = (data) => {
    const now = performance.now();
    for (const song of songsIn(data)) {
      const p = tracker.pending.get(song);
      if (!p) continue;
      if (++p.count === n) {
        tracker.pending.delete(song);
        p.resolve(now - p.sentAt);
      }
    }
  };
  for (let i = 0; i < n; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 50); j++) {
      batch.push(
        new Promise((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { perMessageDeflate: false, localAddress: loopbackAddress(j) });
          ws.on('message', onFrame);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
      );
    }
    clients.push(...(await Promise.all(batch)));
  }
  await sleep(200);
  return {
    clients,
    /** Starts timing `songId` now; resolves with the ms until every client had it (or Infinity after `timeoutMs`). */
    expect(songId, timeoutMs = 10_000) {
      return new Promise((resolve) => {
        const entry = { sentAt: performance.now(), count: 0, resolve };
        tracker.pending.set(songId, entry);
        setTimeout(() => {
          if (tracker.pending.get(songId) === entry) {
            tracker.pending.delete(songId);
            resolve(Infinity);
          }
        }, timeoutMs).unref();
      });
    },
    close() {
      for (const c of clients) c.terminate();
    },
  };
}

async function openClientsInWorkers(wsUrl, n, workers) {
  const nowMs = () => performance.timeOrigin + performance.now();
  const pending = new Map();
  const children = [];
  for (let w = 0; w < workers; w++) {
    // Contiguous shares, each a multiple of 20 (one loopback address's clients) where it can be.
    const first = Math.round((n * w) / workers / 20) * 20;
    const end = w === workers - 1 ? n : Math.round((n * (w + 1)) / workers / 20) * 20;
    const child = fork(new URL('./fanout-worker.mjs', import.meta.url), [], {
      env: { ...process.env, WS_URL: wsUrl, FIRST: String(first), COUNT: String(end - first) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
  }
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`fan-out worker exited with ${code}`)));
          child.on('message', (m) => {
            if (m.ready) return resolve();
            const p = pending.get(m.song);
            if (!p) return;
            p.last = Math.max(p.last, m.at);
            if (++p.reports === workers) {
              pending.delete(m.song);
              p.resolve(p.last - p.sentAt);
            }
          });
        }),
    ),
  );
  for (const child of children) child.removeAllListeners('exit');
  await sleep(200);
  return {
    workers,
    expect(songId, timeoutMs = 10_000) {
      return new Promise((resolve) => {
        const entry = { sentAt: nowMs(), last: 0, reports: 0, resolve };
        pending.set(songId, entry);
        setTimeout(() => {
          if (pending.get(songId) === entry) {
            pending.delete(songId);
            resolve(Infinity);
          }
        }, timeoutMs).unref();
      });
    },
    close() {
      for (const child of children) if (child.connected) child.send('close');
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** A small POST on loopback with keep-alive; resolves with the status code (0 on a network error, retried once). */
export async function post(url, body, headers = {}) {
  try {
    return await postOnce(url, body, headers);
  } catch {
    // A keep-alive socket the server closed meanwhile: once more on a fresh one.
    return postOnce(url, body, headers).catch(() => 0);
  }
}

function postOnce(url, body, headers) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * Steady rate: `count` publishes at `perSecond`, then a burst of `burst` publishes at once.
 * `publish(songId)` sends one; `nextSong()` gives a song no earlier publish used.
 */
export async function measureFanout(harness, publish, nextSong, { count, perSecond, burst }) {
  const steady = [];
  const waits = [];
  for (let i = 0; i < count; i++) {
    const song = nextSong();
    const done = harness.expect(song);
    void publish(song);
    waits.push(done.then((ms) => steady.push(ms)));
    await sleep(1000 / perSecond);
  }
  await Promise.all(waits);
  await sleep(300);
  const songs = Array.from({ length: burst }, nextSong);
  const burstDone = songs.map((s) => harness.expect(s));
  const t0 = performance.now();
  // When each publish was answered (for the app: the vote's POST), to tell the writes' time from the delivery's.
  const answered = await Promise.all(songs.map((s) => Promise.resolve(publish(s)).then(() => performance.now() - t0)));
  const burstMs = await Promise.all(burstDone);
  return {
    burstAnsweredP50: percentile(answered, 50),
    burstAnsweredMax: Math.max(...answered),
    steadyP99: percentile(steady, 99),
    steadyP50: percentile(steady, 50),
    burstP99: percentile(burstMs, 99),
    lost: [...steady, ...burstMs].filter((x) => x === Infinity).length,
  };
}
