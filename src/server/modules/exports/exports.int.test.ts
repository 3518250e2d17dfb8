import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  songs as songsTable,
} from '../../db/schema';
import { createSong, createUser, createVenue, createVote, fakeYoutubeId } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import type { ExportDocument, YoutubeExport } from '../../../shared/schemas/export';

let t: TestApp;
let http: ReturnType<typeof api>;
let member: TestUser;
let outsider: TestUser;
let venueId: number;
let bigPlaylist: number;
let privatePlaylist: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [member, outsider] = [await registerUser(t.app), await registerUser(t.app)];
  const db = t.database.db;
  const top = await createSong(db, {
    title: 'Top "Hit"',
    artist: 'Ünder Dog',
    genre: 'Rock',
    duration: 215,
    youtubeId: 'AAAAAAAAAAA',
  });
  const evil = await createSong(db, {
    title: '=HYPERLINK("http://evil.test","x")',
    artist: '+SUM(1,2)',
    genre: '-2+3',
    duration: null,
    youtubeId: 'BBBBBBBBBBB',
  });
  const sheet = await createSong(db, {
    title: 'Sheet\nmusic',
    artist: '@admin',
    youtubeId: null,
    pdfUrl: '/api/files/7',
  });
  for (let i = 0; i < 3; i++) await createVote(db, { songId: top.id, voteType: 'up' });
  await createVote(db, { songId: evil.id, voteType: 'up' });
  for (let i = 0; i < 2; i++) await createVote(db, { songId: sheet.id, voteType: 'up' });

  const owner = await createUser(db);
  const venue = await createVenue(db, { ownerId: owner.id, name: 'Café Export: "Live"!' });
  venueId = venue.id;
  await createSong(db, { title: 'Venue Song', artist: 'Local', venueId, youtubeId: 'CCCCCCCCCCC', duration: 100 });

  // A playlist far longer than the YouTube queue limit, and a private one.
  const [big, hidden] = await db
    .insert(communityPlaylists)
    .values([
      { name: 'Endless Road', creatorId: owner.id, maxSongs: 200 },
      { name: 'Members Only', creatorId: owner.id, isPublic: false },
    ])
    .returning();
  bigPlaylist = big.id;
  privatePlaylist = hidden.id;
  const rows = await db
    .insert(songsTable)
    .values(
      Array.from({ length: 120 }, (_, i) => ({
        title: `Road ${i + 1}`,
        artist: 'Driver',
        youtubeId: fakeYoutubeId(),
        uploaderId: owner.id,
        duration: 180,
      })),
    )
    .returning();
  const approvedAt = new Date();
  await db.insert(communityPlaylistSongs).values(
    rows.map((s, i) => ({
      playlistId: big.id,
      songId: s.id,
      proposedById: owner.id,
      position: i + 1,
      status: 'approved' as const,
      approvedAt,
      upVotes: 3,
      netVotes: 3,
    })),
  );
  await db
    .insert(communityPlaylistSongs)
    .values({ playlistId: big.id, songId: top.id, proposedById: owner.id, status: 'pending' });
  await db.insert(communityPlaylistSongs).values({
    playlistId: hidden.id,
    songId: top.id,
    proposedById: owner.id,
    position: 1,
    status: 'approved',
    approvedAt,
  });
  await db.insert(communityPlaylistMembers).values({ playlistId: hidden.id, userId: member.id, role: 'member' });
  await t.deps.hub.publish({ type: 'songs_changed', venueId: null });
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/mix/global/export', () => {
  it('format=m3u: #EXTM3U, #EXTINF with duration and "artist - title", YouTube URLs, PDF songs left out', async () => {
    const res = await http.get('/api/mix/global/export?format=m3u');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/x-mpegurl; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="crowdmix-global-top-100-mix-${today}.m3u"`);
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines.slice(1, 5)).toEqual([
      '#EXTINF:215,Ünder Dog - Top "Hit"',
      'https://www.youtube.com/watch?v=AAAAAAAAAAA',
      '#EXTINF:-1,+SUM(1,2) - =HYPERLINK("http://evil.test","x")',
      'https://www.youtube.com/watch?v=BBBBBBBBBBB',
    ]);
    expect(res.body).not.toContain('Sheet');
  });

  it('format=csv: header, quoted cells, doubled quotes, formula-injection prefix, PDF link', async () => {
    const res = await http.get('/api/mix/global/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="crowdmix-global-top-100-mix-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('"title","artist","genre","upVotes","downVotes","link"');
    expect(rows[1]).toBe('"Top ""Hit""","Ünder Dog","Rock","3","0","https://www.youtube.com/watch?v=AAAAAAAAAAA"');
    expect(rows[3]).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")","'+SUM(1,2)","'-2+3","1","0","https://www.youtube.com/watch?v=BBBBBBBBBBB"`,
    );
    // A newline inside a quoted cell is legal CSV; the PDF song links to its sheet, absolutely.
    expect(res.body).toMatch(/\r\n"Sheet\nmusic","'@admin","Pop","2","0","https?:\/\/[^"]+\/api\/files\/7"\r\n/);
    expect(rows.at(-1)).toBe('');
  });

  it('format=json: every song with title, artist, genre, votes, duration and link', async () => {
    const res = await http.get('/api/mix/global/export?format=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.json"');
    const doc = res.json() as ExportDocument;
    expect(doc.name).toBe('Global Top 100 Mix');
    expect(doc.totalSongs).toBe(doc.songs.length);
    expect(doc.songs[0]).toEqual({
      position: 1,
      title: 'Top "Hit"',
      artist: 'Ünder Dog',
      genre: 'Rock',
      upVotes: 3,
      downVotes: 0,
      duration: 215,
      youtubeId: 'AAAAAAAAAAA',
      link: 'https://www.youtube.com/watch?v=AAAAAAAAAAA',
    });
    expect(doc.songs.find((s) => s.title.startsWith('Sheet'))).toMatchObject({
      youtubeId: null,
      link: expect.stringMatching(/^https?:\/\/.+\/api\/files\/7$/),
    });
  });

  it('format=youtube: watch_videos links of at most 50 ids in mix order, PDF songs skipped; no download', async () => {
    const res = await http.get('/api/mix/global/export?format=youtube');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBeUndefined();
    const body = res.json() as YoutubeExport;
    // The mix holds 100 songs (the 120 playlist songs fill it), one of them a PDF.
    expect(body.links.map((l) => [l.part, l.songCount])).toEqual([
      [1, 50],
      [2, 49],
    ]);
    expect(body.playableSongs).toBe(99);
    expect(body.links[0].url.startsWith('https://www.youtube.com/watch_videos?video_ids=AAAAAAAAAAA,BBBBBBBBBBB')).toBe(
      true,
    );
    expect(body.skippedSongs).toBe(1);
  });

  it('refuses an unknown or missing format', async () => {
    expect((await http.get('/api/mix/global/export?format=xls')).statusCode).toBe(400);
    expect((await http.get('/api/mix/global/export')).statusCode).toBe(400);
  });
});

describe('GET /api/mix/venue/:id/export', () => {
  it("exports the venue's mix with a safe file name; 404 for a missing venue", async () => {
    const res = await http.get(`/api/mix/venue/${venueId}/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="crowdmix-cafe-export-live-${today}.csv"`);
    expect(res.body).toContain('"Venue Song","Local"');
    expect(res.body).not.toContain('Top ""Hit""');
    const missing = await http.get('/api/mix/venue/999999/export?format=m3u');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Venue not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/community-playlists/:id/export', () => {
  it('exports every approved song (no cap) in order; YouTube links split in parts of 50', async () => {
    const json = (
      await http.get(`/api/community-playlists/${bigPlaylist}/export?format=json`)
    ).json() as ExportDocument;
    expect(json.totalSongs).toBe(120);
    expect(json.songs.map((s) => s.title)).toEqual(Array.from({ length: 120 }, (_, i) => `Road ${i + 1}`));
    const m3u = (await http.get(`/api/community-playlists/${bigPlaylist}/export?format=m3u`)).body;
    expect(m3u.match(/#EXTINF:180,Driver - Road \d+/g)).toHaveLength(120);
    const yt = (
      await http.get(`/api/community-playlists/${bigPlaylist}/export?format=youtube`)
    ).json() as YoutubeExport;
    expect(yt.links.map((l) => [l.part, l.songCount])).toEqual([
      [1, 50],
      [2, 50],
      [3, 20],
    ]);
    const ids = yt.links.flatMap((l) => new URL(l.url).searchParams.get('video_ids')!.split(','));
    expect(ids).toEqual(json.songs.map((s) => s.youtubeId));
    const csv = (await http.get(`/api/community-playlists/${bigPlaylist}/export?format=csv`)).body;
    expect(csv.trimEnd().split('\r\n')).toHaveLength(121);
  });

  it('exports a private playlist to members only', async () => {
    for (const as of [undefined, outsider]) {
      const res = await http.get(`/api/community-playlists/${privatePlaylist}/export?format=json`, { as });
      expect(res.statusCode).toBe(404);
    }
    const res = await http.get(`/api/community-playlists/${privatePlaylist}/export?format=json`, { as: member });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ExportDocument).songs.map((s) => s.title)).toEqual(['Top "Hit"']);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="crowdmix-members-only-${today}.json"`);
  });
});
