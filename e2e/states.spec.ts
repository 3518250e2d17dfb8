/**
 * The one error state (StateView, docs/design.md "States") on the screens that had their own: the account screen,
 * the venue live screens (patron, TV, host) and the Add Song dialog. Each screen's API call fails (a 500 with
 * the server's JSON); the screen says so in words — never the status or the JSON — and its Retry asks again and
 * fills the screen in.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, holdRoomJoin, signUp } from './fixtures';
import { createVenue, uid } from './fixtures/content';

const BODY = JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' });
const WORDS = 'Something went wrong on our side. Please try again in a moment.';

/** GETs that match `pattern` fail with a 500 (with the server's JSON) until the screen's Retry is pressed. */
const failUntilRetry = (page: Page, pattern: string | RegExp) =>
  page.route(pattern, (r) =>
    r.request().method() === 'GET'
      ? r.fulfill({ status: 500, contentType: 'application/json', body: BODY })
      : r.fallback(),
  );

/**
 * The error says `title` and the plain words, shows no status or JSON; then the server answers again and the
 * error's Retry brings the screen back (nothing else asks again meanwhile: no retries, no refetch on focus).
 */
async function expectErrorThenRetry(
  page: Page,
  scope: ReturnType<Page['locator']>,
  pattern: string | RegExp,
  title: string,
) {
  const error = scope.getByTestId('state-error').filter({ hasText: title });
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText(WORDS);
  await expect(scope).not.toContainText('500');
  await expect(scope).not.toContainText('{"');
  await expect(scope).not.toContainText('boom');
  await page.screenshot({ path: `.tmp/shots/state-${title.replace(/\W+/g, '-').toLowerCase()}.png` });
  await page.unroute(pattern);
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toHaveCount(0);
}

/**
 * A live screen reads its room once more when the server confirms its socket joined the room (`subscribed`). That
 * read could land after the test lifted the failure and before it pressed Retry, and the screen then came back by
 * itself (the Retry it was about to press was gone: the failure of the dry run of 39c148a). The join is held until
 * the screen has come back through Retry.
 */
const holdLiveRoom = (page: Page, venueId: number) => holdRoomJoin(page, `live:${venueId}`);

const newVenue = async (context: BrowserContext) =>
  (await createVenue(context.request, { name: `State Bar ${uid()}`, location: 'Leeds', type: 'bar' })).id;

test('account: a failed load says so in words, and Retry shows the settings', async ({ page, context }) => {
  await signUp(context);
  await failUntilRetry(page, '**/api/account');
  await page.goto('/account');
  await expectErrorThenRetry(page, page.locator('main'), '**/api/account', 'Your account could not be loaded');
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
});

test('account: a section that fails says so in its place, and Retry fills it in', async ({ page, context }) => {
  await signUp(context);
  await failUntilRetry(page, '**/api/account/sessions');
  await page.goto('/account');
  await expectErrorThenRetry(
    page,
    page.locator('main'),
    '**/api/account/sessions',
    'Your sessions could not be loaded',
  );
  await expect(page.getByTestId('session')).toHaveCount(1);
});

test('venue live, patron: a failed load says so in words, and Retry shows the live queue', async ({
  page,
  context,
}) => {
  await signUp(context);
  const venueId = await newVenue(context);
  const api = `**/api/venues/${venueId}/live`;
  const join = await holdLiveRoom(page, venueId);
  await failUntilRetry(page, api);
  await page.goto(`/venue/${venueId}/live`);
  await expectErrorThenRetry(page, page.locator('main'), api, 'The live queue could not be loaded');
  join.release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Big-screen view' })).toBeVisible();
});

test('venue live, TV: a failed load says so in words, and Retry shows the screen', async ({ page, context }) => {
  await signUp(context);
  const venueId = await newVenue(context);
  const api = `**/api/venues/${venueId}/live`;
  const join = await holdLiveRoom(page, venueId);
  await failUntilRetry(page, api);
  await page.goto(`/venue/${venueId}/tv`);
  await expectErrorThenRetry(page, page.locator('main'), api, 'The live queue could not be loaded');
  join.release();
  await expect(page.getByTestId('state-error')).toHaveCount(0);
  await expect(page.getByText('The live queue could not be loaded')).toHaveCount(0);
});

test('venue live, host: a failed load says so in words, and Retry shows the host screen', async ({ page, context }) => {
  await signUp(context);
  const venueId = await newVenue(context);
  const api = `**/api/venues/${venueId}/live/host`;
  const join = await holdLiveRoom(page, venueId);
  await failUntilRetry(page, api);
  await page.goto(`/venue/${venueId}/live/host`);
  await expectErrorThenRetry(page, page.locator('main'), api, 'The live session could not be loaded');
  join.release();
  await expect(page.getByRole('button', { name: 'Start the live session' })).toBeVisible();
});

test('Add Song dialog: a failed load of the songs says so in words, and Retry lists them', async ({
  page,
  context,
}) => {
  await signUp(context);
  const res = await context.request.post('/api/community-playlists', {
    data: { name: 'State Songs', collaborativeMode: 'open' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  await page.goto(`/community-playlists/${id}`);
  const api = /\/api\/songs(\?.*)?$/;
  await failUntilRetry(page, api);
  await page.getByRole('button', { name: 'Add Song' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Song to Playlist' });
  await expectErrorThenRetry(page, dialog, api, 'Songs could not be loaded');
  await expect(dialog.getByRole('radio').first()).toBeVisible();
});
