/**
 * The answer cache of search (ADR 026), through the real app: a repeated search is answered from memory, a new
 * song (announced by `songs_changed`) shows at once, vote counts follow `vote_update`, and a private song reaches
 * its owner's answers only, never the cached answer others get. Two instances: test/scale/two-instances.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createUser, fakeYoutubeId } from '../../../../test/helpers/factories';
import { multipartBody } from '../../../../test/helpers/multipart';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import type { SearchResponse } from '../../../shared/schemas/search';

let t: TestApp;
let http: ReturnType<typeof api>;
let owner: TestUser;
let stranger: TestUser;
let voter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [owner, stranger, voter] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
  const uploader = await createUser(t.database.db);
  await createSong(t.database.db, { title: 'Lantern Glow', artist: 'Harbour Lights', uploaderId: uploader.id });
  await createSong(t.database.db, { title: 'Paper Lantern', artist: 'Harbour Lights', uploaderId: uploader.id });
}, 120_000);
afterAll(async () => t?.close());

const search = async (q: string, as?: TestUser, limit?: number) => {
  const res = await http.get(`/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, { as });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};

function upload(as: TestUser, title: string, isPrivate = false) {
  const { payload, headers } = multipartBody({
    type: 'youtube',
    title,
    artist: 'Harbour Lights',
    youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
    isPrivate: String(isPrivate),
  });
  return t.app.inject({ method: 'POST', url: '/api/songs', payload, headers: { ...headers, cookie: as.cookie } });
}

describe('search answer cache', () => {
  it('answers a repeated search from memory: a row written behind its back (no event) is not seen', async () => {
    const first = await search('lantern');
    expect(first.songs.map((s) => s.title).sort()).toEqual(['Lantern Glow', 'Paper Lantern']);
    expect(t.deps.state.searchCache.size).toBeGreaterThan(0);
    await createSong(t.database.db, { title: 'Lantern Unannounced', artist: 'Harbour Lights' });
    expect(await search('lantern')).toEqual(first);
    // The same text, differently cased and spaced, is the same entry.
    expect(await search('  LANTERN ')).toEqual(first);
    // Another limit is another entry, read afresh.
    expect((await search('lantern', undefined, 5)).songs.map((s) => s.title)).toContain('Lantern Unannounced');
  });

  it('shows a new song at once: the upload announces songs_changed, which empties the cache', async () => {
    const res = await upload(stranger, 'Lantern Festival');
    expect(res.statusCode, res.body).toBe(201);
    const titles = (await search('lantern')).songs.map((s) => s.title);
    expect(titles).toContain('Lantern Festival');
    expect(titles).toContain('Lantern Unannounced');
  });

  it('keeps vote counts current (vote_update) and gives each viewer their own vote over the shared answer', async () => {
    const before = await search('lantern glow');
    const song = before.songs.find((s) => s.title === 'Lantern Glow')!;
    const vote = await http.post('/api/votes', { as: voter, body: { songId: song.id, voteType: 'up' } });
    expect(vote.statusCode, vote.body).toBeLessThan(300);
    const anonymous = (await search('lantern glow')).songs.find((s) => s.id === song.id)!;
    expect(anonymous).toMatchObject({ upVotes: song.upVotes + 1, userVote: null });
    expect((await search('lantern glow', voter)).songs.find((s) => s.id === song.id)).toMatchObject({
      upVotes: song.upVotes + 1,
      userVote: 'up',
    });
    expect((await search('lantern glow', stranger)).songs.find((s) => s.id === song.id)!.userVote).toBeNull();
  });

  it("never gives anyone else a private song, though its owner's searches show it", async () => {
    await search('harbour lights'); // a cached public answer exists before the private upload
    const res = await upload(owner, 'Lantern Secret Demo', true);
    expect(res.statusCode, res.body).toBe(201);
    // The owner first: their answer is read for them alone and must not become the cached one.
    const mine = await search('harbour lights', owner);
    expect(mine.songs.find((s) => s.title === 'Lantern Secret Demo')).toMatchObject({ isPrivate: true });
    expect(mine.artists).toEqual([{ name: 'Harbour Lights', songCount: 5 }]);
    for (const who of [undefined, stranger, voter]) {
      const r = await search('harbour lights', who);
      expect(JSON.stringify(r)).not.toContain('Secret');
      expect(r.artists).toEqual([{ name: 'Harbour Lights', songCount: 4 }]);
    }
    // And again for the owner, now that the public answer is cached.
    expect((await search('harbour lights', owner)).songs.map((s) => s.title)).toContain('Lantern Secret Demo');
    expect((await search('secret demo', stranger)).songs).toEqual([]);
    expect((await search('secret demo', owner)).songs.map((s) => s.title)).toEqual(['Lantern Secret Demo']);
  });

  it('can be turned off (SEARCH_CACHE_ENTRIES=0): every search reads the database', async () => {
    const off = await createTestApp({ SEARCH_CACHE_ENTRIES: '0' });
    try {
      const offHttp = api(off.app);
      await createSong(off.database.db, { title: 'Uncached Tune' });
      expect((await offHttp.get('/api/search?q=uncached')).json().songs).toHaveLength(1);
      await createSong(off.database.db, { title: 'Uncached Tune Two' });
      expect((await offHttp.get('/api/search?q=uncached')).json().songs).toHaveLength(2);
      expect(off.deps.state.searchCache.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});
