import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPlaylists } from '../../db/schema';
import { createSong, createUser, createVenue, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import type { SearchResponse } from '../../../shared/schemas/search';

let t: TestApp;
let http: ReturnType<typeof api>;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [owner, stranger] = [await registerUser(t.app), await registerUser(t.app)];
  const db = t.database.db;
  const s = (title: string, artist: string, genre: string | null = 'Rock', extra = {}) =>
    createSong(db, { title, artist, genre, ...extra });
  await s('Hey Jude', 'The Beatles');
  await s('Let It Be', 'The Beatles');
  await s('Yesterday', 'The Beatles', 'Pop');
  await s('Bohemian Rhapsody', 'Queen');
  await s('Beat It', 'Michael Jackson', 'Pop');
  await s('Señorita', 'Shawn Mendes', 'Latin');
  await s('Café del Mar', 'Energy 52', 'Trance');
  await s('Midnight Blues', 'Blue Harbour', 'Jazz');
  await s('Owner Only Ballad', 'Hidden Singer', 'Soul', { isPrivate: true, uploaderId: owner.id });
  // Two equally relevant "Sunrise" songs: the one with more net votes ranks first.
  const low = await s('Sunrise', 'Dawn Quiet', 'Ambient');
  const high = await s('Sunrise', 'Dawn Loud', 'Ambient');
  for (let i = 0; i < 3; i++) await createVote(db, { songId: high.id, voteType: 'up' });
  await createVote(db, { songId: low.id, voteType: 'down' });

  const venueOwner = await createUser(db);
  await createVenue(db, {
    ownerId: venueOwner.id,
    name: 'The Blue Note',
    location: 'Greenwich Village, New York',
    type: 'club',
  });
  await createVenue(db, { ownerId: venueOwner.id, name: 'Café Melody', location: 'Paris', type: 'restaurant' });
  await createVenue(db, { ownerId: venueOwner.id, name: 'Closed Blue Bar', location: 'Nowhere', isActive: false });
  await db.insert(communityPlaylists).values([
    { name: 'Road Trip Anthems', creatorId: venueOwner.id },
    { name: 'Secret Road Songs', creatorId: venueOwner.id, isPublic: false },
  ]);
}, 120_000);
afterAll(async () => t?.close());

const search = async (q: string, as?: TestUser, limit?: number) => {
  const res = await http.get(`/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, { as });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};

describe('GET /api/search', () => {
  it('forgives typos: "beatls" finds The Beatles and their songs', async () => {
    const r = await search('beatls');
    expect(r.artists[0]).toEqual({ name: 'The Beatles', songCount: 3 });
    expect(r.songs.map((s) => s.title).sort()).toEqual(['Hey Jude', 'Let It Be', 'Yesterday']);
    expect(r.songs[0]).toMatchObject({ artist: 'The Beatles', upVotes: 0, downVotes: 0, userVote: null });
  });

  it('says which words it corrected, for visitors and signed-in callers alike, and nothing when none was', async () => {
    // "beatls" is no word of the catalogue: the songs and artists shown are The Beatles'.
    expect((await search('beatls')).correctedQuery).toBe('beatles');
    expect((await search('beatls', stranger)).correctedQuery).toBe('beatles');
    // The owner of a matching private song gets an answer read for them alone: it says the same.
    await createSong(t.database.db, { title: 'Quasar Lights', artist: 'Star Band', genre: 'Synthwave' });
    await createSong(t.database.db, {
      title: 'Quasar Diary',
      artist: 'Star Band',
      genre: 'Synthwave',
      isPrivate: true,
      uploaderId: owner.id,
    });
    const mine = await search('qasar diary', owner);
    expect(mine.songs.map((s) => s.title)).toContain('Quasar Diary');
    expect(mine.correctedQuery).toBe('quasar diary');
    expect((await search('qasar diary', stranger)).correctedQuery).toBe('quasar diary');
    // Words of the catalogue and the starts of words are not corrections.
    expect((await search('beatles')).correctedQuery).toBeNull();
    expect((await search('bohem')).correctedQuery).toBeNull();
    expect((await search('beatles', stranger)).correctedQuery).toBeNull();
  });

  it('matches partial words: "blue no" finds The Blue Note, "bohem" finds Bohemian Rhapsody', async () => {
    const r = await search('blue no');
    expect(r.venues[0]).toMatchObject({ name: 'The Blue Note', type: 'club' });
    expect(r.venues.map((v) => v.name)).not.toContain('Closed Blue Bar');
    expect((await search('bohem')).songs[0].title).toBe('Bohemian Rhapsody');
    expect((await search('greenwich')).venues.map((v) => v.name)).toEqual(['The Blue Note']);
  });

  it('ignores accents both ways: "cafe" finds Café Melody and Café del Mar, "señor" and "senor" find Señorita', async () => {
    const r = await search('cafe');
    expect(r.venues.map((v) => v.name)).toContain('Café Melody');
    expect(r.songs.map((s) => s.title)).toContain('Café del Mar');
    expect((await search('CAFÉ MEL')).venues[0].name).toBe('Café Melody');
    expect((await search('senor')).songs[0].title).toBe('Señorita');
    expect((await search('señor')).songs[0].title).toBe('Señorita');
  });

  it('searches by genre and ranks exact matches above looser ones', async () => {
    expect((await search('trance')).songs.map((s) => s.title)).toEqual(['Café del Mar']);
    // "beat it" is the exact title; The Beatles songs only resemble it.
    expect((await search('beat it')).songs[0].title).toBe('Beat It');
  });

  it('breaks relevance ties by popularity (net votes)', async () => {
    const r = await search('sunrise');
    expect(r.songs.map((s) => [s.artist, s.upVotes - s.downVotes])).toEqual([
      ['Dawn Loud', 3],
      ['Dawn Quiet', -1],
    ]);
  });

  it('shows private songs to their owner only', async () => {
    expect((await search('owner only ballad')).songs).toEqual([]);
    expect((await search('owner only ballad', stranger)).songs).toEqual([]);
    expect((await search('hidden singer', stranger)).artists).toEqual([]);
    const mine = await search('owner only ballad', owner);
    expect(mine.songs.map((s) => [s.title, s.isPrivate])).toEqual([['Owner Only Ballad', true]]);
    expect((await search('hidden singer', owner)).artists).toEqual([{ name: 'Hidden Singer', songCount: 1 }]);
  });

  it('lists public playlists only', async () => {
    expect((await search('road')).playlists.map((p) => p.name)).toEqual(['Road Trip Anthems']);
    expect((await search('road', owner)).playlists.map((p) => p.name)).toEqual(['Road Trip Anthems']);
  });

  it('returns empty groups for no match or for text without words, and honours limit', async () => {
    expect(await search('zzzqqqxxx')).toEqual({
      songs: [],
      artists: [],
      venues: [],
      playlists: [],
      correctedQuery: null,
    });
    expect(await search("'&|!:*()")).toEqual({
      songs: [],
      artists: [],
      venues: [],
      playlists: [],
      correctedQuery: null,
    });
    expect((await search('the beatles', undefined, 2)).songs).toHaveLength(2);
  });

  it('validates q (1–100 characters) and limit (1–50)', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      `/api/search?q=${'a'.repeat(101)}`,
      '/api/search?q=a&limit=0',
      '/api/search?q=a&limit=51',
      '/api/search?q=a&limit=x',
      '/api/search?q=a&other=1',
    ]) {
      const res = await http.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await http.get(`/api/search?q=${'a'.repeat(100)}&limit=50`)).statusCode).toBe(200);
  });
});
