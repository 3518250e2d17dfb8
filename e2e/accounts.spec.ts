/**
 * Accounts and moderation in real browsers: a password reset through a mail read from a loopback SMTP server,
 * a password change that signs another browser out, blocking someone (their chat folds away), a song reported
 * and removed by an administrator (gone from the Top 100 in a third browser, live), deleting an account; the new
 * screens axe-clean at 1280 and 375 px, with screenshots.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startSmtp, type TestSmtp } from '../test/helpers/smtp-server';
import {
  test,
  expect,
  expectAccessible,
  holdResponses,
  newAccount,
  ownServer,
  routeOutside,
  signUp,
  type Account,
} from './fixtures';
import { smtpPort } from './fixtures/servers';
import { createVenue, uid, uploadYouTubeSong } from './fixtures/content';

const ADMIN: Account = {
  email: 'moderator@crowdmix.test',
  password: 'moderator password 1',
  firstName: 'Mod',
  lastName: 'Erator',
};

let smtp: TestSmtp;
test.beforeAll(async () => {
  // This worker's server sends its mail here (e2e/fixtures/servers.ts).
  smtp = await startSmtp(smtpPort(test.info().parallelIndex));
});
test.afterAll(async () => smtp?.close());

async function shot(page: Page, name: string) {
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: `.tmp/shots/accounts-${name}.png`, fullPage: true });
}

/** A browser of its own, signed up (or, for the administrator, signed in again if it exists already). */
async function person(browser: Browser, account: Account, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, baseURL: ownServer() });
  await routeOutside(context);
  const res = await context.request.post('/api/auth/register', { data: account });
  if (res.status() === 409) {
    const login = await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
  } else expect(res.status(), await res.text()).toBe(201);
  const page = await context.newPage();
  return { context, page, account };
}

async function uploadSong(context: BrowserContext, title: string) {
  const song = await uploadYouTubeSong(context.request, { title, artist: 'E2E Band' });
  // Ten up votes from helpers would be slow; one puts it in the mix, which holds every public song here.
  expect((await context.request.post('/api/votes', { data: { songId: song.id, voteType: 'up' } })).status()).toBe(200);
  return song;
}

test.describe('accounts', () => {
  // Up to four browsers, axe scans and full-page screenshots; a busy shared two-core machine needs the room.
  test.describe.configure({ timeout: 300_000 });
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });

  test('reset a forgotten password with the link from a real mail', async ({ page, context }) => {
    const account = await signUp(context, newAccount('Forgetful'));
    await context.clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this address');
    const mail = await smtp.next(account.email, 20_000);
    const link = /http:\/\/localhost:\d+\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'reset-1280');
    await page.getByLabel('New password', { exact: true }).fill('a fresh new password');
    await page.getByLabel('New password again').fill('a fresh new password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText('Your password is changed')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('a fresh new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByLabel('New password again').fill('yet another password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText('This reset link is not valid any more. Ask for a new one.')).toBeVisible();
  });

  test('change the password: another browser of the same person is signed out', async ({ browser }) => {
    const me = await person(browser, newAccount('Changer'));
    const other = await browser.newContext({
      viewport: { width: 375, height: 812 },
      baseURL: ownServer(),
    });
    await routeOutside(other);
    contexts.push(me.context, other);
    expect(
      (
        await other.request.post('/api/auth/login', {
          data: { email: me.account.email, password: me.account.password },
        })
      ).status(),
    ).toBe(200);
    const otherPage = await other.newPage();
    await otherPage.goto('/account');
    // First loads of a screen's code can be slow on a busy two-core machine.
    await expect(otherPage.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
    await expect(otherPage.getByTestId('session')).toHaveCount(2, { timeout: 30_000 });
    await expectAccessible(otherPage);
    await shot(otherPage, 'settings-375');

    await me.page.goto('/account');
    await expect(me.page.getByText('This device', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(me.page);
    await shot(me.page, 'settings-1280');
    await me.page.getByLabel('Current password').fill(me.account.password);
    await me.page.getByLabel('New password', { exact: true }).fill('changed password 42');
    await me.page.getByLabel('New password again').fill('changed password 42');
    await me.page.getByRole('button', { name: 'Change password' }).click();
    await expect(me.page.getByText('Signed out 1 other session.', { exact: true })).toBeVisible();

    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Authentication Required' })).toBeVisible({ timeout: 30_000 });
    await me.page.reload();
    await expect(me.page.getByTestId('session')).toHaveCount(1, { timeout: 30_000 });
  });

  test('block someone: their chat messages fold into "hidden messages" and they cannot message you', async ({
    browser,
  }) => {
    const alice = await person(browser, newAccount('Alice'));
    const mallory = await person(browser, newAccount('Mallory'));
    contexts.push(alice.context, mallory.context);
    await alice.page.goto('/chat');
    const log = alice.page.getByRole('log', { name: 'Global chat messages' });
    const first = `Mallory was here ${Date.now()}`;
    expect((await mallory.context.request.post('/api/messages/global', { data: { content: first } })).status()).toBe(
      201,
    );
    await expect(log.getByText(first)).toBeVisible({ timeout: 30_000 });
    const actions = log
      .locator('[data-testid=chat-message]', { hasText: first })
      .getByRole('button', { name: 'Actions for the message from Mallory Tester' });
    // A report started from the menu and dismissed gives the focus back to the message's actions button.
    await actions.click();
    await alice.page.getByRole('menuitem', { name: 'Report message' }).click();
    await expect(alice.page.getByRole('dialog', { name: 'Report this message' })).toBeVisible();
    await alice.page.keyboard.press('Escape');
    await expect(alice.page.getByRole('dialog')).toHaveCount(0);
    await expect(actions).toBeFocused();
    await actions.click();
    await alice.page.getByRole('menuitem', { name: 'Block Mallory Tester' }).click();
    await expect(log.getByText(first)).toBeHidden();
    await expect(log.getByRole('button', { name: '1 hidden message · Show' })).toBeVisible();
    const second = `Mallory again ${Date.now()}`;
    await mallory.context.request.post('/api/messages/global', { data: { content: second } });
    await expect(log.getByRole('button', { name: /2 hidden messages/ })).toBeVisible();
    await expectAccessible(alice.page);
    await log.getByRole('button', { name: /2 hidden messages/ }).click();
    await expect(log.getByText(second)).toBeVisible();
    await expect(log.getByText('(someone you blocked)').first()).toBeVisible();
    // Mallory cannot write to Alice.
    const me = (await (await alice.context.request.get('/api/auth/user')).json()) as { id: string };
    await mallory.page.goto(`/messages?with=${me.id}`);
    await mallory.page.getByPlaceholder('Type a message...').fill('please let me in');
    await mallory.page.getByPlaceholder('Type a message...').press('Enter');
    await expect(
      mallory.page.getByText('This person is not accepting messages from you', { exact: true }),
    ).toBeVisible();
    // Alice's list of blocked people unblocks.
    await alice.page.goto('/account');
    const blocked = alice.page.getByRole('list', { name: 'Blocked people' });
    await expect(blocked.getByText('Mallory Tester')).toBeVisible({ timeout: 30_000 });
    await blocked.getByRole('button', { name: 'Unblock Mallory Tester' }).click();
    await expect(alice.page.getByText('You have not blocked anyone.')).toBeVisible();
  });

  test('report a song; an administrator removes it; it leaves the Top 100 in another browser at once', async ({
    browser,
  }) => {
    const uploader = await person(browser, newAccount('Uploader'));
    const reporter = await person(browser, newAccount('Reporter'));
    const admin = await person(browser, ADMIN);
    const listener = await person(browser, newAccount('Listener'), { width: 375, height: 812 });
    contexts.push(uploader.context, reporter.context, admin.context, listener.context);
    const title = `Spam Anthem ${Date.now()}`;
    await uploadSong(uploader.context, title);

    await listener.page.goto('/');
    await expect(listener.page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });

    await reporter.page.goto('/');
    // The song can be in Trending too: report it from its Top 100 row.
    await reporter.page
      .getByRole('list', { name: /Top 100/ })
      .getByRole('button', { name: `More for ${title}` })
      .click();
    await reporter.page.getByRole('menuitem', { name: 'Report song' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this song' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Spam').check();
    await expectAccessible(reporter.page);
    await shot(reporter.page, 'report-dialog-1280');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('A moderator will look at it')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The focus is back on the row's menu button it was reported from.
    await expect(
      reporter.page.getByRole('list', { name: /Top 100/ }).getByRole('button', { name: `More for ${title}` }),
    ).toBeFocused();

    await admin.page.goto('/admin');
    const card = admin.page.getByTestId('report').filter({ hasText: title });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Reporter Tester')).toBeVisible();
    await expect(card.getByText('Uploader Tester')).toBeVisible();
    await expectAccessible(admin.page);
    await shot(admin.page, 'admin-1280');
    await card.getByLabel('Reason (kept in the audit log)').fill('Spam, against the rules');
    await card.getByRole('button', { name: 'Remove' }).click();
    await expect(admin.page.getByText('No open reports. All quiet.')).toBeVisible();

    // The listener's Top 100 drops it without a reload (songs_changed over /ws).
    await expect(listener.page.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(admin.page.getByTestId('audit-entry').filter({ hasText: title })).toContainText(
      'Spam, against the rules',
    );
    await admin.page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(admin.page);
    await shot(admin.page, 'admin-audit-375');
    // The reporter is told.
    await reporter.page.goto('/account');
    await expect(reporter.page.getByTestId('notice').first()).toContainText('A moderator removed it.', {
      timeout: 30_000,
    });
  });

  test('report a venue from its page: a press made while the dialog loads opens it; the focus comes back', async ({
    browser,
  }) => {
    const reporter = await person(browser, newAccount('Venue Reporter'));
    contexts.push(reporter.context);
    const { page } = reporter;
    // Only the Report button is in the page's first load (ADR 032); hold the dialog's code back so the press lands
    // while it is still loading, as on a slow phone.
    const release = await holdResponses(page, /\/assets\/report-dialog-[^/]+\.js$/);
    await page.goto('/venue/1/mix');
    const button = page.getByRole('button', { name: 'Report venue' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Report this venue' });
    await expect(dialog).toHaveCount(0);
    release();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Spam').check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('A moderator will look at it')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('delete an account', async ({ page, context }) => {
    const account = await signUp(context, newAccount('Leaving'));
    const title = `Farewell Song ${Date.now()}`;
    const song = await uploadSong(context, title);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Delete them too').check();
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByLabel('Type "delete my account" to confirm').fill('delete my account');
    await expectAccessible(page);
    await shot(page, 'delete-1280');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page).toHaveURL(/\/\?deleted=1$/);
    await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
    const login = await context.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(401);
    // Their song went with them: gone by its id and from the Top 100.
    expect((await context.request.get(`/api/songs/${song.id}`)).status()).toBe(404);
    const mix = (await (await context.request.get('/api/mix/global')).json()) as { songs: Array<{ title: string }> };
    expect(mix.songs.map((s) => s.title)).not.toContain(title);
  });

  test('venue chat moderation: the owner mutes a person, who is told until when', async ({ browser }) => {
    const owner = await person(browser, newAccount('Owner'));
    const loud = await person(browser, newAccount('Loud'), { width: 375, height: 812 });
    contexts.push(owner.context, loud.context);
    const venue = await createVenue(owner.context.request, {
      name: `Quiet Place ${uid()}`,
      location: 'Here',
      type: 'bar',
    });
    const text = `LOUD NOISES ${Date.now()}`;
    expect(
      (await loud.context.request.post(`/api/venues/${venue.id}/messages`, { data: { content: text } })).status(),
    ).toBe(201);
    for (const p of [owner.page, loud.page]) {
      await p.goto('/chat');
      await p.getByRole('tab', { name: 'Venue Chat' }).click();
      await p
        .getByRole('tabpanel')
        .getByRole('button', { name: new RegExp(venue.name) })
        .click();
    }
    const log = owner.page.getByRole('log', { name: 'Venue chat messages' });
    await log
      .locator('[data-testid=chat-message]', { hasText: text })
      .getByRole('button', { name: 'Actions for the message from Loud Tester' })
      .click();
    await owner.page.getByRole('menuitem', { name: 'Mute Loud Tester for 10 minutes' }).click();
    await expect(loud.page.getByText("The venue's owner muted you in this chat until")).toBeVisible();
    await expect(loud.page.getByPlaceholder('Type a venue message...')).toHaveCount(0);
    await expectAccessible(loud.page);
    await shot(loud.page, 'muted-375');
    await log
      .locator('[data-testid=chat-message]', { hasText: text })
      .getByRole('button', { name: 'Actions for the message from Loud Tester' })
      .click();
    await owner.page.getByRole('menuitem', { name: 'Delete message' }).click();
    await expect(loud.page.getByRole('log', { name: 'Venue chat messages' }).getByText(text)).toHaveCount(0);
  });
});
