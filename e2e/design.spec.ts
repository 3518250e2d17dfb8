/**
 * Issue 15's frictions, each in the browser: full-height chat and DJ Verse (the message box visible without
 * scrolling), the venue room's header on a phone, the venue page's links, the re-rank that keeps the pointer's
 * song, the install manifest and the service worker.
 */
import type { Page } from '@playwright/test';
import type { Song } from '../src/shared/schemas/song';
import { test, expect, signInDemo, signUp } from './fixtures';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/** The element is inside the viewport without scrolling the page. */
async function expectInViewport(page: Page, selector: ReturnType<Page['getByRole']>) {
  await expect(selector).toBeVisible();
  const box = (await selector.boundingBox())!;
  const { height, width } = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

for (const size of SIZES) {
  test(`chat and DJ Verse: the message box is visible without scrolling at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInDemo(page.context());
    await page.goto('/chat');
    await expect(page.getByTestId('chat-message').first()).toBeVisible();
    await expectInViewport(page, page.getByRole('textbox', { name: 'Global chat message' }));
    await page.goto('/ai');
    await expectInViewport(page, page.getByRole('textbox', { name: 'Message DJ Verse' }));
    await expectInViewport(page, page.getByRole('button', { name: 'Send message' }));
  });
}

test('a venue page links to its chat room, whose header on a phone names the venue and its place', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInDemo(page.context());
  const venues = (await (await page.request.get('/api/venues')).json()) as Array<{
    id: number;
    name: string;
    location: string;
  }>;
  const venue = venues[0]!;
  await page.goto(`/venue/${venue.id}/mix`);
  await page.getByRole('link', { name: `Chat in ${venue.name}` }).click();
  await expect(page).toHaveURL(`/chat?venue=${venue.id}`);
  await expect(page.getByTestId('venue-room-name')).toHaveText(venue.name);
  await expect(page.getByTestId('venue-room-place')).toContainText(venue.location);
  // Not cut to a letter: the name is laid out at (nearly) its full width.
  const fits = await page
    .getByTestId('venue-room-name')
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 || el.clientWidth > 120);
  expect(fits).toBe(true);
  await expectInViewport(page, page.getByRole('textbox', { name: 'Venue chat message' }));
});

test("the navigation's badges are read after a frame has drawn the screen, not with its first render", async ({
  page,
  context,
}) => {
  // The page's animation frames are held: their callbacks wait until the test runs them. The screen renders and its
  // own reads are made; the badges wait for a frame (ADR 039). Before, they were read from the first commit's effects.
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: FrameRequestCallback[]; __runFrames: () => void };
    w.__frames = [];
    window.requestAnimationFrame = (cb) => w.__frames.push(cb);
    window.cancelAnimationFrame = (id) => {
      if (w.__frames[id - 1]) w.__frames[id - 1] = () => {};
    };
    w.__runFrames = () => w.__frames.splice(0).forEach((run) => run(performance.now()));
  });
  await signInDemo(context);
  const badges: string[] = [];
  page.on('request', (r) => {
    if (/^\/api\/(messages\/unread-count|notifications|account)$/.test(new URL(r.url()).pathname)) badges.push(r.url());
  });
  await page.goto('/venue/1/mix');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('song-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(badges, 'the badges were read before a frame drew the screen').toEqual([]);
  await page.evaluate(() => (window as unknown as { __runFrames: () => void }).__runFrames());
  await expect.poll(() => badges.length).toBe(3);
});

test('a failed chat send says why and keeps the text', async ({ page }) => {
  await signInDemo(page.context());
  await page.route('**/api/messages/global', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"INTERNAL"}' })
      : route.fallback(),
  );
  await page.goto('/chat');
  const box = page.getByRole('textbox', { name: 'Global chat message' });
  await box.fill('hello there');
  await box.press('Enter');
  const error = page.getByTestId('chat-send-error');
  await expect(error).toContainText('Not sent: Something went wrong on our side');
  await expect(error).not.toContainText('{');
  await expect(box).toHaveValue('hello there');
});

test('a vote that re-ranks the list keeps the pointed-at song under the pointer and shows where it went', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(context);
  const body = (await (await page.request.get('/api/mix/global')).json()) as { songs: Song[] };
  const net = (s: Song) => s.upVotes - s.downVotes;
  // A song that one up vote moves past the song above it: same net score (ties go by up votes, then age).
  const i = body.songs.findIndex((s, k) => k > 0 && net(body.songs[k - 1]!) === net(s) && k < 30);
  expect(i).toBeGreaterThan(0);
  const song = body.songs[i]!;
  await page.goto('/');
  const row = page.getByRole('list', { name: /Top 100/ }).getByRole('article', { name: song.title });
  await row.scrollIntoViewIfNeeded();
  const up = row.getByRole('button', { name: `Vote up ${song.title}` });
  await up.hover();
  const before = (await row.boundingBox())!.y;
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByTestId('song-position')).not.toHaveText(String(i + 1));
  const to = await row.getByTestId('song-position').textContent();
  await expect(row.getByTestId('rank-change')).toContainText(`↑ #${to}`);
  // While the pointer stays, the row stays where it was on screen (its number already says where it went).
  await page.waitForTimeout(600);
  expect(Math.abs((await row.boundingBox())!.y - before)).toBeLessThanOrEqual(2);
  // The pointer leaves the list: the rows take their new order (the song moves up).
  await page.mouse.move(5, 5);
  await expect.poll(async () => (await row.boundingBox())!.y).toBeLessThan(before - 30);
});

test('installable: the manifest is served and valid, its icons load, the theme colour is set', async ({ page }) => {
  await page.goto('/');
  const link = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(link).toBe('/manifest.webmanifest');
  const res = await page.request.get(link!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest.name).toContain('CrowdMix');
  expect(manifest.short_name).toBe('CrowdMix');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  // Chromium's install criteria: a 192 and a 512 icon; and a maskable one for Android.
  for (const size of ['192x192', '512x512'])
    expect(manifest.icons.some((i) => i.sizes === size && i.type === 'image/png')).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const r = await page.request.get(icon.src);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
});

test("the service worker registers after the first screen's first commit, not beside its render", async ({
  page,
  context,
}) => {
  await signInDemo(context);
  // The screen's read is held for 3 s, so its first render waits (at most a second, then loading states): the
  // page's load event has long fired by then. Registered at load (before, ADR 047), the worker's chunk was asked for
  // before the screen's first commit.
  await page.route('**/api/venues', async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __firstCommit: number };
    w.__firstCommit = -1;
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (root?.firstElementChild) {
        w.__firstCommit = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/venues');
  await expect(page.getByRole('heading', { name: 'Music Venues', level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const { firstCommit, chunk } = await page.evaluate(() => ({
    firstCommit: (window as unknown as { __firstCommit: number }).__firstCommit,
    chunk:
      performance
        .getEntriesByType('resource')
        .filter((e) => /^\/assets\/service-worker-[^/]+\.js$/.test(new URL(e.name).pathname))
        .map((e) => e.startTime)[0] ?? -1,
  }));
  expect(firstCommit).toBeGreaterThan(0);
  expect(chunk).toBeGreaterThan(firstCommit);
});

test("the service worker stores all of the app's code once the page is idle; offline, a screen never opened starts into the shell", async ({
  page,
  context,
}) => {
  await signInDemo(context);
  await page.goto('/');
  const first = page.getByTestId('song-card').first();
  await expect(first).toBeVisible();
  // A song in the player, which the player bar shows again after a reload (its code is a chunk of its own).
  const title = (await first.getByRole('heading').textContent())!;
  await first.hover();
  await first.getByRole('button', { name: `Play ${title}` }).click();
  await expect(page.getByTestId('player-title')).toHaveText(title);
  // Installed and activated, the worker takes this page over (clients.claim).
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // Its store: the build's list (every script, style and font but pdf.js) and never an API answer. The first
  // version kept only what the first page had loaded: an offline start failed on the first chunk it lacked (the
  // player bar's), and the whole app went blank (ADR 041).
  const list = JSON.parse(
    /const PRECACHE = (\[[^\]]*\])/.exec(await (await page.request.get('/sw.js')).text())![1]!,
  ) as string[];
  expect(list).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/persistent-chrome-.+\.js$/),
      expect.stringMatching(/^\/assets\/playlists-page-.+\.js$/),
      expect.stringMatching(/^\/assets\/.+\.css$/),
      expect.stringMatching(/^\/assets\/.+\.woff2$/),
    ]),
  );
  expect(list.filter((f) => /pdfjs-|pdf\.worker/.test(f))).toEqual([]);
  // Stored once the page is idle after its load (the page asks; the install itself keeps only the shell).
  const stored = () =>
    page.evaluate(async () => {
      const paths: string[] = [];
      for (const key of await caches.keys())
        for (const r of await (await caches.open(key)).keys()) paths.push(new URL(r.url).pathname);
      return paths;
    });
  await expect
    .poll(async () => {
      const have = new Set(await stored());
      return list.filter((f) => !have.has(f));
    })
    .toEqual([]);
  expect((await stored()).filter((p) => p.startsWith('/api/'))).toEqual([]);

  // What failed to load, and what the page logged as an error, while offline (reported on a failure).
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${new URL(r.url()).pathname} ${r.failure()?.errorText ?? ''}`));
  page.on('pageerror', (e) => failed.push(`pageerror: ${e.message.slice(0, 200)}`));
  await context.setOffline(true);
  try {
    // A screen this page never opened: the shell starts, the screen's code comes from the store, its data fails in
    // words, and the player bar (its own chunk) is there with the song.
    await page.goto('/community-playlists');
    try {
      await expect(page.getByText("You're offline.", { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Community Playlists' })).toBeVisible();
      await expect(page.getByTestId('state-error')).toContainText("You're offline. Check your connection.");
      await expect(page.getByTestId('player-title')).toHaveText(title);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nFailed while offline: ${JSON.stringify(failed)}`, { cause: err });
    }
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test.describe('a part of the app whose code cannot load', () => {
  // The requests are failed here, by the test; a worker would answer them from its store first.
  test.use({ serviceWorkers: 'block' });

  test('the player bar and toasts: the screen goes on without them (before: the whole page went blank)', async ({
    page,
    context,
  }) => {
    await signInDemo(context);
    await page.route(/\/assets\/persistent-chrome-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    const chunkFailed = page.waitForEvent('requestfailed', (r) => r.url().includes('/assets/persistent-chrome-'));
    await page.goto('/');
    await chunkFailed;
    // The failed import has reached React by the time the next screen renders: the app is still there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venues', exact: true }).click();
    await expect(page).toHaveURL(/\/venues$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
  });

  test('a screen: it says so in words with Reload, other screens still open, and Reload brings it back', async ({
    page,
    context,
  }) => {
    await signInDemo(context);
    await page.goto('/');
    await expect(page.getByTestId('song-card').first()).toBeVisible();
    const blocked = /\/assets\/playlists-page-[^/]+\.js$/;
    await page.route(blocked, (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not load' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('CrowdMix may have been updated since you opened it.');
    // Another screen opens from there (the next location tries again).
    await page.goBack();
    await expect(page.getByTestId('song-card').first()).toBeVisible();
    await page.goForward();
    await expect(alert).toBeVisible();
    await page.unroute(blocked);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Community Playlists' })).toBeVisible();
  });
});

test("a visitor's home: the live Top 100 plays, Sign in stays in the bar, no 'Guest'; a vote asks to sign in and is cast after", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Guest', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  const list = page.getByRole('list', { name: /Top 100/ });
  await expect(list.getByTestId('song-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trending Uploads' })).toBeVisible();
  const first = list.getByTestId('song-card').first();
  const title = (await first.getByRole('heading').textContent())!;
  await first.hover();
  await first.getByRole('button', { name: `Play ${title}` }).click();
  const bar = page.getByRole('region', { name: 'Music player' });
  await expect(bar.getByTestId('player-title')).toHaveText(title);

  // A vote asks to sign in, with a button; after creating an account there, the vote is cast.
  await first.getByRole('button', { name: `Vote up ${title}` }).click();
  await expect(page.getByText('Please log in to vote on songs', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Visitor');
  await page.getByLabel('Email').fill(`e2e-visitor-${Date.now()}@example.test`);
  await page.getByLabel('Password').fill('e2e password 123');
  await page.getByRole('button', { name: 'Create account' }).click();
  const row = page.getByRole('list', { name: /Top 100/ }).getByRole('article', { name: title });
  await expect(row.getByRole('button', { name: `Vote up ${title}` })).toHaveAttribute('aria-pressed', 'true');
});

for (const size of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(`a visitor's landing does not shift as the Top 100 arrives under the hero (${size.width}×${size.height})`, async ({
    page,
  }) => {
    // Every layout shift of the load, with what moved (How It Works below the hero was pushed down by the mix).
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null }[];
        }[]) {
          if (e.hadRecentInput) continue;
          shifts.push({
            value: e.value,
            moved: e.sources.map((src) => {
              const el = src.node instanceof Element ? src.node : src.node?.parentElement;
              return el?.closest('[aria-labelledby="how-it-works"]') ? 'How It Works' : (el?.tagName ?? '?');
            }),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize(size);
    await page.goto('/');
    const total = ((await (await page.request.get('/api/mix/global')).json()) as { songs: unknown[] }).songs.length;
    await expect(page.getByRole('list', { name: /Top 100/ }).getByTestId('song-card')).toHaveCount(total);
    await page.evaluate(() => document.fonts.ready);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
    const moved = (shifts as { moved: string[] }[]).flatMap((x) => x.moved);
    expect(moved, JSON.stringify(shifts)).not.toContain('How It Works');
    const cls = (shifts as { value: number }[]).reduce((sum, x) => sum + x.value, 0);
    expect(cls, JSON.stringify(shifts)).toBeLessThan(0.05);
  });
}

test('Get Started opens Create account', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Create your account')).toBeVisible();
});

test('share dialog: Copy link comes first and takes the focus (no keyboard on a phone); it fits at 375 px', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInDemo(context);
  await page.goto('/');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Mix' });
  const copy = dialog.getByRole('button', { name: 'Copy link' });
  await expect(copy).toBeFocused();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await copy.click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/localhost:\d+\//);
});

test('track rows name the person who shared the song, never an id', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const body = (await (await page.request.get('/api/mix/global')).json()) as { songs: Song[] };
  const song = body.songs.find((s) => s.uploaderName)!;
  expect(song, 'a Top 100 song whose uploader has a name').toBeDefined();
  await page.goto('/');
  const row = page.getByRole('list', { name: /Top 100/ }).getByRole('article', { name: song.title });
  await expect(row.getByTestId('song-uploader')).toHaveText(`· added by ${song.uploaderName}`);
  await expect(row).not.toContainText(song.uploaderId.slice(0, 8));
});

test('a failed load says so in words with a Retry on every screen, never the raw "500: {json}"', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(context);
  const body = JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' });
  const fail = (pattern: string) =>
    page.route(pattern, (r) => r.fulfill({ status: 500, contentType: 'application/json', body }));
  const screens = [
    { path: '/venues', api: '**/api/venues', title: 'Venues could not be loaded' },
    { path: '/community-playlists', api: '**/api/community-playlists', title: 'Playlists could not be loaded' },
    { path: '/search?q=love', api: '**/api/search?**', title: 'Search failed' },
    { path: '/profile', api: '**/api/users/me/stats', title: 'Your activity could not be loaded' },
    { path: '/messages', api: '**/api/messages/conversations', title: 'Conversations could not be loaded' },
  ];
  for (const s of screens) {
    await fail(s.api);
    await page.goto(s.path);
    const error = page.getByTestId('state-error').filter({ hasText: s.title });
    await expect(error, s.path).toBeVisible({ timeout: 20_000 });
    await expect(error).toContainText('Something went wrong on our side. Please try again in a moment.');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('500:');
    await expect(page.locator('main')).not.toContainText('{"');
    await page.unroute(s.api);
  }
  // Retry asks again: once the server answers, the screen fills in.
  await fail('**/api/venues');
  await page.goto('/venues');
  const error = page.getByTestId('state-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/api/venues');
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Music Venues' })).toBeVisible();
});

test("the moderation screens say a failed load in words with a Retry; the audit log never claims 'nothing moderated' when it could not be read", async ({
  context,
  page,
}) => {
  // The administrator of the browser tests' server (ADMIN_EMAILS in scripts/e2e-server.mjs); created if this worker's
  // server has not seen it yet.
  const admin = {
    email: 'moderator@crowdmix.test',
    password: 'moderator password 1',
    firstName: 'Mod',
    lastName: 'Erator',
  };
  const registered = await context.request.post('/api/auth/register', { data: admin });
  if (registered.status() === 409) {
    const login = await context.request.post('/api/auth/login', {
      data: { email: admin.email, password: admin.password },
    });
    expect(login.status(), await login.text()).toBe(200);
  } else expect(registered.status(), await registered.text()).toBe(201);
  const body = JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' });
  const fail = (pattern: string) =>
    page.route(pattern, (r) => r.fulfill({ status: 500, contentType: 'application/json', body }));
  await fail('**/api/admin/reports?**');
  await fail('**/api/admin/audit');
  await page.goto('/admin');
  const reports = page.getByTestId('state-error').filter({ hasText: 'Could not load the reports' });
  await expect(reports).toBeVisible();
  await expect(reports).toContainText('Something went wrong on our side. Please try again in a moment.');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByTestId('state-error').filter({ hasText: 'Could not load the audit log' });
  await expect(audit).toBeVisible();
  await expect(page.getByText('Nothing has been moderated yet.')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('500:');
  // Retry asks again: once the server answers, the log shows what it holds.
  await page.unroute('**/api/admin/audit');
  await audit.getByRole('button', { name: 'Retry' }).click();
  await expect(audit).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Audit log' }).or(page.getByText('Nothing has been moderated yet.')),
  ).toBeVisible();
});

/** Stands in for the browser's share sheet (headless Chromium has none): records what it was asked to share. */
async function stubWebShare(page: Page, available: boolean) {
  await page.addInitScript((on) => {
    const w = window as unknown as { __shared: ShareData[] };
    w.__shared = [];
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: on
        ? (data: ShareData) => {
            w.__shared.push(data);
            return Promise.resolve();
          }
        : undefined,
    });
  }, available);
}
const shared = (page: Page) => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);

/** The dialog fits the phone's width, its first focus is Copy link (no text box: no keyboard pops up). */
async function expectPhoneShareDialog(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const copy = dialog.getByRole('button', { name: 'Copy link' });
  await expect(copy).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // Copy link comes first, then the share sheet.
  const share = dialog.getByRole('button', { name: 'Share…' });
  await expect(share).toBeVisible();
  expect((await share.boundingBox())!.y).toBeGreaterThan((await copy.boundingBox())!.y);
  const name = (await dialog.getByRole('heading').first().textContent())!.replace(/\W+/g, '-').toLowerCase();
  await page.screenshot({ path: `.tmp/shots/${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `.tmp/shots/${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  return share;
}

test('Share Your Mix on a phone: Copy link first, then the browser share sheet with the link, the image last', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await stubWebShare(page, true);
  await signInDemo(context);
  await page.goto('/');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Mix' });
  const share = await expectPhoneShareDialog(page, dialog);
  const image = dialog.getByText('Share as an image');
  expect((await image.boundingBox())!.y).toBeGreaterThan((await share.boundingBox())!.y);
  await share.click();
  const [data] = await shared(page);
  expect(data?.url).toMatch(/^http:\/\/localhost:\d+\//);
  expect(data?.title).toBeTruthy();
});

test('Share Playlist on a phone: Copy link first, then the browser share sheet; without one, no Share button', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await stubWebShare(page, true);
  await signUp(context);
  const res = await context.request.post('/api/community-playlists', {
    data: { name: 'Phone Share', collaborativeMode: 'open' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  // Share shows once the playlist has a song (an open playlist adds a proposal at once).
  const catalogue = (await (await context.request.get('/api/songs')).json()) as {
    songs: Array<{ id: number; isPrivate: boolean }>;
  };
  const songId = catalogue.songs.find((s) => !s.isPrivate)!.id;
  const added = await context.request.post(`/api/community-playlists/${id}/songs`, { data: { songId } });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto(`/community-playlists/${id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Playlist' });
  const share = await expectPhoneShareDialog(page, dialog);
  await share.click();
  const [data] = await shared(page);
  expect(data?.title).toBe('Phone Share');
  expect(data?.url).toBe(await dialog.getByTestId('share-url').textContent());

  const other = await context.newPage();
  await stubWebShare(other, false);
  await other.goto(`/community-playlists/${id}`);
  await other.getByRole('button', { name: 'Share' }).click();
  const plain = other.getByRole('dialog', { name: 'Share Playlist' });
  await expect(plain.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(plain.getByRole('button', { name: 'Share…' })).toHaveCount(0);
});

test('the 404 page on a phone: a long path wraps inside the screen, no user agent', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const path = `/${'a-very-long-path-segment-'.repeat(8)}?from=${'x'.repeat(60)}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await expect(page.getByTestId('not-found-url')).toHaveText(path);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const url = (await page.getByTestId('not-found-url').boundingBox())!;
  expect(url.x + url.width).toBeLessThanOrEqual(375);
  await expect(page.getByText(/Mozilla\/5\.0/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeInViewport();
});

for (const size of SIZES) {
  test(`a venue's mix paints the frame's top bar before the app's code runs, in the place of the real one (${size.width}×${size.height})`, async ({
    browser,
    page,
  }) => {
    // Without JavaScript: what the page paints from its HTML and styles alone, before the app's code arrives.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: size, serviceWorkers: 'block' });
    // The typeface arrives late here, as on a busy machine (a dry run once measured the picture in the fallback font).
    await bare.route(/\.woff2$/, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    const before = await bare.newPage();
    await before.goto('/venue/1/mix');
    const shell = before.locator('#frame-shell');
    await expect(shell).toBeVisible();
    await expect(shell).toHaveAttribute('aria-hidden', 'true');
    await expect(shell.getByText('CrowdMix', { exact: true })).toBeVisible();
    // Nothing in it can be focused or clicked: it is a picture of the bar, not a second one.
    expect(await shell.locator('a, button, input, [tabindex]').count()).toBe(0);
    // Measured in the app's typeface, as the real bar is: once the page's fonts are in (the picture's text is set
    // in the fallback until then, as any text is).
    await before.evaluate(() => document.fonts.ready.then(() => undefined));
    const shellBar = (await shell.locator(':scope > div').boundingBox())!;
    const shellLogo = (await shell.getByText('CrowdMix', { exact: true }).boundingBox())!;
    await bare.close();

    // With it: the real bar takes exactly that place, and the picture is gone.
    await page.setViewportSize(size);
    await page.goto('/venue/1/mix');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar).toBeVisible();
    await expect(page.locator('#frame-shell')).toBeHidden();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const realBar = (await page.locator('header').first().boundingBox())!;
    const realLogo = (await bar.getByText('CrowdMix', { exact: true }).boundingBox())!;
    expect(realBar).toEqual(shellBar);
    expect(realLogo).toEqual(shellLogo);
  });
}

test('only the screens that wait for their code and data get the frame picture; the landing and sign-in do not', async ({
  page,
}) => {
  for (const [url, expected] of [
    ['/venue/1/mix', 1],
    ['/login', 0],
    ['/', 0],
  ] as const) {
    const html = await (await page.request.get(url)).text();
    expect(html.split('id="frame-shell"').length - 1, url).toBe(expected);
  }
});
