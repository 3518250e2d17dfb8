import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, markToastShown, toast, whenToastShown } from './toast';

describe('whenToastShown', () => {
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('resolves at once when no toast is showing', async () => {
    await expect(whenToastShown(10_000)).resolves.toBeUndefined();
  });

  it('waits until the toaster has put the current toast on screen', async () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Unauthorized' });
    let settled = false;
    const waiting = whenToastShown(5_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(settled).toBe(false);
    markToastShown(id);
    await waiting;
    expect(settled).toBe(true);
  });

  it('counts a newer toast on screen as the older one seen', async () => {
    const first = toast({ title: 'First' });
    const waiting = whenToastShown(5_000);
    const second = toast({ title: 'Second' });
    expect(second).toBeGreaterThan(first);
    markToastShown(second);
    await expect(waiting).resolves.toBeUndefined();
  });

  it('gives up after its limit when the toaster never loads', async () => {
    vi.useFakeTimers();
    toast({ title: 'Offline' });
    let settled = false;
    const waiting = whenToastShown(5_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(settled).toBe(true);
  });
});
