import { afterEach, describe, expect, it, vi } from 'vitest';

const page = (signedOutMeta: boolean) => ({
  querySelector: (selector: string) =>
    signedOutMeta && selector === 'meta[name="crowdmix-session"][content="none"]' ? {} : null,
});

/** Loads the module afresh with `document` standing for a page served with or without the signed-out mark. */
async function load(signedOutMeta: boolean) {
  vi.resetModules();
  vi.stubGlobal('document', page(signedOutMeta));
  return import('./get-current-user');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first auth check', () => {
  it('reads the server’s signed-out mark from the page', async () => {
    const { pageSaysSignedOut } = await load(false);
    expect(pageSaysSignedOut(page(true))).toBe(true);
    expect(pageSaysSignedOut(page(false))).toBe(false);
    expect(pageSaysSignedOut(undefined)).toBe(false);
  });

  it('on a page marked signed out: no request the first time, the API every time after (e.g. after signing in)', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 'u1' }), { status: 200 }));
    const { getCurrentUser } = await load(true);
    vi.stubGlobal('fetch', fetch);
    expect(await getCurrentUser()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(await getCurrentUser()).toEqual({ id: 'u1' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('on an unmarked page: asks the API, and a 401 means nobody', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 401 }));
    const { getCurrentUser } = await load(false);
    vi.stubGlobal('fetch', fetch);
    expect(await getCurrentUser()).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/user',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });
});
