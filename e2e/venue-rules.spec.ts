/**
 * Issue 13, findings 7, 9 and 10 on the screens: the Upload screen answers a duplicate video with the song that
 * is already on CrowdMix (play it, vote for it, or keep a private copy); a deactivated venue's page says so and
 * offers no voting or upload, nor does the Upload screen offer it; playlist permission flags shown to admins are
 * the ones the server enforces, and restricted members are told.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectAccessible, newAccount, routeOutside, signUp } from './fixtures';
import { createVenue, freshVideoId as freshVideo, uid, uploadYouTubeSong } from './fixtures/content';

const SHOTS = '.tmp/shots';

const uploadViaApi = (request: APIRequestContext, song: { title: string; youtubeUrl?: string; venueId?: number }) =>
  uploadYouTubeSong(request, { artist: 'Rule Band', ...song });

async function fillUpload(page: Page, video: string, title: string) {
  await page.getByLabel('YouTube URL').fill(`https://www.youtube.com/watch?v=${video}`);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Artist').fill('Second Comer');
}

test.describe('venue and playlist rules on the screens', () => {
  // Each test walks several screens at two widths with axe checks.
  test.setTimeout(240_000);

  test('a video already on CrowdMix: the Upload screen shows it to vote for, or keeps a private copy', async ({
    page,
    context,
    browser,
  }) => {
    // Someone else shared the video first.
    const first = await browser.newContext();
    await signUp(first, newAccount('Fiona'));
    const video = freshVideo();
    const original = `First Light ${uid()}`;
    const { id: songId } = await uploadViaApi(first.request, {
      title: original,
      youtubeUrl: `https://youtu.be/${video}`,
    });
    await first.close();

    await signUp(context);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/upload');
      await expect(page.getByRole('heading', { name: 'Upload Music' })).toBeVisible({ timeout: 30_000 });
      await fillUpload(page, video, `My copy ${uid()}`);
      await page.getByRole('button', { name: 'Upload Song' }).click();
      const panel = page.getByTestId('already-on-crowdmix');
      await expect(panel.getByRole('heading', { name: 'This song is already on CrowdMix' })).toBeFocused();
      const card = panel.getByRole('article', { name: original });
      await expect(card).toHaveAttribute('data-song-id', String(songId));
      await expect(card.getByRole('button', { name: `Vote up ${original}` })).toBeEnabled();
      // Nothing typed is lost.
      await expect(page.getByLabel('YouTube URL')).toHaveValue(`https://www.youtube.com/watch?v=${video}`);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/upload-duplicate-${width}.png`, fullPage: true });
      if (width === 375) break;
      // Vote for it instead, right there.
      await card.getByRole('button', { name: `Vote up ${original}` }).click();
      await expect(card.getByRole('button', { name: `Vote up ${original}` })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.getByTestId('net-score')).toHaveText('1');
    }

    // Or keep a private copy of one's own.
    await page.getByTestId('already-on-crowdmix').getByRole('button', { name: 'Keep a private copy instead' }).click();
    await expect(page.getByText('Song Uploaded!', { exact: true })).toBeVisible();
    await expect(page.getByTestId('already-on-crowdmix')).toHaveCount(0);
    const mine = page.getByRole('list', { name: 'My uploads' });
    await expect(mine.getByRole('article')).toHaveCount(1);
    await expect(mine.getByText('Private', { exact: true })).toBeVisible();
  });

  test('a deactivated venue: its page says so and offers no vote or upload; the Upload screen does not offer it', async ({
    page,
    context,
    browser,
  }) => {
    await signUp(context, newAccount('Olive'));
    const name = `Last Orders ${uid()}`;
    const venue = await createVenue(context.request, {
      name,
      location: 'Glasgow',
      type: 'club',
      description: 'Doors at nine.',
    });
    const title = `Closing Song ${uid()}`;
    await uploadViaApi(context.request, {
      title,
      venueId: venue.id,
    });

    // The owner deactivates it from the page; the dialog says what that does.
    await page.goto(`/venue/${venue.id}/mix`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog.getByText(/stops taking new songs and votes; the mix can still be played/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Venue deactivated', { exact: true })).toBeVisible();

    const notice = page.getByTestId('venue-deactivated');
    await expect(notice).toContainText('This venue has been deactivated');
    await expect(notice).toContainText('Its mix can still be played, but it takes no new songs and no votes.');
    const card = page.getByRole('list', { name: `${name} Mix` }).getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: `Vote up ${title}` })).toBeDisabled();
    await expect(card.getByRole('button', { name: `Vote down ${title}` })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Upload Song' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    // Its songs still play.
    await expect(page.getByRole('button', { name: /Play All/ })).toBeEnabled();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(notice).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/venue-deactivated-${width}.png`, fullPage: true });
    }

    // The Upload screen does not offer it, even from a link that names it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/upload?venue=${venue.id}`);
    await expect(page.getByRole('heading', { name: 'Upload Music' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('closed-venue-note')).toContainText(`${name} has been deactivated`);
    await expect(page.getByLabel('Venue')).toHaveValue('global');
    await expect(page.getByLabel('Venue').locator(`option[value="${venue.id}"]`)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/upload-closed-venue-1280.png`, fullPage: true });

    // A visitor sees the same notice and no way to vote.
    const visitor = await browser.newContext();
    await routeOutside(visitor);
    const vpage = await visitor.newPage();
    await vpage.goto(`/venue/${venue.id}/mix`);
    await expect(vpage.getByTestId('venue-deactivated')).toBeVisible({ timeout: 60_000 });
    await expect(vpage.getByRole('button', { name: `Vote up ${title}` })).toBeDisabled();
    await expect(vpage.getByRole('link', { name: 'Login to Upload' })).toHaveCount(0);
    await visitor.close();

    // Reactivated, it takes votes again.
    await page.goto(`/venue/${venue.id}/mix`);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByTestId('venue-deactivated')).toHaveCount(0);
    const again = page.getByRole('article', { name: title });
    await again.getByRole('button', { name: `Vote up ${title}` }).click();
    await expect(again.getByRole('button', { name: `Vote up ${title}` })).toHaveAttribute('aria-pressed', 'true');
  });

  test("playlist flags: the admin's switches are the rules; an admin's are locked on; a restricted member is told", async ({
    page,
    context,
    browser,
  }) => {
    await signUp(context, newAccount('Ada'));
    const created = await context.request.post('/api/community-playlists', {
      data: { name: `Flag Check ${uid()}`, collaborativeMode: 'moderated', voteThreshold: 5 },
    });
    expect(created.status()).toBe(201);
    const playlistId = ((await created.json()) as { id: number }).id;

    const other = await browser.newContext();
    await routeOutside(other);
    await signUp(other, newAccount('Milo'));
    expect((await other.request.post(`/api/community-playlists/${playlistId}/join`)).status()).toBe(200);
    const song = await uploadViaApi(other.request, {
      title: `Proposal ${uid()}`,
    });
    const proposed = await other.request.post(`/api/community-playlists/${playlistId}/songs`, {
      data: { songId: song.id },
    });
    expect(proposed.status()).toBe(201);

    await page.goto(`/community-playlists/${playlistId}`);
    await page.getByRole('tab', { name: /Members/ }).click({ timeout: 30_000 });
    const cards = page.getByTestId('playlist-member');
    const adminCard = cards.filter({ hasText: 'Ada Tester' });
    const miloCard = cards.filter({ hasText: 'Milo Tester' });
    for (const flag of ['Can vote', 'Can propose', 'Can moderate']) {
      const box = adminCard.getByRole('checkbox', { name: `${flag}: Ada Tester` });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
    }
    await expect(adminCard.getByText('Admins can always vote, propose and moderate.')).toBeVisible();

    // Milo becomes a moderator, then loses moderation and voting.
    await miloCard.getByRole('combobox', { name: 'Role of Milo Tester' }).selectOption('moderator');
    await expect(miloCard.getByRole('checkbox', { name: 'Can moderate: Milo Tester' })).toBeChecked();
    // The switch follows the server's answer (a controlled checkbox), so click and wait for the new state.
    await miloCard.getByRole('checkbox', { name: 'Can moderate: Milo Tester' }).click();
    await expect(miloCard.getByRole('checkbox', { name: 'Can moderate: Milo Tester' })).not.toBeChecked();
    await miloCard.getByRole('checkbox', { name: 'Can vote: Milo Tester' }).click();
    await expect(miloCard.getByTestId('member-restrictions')).toHaveText('Cannot vote or moderate');
    await expect(miloCard.getByRole('combobox', { name: 'Role of Milo Tester' })).toHaveValue('moderator');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/playlist-flags-admin-${width}.png`, fullPage: true });
    }

    // Milo's screen: no approve, reject, remove or vote buttons, and a sentence that says why.
    const milo = await other.newPage();
    await milo.goto(`/community-playlists/${playlistId}`);
    await expect(milo.getByTestId('member-restricted')).toBeVisible({ timeout: 30_000 });
    await expect(milo.getByTestId('member-restricted')).toHaveText(
      'An admin of this playlist has switched off your permission to vote.',
    );
    const row = milo.getByTestId('playlist-song').first();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Vote up/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await milo.setViewportSize({ width: 375, height: 900 });
    await milo.screenshot({ path: `${SHOTS}/playlist-flags-member-375.png`, fullPage: true });
    // And the server agrees with the screen.
    const entryId = (
      (await (await other.request.get(`/api/community-playlists/${playlistId}/songs`)).json()) as {
        id: number;
      }[]
    )[0].id;
    expect((await other.request.post(`/api/community-playlists/songs/${entryId}/reject`)).status()).toBe(403);
    expect(
      (
        await other.request.post(`/api/community-playlists/songs/${entryId}/vote`, { data: { voteType: 'up' } })
      ).status(),
    ).toBe(403);
    await other.close();
  });
});
