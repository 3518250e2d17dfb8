/**
 * Issue 13, finding 8: a sign-out link on another site does not sign anyone out; it lands on "Sign out?", whose
 * button does. Typed, and from CrowdMix's own menu, /api/logout signs out at once (spec section 7).
 */
import { expect, expectAccessible, signUp, test } from './fixtures';

/** A page on another site with a plain link to this CrowdMix's sign-out. */
const EVIL = 'http://evil.test/';

test('a sign-out link from another site asks "Sign out?" first; the button signs out', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await signUp(context);
  await page.route(`${EVIL}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><title>Free music</title><a href="${baseURL}/api/logout">Claim your prize</a>`,
    }),
  );
  await page.goto(EVIL);
  await page.getByRole('link', { name: 'Claim your prize' }).click();

  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out?' })).toBeVisible();
  await expect(page.getByText(`Sign out of CrowdMix as ${account.email}?`)).toBeVisible();
  expect((await context.request.get('/api/auth/user')).status()).toBe(200);
  await expectAccessible(page);

  // "Stay signed in" keeps the session.
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.request.get('/api/auth/user')).status()).toBe(200);

  await page.goto('/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  expect((await context.request.get('/api/auth/user')).status()).toBe(401);
});

test("CrowdMix's own Sign Out still signs out at once", async ({ page, context }) => {
  await signUp(context);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.request.get('/api/auth/user')).status()).toBe(401);
});

test('signed out, /logout says so', async ({ page }) => {
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
});
