import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAYLIST_GRADIENTS } from '../../../shared/constants';
import type { ServerEvent } from '../../../shared/realtime';
import { api, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createSong, createUser } from '../../../../test/helpers/factories';
import { communityPlaylistMembers, communityPlaylistSongs, communityPlaylistVotes } from '../../db/schema';
import type { Client } from '../../realtime/hub';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

const BASE = '/api/community-playlists';
type Actor = { id: string; cookie: string } | null;

/** A user with a live session (factories + the session store, so no sign-up rate limit applies). */
async function user(firstName = 'Pat', lastName = 'Player') {
  const row = await createUser(t.deps.db, { firstName, lastName });
  const token = await t.deps.sessions.create(row.id);
  return { id: row.id, cookie: `crowdmix_sid=${token}` };
}

async function createPlaylist(owner: Actor, body: Record<string, unknown> = {}) {
  const res = await http.post(BASE, { as: owner, body: { name: 'Road Trip', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; maxSongs: number; voteThreshold: number };
}

async function join(playlistId: number, who: Actor) {
  const res = await http.post(`${BASE}/${playlistId}/join`, { as: who });
  expect(res.statusCode, res.body).toBe(200);
}

/** A new member of the playlist whose flags the admin then sets. */
async function memberWith(playlistId: number, admin: Actor, flags: Record<string, unknown> = {}) {
  const m = await user();
  await join(playlistId, m);
  if (Object.keys(flags).length) {
    const res = await http.patch(`${BASE}/${playlistId}/members/${m.id}`, { as: admin, body: flags });
    expect(res.statusCode, res.body).toBe(200);
  }
  return m;
}

async function propose(playlistId: number, who: Actor, songId?: number) {
  const id = songId ?? (await createSong(t.deps.db)).id;
  return http.post(`${BASE}/${playlistId}/songs`, { as: who, body: { songId: id } });
}

async function proposeOk(playlistId: number, who: Actor) {
  const res = await propose(playlistId, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; position: number | null; songId: number };
}

const vote = (entryId: number, who: Actor, voteType: 'up' | 'down') =>
  http.post(`${BASE}/songs/${entryId}/vote`, { as: who, body: { voteType } });

async function songs(playlistId: number, who: Actor = null) {
  const res = await http.get(`${BASE}/${playlistId}/songs`, { as: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: number;
    status: string;
    position: number | null;
    upVotes: number;
    downVotes: number;
    netVotes: number;
    userVote: string | null;
    approvedAt: string | null;
  }[];
}

async function entry(playlistId: number, entryId: number, who: Actor = null) {
  return (await songs(playlistId, who)).find((s) => s.id === entryId)!;
}

/** Inserts members straight into the table (for the 100-member races). */
async function bulkMembers(playlistId: number, n: number) {
  const list = await Promise.all(Array.from({ length: n }, () => user()));
  await t.deps.db.insert(communityPlaylistMembers).values(list.map((m) => ({ playlistId, userId: m.id })));
  return list;
}

/** A fake websocket client subscribed through the hub, collecting what it receives. */
async function watcher(room: string, userId: string | null) {
  const received: ServerEvent[] = [];
  const client: Client = {
    socketId: crypto.randomUUID(),
    userId,
    sid: null,
    rooms: new Set(),
    // A frame is one event or, when the hub coalesced several, an array of them.
    socket: {
      readyState: 1,
      send: (f: string) => received.push(...[JSON.parse(f)].flat()),
      close() {},
    } as unknown as Client['socket'],
  };
  await t.deps.hub.add(client);
  await t.deps.hub.handle(client, { type: 'subscribe', room });
  return { client, received, close: () => t.deps.hub.remove(client) };
}

describe('creating and listing playlists', () => {
  it('makes the creator an admin with every flag and lists the playlist with its counts', async () => {
    const owner = await user('Ada', 'Lovelace');
    const res = await http.post(BASE, {
      as: owner,
      body: {
        name: '  Night Drive  ',
        description: 'Synths for the motorway',
        collaborativeMode: 'moderated',
        voteThreshold: 5,
        maxSongs: 30,
        gradient: PLAYLIST_GRADIENTS[3].value,
      },
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      name: 'Night Drive',
      description: 'Synths for the motorway',
      creatorId: owner.id,
      creatorName: 'Ada Lovelace',
      collaborativeMode: 'moderated',
      voteThreshold: 5,
      maxSongs: 30,
      gradient: PLAYLIST_GRADIENTS[3].value,
      isPublic: true,
      memberCount: 1,
      songCount: 0,
      membership: { role: 'admin', canVote: true, canPropose: true, canModerate: true },
    });
    const members = (await http.get(`${BASE}/${p.id}/members`)).json();
    expect(members).toEqual([
      expect.objectContaining({
        userId: owner.id,
        userName: 'Ada Lovelace',
        profileImageUrl: null,
        role: 'admin',
        canModerate: true,
      }),
    ]);
    const list = (await http.get(BASE)).json() as {
      id: number;
      creatorName: string;
      memberCount: number;
      songCount: number;
    }[];
    expect(list.find((x) => x.id === p.id)).toMatchObject({
      creatorName: 'Ada Lovelace',
      memberCount: 1,
      songCount: 0,
    });
    // Visitors see the playlist without a membership.
    expect((await http.get(`${BASE}/${p.id}`)).json().membership).toBeNull();
  });

  it('applies the spec defaults: democratic, 3 votes, 50 songs, Ocean Blue', async () => {
    const p = await createPlaylist(await user(), { name: 'Defaults' });
    expect(p).toMatchObject({
      collaborativeMode: 'democratic',
      voteThreshold: 3,
      maxSongs: 50,
      gradient: 'from-blue-500 to-purple-600',
      description: null,
    });
  });

  it('accepts the edges of every range', async () => {
    const owner = await user();
    await createPlaylist(owner, {
      voteThreshold: 1,
      maxSongs: 10,
      name: 'n'.repeat(100),
      description: 'd'.repeat(500),
    });
    await createPlaylist(owner, { voteThreshold: 20, maxSongs: 200 });
  });

  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 42 }, 'name', 'Name is required'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name too long'],
    [{ name: 'bad\u0000name' }, 'name', 'Name contains characters that are not allowed'],
    [{ name: 'ok', description: 'd'.repeat(501) }, 'description', 'Description too long'],
    [{ name: 'ok', collaborativeMode: 'anarchy' }, 'collaborativeMode', 'Mode must be democratic, moderated or open'],
    [{ name: 'ok', voteThreshold: 0 }, 'voteThreshold', 'Votes to add must be between 1 and 20'],
    [{ name: 'ok', voteThreshold: 21 }, 'voteThreshold', 'Votes to add must be between 1 and 20'],
    [{ name: 'ok', voteThreshold: 2.5 }, 'voteThreshold', 'Votes to add must be a whole number'],
    [{ name: 'ok', voteThreshold: '3' }, 'voteThreshold', 'Votes to add must be a number'],
    [{ name: 'ok', maxSongs: 0 }, 'maxSongs', 'Max songs must be between 10 and 200'],
    [{ name: 'ok', maxSongs: 210 }, 'maxSongs', 'Max songs must be between 10 and 200'],
    [{ name: 'ok', maxSongs: 55 }, 'maxSongs', 'Max songs must be a multiple of 10'],
    [{ name: 'ok', gradient: 'from-red-500 to-red-900' }, 'gradient', 'Choose one of the gradient presets'],
    [{ name: 'ok', isPublic: 'no' }, 'isPublic', 'isPublic must be true or false'],
    [{ name: 'ok', creatorId: 'someone-else' }, 'creatorId', 'Unknown field: creatorId'],
    [{ name: 'ok', memberCount: 1000 }, 'memberCount', 'Unknown field: memberCount'],
  ])('refuses bad input %# with a clear message and writes nothing', async (body, field, message) => {
    const owner = await user();
    const res = await http.post(BASE, { as: owner, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field, message });
    const mine = (await http.get(BASE, { as: owner })).json() as { creatorId: string }[];
    expect(mine.filter((p) => p.creatorId === owner.id)).toEqual([]);
  });

  it('answers a visitor with 401 before looking at the body', async () => {
    const res = await http.post(BASE, { body: { name: '' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers unknown and malformed ids with 404 and 400', async () => {
    expect((await http.get(`${BASE}/999999`)).statusCode).toBe(404);
    expect((await http.get(`${BASE}/999999`)).json().message).toBe('Playlist not found');
    expect((await http.get(`${BASE}/abc`)).statusCode).toBe(400);
    expect((await http.get(`${BASE}/999999/songs`)).statusCode).toBe(404);
    expect((await http.get(`${BASE}/999999/members`)).statusCode).toBe(404);
    expect((await vote(999999, await user(), 'up')).statusCode).toBe(404);
  });
});

describe('joining, leaving and roles', () => {
  it('joins as a member who may vote and propose but not moderate; a second join is 409', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const m = await user('Grace', 'Hopper');
    const res = await http.post(`${BASE}/${p.id}/join`, { as: m });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      memberCount: 2,
      membership: { role: 'member', canVote: true, canPropose: true, canModerate: false },
    });
    const again = await http.post(`${BASE}/${p.id}/join`, { as: m });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already a member of this playlist');
    const members = (await http.get(`${BASE}/${p.id}/members`)).json();
    expect(members.map((x: { userName: string; role: string }) => [x.userName, x.role])).toEqual([
      ['Pat Player', 'admin'],
      ['Grace Hopper', 'member'],
    ]);
  });

  it('lets admins change roles and flags, gives a role its usual flags, and never demotes the last admin', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const m = await memberWith(p.id, owner);
    const promote = await http.patch(`${BASE}/${p.id}/members/${m.id}`, { as: owner, body: { role: 'moderator' } });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ role: 'moderator', canModerate: true, canVote: true, canPropose: true });
    const flags = await http.patch(`${BASE}/${p.id}/members/${m.id}`, { as: owner, body: { canPropose: false } });
    expect(flags.json()).toMatchObject({ role: 'moderator', canPropose: false, canModerate: true });

    const lastAdmin = await http.patch(`${BASE}/${p.id}/members/${owner.id}`, { as: owner, body: { role: 'member' } });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().message).toBe('A playlist needs at least one admin');

    await http.patch(`${BASE}/${p.id}/members/${m.id}`, { as: owner, body: { role: 'admin' } });
    const stepDown = await http.patch(`${BASE}/${p.id}/members/${owner.id}`, { as: owner, body: { role: 'member' } });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json()).toMatchObject({ role: 'member', canModerate: false });
    // The former admin has lost the power to change roles.
    const denied = await http.patch(`${BASE}/${p.id}/members/${m.id}`, { as: owner, body: { role: 'member' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only admins can change member roles');
  });

  it.each([
    [{}, 'Nothing to change'],
    [{ role: 'owner' }, 'Role must be admin, moderator or member'],
    [{ canVote: 'yes' }, 'canVote must be true or false'],
    [{ userId: 'x' }, 'Unknown field: userId'],
  ])('refuses a bad member change %#', async (body, message) => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const m = await memberWith(p.id, owner);
    const res = await http.patch(`${BASE}/${p.id}/members/${m.id}`, { as: owner, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers a change to someone who is not a member with 404', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const res = await http.patch(`${BASE}/${p.id}/members/${(await user()).id}`, {
      as: owner,
      body: { role: 'moderator' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Member not found');
  });

  it('lets members leave, but not the last admin or a non-member', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const m = await memberWith(p.id, owner);
    expect((await http.post(`${BASE}/${p.id}/leave`, { as: m })).statusCode).toBe(204);
    expect((await http.get(`${BASE}/${p.id}`)).json().memberCount).toBe(1);
    const again = await http.post(`${BASE}/${p.id}/leave`, { as: m });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are not a member of this playlist');
    const last = await http.post(`${BASE}/${p.id}/leave`, { as: owner });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The last admin cannot leave; make another member an admin first');
  });
});

describe('democratic playlists', () => {
  it('approves at exactly the threshold with the next position, and closes voting', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { voteThreshold: 3 });
    const [a, b, c, d] = [
      await memberWith(p.id, owner),
      await memberWith(p.id, owner),
      await memberWith(p.id, owner),
      await memberWith(p.id, owner),
    ];
    const e = await proposeOk(p.id, a);
    expect(e).toMatchObject({ status: 'pending', position: null });
    expect((await vote(e.id, a, 'up')).json()).toEqual({
      vote: { voteType: 'up' },
      voteCount: { upVotes: 1, downVotes: 0 },
      netVotes: 1,
      status: 'pending',
    });
    expect((await vote(e.id, b, 'up')).json()).toMatchObject({ netVotes: 2, status: 'pending' });
    const crossing = await vote(e.id, c, 'up');
    expect(crossing.statusCode).toBe(200);
    expect(crossing.json()).toMatchObject({ netVotes: 3, status: 'approved' });
    const row = await entry(p.id, e.id, c);
    expect(row).toMatchObject({ status: 'approved', position: 1, upVotes: 3, userVote: 'up' });
    expect(row.approvedAt).not.toBeNull();
    const late = await vote(e.id, d, 'down');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Voting has closed for this song');
    expect((await http.get(`${BASE}/${p.id}`)).json().songCount).toBe(1);

    const second = await proposeOk(p.id, a);
    for (const v of [a, b, c]) await vote(second.id, v, 'up');
    expect((await entry(p.id, second.id)).position).toBe(2);
  });

  it('rejects at exactly minus the threshold', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { voteThreshold: 2 });
    const [a, b] = [await memberWith(p.id, owner), await memberWith(p.id, owner)];
    const e = await proposeOk(p.id, owner);
    expect((await vote(e.id, a, 'down')).json()).toMatchObject({ netVotes: -1, status: 'pending' });
    expect((await vote(e.id, b, 'down')).json()).toMatchObject({ netVotes: -2, status: 'rejected' });
    expect(await entry(p.id, e.id)).toMatchObject({ status: 'rejected', position: null, approvedAt: null });
    // A rejected song may be proposed again.
    const songId = (await t.deps.db.select().from(communityPlaylistSongs).where(eq(communityPlaylistSongs.id, e.id)))[0]
      .songId;
    expect((await propose(p.id, owner, songId)).statusCode).toBe(201);
  });

  it('approves on the first up vote with a threshold of 1', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { voteThreshold: 1 });
    const e = await proposeOk(p.id, owner);
    expect((await vote(e.id, owner, 'up')).json()).toMatchObject({ status: 'approved' });
  });

  it('removes a repeated vote and switches an opposite one, keeping counters equal to the vote rows', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { voteThreshold: 5 });
    const a = await memberWith(p.id, owner);
    const e = await proposeOk(p.id, owner);
    expect((await vote(e.id, a, 'up')).json()).toMatchObject({
      vote: { voteType: 'up' },
      voteCount: { upVotes: 1, downVotes: 0 },
    });
    expect((await vote(e.id, a, 'up')).json()).toMatchObject({ vote: null, voteCount: { upVotes: 0, downVotes: 0 } });
    expect((await entry(p.id, e.id, a)).userVote).toBeNull();
    expect((await vote(e.id, a, 'down')).json()).toMatchObject({
      vote: { voteType: 'down' },
      voteCount: { upVotes: 0, downVotes: 1 },
    });
    expect((await vote(e.id, a, 'up')).json()).toMatchObject({
      vote: { voteType: 'up' },
      voteCount: { upVotes: 1, downVotes: 0 },
      netVotes: 1,
    });
    const rows = await t.deps.db
      .select()
      .from(communityPlaylistVotes)
      .where(eq(communityPlaylistVotes.playlistSongId, e.id));
    expect(rows.map((r) => r.voteType)).toEqual(['up']);
    expect(await entry(p.id, e.id, a)).toMatchObject({ upVotes: 1, downVotes: 0, netVotes: 1, userVote: 'up' });
  });

  it('refuses bad vote input', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const e = await proposeOk(p.id, owner);
    for (const [body, message] of [
      [{ voteType: 'sideways' }, "voteType must be 'up' or 'down'"],
      [{}, "voteType must be 'up' or 'down'"],
      [{ voteType: 'up', upVotes: 99 }, 'Unknown field: upVotes'],
    ] as const) {
      const res = await http.post(`${BASE}/songs/${e.id}/vote`, { as: owner, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await http.post(`${BASE}/songs/abc/vote`, { as: owner, body: { voteType: 'up' } })).statusCode).toBe(400);
    expect((await entry(p.id, e.id)).upVotes).toBe(0);
  });
});

describe('moderated playlists', () => {
  it('leaves votes advisory and lets moderators approve or reject', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'moderated', voteThreshold: 1 });
    const m = await memberWith(p.id, owner);
    const e = await proposeOk(p.id, m);
    expect((await vote(e.id, m, 'up')).json()).toMatchObject({ netVotes: 1, status: 'pending' });
    const denied = await http.post(`${BASE}/songs/${e.id}/approve`, { as: m });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only moderators can approve, reject or remove songs');
    const ok = await http.post(`${BASE}/songs/${e.id}/approve`, { as: owner });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', position: 1 });
    const twice = await http.post(`${BASE}/songs/${e.id}/reject`, { as: owner });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This song is no longer pending');

    const r = await proposeOk(p.id, m);
    const rejected = await http.post(`${BASE}/songs/${r.id}/reject`, { as: owner });
    expect(rejected.json()).toMatchObject({ status: 'rejected', position: null });
  });

  it('lets a member with canModerate moderate', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'moderated' });
    const helper = await memberWith(p.id, owner, { canModerate: true });
    const e = await proposeOk(p.id, owner);
    expect((await http.post(`${BASE}/songs/${e.id}/approve`, { as: helper })).statusCode).toBe(200);
  });

  it('removes a song (moderators only) and its votes', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'moderated' });
    const m = await memberWith(p.id, owner);
    const e = await proposeOk(p.id, m);
    await vote(e.id, m, 'up');
    await http.post(`${BASE}/songs/${e.id}/approve`, { as: owner });
    expect((await http.delete(`${BASE}/songs/${e.id}`, { as: m })).statusCode).toBe(403);
    expect((await http.delete(`${BASE}/songs/${e.id}`, { as: owner })).statusCode).toBe(204);
    expect(await songs(p.id)).toEqual([]);
    expect((await http.get(`${BASE}/${p.id}`)).json().songCount).toBe(0);
    expect(
      await t.deps.db.select().from(communityPlaylistVotes).where(eq(communityPlaylistVotes.playlistSongId, e.id)),
    ).toEqual([]);
  });
});

describe('open playlists', () => {
  it('approves a proposal at once, in order', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'open' });
    const m = await memberWith(p.id, owner);
    const first = await proposeOk(p.id, m);
    const second = await proposeOk(p.id, owner);
    expect(first).toMatchObject({ status: 'approved', position: 1 });
    expect(second).toMatchObject({ status: 'approved', position: 2 });
    expect((await vote(first.id, m, 'up')).statusCode).toBe(409);
  });
});

describe('proposals', () => {
  it('returns the song fields, the proposer and no vote', async () => {
    const owner = await user('Nina', 'Simone');
    const p = await createPlaylist(owner);
    const song = await createSong(t.deps.db, { title: 'Feeling Good', artist: 'Nina Simone', duration: 177 });
    const res = await propose(p.id, owner, song.id);
    expect(res.json()).toMatchObject({
      songId: song.id,
      title: 'Feeling Good',
      artist: 'Nina Simone',
      youtubeId: song.youtubeId,
      duration: 177,
      thumbnailUrl: song.thumbnailUrl,
      proposerName: 'Nina Simone',
      proposedById: owner.id,
      status: 'pending',
      upVotes: 0,
      downVotes: 0,
      netVotes: 0,
      userVote: null,
    });
  });

  it('refuses duplicates while pending or approved', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { voteThreshold: 1 });
    const song = await createSong(t.deps.db);
    const e = (await propose(p.id, owner, song.id)).json();
    const dup = await propose(p.id, owner, song.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This song has already been proposed');
    await vote(e.id, owner, 'up');
    const dup2 = await propose(p.id, owner, song.id);
    expect(dup2.statusCode).toBe(409);
    expect(dup2.json().message).toBe('This song is already in the playlist');
  });

  it("hides other people's private songs and explains one's own", async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const theirs = await createSong(t.deps.db, { isPrivate: true });
    const mine = await createSong(t.deps.db, { isPrivate: true, uploaderId: owner.id });
    const a = await propose(p.id, owner, theirs.id);
    expect(a.statusCode).toBe(404);
    expect(a.json().message).toBe('Song not found');
    const b = await propose(p.id, owner, mine.id);
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBe('Private songs cannot be added to a playlist');
    expect((await propose(p.id, owner, 99999999)).statusCode).toBe(404);
    expect(await songs(p.id)).toEqual([]);
  });

  it.each([
    [{}, 'Please select a song'],
    [{ songId: 'abc' }, 'Please select a song'],
    [{ songId: 0 }, 'Please select a song'],
    [{ songId: -3 }, 'Please select a song'],
    [{ songId: 1.5 }, 'Please select a song'],
    [{ songId: 1, status: 'approved' }, 'Unknown field: status'],
  ])('refuses a bad proposal %#', async (body, message) => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const res = await http.post(`${BASE}/${p.id}/songs`, { as: owner, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('never lets the playlist pass maxSongs, by proposal or by vote', async () => {
    const owner = await user();
    const open = await createPlaylist(owner, { collaborativeMode: 'open', maxSongs: 10 });
    for (let i = 0; i < 10; i++) await proposeOk(open.id, owner);
    const full = await propose(open.id, owner);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Playlist is full');

    const demo = await createPlaylist(owner, { voteThreshold: 1, maxSongs: 10 });
    const pending = [];
    for (let i = 0; i < 11; i++) pending.push(await proposeOk(demo.id, owner));
    for (let i = 0; i < 10; i++) expect((await vote(pending[i].id, owner, 'up')).json().status).toBe('approved');
    const over = await vote(pending[10].id, owner, 'up');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Playlist is full');
    // The refused vote was not recorded.
    expect(await entry(demo.id, pending[10].id, owner)).toMatchObject({
      status: 'pending',
      upVotes: 0,
      userVote: null,
    });
    expect((await propose(demo.id, owner)).json().message).toBe('Playlist is full');

    const moderated = await createPlaylist(owner, { collaborativeMode: 'moderated', maxSongs: 10 });
    const queue = [];
    for (let i = 0; i < 11; i++) queue.push(await proposeOk(moderated.id, owner));
    for (let i = 0; i < 10; i++)
      expect((await http.post(`${BASE}/songs/${queue[i].id}/approve`, { as: owner })).statusCode).toBe(200);
    const last = await http.post(`${BASE}/songs/${queue[10].id}/approve`, { as: owner });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('Playlist is full');
  });
});

describe('private playlists', () => {
  it('do not exist for anyone but their members', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { isPublic: false, name: 'Secret Set' });
    const e = await proposeOk(p.id, owner);
    const outsider = await user();
    for (const who of [null, outsider]) {
      expect((await http.get(BASE, { as: who })).json().map((x: { id: number }) => x.id)).not.toContain(p.id);
      for (const path of ['', '/songs', '/members']) {
        const res = await http.get(`${BASE}/${p.id}${path}`, { as: who });
        expect(res.statusCode, path).toBe(404);
        expect(res.json().message).toBe('Playlist not found');
      }
    }
    for (const res of [
      await http.post(`${BASE}/${p.id}/join`, { as: outsider }),
      await propose(p.id, outsider),
      await vote(e.id, outsider, 'up'),
      await http.post(`${BASE}/songs/${e.id}/approve`, { as: outsider }),
      await http.delete(`${BASE}/songs/${e.id}`, { as: outsider }),
      await http.post(`${BASE}/${p.id}/leave`, { as: outsider }),
      await http.patch(`${BASE}/${p.id}/members/${owner.id}`, { as: outsider, body: { role: 'member' } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    // Members see it everywhere.
    expect((await http.get(BASE, { as: owner })).json().map((x: { id: number }) => x.id)).toContain(p.id);
    expect((await http.get(`${BASE}/${p.id}`, { as: owner })).statusCode).toBe(200);
  });

  it('are seen and joined through their invite link, which only members are given', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { isPublic: false, name: 'Invite Only' });
    const own = (await http.get(`${BASE}/${p.id}`, { as: owner })).json();
    expect(own.inviteToken).toMatch(/^[0-9a-f]{32}$/);
    const other = await createPlaylist(owner, { isPublic: false });
    const otherToken = (await http.get(`${BASE}/${other.id}`, { as: owner })).json().inviteToken;
    expect(otherToken).not.toBe(own.inviteToken);

    const guest = await user('Ivy', 'Invited');
    const invite = `?invite=${own.inviteToken}`;
    // With the invite, a visitor and a signed-in outsider see the playlist, its songs and members, not the token.
    for (const who of [null, guest]) {
      for (const path of ['', '/songs', '/members']) {
        expect((await http.get(`${BASE}/${p.id}${path}${invite}`, { as: who })).statusCode, path).toBe(200);
      }
      const seen = (await http.get(`${BASE}/${p.id}${invite}`, { as: who })).json();
      expect(seen.inviteToken).toBeNull();
      expect(seen.membership).toBeNull();
    }
    // Another playlist's token, or a malformed one, opens nothing.
    expect((await http.get(`${BASE}/${p.id}?invite=${otherToken}`, { as: guest })).statusCode).toBe(404);
    expect((await http.get(`${BASE}/${p.id}?invite=nope`, { as: guest })).statusCode).toBe(400);
    const wrongJoin = await http.post(`${BASE}/${p.id}/join`, { as: guest, body: { invite: otherToken } });
    expect(wrongJoin.statusCode).toBe(404);
    expect(wrongJoin.json().message).toBe('Playlist not found');
    expect((await http.post(`${BASE}/${p.id}/join`, { as: guest })).statusCode).toBe(404);

    const joined = await http.post(`${BASE}/${p.id}/join`, { as: guest, body: { invite: own.inviteToken } });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      memberCount: 2,
      membership: { role: 'member' },
      inviteToken: own.inviteToken,
    });
    // Now a member, the guest sees it without the invite, in the list too.
    expect((await http.get(`${BASE}/${p.id}`, { as: guest })).statusCode).toBe(200);
    expect((await http.get(BASE, { as: guest })).json().map((x: { id: number }) => x.id)).toContain(p.id);
    // A visitor cannot join, even with the invite.
    expect((await http.post(`${BASE}/${p.id}/join`, { as: null, body: { invite: own.inviteToken } })).statusCode).toBe(
      401,
    );
  });

  it('lets the creator leave once another member was made an admin (the hand-over)', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const heir = await memberWith(p.id, owner);
    const refused = await http.post(`${BASE}/${p.id}/leave`, { as: owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The last admin cannot leave; make another member an admin first');
    const promoted = await http.patch(`${BASE}/${p.id}/members/${heir.id}`, { as: owner, body: { role: 'admin' } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await http.post(`${BASE}/${p.id}/leave`, { as: owner })).statusCode).toBe(204);
    const members = (await http.get(`${BASE}/${p.id}/members`)).json() as Array<{ userId: string; role: string }>;
    expect(members).toEqual([expect.objectContaining({ userId: heir.id, role: 'admin' })]);
  });

  it('keep their realtime room for members, while public rooms are open and get every change', async () => {
    const owner = await user();
    const secret = await createPlaylist(owner, { isPublic: false });
    const outsiderWatch = await watcher(`playlist:${secret.id}`, (await user()).id);
    const visitorWatch = await watcher(`playlist:${secret.id}`, null);
    const ownerWatch = await watcher(`playlist:${secret.id}`, owner.id);
    expect(outsiderWatch.received).toContainEqual({
      type: 'error',
      message: `Not allowed to join playlist:${secret.id}`,
    });
    expect(visitorWatch.received).toContainEqual({
      type: 'error',
      message: `Not allowed to join playlist:${secret.id}`,
    });
    await proposeOk(secret.id, owner);
    // Events that follow each other closely reach a socket at the end of the hub's coalescing window.
    await vi.waitFor(() =>
      expect(ownerWatch.received).toContainEqual({ type: 'playlist_changed', playlistId: secret.id }),
    );
    expect(outsiderWatch.received).not.toContainEqual({ type: 'playlist_changed', playlistId: secret.id });

    const pub = await createPlaylist(owner);
    const anyone = await watcher(`playlist:${pub.id}`, null);
    const m = await user();
    await join(pub.id, m);
    await vi.waitFor(() => {
      expect(anyone.received).toContainEqual({ type: 'playlist_changed', playlistId: pub.id });
      expect(anyone.received).toContainEqual({ type: 'playlists_changed' });
    });
    for (const w of [outsiderWatch, visitorWatch, ownerWatch, anyone]) await w.close();
  });
});

describe('who may do what (moderated playlist)', () => {
  type ActorKind =
    | 'visitor'
    | 'nonMember'
    | 'memberNoVote'
    | 'memberNoPropose'
    | 'member'
    | 'memberCanModerate'
    | 'moderator'
    | 'admin';
  type Action = 'view' | 'join' | 'propose' | 'vote' | 'approve' | 'reject' | 'remove' | 'changeMember' | 'leave';
  // Actions run in this order; join and leave go last because they change the membership.
  const actions: Action[] = ['view', 'propose', 'vote', 'approve', 'reject', 'remove', 'changeMember', 'join', 'leave'];
  const table: Record<ActorKind, Record<Action, number>> = {
    visitor: {
      view: 200,
      join: 401,
      propose: 401,
      vote: 401,
      approve: 401,
      reject: 401,
      remove: 401,
      changeMember: 401,
      leave: 401,
    },
    nonMember: {
      view: 200,
      join: 200,
      propose: 403,
      vote: 403,
      approve: 403,
      reject: 403,
      remove: 403,
      changeMember: 403,
      leave: 204,
    },
    memberNoVote: {
      view: 200,
      join: 409,
      propose: 201,
      vote: 403,
      approve: 403,
      reject: 403,
      remove: 403,
      changeMember: 403,
      leave: 204,
    },
    memberNoPropose: {
      view: 200,
      join: 409,
      propose: 403,
      vote: 200,
      approve: 403,
      reject: 403,
      remove: 403,
      changeMember: 403,
      leave: 204,
    },
    member: {
      view: 200,
      join: 409,
      propose: 201,
      vote: 200,
      approve: 403,
      reject: 403,
      remove: 403,
      changeMember: 403,
      leave: 204,
    },
    memberCanModerate: {
      view: 200,
      join: 409,
      propose: 201,
      vote: 200,
      approve: 200,
      reject: 200,
      remove: 204,
      changeMember: 403,
      leave: 204,
    },
    moderator: {
      view: 200,
      join: 409,
      propose: 201,
      vote: 200,
      approve: 200,
      reject: 200,
      remove: 204,
      changeMember: 403,
      leave: 204,
    },
    admin: {
      view: 200,
      join: 409,
      propose: 201,
      vote: 200,
      approve: 200,
      reject: 200,
      remove: 204,
      changeMember: 200,
      leave: 409,
    },
  };
  const flagsFor: Partial<Record<ActorKind, Record<string, unknown>>> = {
    memberNoVote: { canVote: false },
    memberNoPropose: { canPropose: false },
    memberCanModerate: { canModerate: true },
    moderator: { role: 'moderator' },
  };

  it.each(Object.keys(table) as ActorKind[])('%s', async (kind) => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'moderated', voteThreshold: 20 });
    const target = await memberWith(p.id, owner);
    let actor: Actor;
    if (kind === 'visitor') actor = null;
    else if (kind === 'admin') actor = owner;
    else if (kind === 'nonMember') actor = await user();
    else actor = await memberWith(p.id, owner, flagsFor[kind] ?? {});

    const pending = async () => (await proposeOk(p.id, owner)).id;
    const run: Record<Action, () => Promise<{ statusCode: number; body: string }>> = {
      view: () => http.get(`${BASE}/${p.id}`, { as: actor }),
      join: () => http.post(`${BASE}/${p.id}/join`, { as: actor }),
      propose: () => propose(p.id, actor),
      vote: async () => vote(await pending(), actor, 'up'),
      approve: async () => http.post(`${BASE}/songs/${await pending()}/approve`, { as: actor }),
      reject: async () => http.post(`${BASE}/songs/${await pending()}/reject`, { as: actor }),
      remove: async () => http.delete(`${BASE}/songs/${await pending()}`, { as: actor }),
      changeMember: () => http.patch(`${BASE}/${p.id}/members/${target.id}`, { as: actor, body: { canVote: false } }),
      leave: () => http.post(`${BASE}/${p.id}/leave`, { as: actor }),
    };
    const got: Record<string, number> = {};
    for (const a of actions) got[a] = (await run[a]()).statusCode;
    expect(got).toEqual(table[kind]);
  });

  it('flags bite in every mode (ADR 013): no vote without canVote in democratic playlists, no proposal without canPropose in open ones', async () => {
    const owner = await user();
    const demo = await createPlaylist(owner, { voteThreshold: 20 });
    const noVote = await memberWith(demo.id, owner, { canVote: false });
    const e = await proposeOk(demo.id, owner);
    const refusedVote = await vote(e.id, noVote, 'up');
    expect(refusedVote.statusCode).toBe(403);
    expect(refusedVote.json().message).toBe('You do not have permission to vote in this playlist');

    const open = await createPlaylist(owner, { collaborativeMode: 'open' });
    const noPropose = await memberWith(open.id, owner, { canPropose: false });
    expect((await propose(open.id, noPropose)).statusCode).toBe(403);

    const moderated = await createPlaylist(owner, { collaborativeMode: 'moderated' });
    const blocked = await memberWith(moderated.id, owner, { canPropose: false });
    const res = await propose(moderated.id, blocked);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to propose songs in this playlist');
    const outsider = await user();
    const notMember = await propose(moderated.id, outsider);
    expect(notMember.json().message).toBe('Join this playlist to propose songs');
    const notMemberVote = await vote((await proposeOk(moderated.id, owner)).id, outsider, 'up');
    expect(notMemberVote.json().message).toBe('Join this playlist to vote');
  });
});

describe('races', () => {
  it('100 members voting at once on a song one vote short → approved exactly once, at one position', async () => {
    const owner = await user();
    const threshold = 20;
    const p = await createPlaylist(owner, { voteThreshold: threshold });
    const already = await proposeOk(p.id, owner);
    await t.deps.db
      .update(communityPlaylistSongs)
      .set({ status: 'approved', position: 1, approvedAt: new Date() })
      .where(eq(communityPlaylistSongs.id, already.id));
    const e = await proposeOk(p.id, owner);
    const early = await bulkMembers(p.id, threshold - 1);
    for (const m of early) expect((await vote(e.id, m, 'up')).json().status).toBe('pending');
    const crowd = await bulkMembers(p.id, 100);
    const results = await Promise.all(crowd.map((m) => vote(e.id, m, 'up')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    expect(results.find((r) => r.statusCode === 200)!.json().status).toBe('approved');
    const [row] = await t.deps.db.select().from(communityPlaylistSongs).where(eq(communityPlaylistSongs.id, e.id));
    expect(row).toMatchObject({ status: 'approved', position: 2, upVotes: threshold, netVotes: threshold });
    const voteRows = await t.deps.db
      .select()
      .from(communityPlaylistVotes)
      .where(eq(communityPlaylistVotes.playlistSongId, e.id));
    expect(voteRows).toHaveLength(threshold);
    const approved = await t.deps.db
      .select()
      .from(communityPlaylistSongs)
      .where(and(eq(communityPlaylistSongs.playlistId, p.id), eq(communityPlaylistSongs.status, 'approved')));
    expect(approved.map((r) => r.position).sort()).toEqual([1, 2]);
  });

  it('proposals racing for the last free slot of an open playlist never pass maxSongs', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'open', maxSongs: 10 });
    for (let i = 0; i < 9; i++) await proposeOk(p.id, owner);
    const racers = await bulkMembers(p.id, 30);
    const songRows = await Promise.all(racers.map(() => createSong(t.deps.db)));
    const results = await Promise.all(racers.map((m, i) => propose(p.id, m, songRows[i].id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === 'Playlist is full')).toBe(
      true,
    );
    const approved = await t.deps.db
      .select()
      .from(communityPlaylistSongs)
      .where(and(eq(communityPlaylistSongs.playlistId, p.id), eq(communityPlaylistSongs.status, 'approved')));
    expect(approved).toHaveLength(10);
    expect(new Set(approved.map((r) => r.position)).size).toBe(10);
  });

  it('moderators approving at once never pass maxSongs', async () => {
    const owner = await user();
    const p = await createPlaylist(owner, { collaborativeMode: 'moderated', maxSongs: 10 });
    const mods = [
      owner,
      ...(await Promise.all(Array.from({ length: 4 }, () => memberWith(p.id, owner, { role: 'moderator' })))),
    ];
    const queue = [];
    for (let i = 0; i < 18; i++) queue.push(await proposeOk(p.id, owner));
    const results = await Promise.all(
      queue.map((q, i) => http.post(`${BASE}/songs/${q.id}/approve`, { as: mods[i % mods.length] })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8);
    expect((await http.get(`${BASE}/${p.id}`)).json().songCount).toBe(10);
  });

  it('the same member proposing the same song twice at once gets one entry', async () => {
    const owner = await user();
    const p = await createPlaylist(owner);
    const song = await createSong(t.deps.db);
    const results = await Promise.all([
      propose(p.id, owner, song.id),
      propose(p.id, owner, song.id),
      propose(p.id, owner, song.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
