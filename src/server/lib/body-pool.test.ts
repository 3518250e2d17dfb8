import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodyPool } from './body-pool';

const response = () => {
  const res = new EventEmitter();
  return { res, close: () => res.emit('close') };
};
const parts = (text: string) => [Buffer.from(text.slice(0, 3)), Buffer.from(text.slice(3))];

describe('BodyPool', () => {
  it('lends a buffer to one open response at a time and takes it back when the response closes', () => {
    const pool = new BodyPool({ maxIdle: 4, minSize: 64, maxSize: 4096 });
    const a = response();
    const b = response();
    const bodyA = pool.join(parts('first body'), 10, a.res);
    const bodyB = pool.join(parts('second body'), 11, b.res);
    expect(bodyA.toString()).toBe('first body');
    expect(bodyB.toString()).toBe('second body');
    expect(bodyB.buffer).not.toBe(bodyA.buffer);
    expect(pool.idleCount).toBe(0);
    a.close();
    expect(pool.idleCount).toBe(1);
    const c = response();
    const bodyC = pool.join(parts('third'), 5, c.res);
    expect(bodyC.buffer).toBe(bodyA.buffer);
    // B is still open: its bytes are untouched by the reuse of A's buffer.
    expect(bodyB.toString()).toBe('second body');
  });

  it('never lends one buffer to two open responses, whatever the order of joins and closes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 300 }), fc.nat({ max: 20 })), { maxLength: 60 }),
        (steps) => {
          const pool = new BodyPool({ maxIdle: 3, minSize: 16, maxSize: 256 });
          const open: { close: () => void; body: Buffer; text: string }[] = [];
          for (const step of steps) {
            if (typeof step === 'number') {
              open.splice(step % Math.max(open.length, 1), 1)[0]?.close();
            } else {
              const r = response();
              const byteLength = Buffer.byteLength(step);
              const body = pool.join([Buffer.from(step)], byteLength, r.res);
              open.push({ close: r.close, body, text: step });
            }
            // Every open response still has exactly its own bytes.
            for (const o of open) expect(o.body.toString()).toBe(o.text);
            const lent = open.filter((o) => Buffer.byteLength(o.text) <= 256).map((o) => o.body.buffer);
            expect(new Set(lent).size).toBe(lent.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps at most maxIdle buffers, and grows its buffers for a larger body', () => {
    const pool = new BodyPool({ maxIdle: 2, minSize: 16, maxSize: 1024 });
    const rs = [response(), response(), response()];
    for (const r of rs) pool.join([Buffer.from('x')], 1, r.res);
    for (const r of rs) r.close();
    expect(pool.idleCount).toBe(2);
    const big = response();
    const body = pool.join([Buffer.alloc(100, 'y')], 100, big.res);
    expect(body.length).toBe(100);
    expect(body.buffer.byteLength).toBe(128);
    // The smaller buffers are not lent again.
    expect(pool.idleCount).toBe(0);
    big.close();
    expect(pool.idleCount).toBe(1);
    // Past maxSize: a buffer of its own, never pooled.
    const huge = response();
    pool.join([Buffer.alloc(2000)], 2000, huge.res);
    huge.close();
    expect(pool.idleCount).toBe(1);
  });
});
