/**
 * Findings 6, 7, 9 and 10 of issue 13, each reproduced through the API: private songs stay out of venue owners'
 * tools, playlist permission flags bite, deactivated venues take no songs or votes (also when a vote races the
 * deactivation), PATCH changes only what is sent, the catalogue pages, and a video is on CrowdMix only once.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs, voteTallies, votes } from '../../src/server/db/schema';
import { createSong, createVenue, createVote, fakeYoutubeId } from '../helpers/factories';
import { multipartBody } from '../helpers/multipart';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../helpers/test-app';

let t: TestApp;
let http: ReturnType<typeof api>;
let owner: TestUser;
let guest: TestUser;

beforeAll(async () => {
  // The races sign up dozens of voters from one address.
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  http = api(t.app);
  owner = await registerUser(t.app, { firstName: 'Olga' });
  guest = await registerUser(t.app, { firstName: 'Gus' });
}, 120_000);
afterAll(async () => t?.close());

function upload(as: TestUser, fields: Record<string, string>) {
  const { payload, headers } = multipartBody(fields);
  return t.app.inject({ method: 'POST', url: '/api/songs', payload, headers: { ...headers, cookie: as.cookie } });
}
const ytForm = (youtubeId: string, extra: Record<string, string> = {}) => ({
  type: 'youtube',
  title: 'Blue Monday',
  artist: 'New Order',
  youtubeUrl: `https://youtu.be/${youtubeId}`,
  ...extra,
});

describe("finding 6: a venue owner's tools do not reach other people's private songs", () => {
  it('DELETE /api/venues/{id}/songs/{privateSongId} answers 404 exactly like a missing id, and changes nothing', async () => {
    const db = t.database.db;
    const venue = await createVenue(db, { ownerId: owner.id });
    const hidden = await createSong(db, { uploaderId: guest.id, venueId: venue.id, isPrivate: true });
    await createVote(db, { songId: hidden.id, voteType: 'up', userId: guest.id, venueId: null });

    const missing = await http.delete(`/api/venues/${venue.id}/songs/2147483000`, { as: owner });
    const res = await http.delete(`/api/venues/${venue.id}/songs/${hidden.id}`, { as: owner });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
    const [row] = await db.select().from(songs).where(eq(songs.id, hidden.id));
    expect(row.venueId).toBe(venue.id);
    // Its uploader still finds it where they left it.
    const mine = (await http.get('/api/user/songs', { as: guest })).json() as Array<{ id: number; venueId: number }>;
    expect(mine.find((s) => s.id === hidden.id)?.venueId).toBe(venue.id);
  });

  it('lists no private song of anyone in the venue owner’s views of the venue', async () => {
    const db = t.database.db;
    const venue = await createVenue(db, { ownerId: owner.id });
    const open = await createSong(db, { uploaderId: guest.id, venueId: venue.id });
    const hidden = await createSong(db, { uploaderId: guest.id, venueId: venue.id, isPrivate: true });
    const ownHidden = await createSong(db, { uploaderId: owner.id, venueId: venue.id, isPrivate: true });
    const mix = (await http.get(`/api/mix/venue/${venue.id}`, { as: owner })).json() as { songs: { id: number }[] };
    expect(mix.songs.map((s) => s.id)).toEqual([open.id]);
    const one = (await http.get(`/api/venues/${venue.id}`, { as: owner })).json() as { songCount: number };
    expect(one.songCount).toBe(1);
    const mine = (await http.get('/api/user/venues', { as: owner })).json() as { id: number; songCount: number }[];
    expect(mine.find((v) => v.id === venue.id)?.songCount).toBe(1);
    const page = (await http.get('/api/songs?limit=100', { as: owner })).json() as { songs: { id: number }[] };
    expect(page.songs.map((s) => s.id)).not.toContain(hidden.id);
    expect(page.songs.map((s) => s.id)).toContain(ownHidden.id);
    // The owner's own private song is not in the mix either, so their removal tool does not reach it.
    expect((await http.delete(`/api/venues/${venue.id}/songs/${ownHidden.id}`, { as: owner })).statusCode).toBe(404);
    expect((await http.delete(`/api/venues/${venue.id}/songs/${open.id}`, { as: owner })).statusCode).toBe(204);
  });
});

describe('finding 9: a deactivated venue takes no new songs and no votes; its mix stays readable', () => {
  async function deactivatedVenueWithSong() {
    const res = await http.post('/api/venues', {
      as: owner,
      body: { name: 'Closing Time', location: 'Leeds', type: 'bar', description: 'Last orders' },
    });
    const venue = res.json() as { id: number };
    const song = await createSong(t.database.db, { uploaderId: guest.id, venueId: venue.id });
    const off = await http.patch(`/api/venues/${venue.id}`, { as: owner, body: { isActive: false } });
    expect(off.statusCode).toBe(200);
    return { venue, song };
  }

  it('refuses uploads into it with 409 and a clear message', async () => {
    const { venue } = await deactivatedVenueWithSong();
    for (const fields of [ytForm(fakeYoutubeId(), { venueId: String(venue.id) })]) {
      const res = await upload(guest, fields);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'This venue has been deactivated and no longer takes new songs',
        code: 'CONFLICT',
      });
    }
    expect(await t.database.db.$count(songs, eq(songs.venueId, venue.id))).toBe(1);
  });

  it('refuses votes in it with 409; votes on its songs in the global mix still count', async () => {
    const { venue, song } = await deactivatedVenueWithSong();
    const res = await http.post('/api/votes', {
      as: guest,
      body: { songId: song.id, voteType: 'up', venueId: venue.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This venue has been deactivated; its mix can still be played but no longer takes votes',
      code: 'CONFLICT',
    });
    expect(await t.database.db.$count(votes, and(eq(votes.songId, song.id), eq(votes.venueId, venue.id)))).toBe(0);
    const global = await http.post('/api/votes', { as: guest, body: { songId: song.id, voteType: 'up' } });
    expect(global.statusCode).toBe(200);
  });

  it('still serves its mix and its page', async () => {
    const { venue, song } = await deactivatedVenueWithSong();
    const mix = await http.get(`/api/mix/venue/${venue.id}`);
    expect(mix.statusCode).toBe(200);
    expect((mix.json() as { songs: { id: number }[] }).songs.map((s) => s.id)).toEqual([song.id]);
    expect((await http.get(`/api/venues/${venue.id}`)).json()).toMatchObject({ isActive: false });
  });

  it('a reactivated venue takes songs and votes again', async () => {
    const { venue, song } = await deactivatedVenueWithSong();
    expect((await http.patch(`/api/venues/${venue.id}`, { as: owner, body: { isActive: true } })).statusCode).toBe(200);
    const vote = await http.post('/api/votes', {
      as: guest,
      body: { songId: song.id, voteType: 'up', venueId: venue.id },
    });
    expect(vote.statusCode).toBe(200);
    expect((await upload(guest, ytForm(fakeYoutubeId(), { venueId: String(venue.id) }))).statusCode).toBe(201);
  });

  it('votes racing a deactivation: none is accepted after it, and every accepted one is counted', async () => {
    const res = await http.post('/api/venues', { as: owner, body: { name: 'Race Hall', location: 'Oslo' } });
    const venue = res.json() as { id: number };
    const song = await createSong(t.database.db, { uploaderId: owner.id, venueId: venue.id });
    const voters = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    const cast = (u: TestUser) =>
      http.post('/api/votes', { as: u, body: { songId: song.id, voteType: 'up', venueId: venue.id } });
    const [first, second] = [voters.slice(0, 6), voters.slice(6)];
    const results = await Promise.all([
      ...first.map(cast),
      http.patch(`/api/venues/${venue.id}`, { as: owner, body: { isActive: false } }),
      ...second.map(cast),
    ]);
    const deactivation = results[first.length];
    expect(deactivation.statusCode).toBe(200);
    const voteResults = results.filter((_, i) => i !== first.length);
    for (const r of voteResults) expect([200, 409]).toContain(r.statusCode);
    const accepted = voteResults.filter((r) => r.statusCode === 200).length;
    const db = t.database.db;
    expect(await db.$count(votes, and(eq(votes.songId, song.id), eq(votes.venueId, venue.id)))).toBe(accepted);
    // A song's tally may be spread over several slot rows when votes contend (ADR 002): the count is their sum.
    const slots = await db
      .select({ up: voteTallies.upVotes })
      .from(voteTallies)
      .where(and(eq(voteTallies.songId, song.id), eq(voteTallies.venueId, venue.id)));
    expect(slots.reduce((sum, s) => sum + s.up, 0)).toBe(accepted);
    // After the deactivation answered, every vote is refused.
    const late = await Promise.all((await Promise.all([1, 2, 3].map(() => registerUser(t.app)))).map(cast));
    expect(late.map((r) => r.statusCode)).toEqual([409, 409, 409]);
  });
});

describe('finding 10: PATCH changes only the fields sent', () => {
  it('a venue edit with only a name keeps the description (and everything else)', async () => {
    const created = (
      await http.post('/api/venues', {
        as: owner,
        body: { name: 'Keep Me', location: 'Porto', type: 'cafe', description: 'Fado on Fridays' },
      })
    ).json() as { id: number; gradient: string };
    const renamed = await http.patch(`/api/venues/${created.id}`, { as: owner, body: { name: 'Kept' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Kept',
      description: 'Fado on Fridays',
      location: 'Porto',
      type: 'cafe',
      gradient: created.gradient,
      isActive: true,
    });
    const off = await http.patch(`/api/venues/${created.id}`, { as: owner, body: { isActive: false } });
    expect(off.json()).toMatchObject({ name: 'Kept', description: 'Fado on Fridays' });
    // Sending it empty (or null) is how the description is cleared.
    expect(
      (await http.patch(`/api/venues/${created.id}`, { as: owner, body: { description: '' } })).json(),
    ).toMatchObject({ description: null, name: 'Kept' });
    await http.patch(`/api/venues/${created.id}`, { as: owner, body: { description: 'Back' } });
    expect(
      (await http.patch(`/api/venues/${created.id}`, { as: owner, body: { description: null } })).json(),
    ).toMatchObject({ description: null });
  });

  it("a member's role change keeps the flags the role does not decide", async () => {
    const p = (await http.post('/api/community-playlists', { as: owner, body: { name: 'Flags kept' } })).json() as {
      id: number;
    };
    await http.post(`/api/community-playlists/${p.id}/join`, { as: guest });
    const base = `/api/community-playlists/${p.id}/members/${guest.id}`;
    expect((await http.patch(base, { as: owner, body: { canVote: false } })).statusCode).toBe(200);
    const promoted = await http.patch(base, { as: owner, body: { role: 'moderator' } });
    expect(promoted.json()).toMatchObject({ role: 'moderator', canVote: false, canPropose: true, canModerate: true });
    const demoted = await http.patch(base, { as: owner, body: { role: 'member' } });
    expect(demoted.json()).toMatchObject({ role: 'member', canVote: false, canPropose: true, canModerate: false });
  });
});

describe('finding 7: playlist permission flags bite for everyone but admins, in every mode', () => {
  const PL = '/api/community-playlists';
  async function playlistWith(mode: 'democratic' | 'moderated' | 'open') {
    const p = (
      await http.post(PL, { as: owner, body: { name: `Flags ${mode}`, collaborativeMode: mode, voteThreshold: 20 } })
    ).json() as { id: number };
    return p.id;
  }
  async function memberOf(playlistId: number, patch: Record<string, unknown> = {}) {
    const u = await registerUser(t.app);
    expect((await http.post(`${PL}/${playlistId}/join`, { as: u })).statusCode).toBe(200);
    if (Object.keys(patch).length) {
      const res = await http.patch(`${PL}/${playlistId}/members/${u.id}`, { as: owner, body: patch });
      expect(res.statusCode, res.body).toBe(200);
    }
    return u;
  }
  async function pendingEntry(playlistId: number) {
    const song = await createSong(t.database.db);
    const res = await http.post(`${PL}/${playlistId}/songs`, { as: owner, body: { songId: song.id } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  it('a moderator whose canModerate was switched off can no longer approve, reject or remove', async () => {
    const id = await playlistWith('moderated');
    const mod = await memberOf(id, { role: 'moderator' });
    const off = await http.patch(`${PL}/${id}/members/${mod.id}`, { as: owner, body: { canModerate: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ role: 'moderator', canModerate: false });
    for (const action of ['approve', 'reject'] as const) {
      const res = await http.post(`${PL}/songs/${await pendingEntry(id)}/${action}`, { as: mod });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only moderators can approve, reject or remove songs');
    }
    expect((await http.delete(`${PL}/songs/${await pendingEntry(id)}`, { as: mod })).statusCode).toBe(403);
    // Switched back on, it works again.
    await http.patch(`${PL}/${id}/members/${mod.id}`, { as: owner, body: { canModerate: true } });
    expect((await http.post(`${PL}/songs/${await pendingEntry(id)}/reject`, { as: mod })).statusCode).toBe(200);
  });

  it('a member without canVote cannot vote, in a democratic playlist too', async () => {
    for (const mode of ['democratic', 'moderated'] as const) {
      const id = await playlistWith(mode);
      const muted = await memberOf(id, { canVote: false });
      const res = await http.post(`${PL}/songs/${await pendingEntry(id)}/vote`, {
        as: muted,
        body: { voteType: 'up' },
      });
      expect(res.statusCode, mode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to vote in this playlist');
    }
  });

  it('a member without canPropose cannot propose, in an open playlist too', async () => {
    for (const mode of ['democratic', 'moderated', 'open'] as const) {
      const id = await playlistWith(mode);
      const muted = await memberOf(id, { canPropose: false });
      const song = await createSong(t.database.db);
      const res = await http.post(`${PL}/${id}/songs`, { as: muted, body: { songId: song.id } });
      expect(res.statusCode, mode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to propose songs in this playlist');
    }
  });

  it('a plain member given canModerate moderates; the membership the API reports says so', async () => {
    const id = await playlistWith('moderated');
    const helper = await memberOf(id, { canModerate: true });
    expect((await http.post(`${PL}/songs/${await pendingEntry(id)}/approve`, { as: helper })).statusCode).toBe(200);
    const detail = (await http.get(`${PL}/${id}`, { as: helper })).json() as { membership: Record<string, unknown> };
    expect(detail.membership).toEqual({ role: 'member', canVote: true, canPropose: true, canModerate: true });
  });

  it("refuses (400) to switch off an admin's flags: admins can always do everything", async () => {
    const id = await playlistWith('democratic');
    const co = await memberOf(id, { role: 'admin' });
    for (const body of [{ canVote: false }, { canModerate: false }, { role: 'admin', canPropose: false }]) {
      const res = await http.patch(`${PL}/${id}/members/${co.id}`, { as: owner, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(
        'Admins can always vote, propose and moderate; make them a moderator or member first',
      );
    }
    const member = (await http.get(`${PL}/${id}/members`)).json() as Array<{ userId: string; canVote: boolean }>;
    expect(member.find((m) => m.userId === co.id)).toMatchObject({ canVote: true });
    const entry = await pendingEntry(id);
    expect((await http.post(`${PL}/songs/${entry}/vote`, { as: co, body: { voteType: 'up' } })).statusCode).toBe(200);
    expect((await http.post(`${PL}/songs/${entry}/reject`, { as: co })).statusCode).toBe(200);
  });
});

describe('finding 10: a video is on CrowdMix once', () => {
  it('refuses a second public upload with 409 and the song to vote for instead', async () => {
    const video = fakeYoutubeId();
    const first = await upload(owner, ytForm(video));
    expect(first.statusCode).toBe(201);
    const firstId = (first.json() as { id: number }).id;
    for (const [who, form] of [
      [guest, ytForm(video)],
      [owner, ytForm(video, { title: 'Blue Monday (again)' })],
      [guest, { ...ytForm(video), youtubeUrl: `https://www.youtube.com/watch?v=${video}&t=42` }],
    ] as const) {
      const res = await upload(who, form);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This song is already on CrowdMix', code: 'CONFLICT', songId: firstId });
    }
    expect(await t.database.db.$count(songs, eq(songs.youtubeId, video))).toBe(1);
  });

  it('allows private copies, and a public upload again once the public song is deleted', async () => {
    const video = fakeYoutubeId();
    const pub = (await upload(owner, ytForm(video))).json() as { id: number };
    expect((await upload(guest, ytForm(video, { isPrivate: 'true' }))).statusCode).toBe(201);
    expect((await upload(owner, ytForm(video, { isPrivate: 'true' }))).statusCode).toBe(201);
    expect((await http.delete(`/api/songs/${pub.id}`, { as: owner })).statusCode).toBe(204);
    expect((await upload(guest, ytForm(video))).statusCode).toBe(201);
  });

  it('two (and six) uploads of the same video at once: exactly one 201, the others 409 naming it', async () => {
    for (const n of [2, 6]) {
      const video = fakeYoutubeId();
      const uploaders = await Promise.all(Array.from({ length: n }, () => registerUser(t.app)));
      const results = await Promise.all(uploaders.map((u) => upload(u, ytForm(video))));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, ...Array.from({ length: n - 1 }, () => 409)]);
      const winner = (results.find((r) => r.statusCode === 201)!.json() as { id: number }).id;
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json()).toEqual({ message: 'This song is already on CrowdMix', code: 'CONFLICT', songId: winner });
      expect(await t.database.db.$count(songs, and(eq(songs.youtubeId, video), eq(songs.isPrivate, false)))).toBe(1);
    }
  });

  it('the database itself refuses a second public row for a video (whatever the code does)', async () => {
    const video = fakeYoutubeId();
    await createSong(t.database.db, { youtubeId: video });
    await expect(createSong(t.database.db, { youtubeId: video })).rejects.toThrow();
    await expect(createSong(t.database.db, { youtubeId: video, isPrivate: true })).resolves.toBeTruthy();
  });
});

describe('finding 10: GET /api/songs pages the catalogue', () => {
  type Page = { songs: Array<{ id: number; isPrivate: boolean; uploaderId: string }>; nextCursor: string | null };

  it('answers 50 songs by default, at most 100, and refuses more or a forged cursor with 400', async () => {
    const db = t.database.db;
    const uploader = await registerUser(t.app);
    // Many songs in the same microsecond: the cursor must still neither skip nor repeat one.
    const at = new Date('2030-01-01T00:00:00.123Z');
    for (let i = 0; i < 130; i++) await createSong(db, { uploaderId: uploader.id, createdAt: at });

    const first = await http.get('/api/songs');
    expect(first.statusCode).toBe(200);
    const page = first.json() as Page;
    expect(page.songs).toHaveLength(50);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(((await http.get('/api/songs?limit=100')).json() as Page).songs).toHaveLength(100);
    for (const bad of ['limit=101', 'limit=0', 'limit=abc', 'cursor=not-ours', `cursor=${'A'.repeat(300)}`]) {
      const res = await http.get(`/api/songs?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
    }
    expect((await http.get('/api/songs?cursor=not-ours')).json().message).toBe(
      'The cursor is not valid; start again from the first page',
    );
  });

  it('walks the whole catalogue once, newest first, with the viewer’s private songs and nobody else’s', async () => {
    const db = t.database.db;
    const viewer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const at = new Date('2031-06-01T12:00:00.000Z');
    for (let i = 0; i < 5; i++) await createSong(db, { uploaderId: viewer.id, isPrivate: true, createdAt: at });
    for (let i = 0; i < 5; i++) await createSong(db, { uploaderId: stranger.id, isPrivate: true, createdAt: at });
    // The catalogue's order: newest first, the id breaking ties.
    const expectedIds = (
      await db
        .select({ id: songs.id, isPrivate: songs.isPrivate, uploaderId: songs.uploaderId })
        .from(songs)
        .orderBy(desc(songs.createdAt), desc(songs.id))
    )
      .filter((s) => !s.isPrivate || s.uploaderId === viewer.id)
      .map((s) => s.id);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await http.get(`/api/songs?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { as: viewer });
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.songs.length).toBeLessThanOrEqual(7);
      seen.push(...page.songs.map((s) => s.id));
      for (const s of page.songs) expect(!s.isPrivate || s.uploaderId === viewer.id).toBe(true);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 1000);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expectedIds);
  });
});
