import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { currentUserQueryKey } from '../features/auth';
import { preloadRoute } from './router';

const caller = { id: 'u-1', email: 'demo@crowdmix.local', firstName: 'Demo', lastName: 'Listener' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preloadRoute', () => {
  // A screen drawn before the session check answered showed a signed-in caller "Login to Upload", then re-drew its
  // buttons (a layout shift): the first render waits for the check with the screen's code and data.
  it.each(['/', '/venues', '/no-such-page'])('has the caller’s session before the first render of %s', async (path) => {
    let answer: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = String(input instanceof Request ? input.url : input);
        if (!url.endsWith('/api/auth/user')) return Response.json([]);
        await new Promise<void>((resolve) => (answer = resolve));
        return Response.json(caller);
      }),
    );
    const qc = createQueryClient();
    let done = false;
    const preloading = preloadRoute(path, qc).then(() => (done = true));
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    answer!();
    await preloading;
    expect(qc.getQueryData(currentUserQueryKey)).toEqual(caller);
  });

  // Drawn before, a signed-in caller's `/` showed the visitor's landing page first, and loaded the home screen after.
  it("loads a likely signed-in caller's home screen, with its reads, before the first render of /", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = String(input instanceof Request ? input.url : input);
        asked.push(url);
        return url.endsWith('/api/auth/user') ? Response.json(caller) : Response.json([]);
      }),
    );
    await preloadRoute('/', createQueryClient());
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/api\/auth\/user$/),
        expect.stringMatching(/\/api\/mix\/global$/),
        expect.stringMatching(/\/api\/songs\/trending\?limit=\d+$/),
        expect.stringMatching(/\/api\/venues$/),
      ]),
    );
  });
});
