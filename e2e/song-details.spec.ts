/** Issue 18: the optional song details DJ Verse matches on, given at upload (with suggestions) and edited later. */
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, signUp } from './fixtures';
import { uploadYouTubeSong } from './fixtures/content';

const freshVideo = () => crypto.randomBytes(9).toString('base64url').slice(0, 11);

test('details are suggested from the genre, checked, stored with the upload and editable afterwards', async ({
  page,
  context,
}) => {
  await signUp(context);
  await page.goto('/upload');
  const title = `Details ${crypto.randomBytes(3).toString('hex')}`;
  await page.getByLabel('YouTube URL').fill(`https://youtu.be/${freshVideo()}`);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Artist').fill('E2E Artist');
  await page.getByLabel('Genre').fill('Classical');

  const details = page.getByTestId('song-details');
  await details.locator('summary').click();
  // The genre brings suggestions; taking them fills the empty fields.
  await expect(details.getByTestId('details-suggestion')).toContainText('Usual for Classical');
  await details.getByRole('button', { name: 'Use these' }).click();
  await expect(details.getByLabel('Tempo')).toHaveValue('slow');
  await expect(details.getByLabel('Vocals')).toHaveValue('true');
  await expectAccessible(page);

  // A wrong year is refused in words, at its field, and nothing typed is lost.
  await details.getByLabel('Release year').fill('next year');
  await page.getByRole('button', { name: 'Upload Song' }).click();
  await expect(details.getByText('Release year must be a year such as 1994')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);

  await details.getByLabel('Release year').fill('1801');
  await page.getByRole('button', { name: 'Upload Song' }).click();
  await expect(page.getByText('Song Uploaded!', { exact: true })).toBeVisible();

  // What was stored is what the edit dialog shows; a change is saved.
  await editDetails(page, title);
  const dialog = page.getByRole('dialog', { name: 'Song details' });
  await expect(dialog.getByLabel('Release year')).toHaveValue('1801');
  await expect(dialog.getByLabel('Tempo')).toHaveValue('slow');
  await dialog.getByLabel('Energy').selectOption('1');
  await dialog.getByText('Romantic').click();
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The focus is back on the row's menu button (the menu item it came from is gone).
  await expect(
    page.getByRole('list', { name: 'My uploads' }).getByRole('button', { name: `More for ${title}` }),
  ).toBeFocused();

  await editDetails(page, title);
  await expect(dialog.getByLabel('Energy')).toHaveValue('1');
  await expect(dialog.getByRole('checkbox', { name: 'Romantic' })).toBeChecked();
});

test('an upload is deleted from its menu in My uploads, after the question; Cancel keeps it', async ({
  page,
  context,
}) => {
  await signUp(context);
  const title = `Short-lived ${crypto.randomBytes(3).toString('hex')}`;
  await uploadYouTubeSong(context.request, { title, artist: 'E2E Artist' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/upload');
  const uploads = page.getByRole('list', { name: 'My uploads' });
  await expect(uploads.getByRole('article', { name: title })).toBeVisible();

  const ask = async () => {
    await uploads.getByRole('button', { name: `More for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete song' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete this song?' });
    await expect(question).toContainText(`“${title}” and all its votes will be removed from every mix.`);
    return question;
  };
  await (await ask()).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(uploads.getByRole('article', { name: title })).toBeVisible();
  // The focus is back on the row's menu button, where the question came from.
  await expect(uploads.getByRole('button', { name: `More for ${title}` })).toBeFocused();

  // From the keyboard: the menu opens on Enter with its first entry focused, and Escape closes the question.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.getByRole('menuitem', { name: 'Delete song' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Delete this song?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(uploads.getByRole('button', { name: `More for ${title}` })).toBeFocused();

  await (await ask()).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Song deleted', { exact: true })).toBeVisible();
  await expect(uploads.getByRole('article', { name: title })).toHaveCount(0);
});

/** "Edit details" from the row's menu in My uploads. */
async function editDetails(page: Page, title: string) {
  await page
    .getByRole('list', { name: 'My uploads' })
    .getByRole('button', { name: `More for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit details' }).click();
}
