/** Social: chat rooms live between two browsers, private messages with unread counts, moods, profile, XSS, axe. */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  test,
  expect,
  deferred,
  expectAccessible,
  holdRoomJoin,
  newAccount,
  routeOutside,
  signUp,
  receivedFrame,
  type Account,
} from './fixtures';
import { createVenue } from './fixtures/content';

const XSS_NAME = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';

/** A signed-in browser of its own; any JavaScript dialog fails the test. */
async function person(browser: Browser, account: Account, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await routeOutside(context);
  await signUp(context, account);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { context, page, dialogs, account };
}

async function shot(page: Page, name: string) {
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: `.tmp/shots/social-${name}.png`, fullPage: false });
}

const composer = (page: Page, placeholder: string) => page.getByPlaceholder(placeholder);

test.describe('social', () => {
  // Two browsers and several axe scans on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });

  test('a message that arrives while the room is still loading its history is not lost', async ({ browser }) => {
    const alice = await person(browser, newAccount('Alice'));
    const bob = await person(browser, newAccount('Bob'));
    contexts.push(alice.context, bob.context);
    // Bob's history is read by the server at once but reaches his page only later, as on a slow phone: a message
    // written meanwhile comes over the socket before the history that does not hold it.
    const held = deferred();
    const historyRead = deferred();
    let first = true;
    await bob.page.route('**/api/messages/global', async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      historyRead.resolve();
      await held.promise;
      await route.fulfill({ response }).catch(() => {}); // the app may have dropped this request meanwhile
    });
    const hello = `Early hello ${Date.now()}`;
    // The server's confirmation, not the page's request: until the server has put the socket in the room, a message
    // is broadcast without it (under load the request frame was sent, Alice's message went out before the server read
    // it, and the frame awaited below never came: a 240 s timeout in a run of `npm test`).
    const subscribed = receivedFrame(bob.page, (f) => f.includes('"type":"subscribed","room":"global"'));
    const arrived = receivedFrame(bob.page, (f) => f.includes(hello));
    await bob.page.goto('/chat');
    await Promise.all([historyRead.promise, subscribed]);
    const sent = await alice.context.request.post('/api/messages/global', { data: { content: hello } });
    expect(sent.status(), await sent.text()).toBe(201);
    await arrived;
    held.resolve();
    const log = bob.page.getByRole('log', { name: 'Global chat messages' });
    await expect(log.getByText('Welcome to CrowdMix!', { exact: false })).toBeVisible();
    await expect(log.getByText(hello)).toBeVisible();
  });

  test('a message written after the history was read but before the socket joined the room is not lost', async ({
    browser,
  }) => {
    const alice = await person(browser, newAccount('Alice'));
    const bob = await person(browser, newAccount('Bob'));
    contexts.push(alice.context, bob.context);
    // Bob's request to join the room reaches the server only after Alice has written, as on a slow link: the history
    // he read does not hold her message, and the room's broadcast of it went to sockets already in the room.
    const join = await holdRoomJoin(bob.page, 'global');
    await bob.page.goto('/chat');
    const log = bob.page.getByRole('log', { name: 'Global chat messages' });
    await expect(log.getByText('Welcome to CrowdMix!', { exact: false })).toBeVisible();
    await join.requested;
    const hello = `Between the read and the join ${Date.now()}`;
    const sent = await alice.context.request.post('/api/messages/global', { data: { content: hello } });
    expect(sent.status(), await sent.text()).toBe(201);
    join.release();
    await expect(log.getByText(hello)).toBeVisible();
  });

  test('a message the socket delivers while a catch-up read is on its way is kept when the read lands', async ({
    browser,
  }) => {
    const alice = await person(browser, newAccount('Alice'));
    const bob = await person(browser, newAccount('Bob'));
    contexts.push(alice.context, bob.context);
    // Bob's catch-up read (after the server confirms the room) is answered before Alice writes, and reaches his page
    // only after her message came over the socket: the read's older answer must not replace what the socket brought.
    const answered = deferred();
    const deliver = deferred();
    await bob.page.route(/\/api\/messages\/global\?after=/, async (route) => {
      const response = await route.fetch();
      answered.resolve();
      await deliver.promise;
      await route.fulfill({ response });
    });
    const join = await holdRoomJoin(bob.page, 'global');
    await bob.page.goto('/chat');
    const log = bob.page.getByRole('log', { name: 'Global chat messages' });
    await expect(log.getByText('Welcome to CrowdMix!', { exact: false })).toBeVisible();
    await join.requested;
    join.release();
    await answered.promise;
    const hello = `During the catch-up ${Date.now()}`;
    const sent = await alice.context.request.post('/api/messages/global', { data: { content: hello } });
    expect(sent.status(), await sent.text()).toBe(201);
    await expect(log.getByText(hello)).toBeVisible();
    const landed = bob.page.waitForEvent('requestfinished', (r) => r.url().includes('/api/messages/global?after='));
    deliver.resolve();
    await landed;
    // The read's answer is applied within a frame or two of landing.
    await bob.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(log.getByText(hello)).toHaveCount(1);
  });

  test('global and venue messages reach the other browser live; hostile text stays text', async ({ browser }) => {
    const alice = await person(browser, newAccount('Alice'));
    const mallory = await person(browser, { ...newAccount('x'), firstName: XSS_NAME, lastName: 'Tester' });
    contexts.push(alice.context, mallory.context);
    await alice.page.goto('/chat');
    await mallory.page.goto('/chat');
    await expect(alice.page.getByRole('heading', { name: 'Global Music Discussion' })).toBeVisible();
    await expect(alice.page.getByText('Chat with music lovers from around the world')).toBeVisible();
    // Demo history is there, newest last.
    await expect(
      alice.page.getByRole('log', { name: 'Global chat messages' }).getByText('Welcome to CrowdMix!', { exact: false }),
    ).toBeVisible();

    const hello = `Hello from Alice ${Date.now()}`;
    await composer(alice.page, 'Type a message...').fill(hello);
    await composer(alice.page, 'Type a message...').press('Enter');
    await expect(composer(alice.page, 'Type a message...')).toHaveValue('');
    await expect(mallory.page.getByRole('log', { name: 'Global chat messages' }).getByText(hello)).toBeVisible();
    // Own messages sit on the right, others' on the left with name and relative time.
    await expect(alice.page.locator('[data-testid=chat-message][data-own=true]').getByText(hello)).toBeVisible();
    const seen = mallory.page.locator('[data-testid=chat-message]', { hasText: hello });
    await expect(seen.getByText('Alice Tester')).toBeVisible();
    await expect(seen.getByText(/ago$/)).toBeVisible();

    // Shift+Enter makes a new line instead of sending.
    const box = composer(mallory.page, 'Type a message...');
    await box.fill('line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('line two');
    await expect(box).toHaveValue('line one\nline two');
    await box.fill(SCRIPT);
    await box.press('Enter');
    await expect(
      alice.page.getByRole('log', { name: 'Global chat messages' }).getByText(SCRIPT, { exact: true }),
    ).toBeVisible();
    await expect(alice.page.getByText(`${XSS_NAME} Tester`).first()).toBeVisible();

    // Venue chat: both pick the same venue.
    for (const p of [alice.page, mallory.page]) {
      await p.getByRole('tab', { name: 'Venue Chat' }).click();
      await expect(p.getByRole('heading', { name: 'Select a Venue' })).toBeVisible();
      await expect(p.getByPlaceholder('Type a venue message...')).toHaveCount(0);
    }
    const venueButton = (p: Page) => p.getByRole('tabpanel').getByRole('button').first();
    const venueName = (await venueButton(alice.page).locator('span.truncate.font-medium').textContent())!;
    await venueButton(alice.page).click();
    await mallory.page
      .getByRole('tabpanel')
      .getByRole('button', { name: new RegExp(venueName) })
      .click();
    await expect(alice.page.getByRole('heading', { name: venueName })).toBeVisible();
    await expect(alice.page.getByText('2 users in venue')).toBeVisible({ timeout: 40_000 });
    const v = `Venue hello ${Date.now()} <img src=x onerror=alert(1)>`;
    await composer(mallory.page, 'Type a venue message...').fill(v);
    await mallory.page.getByRole('button', { name: 'Send message' }).click();
    await expect(
      alice.page.getByRole('log', { name: 'Venue chat messages' }).getByText(v, { exact: true }),
    ).toBeVisible();
    // Everyone online sees Alice is in the venue.
    await expect(
      mallory.page.getByRole('complementary', { name: 'Online users' }).getByText(`In venue: ${venueName}`).first(),
    ).toBeVisible();
    await shot(alice.page, 'chat-venue-1280');
    await alice.page.getByRole('button', { name: 'Back to Venues' }).click();
    await expect(alice.page.getByRole('heading', { name: 'Select a Venue' })).toBeVisible();

    expect(alice.dialogs).toEqual([]);
    expect(mallory.dialogs).toEqual([]);
  });

  test('a private conversation started from the online panel, with unread counts that clear when read', async ({
    browser,
  }) => {
    const alice = await person(browser, newAccount('Alicia'));
    const bob = await person(browser, { ...newAccount('Bobby'), lastName: XSS_NAME });
    contexts.push(alice.context, bob.context);
    await bob.page.goto('/chat');
    await alice.page.goto('/chat');
    const panel = alice.page.getByRole('complementary', { name: 'Online users' });
    await expect(panel.getByText(`Bobby ${XSS_NAME}`)).toBeVisible();
    await expect(panel.getByText('(you)')).toBeVisible();
    await panel.getByRole('link', { name: `Message Bobby ${XSS_NAME}` }).click();
    await expect(alice.page).toHaveURL(new RegExp(`/messages\\?with=`));
    await expect(alice.page.getByRole('heading', { name: `Bobby ${XSS_NAME}` })).toBeVisible();
    await expect(alice.page.getByText('New conversation')).toBeVisible();

    const box = alice.page.getByLabel(`Message to Bobby ${XSS_NAME}`);
    await box.fill('Hi Bobby, want to meet at the venue?');
    await box.press('Enter');
    await expect(alice.page.getByTestId('private-message')).toHaveCount(1);
    await box.fill(SCRIPT);
    await box.press('Enter');
    await expect(alice.page.getByTestId('private-message')).toHaveCount(2);

    // Bob's navigation shows the unread count live.
    await expect(bob.page.getByRole('link', { name: 'Messages, 2 unread' })).toBeVisible();
    await bob.page.getByRole('link', { name: 'Messages, 2 unread' }).click();
    await expect(bob.page.getByRole('heading', { name: 'Select a Conversation' })).toBeVisible();
    const conv = bob.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /Alicia Tester/ });
    await expect(conv.getByLabel('2 unread')).toBeVisible();
    await expect(conv.getByText(SCRIPT)).toBeVisible();
    await shot(bob.page, 'messages-list-1280');
    await conv.click();
    await expect(
      bob.page.getByTestId('private-message').getByText('Hi Bobby, want to meet at the venue?'),
    ).toBeVisible();
    await expect(bob.page.getByTestId('private-message').getByText(SCRIPT)).toBeVisible();
    await expect(bob.page.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(conv.getByLabel('2 unread')).toHaveCount(0);
    await bob.page.getByLabel('Message to Alicia Tester').fill('Sure, see you there!');
    await bob.page.getByLabel('Message to Alicia Tester').press('Enter');
    // The conversation list's preview shows the same text: look in the thread only.
    await expect(alice.page.getByTestId('private-message').getByText('Sure, see you there!')).toBeVisible();
    await shot(bob.page, 'messages-thread-1280');
    expect(alice.dialogs).toEqual([]);
    expect(bob.dialogs).toEqual([]);
  });

  test('own mood through the Mood dialog; another user sees it view-only in a popover', async ({ browser }) => {
    const alice = await person(browser, newAccount('Moody'));
    const bob = await person(browser, newAccount('Watcher'));
    contexts.push(alice.context, bob.context);
    await alice.page.goto('/chat');
    await bob.page.goto('/chat');
    await alice.page.getByRole('button', { name: 'Set your mood' }).first().click();
    const dialog = alice.page.getByRole('dialog', { name: 'Set Your Music Mood' });
    await expect(dialog).toBeVisible();
    for (const d of [
      'High-energy tracks to get pumped up',
      'Relaxed vibes and laid-back tunes',
      'Love songs and intimate melodies',
      'Concentration music and ambient sounds',
      'Dance hits and party anthems',
      'Thoughtful and introspective music',
      'Happy and positive vibes',
    ]) {
      await expect(dialog.getByText(d)).toBeVisible();
    }
    await shot(alice.page, 'mood-dialog-1280');
    await expectAccessible(alice.page);
    await dialog.getByRole('button', { name: /Chill/ }).click();
    await expect(dialog).toBeHidden();
    await expect(alice.page.getByText('Mood updated!', { exact: true })).toBeVisible();
    await expect(alice.page.getByRole('button', { name: 'Your mood: Chill. Change mood' }).first()).toBeVisible();

    const panel = bob.page.getByRole('complementary', { name: 'Online users' });
    const badge = panel.getByRole('button', { name: "Moody Tester's mood: Chill" });
    await expect(badge).toBeVisible({ timeout: 15_000 });
    await badge.click();
    const pop = bob.page.getByRole('dialog', { name: "Moody Tester's mood" });
    await expect(pop.getByText('Relaxed vibes and laid-back tunes')).toBeVisible();
    await expect(pop.getByText('Only Moody Tester can change this mood.')).toBeVisible();
    await expect(pop.getByRole('button')).toHaveCount(0);
    await shot(bob.page, 'mood-popover-1280');
    await bob.page.keyboard.press('Escape');

    // Clearing the mood.
    await alice.page.getByRole('button', { name: 'Your mood: Chill. Change mood' }).first().click();
    await alice.page
      .getByRole('dialog', { name: 'Set Your Music Mood' })
      .getByRole('button', { name: 'Clear mood' })
      .click();
    await expect(alice.page.getByRole('button', { name: 'Set your mood' }).first()).toBeVisible();
  });

  test('messages on a 375 px phone: the list and the thread alternate with a back button', async ({ browser }) => {
    const alice = await person(browser, newAccount('Phone'), { width: 375, height: 740 });
    const bob = await person(browser, newAccount('Desk'));
    contexts.push(alice.context, bob.context);
    const bobId = (await (await bob.context.request.get('/api/auth/user')).json()).id as string;
    const r = await alice.context.request.post('/api/messages', {
      data: { receiverId: bobId, content: 'pocket hello' },
    });
    expect(r.status()).toBe(201);
    await alice.page.goto('/messages');
    const list = alice.page.getByRole('navigation', { name: 'Conversations' });
    await expect(list.getByRole('button', { name: /Desk Tester/ })).toBeVisible();
    await expect(alice.page.getByRole('heading', { name: 'Select a Conversation' })).toBeHidden();
    await shot(alice.page, 'messages-list-375');
    await expectAccessible(alice.page);
    await list.getByRole('button', { name: /Desk Tester/ }).click();
    await expect(list).toBeHidden();
    await expect(alice.page.getByTestId('private-message').getByText('pocket hello')).toBeVisible();
    await shot(alice.page, 'messages-thread-375');
    await expectAccessible(alice.page);
    await alice.page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(list).toBeVisible();
  });

  test('visitors on Messages get a toast and go to sign in', async ({ page }) => {
    // The page leaves for sign-in 500 ms after the toast. Holding that navigation does not work (a locator waits for
    // a pending navigation to finish), so the page itself notes the toast in sessionStorage, which outlives the
    // same-origin navigation, and the test reads it on the sign-in page.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('You are logged out. Logging in again...')) {
          sessionStorage.setItem('e2e-toast-seen', 'yes');
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/messages', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-toast-seen'))).toBe('yes');
  });

  test.describe('with the service worker blocked', () => {
    // The test holds the toaster's chunk with a page route. Once the service worker controls the page (it claims it
    // after install, on the page's real clock while the test drives a fake one), the chunk comes from the worker's
    // cache and the route never sees it: the test failed about 1 run in 5 so.
    test.use({ serviceWorkers: 'block' });

    test("a visitor's sign-in toast is on screen before the page leaves, even when the toaster's code comes late", async ({
      page,
    }) => {
      // The toaster loads after the first paint (the persistent chrome). Under load its code came after the 500 ms, and
      // the page left for sign-in without ever showing why (this test's neighbour above failed so). The page's own clock
      // decides the 500 ms here, and the toaster's code is held until the test lets it go.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('You are logged out. Logging in again...')) {
            sessionStorage.setItem('e2e-toast-seen', 'yes');
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const requested = deferred();
      const held = deferred();
      await page.route(/\/assets\/persistent-chrome-[^/]*\.js$/, async (route) => {
        requested.resolve();
        await held.promise;
        await route.continue();
      });
      await page.clock.install();
      let left = false;
      page.on('request', (r) => {
        if (r.isNavigationRequest() && new URL(r.url()).pathname === '/api/login') left = true;
      });
      let asked = false;
      void requested.promise.then(() => (asked = true));
      const screen = page.waitForResponse(/\/assets\/messages-page-[^/]*\.js$/);
      await page.goto('/messages');
      await screen;
      // The toaster mounts once the page is idle (at most 1.5 s of its time); then 1.5 s more pass, a quarter second at
      // a time, with its code still held: the page stays (the old code left 500 ms after asking for the toast). In all
      // at most 3.5 s of the page's time, under the 5 s the redirect waits at most for its toast.
      for (let step = 0; step < 8 && !asked; step++) await page.clock.runFor(250);
      await expect.poll(() => asked, { message: "the toaster's code was asked for" }).toBe(true);
      for (let step = 0; step < 6; step++) await page.clock.runFor(250);
      expect(left, 'left for sign-in before the toast was on screen').toBe(false);
      held.resolve();
      await expect(page.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
      await page.clock.runFor(600);
      await expect(page).toHaveURL(/\/login/);
      expect(await page.evaluate(() => sessionStorage.getItem('e2e-toast-seen'))).toBe('yes');
    });
  });

  test('profile shows real activity, achievements and a working Manage button', async ({ browser }) => {
    const owner = await person(browser, newAccount('Owner'));
    contexts.push(owner.context);
    const venue = await createVenue(owner.context.request, {
      name: 'Profile Test Bar',
      location: 'Testville',
      type: 'bar',
    });
    await owner.page.goto('/profile');
    await expect(owner.page.getByRole('heading', { name: 'Owner Tester' })).toBeVisible();
    await expect(owner.page.getByText(owner.account.email)).toBeVisible();
    await expect(owner.page.getByText('Music Enthusiast')).toBeVisible();
    await expect(owner.page.getByText('Venues Created').locator('..').getByText('1', { exact: true })).toBeVisible();
    await expect(owner.page.getByText('Level Progress to Music Expert')).toBeVisible();
    await expect(owner.page.getByText('0 songs in mix', { exact: false })).toBeVisible();
    const venueOwner = owner.page.locator('li', { hasText: 'Venue Owner' });
    await expect(venueOwner).toHaveAttribute('data-unlocked', 'true');
    await expect(owner.page.locator('li', { hasText: 'Top Voter' })).toHaveAttribute('data-unlocked', 'false');
    await expect(owner.page.getByText('Cast 100 votes')).toBeVisible();
    await expect(owner.page.getByText('Create your first venue')).toBeVisible();
    await shot(owner.page, 'profile-1280');
    await expectAccessible(owner.page);
    await owner.page.setViewportSize({ width: 375, height: 800 });
    await shot(owner.page, 'profile-375');
    await expectAccessible(owner.page);
    await owner.page.getByRole('link', { name: 'Manage Profile Test Bar' }).click();
    await expect(owner.page).toHaveURL(new RegExp(`/venue/${venue.id}/mix$`));
  });

  test('chat and messages are accessible at desktop and 375 px', async ({ browser }) => {
    const a = await person(browser, newAccount('Axe'));
    contexts.push(a.context);
    await a.page.goto('/chat');
    await expect(
      a.page.getByRole('log', { name: 'Global chat messages' }).getByText('Welcome to CrowdMix!', { exact: false }),
    ).toBeVisible();
    await shot(a.page, 'chat-1280');
    await expectAccessible(a.page);
    await a.page.goto('/messages');
    await expect(a.page.getByText('No conversations yet', { exact: true })).toBeVisible();
    await expect(a.page.getByRole('heading', { name: 'Select a Conversation' })).toBeVisible();
    await shot(a.page, 'messages-empty-1280');
    await expectAccessible(a.page);
    await a.page.setViewportSize({ width: 375, height: 760 });
    await a.page.goto('/chat');
    await expect(a.page.getByRole('complementary', { name: 'Online users' })).toBeHidden();
    await expect(a.page.getByPlaceholder('Type a message...')).toBeVisible();
    await shot(a.page, 'chat-375');
    await expectAccessible(a.page);
    await a.page.getByRole('tab', { name: 'Venue Chat' }).click();
    await expect(a.page.getByRole('heading', { name: 'Select a Venue' })).toBeVisible();
    await shot(a.page, 'chat-venues-375');
    await expectAccessible(a.page);
  });
});
