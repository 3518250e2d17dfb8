/**
 * The two phases of song and artist search (ADR 021): what each candidate source brings, shown with a candidate
 * budget shrunk to 5 so that the distractors below fill it; and that ranking, privacy and limit hold through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createUser, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import type { SearchResponse } from '../../../shared/schemas/search';
import * as repo from './search.repository';

let t: TestApp;
let http: ReturnType<typeof api>;
let owner: TestUser;
let popularMorning: number;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  owner = await registerUser(t.app);
  const db = t.database.db;
  const uploader = await createUser(db);
  const song = (title: string, artist: string, extra = {}) =>
    createSong(db, { title, artist, genre: 'Rock', uploaderId: uploader.id, ...extra });
  // Private songs first (lower ids): were visibility checked only when scoring, they would take the budget.
  for (let i = 0; i < 8; i++) await song('Velvet', 'Hidden Owner', { isPrivate: true, uploaderId: owner.id });
  for (let i = 1; i <= 12; i++) await song(`Velvet Morning ${i}`, 'Various');
  await song('Velvet', 'Exact Band');
  // The most popular of the "Velvet Morning" songs: more net votes than the exact "Velvet" (which has none).
  popularMorning = (await song('Velvet Morning 13', 'Various')).id;
  for (let i = 0; i < 4; i++) await createVote(db, { songId: popularMorning, voteType: 'up' });
  // One artist with many songs, two others whose names start the same way.
  for (let i = 1; i <= 12; i++) await song(`Star ${i}`, 'Nova');
  await song('Brass Star', 'Nova Brass');
  await song('Novalis Star', 'Novalis');
  for (let i = 0; i < 2; i++) await song(`Private Star ${i}`, 'Nova', { isPrivate: true, uploaderId: owner.id });
}, 120_000);
afterAll(async () => t?.close());

const small = { candidates: 5 };
const songsFor = async (q: string, viewerId: string | null = null, limit = 10) =>
  (await repo.searchSongs(t.database.db, repo.searchTerms(q), viewerId, limit, small)).map((r) => ({
    title: r.song.title,
    artist: r.song.artist,
    isPrivate: r.song.isPrivate,
  }));

describe('song candidates (budget of 5)', () => {
  it('finds the exact title although more than the budget start with it, and no private song takes a place', async () => {
    const found = await songsFor('velvet');
    expect(found[0]).toEqual({ title: 'Velvet', artist: 'Exact Band', isPrivate: false });
    expect(found).toHaveLength(5);
    expect(found.filter((s) => s.isPrivate)).toEqual([]);
  });

  it('gives the owner their own private songs through the same sources', async () => {
    const found = await songsFor('velvet', owner.id);
    expect(found).toHaveLength(5);
    expect(found.every((s) => s.title === 'Velvet')).toBe(true);
    expect(found.some((s) => s.isPrivate)).toBe(true);
  });

  it('finds a typo only the trigram KNN can: "mornign"', async () => {
    const found = await songsFor('mornign');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.title.startsWith('Velvet Morning'))).toBe(true);
  });

  it('finds a song whose words are spread over two fields, only by the full-text query: "band velv"', async () => {
    // No single field is within the trigram threshold of "band velv"; every word prefix-matches title or artist.
    expect(await songsFor('band velv')).toEqual([{ title: 'Velvet', artist: 'Exact Band', isPrivate: false }]);
  });

  it('returns no more than the budget, and nothing for text without a match', async () => {
    expect(await songsFor('velvet morning', null, 50)).toHaveLength(5);
    expect(await songsFor('qqqzzzxxx')).toEqual([]);
  });
});

describe('artist candidates (budget of 5)', () => {
  it('lists every artist starting with the text, though one of them has more songs than the budget', async () => {
    const found = await repo.searchArtists(t.database.db, repo.searchTerms('nova'), null, 10, small);
    expect(found).toEqual([
      { name: 'Nova', songCount: 12 },
      { name: 'Nova Brass', songCount: 1 },
      { name: 'Novalis', songCount: 1 },
    ]);
  });

  it("counts the owner's private songs for the owner only", async () => {
    const mine = await repo.searchArtists(t.database.db, repo.searchTerms('nova'), owner.id, 10, small);
    expect(mine[0]).toEqual({ name: 'Nova', songCount: 14 });
  });
});

describe('GET /api/search ranking through the two phases', () => {
  const search = async (q: string, limit?: number) => {
    const res = await http.get(`/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
    expect(res.statusCode).toBe(200);
    return res.json() as SearchResponse;
  };

  it('ranks the exact title, without votes, above popular looser matches, then those by popularity', async () => {
    const r = await search('velvet');
    expect(r.songs.map((s) => [s.title, s.artist])[0]).toEqual(['Velvet', 'Exact Band']);
    expect(r.songs[1]).toMatchObject({ id: popularMorning, title: 'Velvet Morning 13', upVotes: 4 });
    expect(r.songs.some((s) => s.isPrivate)).toBe(false);
  });

  it('limit cuts the same ranking: the first 3 of 10 are the 3 asked for', async () => {
    const ten = (await search('velvet morning', 10)).songs.map((s) => s.id);
    const three = (await search('velvet morning', 3)).songs.map((s) => s.id);
    expect(ten).toHaveLength(10);
    expect(three).toEqual(ten.slice(0, 3));
  });
});
