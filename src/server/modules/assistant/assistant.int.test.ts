import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createUser, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import { aiChats, songs } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { RATE_RULES } from '../../lib/rate-limiter';
import { genreMatch, genreOf } from './engine/scoring';
import { primaryArtist } from './engine/text';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  await seedDemoData(t.database.db);
});
afterAll(async () => t?.close());

interface Card {
  songId: number;
  title: string;
  artist: string;
  reason: string;
  genre: string | null;
  confidence: number;
}

async function ask(user: TestUser, message: string) {
  const res = await http.post('/api/ai/chat', { as: user, body: { message } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; recommendations: Card[]; source: string };
}

/** Registers through the API; the sign-up limit per address is not what these tests are about. */
function newUser(overrides: Parameters<typeof registerUser>[1] = {}) {
  t.deps.limiter.reset(RATE_RULES.register, '127.0.0.1');
  return registerUser(t.app, overrides);
}

const songIdByTitle = async (title: string) =>
  (await t.database.db.select({ id: songs.id }).from(songs).where(eq(songs.title, title)))[0].id;

describe('POST /api/ai/chat', () => {
  it('refuses visitors with 401, whatever they send', async () => {
    for (const body of [{ message: 'chill indie songs' }, {}, { message: '' }]) {
      const res = await http.post('/api/ai/chat', { body });
      expect(res.statusCode).toBe(401);
    }
    expect((await http.get('/api/ai/history')).statusCode).toBe(401);
    expect((await http.delete('/api/ai/history')).statusCode).toBe(401);
  });

  it.each([
    [{}, 'Message is required'],
    [{ message: '' }, 'Message is required'],
    [{ message: '   \n ' }, 'Message is required'],
    [{ message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
    [{ message: 'hi\u0000there' }, 'Message contains characters that are not allowed'],
    [{ message: 42 }, 'Message is required'],
    [{ message: 'jazz', userId: 'someone-else' }, 'Unknown field: userId'],
  ])('validates the message %#', async (body, message) => {
    const user = await newUser();
    const res = await http.post('/api/ai/chat', { as: user, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const stored = await t.database.db.select().from(aiChats).where(eq(aiChats.userId, user.id));
    expect(stored).toHaveLength(0);
  });

  it('accepts exactly 1,000 characters', async () => {
    const user = await newUser();
    const res = await http.post('/api/ai/chat', {
      as: user,
      body: { message: `jazz ${'la '.repeat(331)}`.slice(0, 1000) },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers "chill indie songs" with five grounded indie cards, artists spread, confidences in 0..1', async () => {
    const user = await newUser();
    const reply = await ask(user, 'chill indie songs');
    expect(reply.source).toBe('engine');
    expect(reply.message.length).toBeGreaterThan(20);
    expect(reply.recommendations).toHaveLength(5);
    for (const c of reply.recommendations) {
      expect(genreMatch('indie', genreOf(c.genre))).toBeGreaterThanOrEqual(0.5);
      expect(c.confidence).toBeGreaterThan(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
      expect(c.reason).toMatch(/\d|mix|upvoted/);
    }
    const artists = reply.recommendations.map((c) => primaryArtist(c.artist));
    artists.slice(1).forEach((a, i) => expect(a).not.toBe(artists[i]));
    // The strongest match comes first.
    expect(reply.recommendations[0].confidence).toBeGreaterThanOrEqual(reply.recommendations[4].confidence);
  });

  it("grounds reasons in the listener's own votes", async () => {
    const user = await newUser();
    for (const title of ['Faded', 'Lean On'])
      await createVote(t.database.db, { songId: await songIdByTitle(title), voteType: 'up', userId: user.id });
    const reply = await ask(user, 'electronic music');
    const wake = reply.recommendations.find((c) => c.title === 'Wake Me Up');
    expect(wake?.reason ?? reply.recommendations.map((c) => c.reason).join(' | ')).toMatch(
      /you upvoted (one|two) other Electronic tracks?/,
    );
  });

  it('honours a count, caps it at 10 and never repeats a song within the reply', async () => {
    const user = await newUser();
    const three = await ask(user, 'give me 3 rock songs');
    expect(three.recommendations).toHaveLength(3);
    const many = await ask(user, '25 songs for a party');
    expect(many.recommendations.length).toBeLessThanOrEqual(10);
    expect(many.message).toMatch(/Ten's my limit/);
    expect(new Set(many.recommendations.map((c) => c.songId)).size).toBe(many.recommendations.length);
  });

  it('leaves out songs the listener voted down', async () => {
    const user = await newUser();
    const riptide = await songIdByTitle('Riptide');
    await createVote(t.database.db, { songId: riptide, voteType: 'down', userId: user.id });
    const reply = await ask(user, 'indie folk');
    expect(reply.recommendations.map((c) => c.songId)).not.toContain(riptide);
    expect(reply.recommendations.length).toBeGreaterThan(0);
  });

  it("never recommends another user's private song, but may recommend the listener's own", async () => {
    const user = await newUser();
    const other = await createUser(t.database.db);
    const secret = await createSong(t.database.db, {
      title: 'Secret Folk Gem',
      artist: 'Hidden Hand',
      genre: 'Indie Folk',
      isPrivate: true,
      uploaderId: other.id,
    });
    const mine = await createSong(t.database.db, {
      title: 'My Own Folk Demo',
      artist: 'Robin Demo',
      genre: 'Indie Folk',
      isPrivate: true,
      uploaderId: user.id,
    });
    const reply = await ask(user, '10 indie folk songs');
    const ids = reply.recommendations.map((c) => c.songId);
    expect(ids).not.toContain(secret.id);
    expect(ids).toContain(mine.id);
    expect(JSON.stringify(reply)).not.toContain('Secret Folk Gem');
  });

  it('follows up: "more" brings new songs, "more like the second one" starts from that card', async () => {
    const user = await newUser();
    const first = await ask(user, 'songs similar to Coldplay');
    const more = await ask(user, 'more');
    const firstIds = first.recommendations.map((c) => c.songId);
    expect(more.recommendations.length).toBeGreaterThan(0);
    for (const c of more.recommendations) expect(firstIds).not.toContain(c.songId);
    const second = more.recommendations[1];
    const like = await ask(user, 'more like the second one');
    expect(like.message).toContain(second.title);
    expect(like.recommendations.map((c) => c.songId)).not.toContain(second.songId);
    const refGenre = genreOf(second.genre);
    expect(
      like.recommendations.some(
        (c) => genreMatch(refGenre.id, genreOf(c.genre)) > 0 || genreMatch(genreOf(c.genre).id, refGenre) > 0,
      ),
    ).toBe(true);
  });

  it('says honestly when nothing fits and offers the nearest alternatives', async () => {
    const user = await newUser();
    const reply = await ask(user, 'country music');
    expect(reply.message).toMatch(/dry on that flow|upload/i);
    for (const c of reply.recommendations) {
      expect(c.reason).toMatch(/^Nearest match/);
      expect(c.confidence).toBeLessThan(0.6);
    }
  });

  it('answers small talk without cards', async () => {
    const user = await newUser({ firstName: 'Ada' });
    const reply = await ask(user, 'hello');
    expect(reply.recommendations).toEqual([]);
    expect(reply.message).toContain('Ada');
  });
});

describe('history', () => {
  it('stores each turn and restores the conversation oldest first; DELETE starts over', async () => {
    const user = await newUser();
    const a = await ask(user, 'workout music');
    const b = await ask(user, 'jazz for dinner');
    const res = await http.get('/api/ai/history', { as: user });
    expect(res.statusCode).toBe(200);
    const turns = res.json();
    expect(turns.map((x: { message: string }) => x.message)).toEqual(['workout music', 'jazz for dinner']);
    expect(turns[0].response).toBe(a.message);
    expect(turns[0].recommendations).toEqual(a.recommendations);
    expect(turns[1].recommendations).toEqual(b.recommendations);
    // Another user sees none of it.
    const other = await newUser();
    expect((await http.get('/api/ai/history', { as: other })).json()).toEqual([]);
    expect((await http.delete('/api/ai/history', { as: user })).statusCode).toBe(204);
    expect((await http.get('/api/ai/history', { as: user })).json()).toEqual([]);
  });

  it('drops cards of songs that have since gone private', async () => {
    const user = await newUser();
    const other = await createUser(t.database.db);
    const song = await createSong(t.database.db, {
      title: 'Soon Private Groove',
      artist: 'Vanishing Act',
      genre: 'Funk',
      uploaderId: other.id,
    });
    const reply = await ask(user, 'songs by Vanishing Act');
    expect(reply.recommendations.map((c) => c.songId)).toContain(song.id);
    await t.database.db.update(songs).set({ isPrivate: true }).where(eq(songs.id, song.id));
    const turns = (await http.get('/api/ai/history', { as: user })).json();
    expect(JSON.stringify(turns)).not.toContain('Soon Private Groove');
  });
});

describe('limits', () => {
  it('allows 10 requests a minute, then 429 with Retry-After and the limit message', async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++)
      expect((await http.post('/api/ai/chat', { as: user, body: { message: 'hi' } })).statusCode).toBe(200);
    const res = await http.post('/api/ai/chat', { as: user, body: { message: 'hi' } });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toBe(RATE_RULES.aiMinute.message);
    // Another user is not affected.
    expect((await http.post('/api/ai/chat', { as: await newUser(), body: { message: 'hi' } })).statusCode).toBe(200);
  });

  it('allows 100 requests a day', async () => {
    const user = await newUser();
    for (let i = 0; i < 100; i++) t.deps.limiter.record(RATE_RULES.aiDay, user.id);
    const res = await http.post('/api/ai/chat', { as: user, body: { message: 'jazz' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(RATE_RULES.aiDay.message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3600);
  });
});
