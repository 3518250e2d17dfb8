import type { APIRequestContext, Page } from '@playwright/test';
import type { Song } from '../src/shared/schemas/song';
import { test, expect, routeOutside, signInDemo, ownServer, axe, expectNoSeriousViolations } from './fixtures';

interface YtStubPlayer {
  videoId: string | null;
  state: number;
  time: number;
  volume: number;
  muted: boolean;
}
interface YtStub {
  players: YtStubPlayer[];
  current(): YtStubPlayer;
  end(): void;
  error(code: number): void;
}
type StubWindow = Window & { __yt: YtStub };

const stub = {
  // null until the stand-in script has run (the bar shows Pause as soon as play is asked for; expect.poll retries).
  video: (page: Page) =>
    page.evaluate(() => (window as unknown as Partial<StubWindow>).__yt?.current()?.videoId ?? null),
  players: (page: Page) => page.evaluate(() => (window as unknown as StubWindow).__yt.players.length),
  player: (page: Page) =>
    page.evaluate(() => {
      const p = (window as unknown as StubWindow).__yt.current();
      return { state: p.state, time: p.time, volume: p.volume, muted: p.muted, videoId: p.videoId };
    }),
  end: (page: Page) => page.evaluate(() => (window as unknown as StubWindow).__yt.end()),
  error: (page: Page, code: number) => page.evaluate((c) => (window as unknown as StubWindow).__yt.error(c), code),
};

/** The global mix as Home shows it, and the songs Play All plays (those with a video). */
async function globalMix(request: APIRequestContext) {
  const res = await request.get('/api/mix/global');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Song[] | { songs: Song[] };
  const songs = Array.isArray(body) ? body : body.songs;
  return { songs, playable: songs.filter((s) => s.youtubeId) };
}

const bar = (page: Page) => page.getByRole('region', { name: 'Music player' });
const title = (page: Page) => bar(page).getByTestId('player-title');
const control = (page: Page, name: string) => bar(page).getByRole('button', { name, exact: true });

/** Signs in, opens Home and presses Play All; returns the playable songs in order. */
async function playAllFromHome(page: Page) {
  await signInDemo(page.context());
  await page.goto('/');
  const { playable } = await globalMix(page.context().request);
  expect(playable.length).toBeGreaterThan(5);
  await page.getByRole('button', { name: /^Play All \(\d+\)$/ }).click();
  await expect(title(page)).toHaveText(playable[0].title);
  await expect(control(page, 'Pause')).toBeVisible();
  await expect.poll(() => stub.video(page)).toBe(playable[0].youtubeId);
  return playable;
}

/** Serious or critical WCAG 2.2 AA violations inside the bar (and its open popover or dialog). */
async function expectBarAccessible(page: Page) {
  await expectNoSeriousViolations(
    axe(page)
      .include('[data-testid="player-bar"]')
      .include('[data-radix-popper-content-wrapper]')
      .include('[role="dialog"]'),
  );
}

const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** A one-page PDF with a line of text, with a correct cross-reference table. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test.describe('the player', () => {
  // The machine is shared; these flows click through many states.
  test.describe.configure({ timeout: 120_000 });

  test('Play All from Home plays the first song; next, previous, repeat, end of song, shuffle and Up Next', async ({
    page,
  }) => {
    const songs = await playAllFromHome(page);
    const n = songs.length;

    await control(page, 'Next song').click();
    await expect(title(page)).toHaveText(songs[1].title);
    await expect.poll(() => stub.video(page)).toBe(songs[1].youtubeId);

    await control(page, 'Previous song').click();
    await expect(title(page)).toHaveText(songs[0].title);
    // Previous from the first wraps to the last.
    await control(page, 'Previous song').click();
    await expect(title(page)).toHaveText(songs[n - 1].title);
    // Next from the last wraps to the first.
    await control(page, 'Next song').click();
    await expect(title(page)).toHaveText(songs[0].title);

    // The end of a song advances.
    await stub.end(page);
    await expect(title(page)).toHaveText(songs[1].title);
    await expect(control(page, 'Pause')).toBeVisible();

    // With repeat on, the end restarts the same song from 0.
    await control(page, 'Repeat').click();
    await expect(control(page, 'Repeat')).toHaveAttribute('aria-pressed', 'true');
    await stub.end(page);
    await expect(title(page)).toHaveText(songs[1].title);
    // Playing again, from the start (the play and the reload to 0 reach the player one after the other).
    await expect
      .poll(async () => {
        const p = await stub.player(page);
        return { playing: p.state === 1, fromStart: p.time < 5 };
      })
      .toEqual({ playing: true, fromStart: true });
    await control(page, 'Repeat').click();
    await expect(control(page, 'Repeat')).toHaveAttribute('aria-pressed', 'false');

    // Up Next: the next 3 songs and '+N more songs'.
    await bar(page)
      .getByRole('button', { name: /^Up Next/ })
      .click();
    const popover = page.getByRole('dialog', { name: 'Up Next' });
    const items = popover.getByRole('listitem');
    await expect(items).toHaveCount(3);
    for (let i = 0; i < 3; i++) await expect(items.nth(i)).toContainText(songs[2 + i].title);
    await expect(popover.getByText(`+${n - 5} more songs`)).toBeVisible();
    await expectBarAccessible(page);
    // Choosing one plays it.
    await items
      .nth(1)
      .getByRole('button', { name: new RegExp(`^${songs[3].title}`) })
      .click();
    await expect(title(page)).toHaveText(songs[3].title);
    await page.keyboard.press('Escape');

    // Shuffle picks another song of the list.
    await control(page, 'Shuffle').click();
    await expect(control(page, 'Shuffle')).toHaveAttribute('aria-pressed', 'true');
    const before = await title(page).textContent();
    await control(page, 'Next song').click();
    await expect(title(page)).not.toHaveText(before ?? '');
    expect(songs.map((s) => s.title)).toContain(await title(page).textContent());
  });

  test('the bar survives navigation and pads the page; rewind, forward and seek stay within the song', async ({
    page,
  }) => {
    const songs = await playAllFromHome(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Venues' }).first().click();
    await expect(page).toHaveURL(/\/venues$/);
    await expect(title(page)).toHaveText(songs[0].title);
    await expect(control(page, 'Pause')).toBeVisible();
    expect(await stub.players(page)).toBe(1);

    const height = await page.evaluate(() => document.documentElement.style.getPropertyValue('--player-height'));
    expect(parseInt(height, 10)).toBeGreaterThan(60);
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe(height);

    // Rewind 30 s never goes below 0, forward moves 30 s, seek is bounded by the duration and moves in 1 s steps.
    await control(page, 'Pause').click();
    await expect(control(page, 'Play')).toBeVisible();
    const seek = bar(page).getByRole('slider', { name: 'Seek' });
    await control(page, 'Back 30 seconds').click();
    await expect(seek).toHaveAttribute('aria-valuenow', '0');
    await control(page, 'Forward 30 seconds').click();
    await expect(seek).toHaveAttribute('aria-valuenow', '30');
    await expect.poll(async () => Math.round((await stub.player(page)).time)).toBe(30);
    await control(page, 'Forward 30 seconds').click();
    await expect(seek).toHaveAttribute('aria-valuenow', '60');
    await control(page, 'Back 30 seconds').click();
    await expect(seek).toHaveAttribute('aria-valuenow', '30');
    await seek.focus();
    await page.keyboard.press('End');
    const max = await seek.getAttribute('aria-valuemax');
    await expect(seek).toHaveAttribute('aria-valuenow', max!);
    await control(page, 'Forward 30 seconds').click();
    await expect(seek).toHaveAttribute('aria-valuenow', max!);
    await seek.focus();
    await page.keyboard.press('Home');
    await expect(seek).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press('ArrowRight');
    await expect(seek).toHaveAttribute('aria-valuenow', '1');
    await expect(bar(page).getByTestId('player-time')).toHaveText('0:01');
  });

  test('error 150 skips to the next song with a toast offering YouTube; error 5 is retried once', async ({ page }) => {
    const songs = await playAllFromHome(page);
    await stub.error(page, 150);
    await expect(page.getByText("This video can't be played here", { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${songs[0].youtubeId}`,
    );
    await expect(title(page)).toHaveText(songs[1].title);
    await expect(control(page, 'Pause')).toBeVisible();

    // Error 5 is retried once on the same song, then skipped.
    await stub.error(page, 5);
    await expect(title(page)).toHaveText(songs[1].title);
    await stub.error(page, 5);
    await expect(title(page)).toHaveText(songs[2].title);
  });

  test('video and audio display, size cycle, collapse and close; axe in each state; screenshots', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await playAllFromHome(page);
    const video = page.getByTestId('player-video');

    await expect(video).toHaveAttribute('data-size', 'medium');
    await expect.poll(async () => (await video.boundingBox())?.height).toBe(200);
    await expectBarAccessible(page);
    await page.screenshot({ path: '.tmp/shots/player-1280-video-medium.png' });

    const sizeButton = bar(page).getByRole('button', { name: /^Video size:/ });
    await expect(sizeButton).toHaveAccessibleName('Video size: Medium. Change to Large');
    await sizeButton.click();
    await expect.poll(async () => (await video.boundingBox())?.height).toBe(250);
    await page.screenshot({ path: '.tmp/shots/player-1280-video-large.png' });
    await sizeButton.click();
    await expect.poll(async () => (await video.boundingBox())?.height).toBe(150);
    await page.screenshot({ path: '.tmp/shots/player-1280-video-small.png' });
    await sizeButton.click();
    await expect(video).toHaveAttribute('data-size', 'medium');

    // Nothing of the bar covers the video.
    const v = (await video.boundingBox())!;
    const controls = (await bar(page).getByRole('group', { name: 'Video controls' }).boundingBox())!;
    expect(controls.y).toBeGreaterThanOrEqual(v.y + v.height);

    await control(page, 'Switch to audio only').click();
    await expect(video).toHaveAttribute('aria-hidden', 'true');
    await expect(control(page, 'Show the video')).toBeVisible();
    await expect(control(page, 'Pause')).toBeVisible();
    expect(await stub.players(page)).toBe(1);
    await expectBarAccessible(page);
    await page.screenshot({ path: '.tmp/shots/player-1280-audio.png' });

    await control(page, 'Collapse player').click();
    await expect(control(page, 'Expand player')).toBeVisible();
    await expect(bar(page).getByRole('slider', { name: 'Seek' })).toHaveCount(0);
    await expectBarAccessible(page);
    await page.screenshot({ path: '.tmp/shots/player-1280-collapsed.png' });

    await page.setViewportSize({ width: 375, height: 720 });
    await page.screenshot({ path: '.tmp/shots/player-375-collapsed.png' });
    await control(page, 'Expand player').click();
    await page.screenshot({ path: '.tmp/shots/player-375-audio.png' });
    await control(page, 'Show the video').click();
    await expect.poll(async () => (await video.boundingBox())?.width).toBeLessThanOrEqual(375);
    await expectBarAccessible(page);
    await page.screenshot({ path: '.tmp/shots/player-375-video.png' });

    await control(page, 'Close player').click();
    await expect(bar(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--player-height'))).toBe('');
  });

  test('keyboard shortcuts, the help sheet and the setting that turns them off', async ({ page }) => {
    const songs = await playAllFromHome(page);
    await blur(page);
    await page.keyboard.press('k');
    await expect(control(page, 'Play')).toBeVisible();
    await page.keyboard.press(' ');
    await expect(control(page, 'Pause')).toBeVisible();
    await page.keyboard.press('Shift+N');
    await expect(title(page)).toHaveText(songs[1].title);
    await page.keyboard.press('Shift+P');
    await expect(title(page)).toHaveText(songs[0].title);
    await page.keyboard.press('l');
    await expect(bar(page).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', /^1\d$/);
    await page.keyboard.press('j');
    await expect(bar(page).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', /^\d$/);
    await page.keyboard.press('m');
    await expect(control(page, 'Unmute')).toBeVisible();
    await page.keyboard.press('m');
    await expect(control(page, 'Mute')).toBeVisible();
    await page.keyboard.press('s');
    await expect(control(page, 'Shuffle')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('r');
    await expect(control(page, 'Repeat')).toHaveAttribute('aria-pressed', 'true');

    // Typing in a field never triggers them.
    const search = page.getByPlaceholder('Search songs, artists, venues...').first();
    if (await search.isVisible()) {
      await search.fill('');
      await search.press('k');
      await expect(control(page, 'Pause')).toBeVisible();
      await blur(page);
    }

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('cell', { name: 'Previous song' })).toBeVisible();
    await expectBarAccessible(page);
    await help.getByRole('checkbox', { name: 'Use keyboard shortcuts' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await blur(page);
    await page.keyboard.press('k');
    await expect(control(page, 'Pause')).toBeVisible();
  });

  test('volume, mute and the queue position survive a reload, restored paused', async ({ page }) => {
    const songs = await playAllFromHome(page);
    await control(page, 'Next song').click();
    await expect(title(page)).toHaveText(songs[1].title);
    const volume = bar(page).getByRole('slider', { name: 'Volume' });
    await expect(volume).toHaveAttribute('aria-valuenow', '0.7');
    await volume.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(volume).toHaveAttribute('aria-valuenow', '0.5');
    await expect.poll(async () => (await stub.player(page)).volume).toBe(50);

    await page.reload();
    await expect(title(page)).toHaveText(songs[1].title);
    await expect(control(page, 'Play')).toBeVisible();
    await expect(bar(page).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.5');
    await expect.poll(() => stub.video(page)).toBe(songs[1].youtubeId);
    await expect.poll(async () => (await stub.player(page)).volume).toBe(50);
    expect((await stub.player(page)).state).not.toBe(1);

    await control(page, 'Mute').click();
    await page.reload();
    await expect(control(page, 'Unmute')).toBeVisible();
    await control(page, 'Unmute').click();
    await expect(bar(page).getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuenow', '0.5');
    // Playing again continues the restored list.
    await control(page, 'Play').click();
    await expect(control(page, 'Pause')).toBeVisible();
    await control(page, 'Next song').click();
    await expect(title(page)).toHaveText(songs[2].title);

    // A bar the user closed stays closed after a reload; playing something opens it again.
    await control(page, 'Close player').click();
    await expect(bar(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Play All \(\d+\)$/ })).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
    await page.getByRole('button', { name: /^Play All \(\d+\)$/ }).click();
    await expect(control(page, 'Pause')).toBeVisible();
  });

  test('Play next and Add to queue from a song card; queued songs stay when shuffle toggles', async ({ page }) => {
    const songs = await playAllFromHome(page);
    const [later, sooner] = [songs[10], songs[12]];
    await page
      .getByRole('button', { name: `More for ${later.title}`, exact: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Add to queue' }).click();
    await expect(page.getByText('Added to the queue', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: `More for ${sooner.title}`, exact: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Play next' }).click();
    await expect(page.getByText('Playing next', { exact: true })).toBeVisible();

    await bar(page)
      .getByRole('button', { name: /^Up Next/ })
      .click();
    const items = page.getByRole('dialog', { name: 'Up Next' }).getByRole('listitem');
    await expect(items.nth(0)).toContainText(sooner.title);
    await expect(items.nth(0)).toContainText('Queued');
    await expect(items.nth(1)).toContainText(later.title);
    await expect(items.nth(2)).toContainText(songs[1].title);
    await page.keyboard.press('Escape');

    await control(page, 'Shuffle').click();
    await control(page, 'Shuffle').click();
    await control(page, 'Shuffle').click();
    await control(page, 'Next song').click();
    await expect(title(page)).toHaveText(sooner.title);
    await stub.end(page);
    await expect(title(page)).toHaveText(later.title);
    // Previous from a queued song returns to the list song it interrupted.
    await control(page, 'Previous song').click();
    await expect(title(page)).toHaveText(songs[0].title);
  });

  test("a card's own video pauses the bar, and closes when the bar plays again", async ({ page }) => {
    const songs = await playAllFromHome(page);
    const other = songs[3];
    await page
      .getByRole('button', { name: `More for ${other.title}`, exact: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Watch video here' }).click();
    const inline = page.getByTitle(`${other.title} by ${other.artist}`, { exact: true });
    await expect(inline).toBeVisible();
    await expect(control(page, 'Play')).toBeVisible();
    await expect.poll(async () => (await stub.player(page)).state).not.toBe(1);

    await control(page, 'Play').click();
    await expect(control(page, 'Pause')).toBeVisible();
    await expect(inline).toHaveCount(0);
  });

  test('the musicPlayerUpdate event plays a song within the list it carries', async ({ page }) => {
    const songs = await playAllFromHome(page);
    const list = songs.slice(5, 9);
    await page.evaluate(
      ([song, all]) =>
        window.dispatchEvent(new CustomEvent('musicPlayerUpdate', { detail: { song, isPlaying: true, songs: all } })),
      [list[1], list] as const,
    );
    await expect(title(page)).toHaveText(list[1].title);
    await expect.poll(() => stub.video(page)).toBe(list[1].youtubeId);
    await control(page, 'Next song').click();
    await expect(title(page)).toHaveText(list[2].title);
    await page.evaluate(
      (song) => window.dispatchEvent(new CustomEvent('musicPlayerUpdate', { detail: { song, isPlaying: false } })),
      list[2],
    );
    await expect(control(page, 'Play')).toBeVisible();
  });

  test('mobile browsers: no autoplay, a hint with Open in YouTube, playback from the tap', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      viewport: { width: 375, height: 740 },
      baseURL: ownServer(),
    });
    const { routeOutside } = await import('./fixtures');
    await routeOutside(context);
    const page = await context.newPage();
    await signInDemo(context);
    await page.goto('/');
    const { playable } = await globalMix(context.request);
    await page.getByRole('button', { name: /^Play All \(\d+\)$/ }).click();
    await expect(title(page)).toHaveText(playable[0].title);
    await expect(bar(page).getByText('Autoplay is off in this browser.')).toBeVisible();
    await expect(bar(page).getByRole('link', { name: 'Open in YouTube' })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${playable[0].youtubeId}`,
    );
    await expect.poll(async () => (await stub.player(page)).state).toBe(5);
    await control(page, 'Play').click();
    await expect(control(page, 'Pause')).toBeVisible();
    await expect.poll(async () => (await stub.player(page)).state).toBe(1);
    await expect(bar(page).getByText('Autoplay is off in this browser.')).toHaveCount(0);
    await context.close();
  });

  test('a PDF song opens in the in-app viewer with pages, zoom and download; Play All skips it', async ({ page }) => {
    await signInDemo(page.context());
    const songTitle = `Sheet ${Date.now().toString(36)}`;
    const res = await page.context().request.post('/api/songs', {
      multipart: {
        type: 'pdf',
        title: songTitle,
        artist: 'PDF Artist',
        file: { name: 'sheet.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Hello from CrowdMix') },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()) as { song?: Song } & Partial<Song>;
    const pdfSong = (created.song ?? created) as Song;
    expect(pdfSong.pdfUrl).toBeTruthy();

    await page.goto('/');
    // The song card in the Top 100 shows the PDF's first page, drawn by pdf.js. Scoped to the mix, as in
    // songs.spec: the trending column may show the same song, and a long list renders its later cards a
    // moment after its first ones (so a bare .first() could pick the trending card, then switch).
    const pdfCard = page.getByRole('list', { name: /Top 100/ }).getByRole('article', { name: songTitle });
    await pdfCard.scrollIntoViewIfNeeded();
    const thumb = pdfCard.getByTestId('pdf-thumbnail');
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(50);
    await page
      .getByRole('button', { name: `View the PDF of ${songTitle}` })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: songTitle });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('Page 1 of 1')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect
      .poll(() => viewer.getByTestId('pdf-page').evaluate((c: HTMLCanvasElement) => c.width))
      .toBeGreaterThan(100);
    const width = await viewer
      .getByTestId('pdf-page')
      .evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.getByText('125%')).toBeVisible();
    await expect
      .poll(() => viewer.getByTestId('pdf-page').evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width))
      .toBeGreaterThan(width);
    await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('href', pdfSong.pdfUrl!);
    await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      `PDF Artist - ${songTitle}.pdf`,
    );
    await expectBarAccessible(page);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // Play All never plays the PDF song.
    const { songs } = await globalMix(page.context().request);
    await page.getByRole('button', { name: /^Play All \(\d+\)$/ }).click();
    await expect(title(page)).toHaveText(songs.filter((s) => s.youtubeId)[0].title);
    await expect(title(page)).not.toHaveText(songTitle);
  });

  test('when the video player cannot load, the bar says so honestly, with Skip and Open on YouTube', async ({
    page,
  }) => {
    await page.route('https://www.youtube.com/iframe_api', (route) => route.abort());
    await signInDemo(page.context());
    await page.goto('/');
    const { playable } = await globalMix(page.context().request);
    await page.getByRole('button', { name: /^Play All \(\d+\)$/ }).click();
    const alert = bar(page).getByRole('alert');
    await expect(alert).toContainText("Can't play here: the video player didn't load.");
    await expect(alert.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${playable[0].youtubeId}`,
    );
    // Never "Pause" for a song that is not playing, never a frozen 0:00, no empty black video box.
    await expect(control(page, 'Pause')).toHaveCount(0);
    await expect(control(page, 'Play')).toBeDisabled();
    await expect(bar(page).getByTestId('player-time')).toBeHidden();
    await expect(page.getByTestId('player-video')).toHaveAttribute('aria-hidden', 'true');
    // The tab does not claim the song plays.
    expect(await page.title()).not.toContain(playable[0].title);
    await alert.getByRole('button', { name: 'Skip' }).click();
    await expect(title(page)).toHaveText(playable[1].title);
  });

  test("the tab's title is the song while it plays, and the page's own title when paused", async ({ page }) => {
    const songs = await playAllFromHome(page);
    await expect(page).toHaveTitle(new RegExp(songs[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await control(page, 'Pause').click();
    await expect(page).not.toHaveTitle(new RegExp(songs[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  test('a song that never starts is not shown as playing: the bar says so and offers Skip', async ({ page }) => {
    await page.clock.install();
    const songs = await playAllFromHome(page);
    // The stand-in stops moving (as a video that never starts would).
    await page.evaluate(() => {
      const p = (window as unknown as StubWindow).__yt.current() as unknown as { _emit(s: number): void };
      p._emit(3); // buffering, for ever
    });
    await page.clock.runFor(13_000);
    const alert = bar(page).getByRole('alert');
    await expect(alert).toContainText('Not playing');
    await expect(control(page, 'Pause')).toHaveCount(0);
    await expect(control(page, 'Play')).toBeVisible();
    await alert.getByRole('button', { name: 'Skip' }).click();
    await expect(title(page)).toHaveText(songs[1].title);
  });

  test('the video panel is docked: it covers none of the page, and the page can scroll every control above it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await playAllFromHome(page);
    const panel = page.getByTestId('player-video-panel');
    await expect(panel).toBeVisible();
    // Every vote button of the first rows, scrolled into view, is the element at its own centre.
    const buttons = page.getByRole('button', { name: /^Vote up / });
    for (let i = 0; i < 8; i++) {
      const b = buttons.nth(i);
      await b.scrollIntoViewIfNeeded();
      const covered = await b.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(hit && (hit === el || el.contains(hit)));
      });
      expect(covered, `vote button ${i} is covered`).toBe(false);
    }
    // The dock is opaque and as tall as the page's padding: nothing of the page shows through or hides under it.
    const dock = (await bar(page).boundingBox())!;
    const pad = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
    expect(Math.abs(pad - dock.height)).toBeLessThanOrEqual(1);
  });

  test('on a phone the dock is one compact row (art, title, play/pause, next, expand); Expand opens the full player', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await playAllFromHome(page);
    const dock = bar(page);
    // One row: about a list row's height, with the mini player's controls and no seek bar.
    await expect.poll(async () => (await dock.boundingBox())!.height).toBeLessThanOrEqual(72);
    for (const name of ['Pause', 'Next song', 'Expand player']) await expect(control(page, name)).toBeVisible();
    await expect(dock.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
    const row = (await control(page, 'Expand player').boundingBox())!;
    const art = (await title(page).boundingBox())!;
    expect(Math.abs(row.y + row.height / 2 - (art.y + art.height))).toBeLessThanOrEqual(24);
    await expectBarAccessible(page);
    await page.screenshot({ path: '.tmp/shots/player-375-mini.png' });

    await control(page, 'Expand player').click();
    await expect(dock.getByRole('slider', { name: 'Seek' })).toBeVisible();
    await expect(control(page, 'Close player')).toBeVisible();
    await control(page, 'Collapse player').click();
    await expect(dock.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
    await expect(control(page, 'Expand player')).toBeVisible();
  });

  test('the keyboard-shortcuts button shows only with a fine pointer', async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    try {
      const page = await phone.newPage();
      await routeOutside(phone);
      await signInDemo(phone);
      await page.goto('/');
      await page.getByRole('button', { name: /^Play All \(\d+\)$/ }).click();
      await expect(bar(page)).toBeVisible();
      await expect(bar(page).getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();
    } finally {
      await phone.close();
    }
  });

  test('the server lets the embed identify the site (Referrer-Policy)', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
