import { describe, expect, it } from 'vitest';
import { TurnGate } from './turn-gate';

describe('TurnGate', () => {
  it('runs one task at a time and lets the event loop turn between two tasks', async () => {
    const gate = new TurnGate(1);
    const events: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (name: string) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      events.push(`start ${name}`);
      // I/O that arrives while the task runs: it must be served before the next task starts.
      setImmediate(() => events.push(`io during ${name}`));
      await Promise.resolve();
      running--;
      events.push(`end ${name}`);
    };
    await Promise.all(['a', 'b', 'c'].map((n) => gate.run(task(n))));
    expect(maxRunning).toBe(1);
    expect(events).toEqual(['start a', 'end a', 'io during a', 'start b', 'end b', 'io during b', 'start c', 'end c']);
  });

  it('passes errors through and frees its place', async () => {
    const gate = new TurnGate(1);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 42)).resolves.toBe(42);
  });
});
