import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createVenue, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

describe('GET /api/users/me/stats', () => {
  it('starts at zero with every achievement locked', async () => {
    const u = await registerUser(t.app);
    const res = await http.get('/api/users/me/stats', { as: u });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalUploads: 0,
      venuesCreated: 0,
      totalVotes: 0,
      points: 0,
      levelProgress: 0,
      uploads: [],
      venues: [],
    });
    expect(res.json().achievements.map((a: { unlocked: boolean }) => a.unlocked)).toEqual([false, false, false]);
  });

  it("counts the user's real uploads, venues and votes, with each venue's song count and the earned achievements", async () => {
    const u = await registerUser(t.app);
    const someoneElse = await registerUser(t.app);
    const venue = await createVenue(t.database.db, { ownerId: u.id, name: 'My Bar' });
    const song = await createSong(t.database.db, { uploaderId: u.id, title: 'Mine', venueId: venue.id });
    await createSong(t.database.db, { uploaderId: someoneElse.id, venueId: venue.id });
    await createSong(t.database.db, { uploaderId: someoneElse.id });
    const votedOn = await Promise.all(
      Array.from({ length: 100 }, () => createSong(t.database.db, { uploaderId: someoneElse.id })),
    );
    for (const s of votedOn) await createVote(t.database.db, { songId: s.id, userId: u.id, voteType: 'up' });

    const stats = (await http.get('/api/users/me/stats', { as: u })).json();
    expect(stats).toMatchObject({
      totalUploads: 1,
      venuesCreated: 1,
      totalVotes: 100,
      points: 10 + 25 + 200,
      expertPoints: 500,
      levelProgress: 47,
    });
    expect(stats.uploads).toEqual([expect.objectContaining({ id: song.id, title: 'Mine' })]);
    expect(stats.venues).toEqual([expect.objectContaining({ id: venue.id, name: 'My Bar', songCount: 2 })]);
    expect(stats.achievements).toEqual([
      { id: 'first-upload', title: 'First Upload', description: 'Share your first track', unlocked: true },
      { id: 'top-voter', title: 'Top Voter', description: 'Cast 100 votes', unlocked: true },
      { id: 'venue-owner', title: 'Venue Owner', description: 'Create your first venue', unlocked: true },
    ]);
  });

  it('refuses visitors with 401', async () => {
    expect((await http.get('/api/users/me/stats')).statusCode).toBe(401);
  });
});
