// The realtime hub's ceiling between two instances: two processes, each one app instance's real hub and transport
// (lib/hub-peer.ts); one publishes vote events at a rising rate, the other times each delivery. The ceiling is the
// highest rate whose delivery p99 stays within 100 ms with nothing lost. Loopback only, bounded in steps and time.
import { fork } from 'node:child_process';
import path from 'node:path';
import { percentile, sleep } from './util.mjs';

const PEER = path.resolve('bench/lib/hub-peer.ts');
export const HUB_RATES = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000, 12000, 16000, 24000, 32000, 48000, 64000];

function startPeer(role, env) {
  const child = fork(PEER, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, HUB_ROLE: role, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const replies = [];
  const waiters = [];
  child.on('message', (m) => (waiters.length ? waiters.shift()(m) : replies.push(m)));
  const next = (timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      if (replies.length) return resolve(replies.shift());
      const t = setTimeout(() => reject(new Error(`hub peer (${role}) did not answer`)), timeoutMs);
      waiters.push((m) => {
        clearTimeout(t);
        resolve(m);
      });
    });
  return {
    child,
    ready: next(30_000),
    async ask(msg, timeoutMs) {
      child.send(msg);
      return next(timeoutMs);
    },
    kill: () => child.exitCode === null && child.kill('SIGKILL'),
  };
}

/**
 * Steps through HUB_RATES (`seconds` each) until delivery p99 passes `limitMs`, events are lost, or the publisher
 * cannot keep the rate. `env`: DATABASE_URL, and REDIS_URL for the Redis transport.
 */
export async function measureHubCeiling(env, { seconds = 2, limitMs = 100, rates = HUB_RATES, log = () => {} } = {}) {
  const receiver = startPeer('receiver', env);
  const publisher = startPeer('publisher', env);
  const steps = [];
  let seq = 0;
  try {
    const [r, p] = await Promise.all([receiver.ready, publisher.ready]);
    const transport = r.transport;
    if (p.transport !== transport) throw new Error('peers on different transports');
    const passes = (s) => s.p99 <= limitMs && s.lost === 0 && s.failedPublishes === 0 && s.achieved >= s.rate * 0.8;
    const step = async (rate) => {
      await receiver.ask({ cmd: 'reset' });
      const pub = await publisher.ask({ cmd: 'publish', rate, seconds, firstSeq: seq }, 120_000);
      seq += pub.sent;
      // Whatever is still on its way gets up to 5 s.
      let rep;
      for (let i = 0; i < 50; i++) {
        rep = await receiver.ask({ cmd: 'report' });
        if (rep.latencies.length >= pub.sent) break;
        await sleep(100);
      }
      const s = {
        rate,
        achieved: pub.sent / pub.seconds,
        p50: percentile(rep.latencies, 50),
        p99: percentile(rep.latencies, 99),
        lost: pub.sent - rep.latencies.length,
        failedPublishes: pub.failed,
      };
      steps.push(s);
      log(
        `hub ${transport} ${rate}/s: sent at ${Math.round(s.achieved)}/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, lost ${s.lost}`,
      );
      return s;
    };
    for (const rate of rates) {
      // The machine is shared: a step that fails is run once more before it counts as the ceiling's end.
      // (Past the asked rate by more than a fifth, the publisher itself could not keep up.)
      if (!passes(await step(rate)) && !passes(await step(rate))) break;
    }
    const held = steps.filter(passes);
    const ceiling = held.length ? held[held.length - 1] : null;
    // The step that ended the climb (its second try); none when the highest rate held.
    const last = steps[steps.length - 1];
    const broke = last && !passes(last) ? last : null;
    return { transport, steps, ceiling, broke };
  } finally {
    await Promise.allSettled([publisher.ask({ cmd: 'stop' }, 10_000), receiver.ask({ cmd: 'stop' }, 10_000)]);
    publisher.kill();
    receiver.kill();
  }
}
