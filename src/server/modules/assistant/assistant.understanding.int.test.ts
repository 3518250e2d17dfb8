/** Issue 18 over HTTP on the demo catalogue: song attributes set by the uploader, venue votes, list rules. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import { songs, venues } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { RATE_RULES } from '../../lib/rate-limiter';

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
  confidence: number;
}

function newUser() {
  t.deps.limiter.reset(RATE_RULES.register, '127.0.0.1');
  return registerUser(t.app);
}

async function ask(user: TestUser, message: string) {
  t.deps.limiter.reset(RATE_RULES.aiMinute, user.id);
  const res = await http.post('/api/ai/chat', { as: user, body: { message } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; recommendations: Card[] };
}

const songIdByTitle = async (title: string) =>
  (await t.database.db.select({ id: songs.id }).from(songs).where(eq(songs.title, title)))[0].id;

describe('song attributes', () => {
  it('the demo catalogue carries them', async () => {
    const [row] = await t.database.db.select().from(songs).where(eq(songs.title, 'Eye of the Tiger'));
    expect(row).toMatchObject({ releaseYear: 1982, energy: 5, tempo: 'fast', instrumental: false, language: 'en' });
    expect(row.moods).toContain('motivational');
  });

  it('the uploader sets them with PATCH; others get 403; bad values 400', async () => {
    const owner = await newUser();
    const other = await newUser();
    const song = await createSong(t.database.db, { uploaderId: owner.id, artist: 'Zed Quill', genre: null });
    const url = `/api/songs/${song.id}/attributes`;
    const ok = await http.patch(url, { as: owner, body: { releaseYear: 1994, energy: 2, moods: ['chill'] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: song.id, releaseYear: 1994, energy: 2, moods: ['chill'], tempo: null });
    // Fields left out stay; null clears.
    const again = await http.patch(url, { as: owner, body: { tempo: 'slow', energy: null } });
    expect(again.json()).toMatchObject({ releaseYear: 1994, energy: null, tempo: 'slow', moods: ['chill'] });
    expect((await http.patch(url, { as: other, body: { energy: 3 } })).statusCode).toBe(403);
    expect((await http.patch(url, { body: { energy: 3 } })).statusCode).toBe(401);
    for (const body of [{ energy: 7 }, { moods: ['sleepy'] }, { releaseYear: 3000 }, { tempo: 'warp' }, { bpm: 120 }]) {
      const res = await http.patch(url, { as: owner, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('DJ Verse matches on them: a song from 1994 is no 80s song', async () => {
    const owner = await newUser();
    await createSong(t.database.db, { uploaderId: owner.id, title: 'Quill Lullaby', artist: 'Zora Quillfeather' });
    const before = await ask(owner, 'songs by Zora Quillfeather from the 80s');
    expect(before.recommendations.map((c) => c.title)).toContain('Quill Lullaby');
    const id = await songIdByTitle('Quill Lullaby');
    await http.patch(`/api/songs/${id}/attributes`, { as: owner, body: { releaseYear: 1994 } });
    await http.delete('/api/ai/history', { as: owner });
    const after = await ask(owner, 'songs by Zora Quillfeather from the 80s');
    for (const c of after.recommendations) expect(c.confidence).toBeLessThan(0.5);
  });
});

describe('listening like a DJ', () => {
  it('a downvote in one venue is not a global dislike', async () => {
    const user = await newUser();
    const [tacos] = await t.database.db.select().from(venues).where(eq(venues.name, 'Taco Fiesta'));
    const despacito = await songIdByTitle('Despacito');
    await createVote(t.database.db, { songId: despacito, userId: user.id, voteType: 'up' });
    await createVote(t.database.db, { songId: despacito, userId: user.id, voteType: 'down', venueId: tacos.id });
    const reply = await ask(user, 'latin music');
    expect(reply.recommendations.map((c) => c.title)).toContain('Despacito');
    expect(reply.message).not.toMatch(/voted down/);
  });

  it('"anything by Adele" returns both Adele songs; "top 100" is no count', async () => {
    const user = await newUser();
    const adele = await ask(user, 'anything by Adele');
    expect(adele.recommendations.map((c) => c.title).sort()).toEqual(['Hello', 'Someone Like You']);
    const chart = await ask(user, "what's hot in the top 100");
    expect(chart.recommendations).toHaveLength(5);
    expect(chart.message).not.toMatch(/limit/);
  });

  it('answers Spanish in Spanish and says plainly what it does not have', async () => {
    const user = await newUser();
    const es = await ask(user, 'música latina para bailar');
    expect(es.message).toMatch(/canciones|canción/);
    expect(es.recommendations.map((c) => c.title)).toContain('Despacito');
    const fm = await ask(user, 'songs like Fleetwood Mac');
    expect(fm.message).toMatch(/Fleetwood Mac isn't in our crates/);
    for (const c of fm.recommendations) expect(c.reason).toMatch(/^Nearest match/);
  });
});
