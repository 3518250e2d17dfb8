import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The toaster is not mounted here: every toast counts as on screen at once.
vi.mock('./toast', () => ({ toast: vi.fn(), whenToastShown: vi.fn(() => Promise.resolve()) }));
const { toast } = await import('./toast');
const { ApiError } = await import('./api-client');
const { createQueryClient } = await import('./query-client');
const { notifyError } = await import('./notify-error');

const assign = vi.fn();
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { assign }, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) });
});
afterEach(() => {
  vi.mocked(toast).mockClear();
  assign.mockClear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const unauthorized = () => new ApiError(401, '{"message":"Unauthorized"}', 'Unauthorized');
const serverError = () => new ApiError(500, '{"message":"Something broke"}', 'Internal Server Error');

/** Runs one failing mutation through the query client, the way useMutation does, with its own onError. */
async function failMutation(
  err: Error,
  options: { meta?: { handlesUnauthorized?: boolean }; onError?: (err: unknown) => void } = {},
) {
  const qc = createQueryClient();
  const mutation = qc.getMutationCache().build(qc, {
    mutationFn: () => Promise.reject(err),
    meta: options.meta,
    onError: options.onError,
  });
  await mutation.execute(undefined).catch(() => undefined);
  await vi.advanceTimersByTimeAsync(1000);
}

const titles = () => vi.mocked(toast).mock.calls.map(([t]) => t.title);

describe('401 handling in the query client', () => {
  it('a 401 from any mutation says Unauthorized once and goes to sign-in once', async () => {
    await failMutation(unauthorized(), { onError: (err) => notifyError(err, 'Join Failed') });
    expect(titles()).toEqual(['Unauthorized']);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('a mutation that handles its own 401 is left alone', async () => {
    await failMutation(unauthorized(), { meta: { handlesUnauthorized: true } });
    expect(toast).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('other errors are the screen’s: notifyError shows the server’s message, no redirect', async () => {
    await failMutation(serverError(), { onError: (err) => notifyError(err, 'Join Failed', 'Failed to join') });
    expect(vi.mocked(toast).mock.calls).toEqual([
      [{ title: 'Join Failed', description: 'Something broke', variant: 'destructive' }],
    ]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a screen that still calls handleUnauthorized for the same error adds nothing', async () => {
    const { handleUnauthorized } = await import('./auth-redirect');
    let again: boolean | undefined;
    await failMutation(unauthorized(), { onError: (err) => (again = handleUnauthorized(err)) });
    expect(again).toBe(true);
    expect(titles()).toEqual(['Unauthorized']);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('notifyError with a fixed description ignores the server’s text', () => {
    notifyError(serverError(), 'Error', { description: 'Failed to create venue. Please try again.' });
    expect(vi.mocked(toast).mock.calls[0][0].description).toBe('Failed to create venue. Please try again.');
  });
});
