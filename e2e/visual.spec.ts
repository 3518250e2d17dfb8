/**
 * Visual snapshots of the main screens (issue 15) at 1280 and 375 px, signed out and signed in, against committed
 * baselines (Debian Chromium, the bundled Figtree). Live data is frozen: the lists come from fixed data served by
 * routes below (no votes of other tests, no thumbnails from outside — the generated covers show), animations are
 * disabled, and per-account parts (the avatar's colour) are masked. Update with `--update-snapshots` after a
 * reviewed design change, and look at the PNGs.
 */
import type { Page } from '@playwright/test';
import { test, expect, signUp } from './fixtures';

test.use({ serviceWorkers: 'block' });

const GENRES = ['Rock', 'Pop', 'Jazz', 'Hip Hop', 'Electronic', 'Classical', 'Indie', 'Soul'];
const TITLES = [
  ['Midnight Avenue', 'The Lanterns'],
  ['Paper Planes Over Paris', 'Nova Reed'],
  ['Blue in the Room', 'Theo Marsh Quartet'],
  ['Concrete Garden', 'Lil Orbit'],
  ['Neon Tides', 'Kaleido'],
  ['Nocturne for Rain', 'Ilse Varga'],
  ['Sunday Static', 'Paper Kites Club'],
  ['Gold Teeth, Soft Heart', 'Marvin Lake'],
  ['Run the Lights', 'The Lanterns'],
  ['Afterglow', 'Nova Reed'],
  ['Late Bus Home', 'Kaleido'],
  ['Salt and Vinegar', 'Paper Kites Club'],
] as const;

const songs = TITLES.map(([title, artist], i) => ({
  id: 9001 + i,
  title,
  artist,
  genre: GENRES[i % GENRES.length],
  youtubeUrl: `https://www.youtube.com/watch?v=vid${i}`,
  youtubeId: `vid${String(i).padStart(8, '0')}`,
  pdfUrl: null,
  thumbnailUrl: null,
  duration: 150 + i * 17,
  uploaderId: '00000000-0000-4000-8000-000000000001',
  venueId: null,
  isPrivate: false,
  createdAt: '2026-10-01T12:00:00.000Z',
  upVotes: 20 - i,
  downVotes: i % 3,
  userVote: null,
  position: i + 1,
  previousPosition: i === 2 ? 5 : i === 4 ? null : i + 1,
}));
const total = songs.reduce((n, s) => n + s.duration, 0);
const venue = {
  id: 9001,
  name: 'The Lantern Room',
  description: 'Vinyl, candles and a piano in the corner.',
  location: 'Kreuzberg, Berlin',
  type: 'bar',
  ownerId: '00000000-0000-4000-8000-000000000002',
  isActive: true,
  gradient: 'from-blue-500 to-indigo-500',
  createdAt: '2026-09-01T12:00:00.000Z',
  songCount: 6,
};
const venues = [
  venue,
  { ...venue, id: 9002, name: 'Café Lumen', type: 'cafe', location: 'Le Marais, Paris' },
  { ...venue, id: 9003, name: 'Pulse', type: 'club', location: 'Shoreditch, London' },
];

async function freeze(page: Page) {
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/mix/global', (r) =>
    r.fulfill(
      json({
        songs,
        mixInfo: { name: 'Global Top 100 Mix', type: 'global' },
        totalDuration: total,
        totalSongs: songs.length,
      }),
    ),
  );
  await page.route('**/api/songs/trending**', (r) =>
    r.fulfill(json(songs.slice(3, 7).map(({ position: _p, previousPosition: _q, ...s }) => s))),
  );
  await page.route('**/api/venues', (r) => r.fulfill(json(venues)));
  await page.route(`**/api/venues/${venue.id}`, (r) => r.fulfill(json(venue)));
  const venueSongs = songs.slice(0, 6).map((s) => ({ ...s, venueId: venue.id, previousPosition: undefined }));
  await page.route(`**/api/mix/venue/${venue.id}`, (r) =>
    r.fulfill(
      json({
        songs: venueSongs,
        mixInfo: { name: `${venue.name} Mix`, type: 'venue' },
        totalDuration: venueSongs.reduce((n, s) => n + s.duration, 0),
        totalSongs: venueSongs.length,
      }),
    ),
  );
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
}

const SCREENS = [
  { name: 'home', path: '/', ready: (p: Page) => p.getByTestId('song-card').first() },
  { name: 'venue', path: `/venue/${venue.id}/mix`, ready: (p: Page) => p.getByTestId('song-card').first() },
] as const;

for (const width of [1280, 375]) {
  for (const signedIn of [false, true]) {
    for (const screen of SCREENS) {
      test(`${screen.name}, ${signedIn ? 'signed in' : 'signed out'}, ${width}px`, async ({ page, context }) => {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
        if (signedIn) await signUp(context);
        await freeze(page);
        await page.goto(screen.path);
        await expect(screen.ready(page)).toBeVisible();
        await settle(page);
        await expect(page).toHaveScreenshot(`${screen.name}-${signedIn ? 'in' : 'out'}-${width}.png`, {
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
          mask: [page.getByTestId('avatar'), page.getByTestId('unread-badge')],
        });
      });
    }
  }
}
