/**
 * Visual snapshots of the main screens (issue 15) at 1280 and 375 px, signed out and signed in, against committed
 * baselines (Debian's Chromium headless shell, ADR 036; the bundled Figtree). Live data is frozen: the lists come from fixed data served by
 * routes below (no votes of other tests, no thumbnails from outside — the generated covers show), animations are
 * disabled, and per-account parts (the avatar's colour) are masked. Update with `--update-snapshots` after a
 * reviewed design change, and look at the PNGs.
 */
import type { Page } from '@playwright/test';
import { test, expect, signUp } from './fixtures';

// Reduced motion as well as disabled CSS animations: a scroll the page makes by script (DJ Verse follows its newest
// reply) happens at once instead of smoothly, so the snapshot never catches it half-way (a 19 px difference once).
test.use({ serviceWorkers: 'block', reducedMotion: 'reduce' });
// Each screen is independent (its data frozen by routes, a new account when signed in): the screens are shared by
// both workers rather than run as one block — the last file in name order, it kept one worker busy for minutes
// while the other had nothing left to do (ADR 027).
test.describe.configure({ mode: 'parallel' });

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
  uploaderName: 'Maya Rivera',
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

const playlist = {
  id: 9001,
  name: 'Late Night Drive',
  description: 'Slow burners for the empty motorway.',
  creatorId: '00000000-0000-4000-8000-000000000001',
  creatorName: 'Maya Rivera',
  venueId: null,
  isPublic: true,
  isActive: true,
  voteThreshold: 3,
  maxSongs: 50,
  collaborativeMode: 'democratic',
  thumbnailUrl: null,
  gradient: 'from-blue-500 to-purple-600',
  createdAt: '2026-10-01T12:00:00.000Z',
  updatedAt: '2026-10-02T12:00:00.000Z',
  memberCount: 3,
  songCount: 4,
};
const playlists = [
  playlist,
  {
    ...playlist,
    id: 9002,
    name: 'Sunday Kitchen',
    gradient: 'from-orange-500 to-red-500',
    memberCount: 8,
    songCount: 12,
  },
  {
    ...playlist,
    id: 9003,
    name: 'Gym Floor',
    collaborativeMode: 'open',
    gradient: 'from-green-500 to-teal-500',
    memberCount: 2,
    songCount: 0,
  },
];
const entries = songs.slice(0, 6).map((s, i) => ({
  id: 9101 + i,
  playlistId: playlist.id,
  songId: s.id,
  proposedById: '00000000-0000-4000-8000-000000000001',
  proposerName: i % 2 ? 'Kenji Tanaka' : 'Maya Rivera',
  position: i < 4 ? i + 1 : null,
  upVotes: i < 4 ? 4 - (i % 2) : 1,
  downVotes: 0,
  netVotes: i < 4 ? 4 - (i % 2) : 1,
  status: i < 4 ? 'approved' : 'pending',
  createdAt: '2026-10-01T12:00:00.000Z',
  approvedAt: i < 4 ? '2026-10-01T13:00:00.000Z' : null,
  title: s.title,
  artist: s.artist,
  genre: s.genre,
  youtubeId: s.youtubeId,
  duration: s.duration,
  thumbnailUrl: null,
  userVote: null,
}));
const members = ['Maya Rivera', 'Kenji Tanaka', 'Amara Diallo'].map((userName, i) => ({
  id: 9201 + i,
  playlistId: playlist.id,
  userId: `00000000-0000-4000-8000-00000000000${i + 1}`,
  userName,
  profileImageUrl: null,
  role: i === 0 ? 'admin' : 'member',
  canVote: true,
  canPropose: true,
  canModerate: i === 0,
  joinedAt: '2026-10-01T12:00:00.000Z',
}));

async function freeze(page: Page, signedIn = false) {
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  // The live connection opens but never delivers: the server's events for its own (other) songs and venues must not
  // reach the frozen data (the venue screen once showed no songs after one).
  await page.routeWebSocket(/\/ws(\?.*)?$/, () => {});
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
  await page.route('**/api/community-playlists', (r) => r.fulfill(json(playlists)));
  // Signed in: an admin of the playlist (the invite link and the moderation show); signed out: a visitor.
  await page.route(`**/api/community-playlists/${playlist.id}`, (r) =>
    r.fulfill(
      json({
        ...playlist,
        membership: signedIn ? { role: 'admin', canVote: true, canPropose: true, canModerate: true } : null,
        inviteToken: signedIn ? '0123456789abcdef0123456789abcdef' : null,
      }),
    ),
  );
  await page.route(`**/api/community-playlists/${playlist.id}/songs`, (r) => r.fulfill(json(entries)));
  await page.route(`**/api/community-playlists/${playlist.id}/members`, (r) => r.fulfill(json(members)));
  await page.route('**/api/search?**', (r) =>
    r.fulfill(
      json({
        songs: songs.slice(0, 4).map(({ position: _p, previousPosition: _q, ...s }) => s),
        artists: [
          { name: 'The Lanterns', songCount: 2 },
          { name: 'Nova Reed', songCount: 2 },
        ],
        venues: venues.slice(0, 1),
        playlists: playlists.slice(0, 1),
        correctedQuery: null,
      }),
    ),
  );
  await page.route('**/api/user/songs', (r) =>
    r.fulfill(json(songs.slice(0, 3).map(({ position: _p, previousPosition: _q, ...s }) => s))),
  );
  await page.route('**/api/user/venues', (r) => r.fulfill(json([])));
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

type Screen = {
  name: string;
  path: string;
  ready: (p: Page) => ReturnType<Page['getByRole']>;
  signedOutOnly?: boolean;
};
const SCREENS: Screen[] = [
  { name: 'home', path: '/', ready: (p) => p.getByTestId('song-card').first() },
  { name: 'venue', path: `/venue/${venue.id}/mix`, ready: (p) => p.getByTestId('song-card').first() },
  { name: 'venues', path: '/venues', ready: (p) => p.getByRole('heading', { name: 'The Lantern Room' }) },
  { name: 'playlists', path: '/community-playlists', ready: (p) => p.getByRole('link', { name: /Late Night Drive/ }) },
  {
    name: 'playlist',
    path: `/community-playlists/${playlist.id}`,
    ready: (p) => p.getByTestId('playlist-song').first(),
  },
  { name: 'upload', path: '/upload', ready: (p) => p.getByRole('heading', { name: 'Upload Music' }) },
  {
    name: 'search',
    path: '/search?q=lanterns',
    ready: (p) => p.getByRole('article', { name: 'Midnight Avenue' }).first(),
    signedOutOnly: true,
  },
  {
    name: 'login',
    path: '/login',
    ready: (p) => p.getByRole('button', { name: 'Sign in', exact: true }),
    signedOutOnly: true,
  },
];

// --- The social screens (signed in): Messages (the list and a thread), global chat, a venue's chat, DJ Verse and the
// profile. Their data is frozen the same way, the clock too (the messages' times), and the socket is a stand-in
// that never delivers (no one else's message or presence arrives).
const NOW = new Date('2026-10-05T18:30:00.000Z');
const ME = '00000000-0000-4000-8000-0000000000aa';
const people = [
  { id: '00000000-0000-4000-8000-000000000001', firstName: 'Maya', lastName: 'Rivera', mood: 'chill' },
  { id: '00000000-0000-4000-8000-000000000003', firstName: 'Kenji', lastName: 'Tanaka', mood: 'party' },
  { id: '00000000-0000-4000-8000-000000000004', firstName: 'Amara', lastName: 'Diallo', mood: null },
];
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const LINES = [
  'Anyone at The Lantern Room tonight? The piano player is taking requests.',
  'On my way! Put Midnight Avenue on the list please',
  'Voted it up, it is #2 now',
  'This playlist is exactly what a Sunday evening needs. Who added Nocturne for Rain?',
  'That was me, it is lovely with the rain outside',
  'Adding a few more slow ones before the weekend is over.',
];
const chatMessages = (venueId: number | null) =>
  LINES.map((content, i) => {
    const who = i % 4 === 3 ? null : people[i % 3]!;
    const mine = i === 4;
    return {
      id: 7001 + i,
      senderId: mine ? ME : (who?.id ?? people[0]!.id),
      receiverId: null,
      venueId,
      content,
      messageType: 'text',
      isRead: true,
      createdAt: minutesAgo(60 - i * 9),
      senderName: mine ? 'Robin Tester' : who ? `${who.firstName} ${who.lastName}` : 'Maya Rivera',
      senderImage: null,
    };
  });
const online = people.map((p, i) => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  profileImageUrl: null,
  currentMood: p.mood,
  moodUpdatedAt: p.mood ? minutesAgo(30) : null,
  currentVenueId: i === 0 ? venue.id : null,
  venueName: i === 0 ? venue.name : null,
  lastActivity: minutesAgo(i + 1),
}));
const conversations = people.map((p, i) => ({
  otherUser: { id: p.id, firstName: p.firstName, lastName: p.lastName, profileImageUrl: null, currentMood: p.mood },
  lastMessage: {
    id: 8010 - i,
    senderId: i === 1 ? ME : p.id,
    content: ['See you at the Lantern Room at nine?', 'Sent you the playlist link', 'Thanks for the vote!'][i]!,
    createdAt: minutesAgo([4, 95, 60 * 26][i]!),
  },
  unreadCount: i === 0 ? 2 : 0,
}));
const thread = [
  [people[0]!.id, 'Are you coming to the Lantern Room tonight?', 40],
  [ME, 'Yes! What time does the piano start?', 35],
  [people[0]!.id, 'Around nine. I put Midnight Avenue in the queue for you.', 20],
  [ME, 'Perfect, I will vote it up on the way.', 12],
  [people[0]!.id, 'See you at the Lantern Room at nine?', 4],
].map(([from, content, ago], i) => ({
  id: 8001 + i,
  senderId: from as string,
  receiverId: from === ME ? people[0]!.id : ME,
  venueId: null,
  content: content as string,
  messageType: 'text',
  isRead: true,
  createdAt: minutesAgo(ago as number),
  senderName: from === ME ? 'Robin Tester' : 'Maya Rivera',
  senderImage: null,
}));
const card = (s: (typeof songs)[number], reason: string, confidence: number) => ({
  songId: s.id,
  title: s.title,
  artist: s.artist,
  reason,
  genre: s.genre,
  confidence,
  youtubeId: s.youtubeId,
  thumbnailUrl: null,
  duration: s.duration,
  pdfUrl: null,
});
const aiHistory = [
  {
    id: 6001,
    message: 'Something slow for a rainy evening',
    response:
      'Here are three slow songs for a rainy evening: a quiet piano piece, a jazz ballad and something soft from the indie side.',
    recommendations: [
      card(songs[5]!, 'A slow piano piece, made for rain on the window.', 0.92),
      card(songs[2]!, 'A late-night jazz ballad with brushed drums.', 0.81),
      card(songs[6]!, 'Soft indie with a warm, unhurried groove.', 0.74),
    ],
    createdAt: minutesAgo(10),
  },
];
const stats = {
  totalUploads: 3,
  venuesCreated: 1,
  totalVotes: 42,
  points: 139,
  expertPoints: 500,
  levelProgress: 28,
  achievements: [
    { id: 'first-upload', title: 'First Upload', description: 'Share your first song', unlocked: true },
    { id: 'top-voter', title: 'Top Voter', description: 'Cast 100 votes', unlocked: false },
    { id: 'venue-owner', title: 'Venue Owner', description: 'Create a venue', unlocked: true },
  ],
  uploads: songs.slice(0, 3).map((s) => ({
    id: s.id,
    title: s.title,
    artist: s.artist,
    genre: s.genre,
    youtubeId: s.youtubeId,
    thumbnailUrl: null,
    venueId: null,
    createdAt: s.createdAt,
  })),
  venues: [
    {
      id: venue.id,
      name: venue.name,
      type: venue.type,
      location: venue.location,
      gradient: venue.gradient,
      isActive: true,
      songCount: 6,
    },
  ],
};

async function freezeSocial(page: Page) {
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.clock.setFixedTime(NOW);
  await page.routeWebSocket(/\/ws(\?.*)?$/, () => {});
  // The signed-in person is a fixed one (the account of the test signs in; the screens show this one).
  await page.route('**/api/auth/user', async (r) => {
    const res = await r.fetch();
    const user = (await res.json()) as Record<string, unknown>;
    await r.fulfill(
      json({
        ...user,
        id: ME,
        email: 'robin@example.test',
        firstName: 'Robin',
        lastName: 'Tester',
        profileImageUrl: null,
      }),
    );
  });
  await page.route('**/api/messages/global**', (r) =>
    r.fulfill(json(new URL(r.request().url()).search ? [] : chatMessages(null))),
  );
  await page.route(`**/api/venues/${venue.id}/messages**`, (r) =>
    r.fulfill(json(new URL(r.request().url()).search ? [] : chatMessages(venue.id))),
  );
  await page.route('**/api/users/online', (r) => r.fulfill(json(online)));
  await page.route(`**/api/venues/${venue.id}/users`, (r) => r.fulfill(json(online.slice(0, 2))));
  await page.route('**/api/messages/conversations', (r) => r.fulfill(json(conversations)));
  await page.route('**/api/messages/unread-count', (r) => r.fulfill(json({ count: 2 })));
  await page.route('**/api/messages?with=**', (r) => r.fulfill(json(thread)));
  await page.route('**/api/messages/read', (r) => r.fulfill(json({ updated: 0 })));
  await page.route(`**/api/users/${people[0]!.id}`, (r) =>
    r.fulfill(
      json({
        id: people[0]!.id,
        firstName: 'Maya',
        lastName: 'Rivera',
        profileImageUrl: null,
        currentMood: people[0]!.mood,
      }),
    ),
  );
  await page.route('**/api/ai/history', (r) => r.fulfill(json(aiHistory)));
  await page.route('**/api/users/me/stats', (r) => r.fulfill(json(stats)));
}

const SOCIAL: Screen[] = [
  { name: 'messages', path: '/messages', ready: (p) => p.getByText('See you at the Lantern Room at nine?').first() },
  {
    name: 'thread',
    path: `/messages?with=${people[0]!.id}`,
    ready: (p) => p.getByText('Perfect, I will vote it up on the way.'),
  },
  { name: 'chat', path: '/chat', ready: (p) => p.getByText(LINES[5]!).first() },
  { name: 'venue-chat', path: `/chat?venue=${venue.id}`, ready: (p) => p.getByText(LINES[5]!).first() },
  { name: 'dj-verse', path: '/ai', ready: (p) => p.getByText('A slow piano piece, made for rain on the window.') },
  { name: 'profile', path: '/profile', ready: (p) => p.getByText('Midnight Avenue').first() },
];

test.describe('social screens', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-US' });
  for (const width of [1280, 375]) {
    for (const screen of SOCIAL) {
      test(`${screen.name}, signed in, ${width}px`, async ({ page, context }) => {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
        await signUp(context);
        await freeze(page, true);
        await freezeSocial(page);
        await page.goto(screen.path);
        await expect(screen.ready(page)).toBeVisible();
        await settle(page);
        await expect(page).toHaveScreenshot(`${screen.name}-in-${width}.png`, {
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
          mask: [page.getByTestId('unread-badge')],
        });
      });
    }
  }
});

for (const width of [1280, 375]) {
  for (const signedIn of [false, true]) {
    for (const screen of SCREENS.filter((s) => !(signedIn && s.signedOutOnly))) {
      test(`${screen.name}, ${signedIn ? 'signed in' : 'signed out'}, ${width}px`, async ({ page, context }) => {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
        if (signedIn) await signUp(context);
        await freeze(page, signedIn);
        await page.goto(screen.path);
        await expect(screen.ready(page)).toBeVisible();
        await settle(page);
        await expect(page).toHaveScreenshot(`${screen.name}-${signedIn ? 'in' : 'out'}-${width}.png`, {
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
          // The invite link names the test server's port.
          mask: [page.getByTestId('avatar'), page.getByTestId('unread-badge'), page.getByTestId('invite-url')],
        });
      });
    }
  }
}
