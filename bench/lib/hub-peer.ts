// One app instance's realtime hub, alone in its process (run with `node --import tsx`): the real RealtimeHub and
// transport of src/server, nothing else. The bench's hub ceiling starts two: the publisher sends vote events at
// the rate the parent asks for, the receiver times each one from its send to its delivery on its hub.
// Messages with the parent are JSON over IPC.
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../src/server/db/client';
import { RealtimeHub } from '../../src/server/realtime/hub';
import { hubTransport } from '../../src/server/realtime/transport';
import type { ServerEvent } from '../../src/shared/realtime';

const databaseUrl = process.env.DATABASE_URL!;
const redisUrl = process.env.REDIS_URL || undefined;

let warnings = 0;
const log = {
  warn: () => void warnings++,
  error: () => void warnings++,
  info: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes on one machine. */
const nowMs = () => performance.timeOrigin + performance.now();

const database = await openDatabase({ databaseUrl });
const transport = hubTransport({ databaseUrl, redisUrl }, database, log)!;
const hub = new RealtimeHub(transport, log);

/** Receiver: delivery latency of each event of the current step, by sequence number. */
let latencies: number[] = [];
let seen = new Set<number>();
hub.onEvent((event) => {
  const e = event as ServerEvent & { seq?: number; sentAt?: number };
  if (e.type !== 'vote_update' || e.sentAt === undefined || e.seq === undefined) return;
  if (seen.has(e.seq)) return;
  seen.add(e.seq);
  latencies.push(nowMs() - e.sentAt);
});
await hub.start();

const send = (msg: unknown) => process.send!(msg);

process.on('message', async (msg: { cmd: string; rate?: number; seconds?: number; firstSeq?: number }) => {
  if (msg.cmd === 'reset') {
    latencies = [];
    seen = new Set();
    send({ ok: true });
  } else if (msg.cmd === 'report') {
    send({ latencies, warnings });
  } else if (msg.cmd === 'publish') {
    // `rate` events a second for `seconds`, sent every millisecond tick in small batches; each as a vote makes it
    // (a vote_update for everyone, with the voter's votes_changed signal).
    const { rate = 100, seconds = 2 } = msg;
    let seq = msg.firstSeq ?? 0;
    const total = Math.round(rate * seconds);
    const start = nowMs();
    let sent = 0;
    let failed = 0;
    const pending: Promise<void>[] = [];
    while (sent < total) {
      const due = Math.min(total, Math.floor(((nowMs() - start) / 1000) * rate) + 1);
      for (; sent < due; sent++) {
        const event = {
          type: 'vote_update',
          songId: 1 + (seq % 10_000),
          venueId: null,
          voteCount: { upVotes: 12, downVotes: 3 },
          seq,
          sentAt: nowMs(),
        } as unknown as ServerEvent;
        seq++;
        pending.push(
          hub
            .publish(event, { kind: 'all' }, [{ kind: 'votes_changed', key: '0a8e6b7c-2f4e-4f55-9d0e-3f1c2b4a5d6e' }])
            .catch(() => void failed++),
        );
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(pending);
    send({ sent, failed, seconds: (nowMs() - start) / 1000, warnings });
  } else if (msg.cmd === 'stop') {
    await hub.stop();
    await database.close();
    send({ stopped: true });
    process.exit(0);
  }
});
send({ ready: true, transport: transport.name });
