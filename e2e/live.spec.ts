/**
 * Venue Live in three kinds of browser at once: the host's laptop (playing through the stand-in YouTube player),
 * the TV over the bar (signed out, 1920×1080) and two patrons' phones (375×812). The patrons join with the TV's
 * code, request and vote; the TV shows the new order within a second; two skip votes (the threshold with two
 * patrons present) skip the song on the host; the host's device goes away and the TV says the player is offline.
 */
import type { Browser, BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import type { LiveHostInfo, LiveView } from '../src/shared/schemas/live';
import type { Song } from '../src/shared/schemas/song';
import { test, expect, expectAccessible, holdRoomJoin, routeOutside, signUp, ownServer } from './fixtures';
import { createVenue, uid } from './fixtures/content';

const SHOTS = '/tmp/live-shots';

interface YtStub {
  current(): { videoId: string | null; state: number } | undefined;
}
const stubVideo = (page: Page) =>
  page.evaluate(() => (window as unknown as { __yt?: YtStub }).__yt?.current()?.videoId ?? null);

async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, reducedMotion, baseURL: ownServer() });
  await routeOutside(context);
  return context;
}

/** A new venue of the signed-in owner in `context` (a unique name from `name`); returns its id. */
const newVenue = async (context: BrowserContext, name: string, location: string, type: string) =>
  (await createVenue(context.request, { name: `${name} ${uid()}`, location, type })).id;

/** Counts the animations started on the TV's "Up next" rows (the FLIP moves). */
async function countFlips(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __flips: number };
    w.__flips = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      if (this instanceof HTMLElement && this.dataset.testid === 'tv-entry') w.__flips += 1;
      return animate.apply(this, args);
    };
  });
}
const flips = (page: Page) => page.evaluate(() => (window as unknown as { __flips: number }).__flips);

async function liveView(page: Page, venueId: number): Promise<LiveView> {
  const res = await page.context().request.get(`/api/venues/${venueId}/live`);
  expect(res.status()).toBe(200);
  return (await res.json()) as LiveView;
}

/** Titles on the TV's "Up next", in order. */
const tvOrder = (tv: Page) => tv.getByTestId('tv-entry-title').allTextContents();

test.describe('venue live', () => {
  test.describe.configure({ timeout: 180_000 });

  test('host plays, TV shows, patrons join with the code, request, vote and skip; the TV notices the host leaving', async ({
    browser,
  }) => {
    // --- The host: a new owner with a new venue, on a laptop.
    const hostCtx = await newContext(browser, { width: 1280, height: 800 });
    await signUp(hostCtx);
    const venueId = await newVenue(hostCtx, 'The Dive Bar', 'Leeds', 'bar');
    const host = await hostCtx.newPage();
    await host.goto(`/venue/${venueId}/live/host`);
    await expect(host.getByRole('heading', { level: 1 })).toBeVisible();
    await host.getByRole('button', { name: 'Start the live session' }).click();
    await expect(host.getByRole('heading', { name: 'Playing on this device' })).toBeVisible();
    // The session fills itself from the Top 100; the host's player plays what the server says is playing.
    await expect
      .poll(async () => (await liveView(host, venueId)).state.nowPlaying?.song.youtubeId ?? null)
      .not.toBeNull();
    const first = (await liveView(host, venueId)).state.nowPlaying!;
    await expect.poll(() => stubVideo(host), { timeout: 15_000 }).toBe(first.song.youtubeId);
    const info = (await (await hostCtx.request.get(`/api/venues/${venueId}/live/host`)).json()) as LiveHostInfo;

    // --- The TV, signed out, opened with the host's TV link.
    const tvCtx = await newContext(browser, { width: 1920, height: 1080 });
    // The TV's socket goes through here, so the test can cut it (and keep it cut) like a flaky bar Wi-Fi would.
    const tvSockets: WebSocketRoute[] = [];
    let cut = false;
    await tvCtx.routeWebSocket(/\/ws$/, (ws) => {
      if (cut) return void ws.close({ code: 1001, reason: 'cut' });
      ws.connectToServer();
      tvSockets.push(ws);
    });
    await countFlips(tvCtx);
    const tv = await tvCtx.newPage();
    await tv.goto(info.tvPath);
    // A second TV whose viewer asked for reduced motion: the order changes without the glide.
    const calmCtx = await newContext(browser, { width: 1920, height: 1080 }, 'reduce');
    await countFlips(calmCtx);
    const calm = await calmCtx.newPage();
    await calm.goto(info.tvPath);
    await expect(tv.getByTestId('tv-now-playing')).toHaveText(first.song.title);
    const code = (await tv.getByTestId('tv-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4,10}$/);
    await expect(tv.getByTestId('join-qr')).toBeVisible();

    // --- Two patrons: A scans the QR code (its /join link), B types the code.
    const aCtx = await newContext(browser, { width: 375, height: 812 });
    const bCtx = await newContext(browser, { width: 375, height: 812 });
    await signUp(aCtx);
    await signUp(bCtx);
    const a = await aCtx.newPage();
    const b = await bCtx.newPage();
    await a.goto(`/join/${code}`);
    await expect(a).toHaveURL(new RegExp(`/venue/${venueId}/live$`));
    await expect(a.getByText('You’re in: request songs and vote for what plays next.')).toBeVisible();
    await b.goto(`/venue/${venueId}/live`);
    await b.getByLabel('Join code from the venue’s screen').fill(code.toLowerCase());
    await b.getByRole('button', { name: 'Join' }).click();
    await expect(b.getByText('You’re in: request songs and vote for what plays next.')).toBeVisible();

    // Two songs of the catalogue with a video, neither playing nor waiting.
    const taken = new Set([first.song.id, ...(await liveView(a, venueId)).state.queue.map((e) => e.song.id)]);
    const mix = (await (await aCtx.request.get('/api/mix/global')).json()) as { songs: Song[] } | Song[];
    const songs = (Array.isArray(mix) ? mix : mix.songs).filter(
      (s) => s.youtubeId && !taken.has(s.id) && (s.duration ?? 0) <= 600,
    );
    const [x, y] = songs;
    expect(y).toBeDefined();

    const request = async (page: Page, song: Song) => {
      await page.getByLabel('Search for a song').fill(song.title);
      await page.getByRole('button', { name: `Request ${song.title} by ${song.artist}`, exact: true }).click();
      await expect(page.getByTestId('request-answer')).toHaveText(/queue/i);
    };
    await request(a, x);
    await request(b, y);
    // A's own request is highlighted with its waiting time.
    const mine = a.locator('[data-testid="queue-entry"][data-mine]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(x.title);
    await expect(mine).toContainText(/plays in about \d+ min/);

    // Both requests are on the TV, X (earlier) before Y.
    await expect
      .poll(async () => (await tvOrder(tv)).filter((t) => t === x.title || t === y.title))
      .toEqual([x.title, y.title]);

    // A votes Y up: the TV shows Y before X, pushed over its socket (no fetch of the room's state in between; a
    // wall-clock limit here would measure the machine's load, not the push).
    const tvViewFetches: string[] = [];
    tv.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/venues/${venueId}/live`)
        tvViewFetches.push(r.url());
    });
    const voteY = a.getByRole('button', { name: `Vote up ${y.title}`, exact: true });
    await Promise.all([
      a.waitForResponse((r) => r.url().includes('/vote') && r.request().method() === 'POST' && r.ok()),
      voteY.click(),
    ]);
    await expect
      .poll(async () => (await tvOrder(tv)).filter((t) => t === x.title || t === y.title))
      .toEqual([y.title, x.title]);
    expect(tvViewFetches).toEqual([]);
    await expect(voteY).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => (await tvOrder(calm)).filter((t) => t === x.title || t === y.title))
      .toEqual([y.title, x.title]);
    expect(await flips(tv)).toBeGreaterThan(0);
    expect(await flips(calm)).toBe(0);
    await calmCtx.close();

    // The TV loses its socket and cannot get it back for a while: a vote in the meantime still reaches it (it polls
    // while the socket is down), and it opens a socket again by itself once it can.
    cut = true;
    const opened = tvSockets.length;
    await Promise.all(tvSockets.map((ws) => ws.close({ code: 1001, reason: 'cut' })));
    await Promise.all([
      b.waitForResponse((r) => r.url().includes('/vote') && r.request().method() === 'POST' && r.ok()),
      b.getByRole('button', { name: `Vote up ${x.title}`, exact: true }).click(),
    ]);
    // X and Y have a vote each now: the earlier request (X) goes first.
    await expect
      .poll(async () => (await tvOrder(tv)).filter((t) => t === x.title || t === y.title))
      .toEqual([x.title, y.title]);
    cut = false;
    await expect.poll(() => tvSockets.length, { timeout: 20_000 }).toBeGreaterThan(opened);

    // --- Screens: accessible, and a picture of each.
    await expectAccessible(a);
    await expectAccessible(tv);
    await expectAccessible(host, ['[data-testid="player-bar"]']);
    await a.evaluate(() => window.scrollTo(0, 0));
    await host.evaluate(() => window.scrollTo(0, 0));
    await tv.screenshot({ path: `${SHOTS}/tv-1920x1080.png` });
    await a.screenshot({ path: `${SHOTS}/patron-375x812.png` });
    await a.screenshot({ path: `${SHOTS}/patron-375-full.png`, fullPage: true });
    await host.screenshot({ path: `${SHOTS}/host-1280x800.png` });
    await host.screenshot({ path: `${SHOTS}/host-1280-full.png`, fullPage: true });

    // --- Vote to skip: two patrons present, so two votes skip; the host's player moves on.
    const playing = (await liveView(a, venueId)).state.nowPlaying!;
    const tvFirst = (await tvOrder(tv))[0];
    await expect(a.getByTestId('skip-count')).toHaveText('0 of 2 needed');
    await a.getByRole('button', { name: 'Vote to skip' }).click();
    await expect(a.getByRole('button', { name: 'You voted to skip' })).toBeVisible();
    await expect(b.getByTestId('skip-count')).toHaveText('1 of 2 needed');
    await b.getByRole('button', { name: 'Vote to skip' }).click();
    await expect.poll(async () => (await liveView(host, venueId)).state.nowPlaying?.entryId).not.toBe(playing.entryId);
    const next = (await liveView(host, venueId)).state.nowPlaying!;
    // What plays next is what the TV had at the top of "Up next".
    expect(next.song.title).toBe(tvFirst);
    // A's skip vote was for the song that was skipped: the new song can be voted on afresh.
    await expect(a.getByTestId('now-playing-title')).toHaveText(next.song.title);
    await expect(a.getByRole('button', { name: 'Vote to skip' })).toBeEnabled();
    await expect(a.getByTestId('skip-count')).toHaveText('0 of 2 needed');
    await expect.poll(() => stubVideo(host), { timeout: 10_000 }).toBe(next.song.youtubeId);
    await expect(tv.getByTestId('tv-now-playing')).toHaveText(next.song.title);

    // --- The host's laptop goes away: within seconds the TV says the player is offline.
    await hostCtx.close();
    await expect(tv.getByTestId('live-status')).toHaveText("Paused — the venue's player is offline", {
      timeout: 40_000,
    });
    await expect(a.getByTestId('live-status')).toHaveText("Paused — the venue's player is offline", {
      timeout: 10_000,
    });
    await tv.screenshot({ path: `${SHOTS}/tv-offline-1920x1080.png` });

    await Promise.all([tvCtx.close(), aCtx.close(), bCtx.close()]);
  });

  test('a change made after the TV read the room but before its socket joined it reaches the TV', async ({
    browser,
  }) => {
    const hostCtx = await newContext(browser, { width: 1280, height: 800 });
    await signUp(hostCtx);
    const venueId = await newVenue(hostCtx, 'Night Owl', 'Hull', 'club');
    const deviceId = `e2e-host-${Date.now().toString(36)}`;
    const started = await hostCtx.request.post(`/api/venues/${venueId}/live/session`, { data: { deviceId } });
    expect(started.status(), await started.text()).toBe(200);
    const info = (await started.json()) as LiveHostInfo;
    const host = await hostCtx.newPage();
    await expect.poll(async () => (await liveView(host, venueId)).state.nowPlaying?.song.title ?? null).not.toBeNull();
    const before = (await liveView(host, venueId)).state;

    // The TV's request to join the room reaches the server only after the host has skipped, as on a slow bar Wi-Fi:
    // the state it read is the old one, and the room's broadcast of the new one went to sockets already in the room.
    const tvCtx = await newContext(browser, { width: 1920, height: 1080 });
    const join = await holdRoomJoin(tvCtx, `live:${venueId}`);
    const tv = await tvCtx.newPage();
    await tv.goto(info.tvPath);
    await expect(tv.getByTestId('tv-now-playing')).toHaveText(before.nowPlaying!.song.title);
    await join.requested;
    // Keeps the host's device alive meanwhile, so that no "player offline" change brings the TV a fresh state.
    const beat = await hostCtx.request.post(`/api/venues/${venueId}/live/heartbeat`, { data: { deviceId } });
    expect(beat.status(), await beat.text()).toBe(200);
    const skipped = await hostCtx.request.post(`/api/venues/${venueId}/live/control`, { data: { action: 'skip' } });
    expect(skipped.status(), await skipped.text()).toBe(200);
    const after = (await liveView(host, venueId)).state;
    expect(after.nowPlaying?.entryId).not.toBe(before.nowPlaying!.entryId);
    join.release();
    await expect(tv.getByTestId('tv-now-playing')).toHaveText(after.nowPlaying!.song.title, { timeout: 10_000 });
    await Promise.all([tvCtx.close(), hostCtx.close()]);
  });

  test('sign in from the join link and come back joined; refusals in words; bans with undo; a second host device takes over', async ({
    browser,
  }) => {
    const hostCtx = await newContext(browser, { width: 1280, height: 800 });
    await signUp(hostCtx);
    const venueId = await newVenue(hostCtx, 'Corner Café', 'York', 'cafe');
    const first = await hostCtx.newPage();
    await first.goto(`/venue/${venueId}/live/host`);
    await first.getByRole('button', { name: 'Start the live session' }).click();
    await expect(first.getByRole('heading', { name: 'Playing on this device' })).toBeVisible();
    await expect
      .poll(async () => (await liveView(first, venueId)).state.nowPlaying?.song.youtubeId ?? null)
      .not.toBeNull();
    const playing = (await liveView(first, venueId)).state.nowPlaying!;
    await expect.poll(() => stubVideo(first), { timeout: 15_000 }).toBe(playing.song.youtubeId);

    // Settings: one waiting song per patron.
    await first.getByLabel('Songs waiting per patron').fill('1');
    await first.getByRole('button', { name: 'Save settings' }).click();
    await expect(first.getByText('Settings saved', { exact: true })).toBeVisible();

    // A signed-out patron scans the code: signs up from the join page and comes back joined.
    const codeRes = await hostCtx.request.get(`/api/venues/${venueId}/live/code`);
    expect(codeRes.status(), await codeRes.text()).toBe(200);
    const { code } = (await codeRes.json()) as { code: string };
    const pCtx = await newContext(browser, { width: 375, height: 812 });
    const p = await pCtx.newPage();
    await p.goto('/join/NOTACODE');
    await p.getByRole('link', { name: 'Sign in to join' }).click();
    await expect(p).toHaveURL(/\/login\?next=/);
    await p.getByRole('button', { name: 'Create an account' }).click();
    await p.getByLabel('First name').fill('Pat');
    await p.getByLabel('Last name').fill('Ron');
    const patronEmail = `e2e-live-${Date.now().toString(36)}@example.test`;
    await p.getByLabel('Email').fill(patronEmail);
    await p.getByLabel('Password').fill('e2e password 123');
    await p.getByRole('button', { name: 'Create account' }).click();
    // Back on the join link, whose code is wrong: the server's words, and a box for the right code.
    await expect(p.getByRole('alert')).toHaveText("This code is not valid. Check the code on the venue's screen");
    await p.getByLabel('Join code from the venue’s screen').fill(code);
    await p.getByRole('button', { name: 'Join' }).click();
    await expect(p).toHaveURL(new RegExp(`/venue/${venueId}/live$`));

    // Two requests with a cap of one: the second is refused in words.
    const taken = new Set([playing.song.id, ...(await liveView(p, venueId)).state.queue.map((e) => e.song.id)]);
    const mix = (await (await pCtx.request.get('/api/mix/global')).json()) as { songs: Song[] } | Song[];
    const [x, y] = (Array.isArray(mix) ? mix : mix.songs).filter(
      (s) => s.youtubeId && !taken.has(s.id) && (s.duration ?? 0) <= 600 && s.artist !== playing.song.artist,
    );
    const request = async (song: Song) => {
      await p.getByLabel('Search for a song').fill(song.title);
      await p.getByRole('button', { name: `Request ${song.title} by ${song.artist}`, exact: true }).click();
    };
    await request(x);
    await expect(p.getByTestId('request-answer')).toHaveText(/queue/i);
    await request(y);
    await expect(p.getByTestId('request-answer')).toHaveText(
      'You already have 1 song waiting. Request more once one has played.',
    );

    // The host bans X's artist: X leaves the queue at once; Undo lifts the ban.
    await first.getByRole('button', { name: `Ban the artist ${x.artist}`, exact: true }).click();
    await expect(p.getByTestId('queue-title').filter({ hasText: x.title })).toHaveCount(0);
    const undo = first.getByRole('button', { name: `Undo ban of ${x.artist}`, exact: true });
    await expect(undo).toBeVisible();
    await undo.click();
    await expect(undo).toHaveCount(0);

    // A second device (another tab) asks before taking over; the first one stops and says so.
    const second = await hostCtx.newPage();
    await second.goto(`/venue/${venueId}/live/host`);
    await second.getByRole('button', { name: 'Play here' }).click();
    const ask = second.getByRole('alertdialog', { name: 'Take over' });
    await expect(ask).toContainText('Another device is playing for this venue.');
    await ask.getByRole('button', { name: 'Take over' }).click();
    await expect(second.getByRole('heading', { name: 'Playing on this device' })).toBeVisible();
    await expect(first.getByRole('alert').filter({ hasText: 'This device stopped playing.' })).toContainText(
      'another device took over',
    );
    await expect(first.getByRole('button', { name: 'Play here' })).toBeVisible();
    await expect
      .poll(() => first.evaluate(() => (window as unknown as { __yt: YtStub }).__yt.current()?.state))
      .not.toBe(1);
    const now = (await liveView(second, venueId)).state.nowPlaying!;
    await expect.poll(() => stubVideo(second), { timeout: 15_000 }).toBe(now.song.youtubeId);

    // The player's reports: a pause pauses the venue (patrons see it), play resumes it; a song that ends moves on
    // ('played'), a video YouTube refuses (error 150) is skipped as unplayable.
    const controls = second.getByRole('group', { name: 'Host controls' });
    await controls.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(p.getByTestId('live-status')).toHaveText('Paused by the host');
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(p.getByTestId('live-status')).toHaveCount(0);
    const history = async () =>
      (await (await pCtx.request.get(`/api/venues/${venueId}/live/history`)).json()) as {
        entryId: number;
        status: string;
      }[];
    await second.evaluate(() => (window as unknown as { __yt: { end(): void } }).__yt.end());
    await expect.poll(async () => (await history()).find((r) => r.entryId === now.entryId)?.status).toBe('played');
    await expect.poll(async () => (await liveView(second, venueId)).state.nowPlaying?.entryId).not.toBe(now.entryId);
    const after = (await liveView(second, venueId)).state.nowPlaying!;
    await expect.poll(() => stubVideo(second), { timeout: 15_000 }).toBe(after.song.youtubeId);
    await second.evaluate(() => (window as unknown as { __yt: { error(c: number): void } }).__yt.error(150));
    await expect
      .poll(async () => (await history()).find((r) => r.entryId === after.entryId)?.status)
      .toBe('unplayable');

    // Tonight's report and its CSV; the owner adds the patron as a co-host by email.
    await expect(second.getByText('Songs played', { exact: true })).toBeVisible();
    const csvHref = await second.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await hostCtx.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    await first.getByLabel('Add a co-host by email').fill(patronEmail);
    await first.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(first.getByRole('list', { name: 'Co-hosts' })).toContainText('Pat');
    await expectAccessible(second, ['[data-testid="player-bar"]']);

    await Promise.all([hostCtx.close(), pCtx.close()]);
  });
});
