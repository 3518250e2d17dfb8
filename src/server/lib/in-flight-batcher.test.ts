import { describe, expect, it, vi } from 'vitest';
import { InFlightBatcher, distinctPrefix } from './in-flight-batcher';

/** A batch runner whose batches finish when the test says so. */
function heldRunner() {
  const batches: { items: number[]; finish: () => void; fail: (err: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) =>
      batches.push({ items, finish: () => resolve(items.map((n) => `#${n}`)), fail: reject }),
    );
  return { run, batches };
}

describe('InFlightBatcher', () => {
  it('runs the first item at once, then what came meanwhile as one batch, giving each item its own result', async () => {
    const { run, batches } = heldRunner();
    const batcher = new InFlightBatcher(run);
    const first = batcher.add(1);
    const rest = [2, 3, 4].map((n) => batcher.add(n));
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0].finish();
    expect(await first).toBe('#1');
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    expect(batches[1].items).toEqual([2, 3, 4]);
    batches[1].finish();
    expect(await Promise.all(rest)).toEqual(['#2', '#3', '#4']);
  });

  it('rejects only the items of a failed batch, and takes at least one item a batch', async () => {
    const { run, batches } = heldRunner();
    const batcher = new InFlightBatcher(run, () => 0);
    const a = batcher.add(1);
    const b = batcher.add(2);
    batches[0].fail(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    expect(batches[1].items).toEqual([2]);
    batches[1].finish();
    expect(await b).toBe('#2');
  });

  it('with gatherTurn, starts a batch at the end of the turn with every item added in it', async () => {
    const { run, batches } = heldRunner();
    const batcher = new InFlightBatcher(run, undefined, true);
    const results = [1, 2, 3].map((n) => batcher.add(n));
    expect(batches).toHaveLength(0);
    await new Promise((r) => setImmediate(r));
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    batches[0].finish();
    expect(await Promise.all(results)).toEqual(['#1', '#2', '#3']);
  });

  it('distinctPrefix stops before the first repeated key, and at the cap', () => {
    const key = (v: { user: string; song: number }) => `${v.user} ${v.song}`;
    const votes = [
      { user: 'a', song: 1 },
      { user: 'b', song: 1 },
      { user: 'a', song: 2 },
      { user: 'a', song: 1 },
    ];
    expect(distinctPrefix(votes, key, 10)).toBe(3);
    expect(distinctPrefix(votes, key, 2)).toBe(2);
    expect(distinctPrefix([], key, 2)).toBe(0);
  });
});
