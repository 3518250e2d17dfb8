import { describe, expect, it } from 'vitest';
import { MessageBudget } from './message-budget';

describe('MessageBudget', () => {
  it('lets a burst through at once, then the rate, and refills to the burst at most', () => {
    let now = 0;
    const budget = new MessageBudget(20, 40, () => now);
    for (let i = 0; i < 40; i++) expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now += 50; // one token at 20 a second
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now += 60_000; // a long quiet spell refills the bucket, never beyond the burst
    let taken = 0;
    while (budget.take()) taken++;
    expect(taken).toBe(40);
  });

  it('holds a steady sender at the rate', () => {
    let now = 0;
    const budget = new MessageBudget(20, 40, () => now);
    let refused = 0;
    // 10 seconds at 20 a second: all fit; at 30 a second the burst runs out within seconds.
    for (let i = 0; i < 200; i++, now += 50) if (!budget.take()) refused++;
    expect(refused).toBe(0);
    for (let i = 0; i < 300; i++, now += 1000 / 30) if (!budget.take()) refused++;
    expect(refused).toBeGreaterThan(0);
  });
});
