/**
 * Typo correction through the word list (ADR 026): `search_words` holds the words of public songs only, follows
 * every insert, edit, visibility change and removal of songs, and a query word that is no word of it is corrected to
 * its nearest words, whose full-text index then brings the candidates.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords, songs } from '../../db/schema';
import { createSong, createUser } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import type { SearchResponse } from '../../../shared/schemas/search';
import * as repo from './search.repository';

let t: TestApp;
let http: ReturnType<typeof api>;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [owner, stranger] = [await registerUser(t.app), await registerUser(t.app)];
  const db = t.database.db;
  const uploader = await createUser(db);
  const s = (title: string, artist: string, extra = {}) =>
    createSong(db, { title, artist, genre: 'Pop', uploaderId: uploader.id, ...extra });
  await s('Yesterday', 'The Beatles');
  await s('Let It Be', 'The Beatles');
  await s('Golden Heart', 'Velvet Orchestra');
  for (let i = 1; i <= 6; i++) await s(`Golden Heart ${i}`, 'Various Artists');
  await s('Golden Hour', 'Kacey Musgraves');
  await s('Silent Echoes', 'Velvet Orchestra');
  // The owner's private song: its words must never be in the list, nor suggested to anyone.
  await s('Zanzibar Nocturne', 'Quixotic Marimba', { isPrivate: true, uploaderId: owner.id });
}, 120_000);
afterAll(async () => t?.close());

const words = async () =>
  Object.fromEntries(
    (await t.database.db.select().from(searchWords).orderBy(searchWords.word)).map((r) => [r.word, r.songs]),
  );

const search = async (q: string, as?: TestUser) => {
  const res = await http.get(`/api/search?q=${encodeURIComponent(q)}`, { as });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};

describe('the word list', () => {
  it('holds the normalised words of public titles, artists and genres with their song counts, and no numbers', async () => {
    const w = await words();
    expect(w).toMatchObject({ golden: 8, heart: 7, the: 2, beatles: 2, velvet: 2, pop: 11, echoes: 1 });
    expect(Object.keys(w).filter((k) => /^\d+$/.test(k))).toEqual([]);
  });

  it("never holds a private song's words", async () => {
    const w = await words();
    for (const word of ['zanzibar', 'nocturne', 'quixotic', 'marimba']) expect(w[word], word).toBeUndefined();
  });

  it('follows edits, visibility changes and removals of songs', async () => {
    const db = t.database.db;
    const uploader = await createUser(db);
    const song = await createSong(db, { title: 'Crimson Tide', artist: 'Ocean Drive', uploaderId: uploader.id });
    expect(await words()).toMatchObject({ crimson: 1, tide: 1, ocean: 1, drive: 1 });

    await db.update(songs).set({ title: 'Crimson Wave' }).where(eq(songs.id, song.id));
    let w = await words();
    expect(w).toMatchObject({ crimson: 1, wave: 1 });
    expect(w.tide).toBeUndefined();

    await db.update(songs).set({ isPrivate: true }).where(eq(songs.id, song.id));
    w = await words();
    for (const word of ['crimson', 'wave', 'ocean', 'drive']) expect(w[word], word).toBeUndefined();

    await db.update(songs).set({ isPrivate: false }).where(eq(songs.id, song.id));
    expect(await words()).toMatchObject({ crimson: 1, wave: 1, ocean: 1, drive: 1 });

    // An update that touches no searched field changes no count.
    const before = await words();
    await db.update(songs).set({ energy: 3 }).where(eq(songs.id, song.id));
    expect(await words()).toEqual(before);

    await db.delete(songs).where(eq(songs.id, song.id));
    w = await words();
    for (const word of ['crimson', 'wave', 'ocean', 'drive']) expect(w[word], word).toBeUndefined();
    expect(w.pop).toBe(before.pop - 1);
  });

  it('is rebuilt-equal: the counts kept by the triggers are those of a full recount', async () => {
    const recount = (await t.database.db.execute(sql`
      select w as word, count(*)::int as songs from songs s, crowdmix_song_words(s.title, s.artist, s.genre) w
      where not s.is_private group by w order by w`)) as unknown as { rows: Array<{ word: string; songs: number }> };
    expect(await words()).toEqual(Object.fromEntries(recount.rows.map((r) => [r.word, Number(r.songs)])));
  });
});

describe('the full-text indexes', () => {
  it('keep no pending list: a new song goes straight into them (ADR 037)', async () => {
    const r = (await t.database.db.execute(sql`
      select c.relname, c.reloptions from pg_class c
      where c.relname in ('songs_fts_idx', 'songs_artist_fts_idx') order by c.relname`)) as unknown as {
      rows: Array<{ relname: string; reloptions: string[] | string | null }>;
    };
    expect(r.rows.map((x) => [x.relname, String(x.reloptions)])).toEqual([
      ['songs_artist_fts_idx', 'fastupdate=off'],
      ['songs_fts_idx', 'fastupdate=off'],
    ]);
  });
});

describe('typo correction', () => {
  it('corrects each word that is not a word of the list to its nearest words', async () => {
    const c = await repo.correctWords(t.database.db, repo.searchTerms('golden hart'));
    expect(c.corrected).toBe(true);
    expect(c.words[0]).toEqual({ word: 'golden', alternatives: [] });
    expect(c.words[1].word).toBe('hart');
    expect(c.words[1].alternatives).toContain('heart');
  });

  it('corrects a single word one edit away from a word of the list, and finds its songs (ADR 037)', async () => {
    // A letter missing ("glden", "silnt"), one too many ("goldden"), two swapped ("slient"), one changed ("gilden").
    const c = await repo.correctWords(t.database.db, repo.searchTerms('glden'));
    expect(c.words[0].alternatives).toEqual(['golden']);
    expect(c.terms.expandedMatches).toBe(true);
    const golden = ['Golden Heart', 'Golden Hour', ...[1, 2, 3, 4, 5, 6].map((i) => `Golden Heart ${i}`)].sort();
    for (const q of ['glden', 'goldden', 'gilden'])
      expect((await search(q)).songs.map((s) => s.title).sort(), q).toEqual(golden);
    for (const q of ['silnt', 'slient'])
      expect(
        (await search(q)).songs.map((s) => s.title),
        q,
      ).toEqual(['Silent Echoes']);
    // The artist group follows the same rule.
    expect((await search('velvt')).artists).toEqual([{ name: 'Velvet Orchestra', songCount: 2 }]);
  });

  it('corrects a single word farther than one edit only to words within the match threshold of it', async () => {
    // "slnt" is two letters from "silent" and not near it by word similarity: no correction, no song.
    const far = await repo.correctWords(t.database.db, repo.searchTerms('slnt'));
    expect(far.words[0].alternatives).toEqual([]);
    expect((await search('slnt')).songs).toEqual([]);
    // "yesterdaaay" is two letters from "yesterday" but near it: corrected, matched by the trigram rules.
    const near = await repo.correctWords(t.database.db, repo.searchTerms('yesterdaaay'));
    expect(near.words[0].alternatives).toEqual(['yesterday']);
    expect(near.terms.expandedMatches).toBe(false);
    expect((await search('yesterdaaay')).songs.map((s) => s.title)).toEqual(['Yesterday']);
    // Words shorter than four letters are not corrected by one edit: "hrt" stays far from "heart" and "hour".
    expect((await repo.correctWords(t.database.db, repo.searchTerms('hrt'))).terms.expandedMatches).toBe(false);
    // In two words a farther correction stands (the words may be spread over title and artist).
    const pair = await repo.correctWords(t.database.db, repo.searchTerms('silnt echos'));
    expect(pair.words[0].alternatives).toContain('silent');
  });

  it('corrects a short word of a text to the words one edit away from it: "golden hor" (ADR 037)', async () => {
    // "hor" shares too few trigrams with "hour" to be similar (0.29 < 0.3); one letter is missing.
    const c = await repo.correctWords(t.database.db, repo.searchTerms('golden hor'));
    expect(c.words[1].alternatives).toContain('hour');
    expect((await search('golden hor')).songs[0].title).toBe('Golden Hour');
  });

  it('leaves known words and the start of a known word alone', async () => {
    const c = await repo.correctWords(t.database.db, repo.searchTerms('golden hea'));
    expect(c.corrected).toBe(false);
  });

  it('finds songs for a multi-word typo whose words are spread over title and artist: "beatls yestrday"', async () => {
    // Neither field is within the trigram threshold of the whole text; each corrected word is in the song.
    const r = await search('beatls yestrday');
    expect(r.songs.map((s) => [s.title, s.artist])).toEqual([['Yesterday', 'The Beatles']]);
  });

  it('finds every song of a multi-word typo in a title: "golden hart", "silnt echos"', async () => {
    const golden = (await search('golden hart')).songs.map((s) => s.title);
    expect(golden[0]).toBe('Golden Heart');
    expect(golden.filter((x) => x.startsWith('Golden Heart'))).toHaveLength(7);
    expect((await search('silnt echos')).songs.map((s) => s.title)).toEqual(['Silent Echoes']);
  });

  it("suggests no private song's words: the owner still finds it, nobody else does", async () => {
    for (const who of [undefined, stranger]) {
      const r = await search('zanzibr nocturn', who);
      expect(r.songs).toEqual([]);
      expect(r.artists).toEqual([]);
      expect(JSON.stringify(r)).not.toMatch(/zanzibar|nocturne|quixotic|marimba/i);
    }
    const c = await repo.correctWords(t.database.db, repo.searchTerms('zanzibr nocturn quixotc'));
    expect(c.words.flatMap((w) => w.alternatives)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/zanzibar|nocturne|quixotic/)]),
    );
    const mine = await search('zanzibr nocturn', owner);
    expect(mine.songs.map((s) => [s.title, s.isPrivate])).toEqual([['Zanzibar Nocturne', true]]);
  });
});
