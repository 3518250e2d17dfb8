import { describe, expect, it, vi } from 'vitest';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('runs at most `size` tasks at once, in arrival order, and frees places on failure', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(i);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i === 1) throw new Error('boom');
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => gate.run(task(i))));
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });

  it('counts the runs that hold a place or wait for one', async () => {
    const gate = new Semaphore(2);
    const release: (() => void)[] = [];
    const held = () => new Promise<void>((r) => release.push(r));
    const runs = [gate.run(held), gate.run(held), gate.run(held)];
    expect(gate.inFlight).toBe(3);
    release[0]();
    await runs[0];
    expect(gate.inFlight).toBe(2);
    await vi.waitFor(() => expect(release).toHaveLength(3));
    release[1]();
    release[2]();
    await Promise.all(runs);
    expect(gate.inFlight).toBe(0);
  });
});
