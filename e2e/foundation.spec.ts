import { test, expect, expectAccessible, newAccount } from './fixtures';

test.describe('foundation', () => {
  test('landing page for visitors, accessible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'CrowdMix', level: 1 })).toBeVisible();
    await expect(page.getByText('for the love of music')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    for (const card of ['Share Music', 'Vote Together', 'Venue Mixes', 'AI Assistant']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Ready to Join the Mix?' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Sign In/ })).toHaveAttribute('href', '/api/login');
    await expectAccessible(page);
  });

  test('create an account, get greeted, sign out back to the landing page', async ({ page }) => {
    const acct = newAccount('Juniper');
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill(acct.firstName);
    await page.getByLabel('Last name').fill(acct.lastName);
    await page.getByLabel('Email').fill(acct.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('Password').fill(acct.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`Welcome, ${acct.firstName}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
  });

  test('wrong password shows one clear message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@crowdmix.local');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
  });

  test('404 page shows the URL and the browser, with two ways out', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByTestId('not-found-url')).toContainText('/no/such/page?x=1');
    const ua = await page.evaluate(() => navigator.userAgent.slice(0, 50));
    await expect(page.getByTestId('not-found-agent')).toHaveText(ua);
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Venues' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Browse Venues' }).click();
    await expect(page).toHaveURL(/\/venues$/);
  });

  test('mobile drawer at 375 px holds the search and the links', async ({ page, context }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await context.request.post('/api/auth/register', { data: newAccount('Mo') });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Venues' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByPlaceholder('Search songs, artists, venues...')).toBeVisible();
    for (const l of ['Home', 'Upload', 'Venues', 'Community', 'AI Assistant', 'Chat']) {
      await expect(drawer.getByRole('link', { name: l, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Venues', exact: true }).click();
    await expect(page).toHaveURL(/\/venues$/);
    await expect(drawer).toBeHidden();
  });
});
