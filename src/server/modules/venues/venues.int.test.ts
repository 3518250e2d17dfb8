import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mixes, songs, voteTallies, votes } from '../../db/schema';
import { createSong, createVenue, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';

let t: TestApp;
let http: ReturnType<typeof api>;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [owner, other] = [await registerUser(t.app), await registerUser(t.app)];
}, 120_000);
afterAll(async () => t?.close());

const valid = {
  name: 'Blue Note',
  location: 'Berlin',
  type: 'club',
  description: 'Late jazz',
  gradient: 'from-blue-500 to-indigo-500',
};

describe('POST /api/venues', () => {
  it('creates a venue owned by the caller, with its mix row', async () => {
    const res = await http.post('/api/venues', { as: owner, body: valid });
    expect(res.statusCode).toBe(201);
    const venue = res.json();
    expect(venue).toMatchObject({ ...valid, ownerId: owner.id, isActive: true, songCount: 0 });
    const [mix] = await t.database.db.select().from(mixes).where(eq(mixes.venueId, venue.id));
    expect(mix).toMatchObject({ name: 'Blue Note', isActive: true });
  });

  it('defaults the type to other and the theme to the first one; an empty description becomes null', async () => {
    const res = await http.post('/api/venues', {
      as: owner,
      body: { name: 'Corner', location: 'Lyon', description: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'other', gradient: 'from-purple-500 to-pink-500', description: null });
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required', 'name'],
    [{ ...valid, name: undefined }, 'Name is required', 'name'],
    [{ ...valid, name: 'x'.repeat(101) }, 'Name must be at most 100 characters', 'name'],
    [{ ...valid, location: '  ' }, 'Location is required', 'location'],
    [{ ...valid, type: 'stadium' }, 'Choose a venue type', 'type'],
    [{ ...valid, gradient: 'from-black to-black' }, 'Choose one of the six themes', 'gradient'],
    [{ ...valid, name: 42 }, 'Name is required', 'name'],
    [{ ...valid, ownerId: 'someone' }, 'Unknown field: ownerId', 'ownerId'],
    [{ ...valid, isActive: false }, 'Unknown field: isActive', 'isActive'],
  ])('refuses bad input %#', async (body, message, field) => {
    const res = await http.post('/api/venues', { as: owner, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', field });
  });

  it('requires a session', async () => {
    expect((await http.post('/api/venues', { body: valid })).statusCode).toBe(401);
  });
});

describe('reading venues', () => {
  it('lists active venues with the number of public songs in their mix; the owner sees all of theirs', async () => {
    const db = t.database.db;
    const venue = await createVenue(db, { ownerId: owner.id, name: 'Counted' });
    const inactive = await createVenue(db, { ownerId: owner.id, name: 'Closed', isActive: false });
    await createSong(db, { venueId: venue.id });
    await createSong(db, { venueId: venue.id });
    await createSong(db, { venueId: venue.id, isPrivate: true });

    const list = (await http.get('/api/venues')).json() as { id: number; songCount: number; name: string }[];
    expect(list.find((v) => v.id === venue.id)).toMatchObject({ name: 'Counted', songCount: 2 });
    expect(list.map((v) => v.id)).not.toContain(inactive.id);

    const one = await http.get(`/api/venues/${venue.id}`);
    expect(one.json()).toMatchObject({ id: venue.id, ownerId: owner.id, songCount: 2 });
    expect((await http.get('/api/venues/999999')).statusCode).toBe(404);
    expect((await http.get('/api/venues/nope')).statusCode).toBe(400);

    const mine = (await http.get('/api/user/venues', { as: owner })).json() as { id: number }[];
    expect(mine.map((v) => v.id)).toEqual(expect.arrayContaining([venue.id, inactive.id]));
    expect(((await http.get('/api/user/venues', { as: other })).json() as unknown[]).length).toBe(0);
    expect((await http.get('/api/user/venues')).statusCode).toBe(401);
  });
});

describe('PATCH /api/venues/:id', () => {
  it('lets the owner edit and deactivate; others get 403', async () => {
    const venue = (await http.post('/api/venues', { as: owner, body: valid })).json();
    const denied = await http.patch(`/api/venues/${venue.id}`, { as: other, body: { name: 'Hijacked' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'Only the venue owner can do this', code: 'FORBIDDEN' });
    expect((await http.patch(`/api/venues/${venue.id}`, { body: { name: 'Anon' } })).statusCode).toBe(401);
    expect((await http.patch('/api/venues/999999', { as: owner, body: { name: 'X' } })).statusCode).toBe(404);
    expect((await http.patch(`/api/venues/${venue.id}`, { as: owner, body: { ownerId: other.id } })).statusCode).toBe(
      400,
    );
    expect((await http.patch(`/api/venues/${venue.id}`, { as: owner, body: { type: 'arena' } })).json().message).toBe(
      'Choose a venue type',
    );

    const edited = await http.patch(`/api/venues/${venue.id}`, {
      as: owner,
      body: { name: 'Blue Note II', description: 'Now with vinyl', type: 'lounge' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Blue Note II',
      description: 'Now with vinyl',
      type: 'lounge',
      location: 'Berlin',
      ownerId: owner.id,
    });
    const [mix] = await t.database.db.select().from(mixes).where(eq(mixes.venueId, venue.id));
    expect(mix.name).toBe('Blue Note II');

    const off = await http.patch(`/api/venues/${venue.id}`, { as: owner, body: { isActive: false } });
    expect(off.json().isActive).toBe(false);
    expect(((await http.get('/api/venues')).json() as { id: number }[]).map((v) => v.id)).not.toContain(venue.id);
    expect((await http.patch(`/api/venues/${venue.id}`, { as: owner, body: { isActive: true } })).json().isActive).toBe(
      true,
    );
  });
});

describe('DELETE /api/venues/:id/songs/:songId', () => {
  it("lets the owner take a song out of the mix with that venue's votes; others get 403", async () => {
    const db = t.database.db;
    const venue = await createVenue(db, { ownerId: owner.id });
    const song = await createSong(db, { venueId: venue.id });
    await createVote(db, { songId: song.id, voteType: 'up', venueId: venue.id });
    await createVote(db, { songId: song.id, voteType: 'up' });

    expect((await http.delete(`/api/venues/${venue.id}/songs/${song.id}`, { as: other })).statusCode).toBe(403);
    expect((await http.delete(`/api/venues/${venue.id}/songs/${song.id}`)).statusCode).toBe(401);
    expect((await http.delete(`/api/venues/999999/songs/${song.id}`, { as: owner })).statusCode).toBe(404);
    expect((await http.delete(`/api/venues/${venue.id}/songs/${song.id}`, { as: owner })).statusCode).toBe(204);

    const [row] = await db.select().from(songs).where(eq(songs.id, song.id));
    expect(row.venueId).toBeNull();
    expect(await db.$count(votes, and(eq(votes.songId, song.id), eq(votes.venueId, venue.id)))).toBe(0);
    expect(await db.$count(voteTallies, and(eq(voteTallies.songId, song.id), eq(voteTallies.venueId, venue.id)))).toBe(
      0,
    );
    // The global vote stays.
    expect((await http.get(`/api/votes/${song.id}`)).json()).toEqual({ upVotes: 1, downVotes: 0 });

    const again = await http.delete(`/api/venues/${venue.id}/songs/${song.id}`, { as: owner });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "This song is not in this venue's mix", code: 'NOT_FOUND' });
  });
});
