/**
 * Deleting an account: votes leave with their tallies (tallies equal rows afterwards), private things go, public
 * songs and chat stay under "Former member" or go as chosen, playlists are handed over or closed, venues close,
 * the mixes are right at once, and nothing points at the deleted person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  files,
  FORMER_MEMBER_ID,
  messages,
  sessions,
  songs,
  users,
  venues,
} from '../../db/schema';
import { multipartBody, samplePdf } from '../../../../test/helpers/multipart';
import {
  api,
  createTestApp,
  listenOnLoopback,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helpers/test-app';
import { connectWs } from '../../../../test/helpers/ws-client';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let http: ReturnType<typeof api>;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  http = api(t.app);
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => t?.close());

type Rows<T> = { rows: T[] };
/** Every (song, context) whose tally differs from the count of its vote rows. */
async function tallyMismatches() {
  const res = (await t.deps.db.execute(sql`
    with t as (select song_id, venue_id, sum(up_votes)::int up, sum(down_votes)::int down from vote_tallies group by song_id, venue_id),
         v as (select song_id, venue_id, count(*) filter (where vote_type = 'up')::int up, count(*) filter (where vote_type = 'down')::int down from votes group by song_id, venue_id)
    select coalesce(t.song_id, v.song_id) song_id, t.up tu, v.up vu, t.down td, v.down vd
    from t full join v on t.song_id = v.song_id and t.venue_id is not distinct from v.venue_id
    where coalesce(t.up, 0) <> coalesce(v.up, 0) or coalesce(t.down, 0) <> coalesce(v.down, 0)`)) as unknown as Rows<unknown>;
  return res.rows;
}

/** Each arrangement uploads its own videos: a video is on CrowdMix once (a second public upload is a 409). */
let arrangement = 0;
const video = (k: number) => `https://youtu.be/${`v${arrangement}x${k}`.padEnd(11, 'a')}`;

async function upload(u: TestUser, fields: Record<string, string>, pdf = false) {
  const form = multipartBody(
    { type: pdf ? 'pdf' : 'youtube', artist: 'Leaver', ...fields },
    pdf ? [{ filename: 'a.pdf', content: samplePdf() }] : [],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/songs',
    headers: { ...form.headers, cookie: u.cookie },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; pdfUrl: string | null };
}

const vote = (u: TestUser, songId: number, voteType: 'up' | 'down', venueId?: number) =>
  http.post('/api/votes', { as: u, body: { songId, voteType, ...(venueId ? { venueId } : {}) } });

/** A person with a bit of everything, and two others around them. */
async function scenario() {
  arrangement++;
  const leaver = await registerUser(t.app, { firstName: 'Lea', lastName: 'Ver' });
  const ann = await registerUser(t.app, { firstName: 'Ann' });
  const bo = await registerUser(t.app, { firstName: 'Bo' });
  const venue = (
    await http.post('/api/venues', { as: leaver, body: { name: 'Leaver Lounge', location: 'X', type: 'bar' } })
  ).json();
  const annVenue = (
    await http.post('/api/venues', { as: ann, body: { name: 'Ann Arena', location: 'Y', type: 'club' } })
  ).json();
  const pub = await upload(leaver, { title: 'Leaver Public', youtubeUrl: video(1) });
  const inVenue = await upload(leaver, {
    title: 'Leaver In Venue',
    youtubeUrl: video(2),
    venueId: String(annVenue.id),
  });
  const priv = await upload(leaver, { title: 'Leaver Private', isPrivate: 'true' }, true);
  const annSong = await upload(ann, {
    title: 'Ann Song',
    youtubeUrl: video(3),
    venueId: String(annVenue.id),
  });
  const boSong = await upload(bo, { title: 'Bo Song', youtubeUrl: video(4) });
  // Votes: the leaver's on others' songs (global and venue), others' on the leaver's songs.
  expect((await vote(leaver, annSong.id, 'up')).statusCode).toBe(200);
  expect((await vote(leaver, annSong.id, 'down', annVenue.id)).statusCode).toBe(200);
  expect((await vote(leaver, boSong.id, 'down')).statusCode).toBe(200);
  expect((await vote(leaver, pub.id, 'up')).statusCode).toBe(200);
  expect((await vote(ann, pub.id, 'up')).statusCode).toBe(200);
  expect((await vote(bo, pub.id, 'up')).statusCode).toBe(200);
  expect((await vote(ann, boSong.id, 'up')).statusCode).toBe(200);
  // Messages: private both ways, chat in the global room and a venue room.
  await http.post('/api/messages', { as: leaver, body: { receiverId: ann.id, content: 'leaver to ann, private' } });
  await http.post('/api/messages', { as: ann, body: { receiverId: leaver.id, content: 'ann to leaver, private' } });
  const chat = (
    await http.post('/api/messages/global', { as: leaver, body: { content: 'leaver says hi to all' } })
  ).json();
  await http.post(`/api/venues/${annVenue.id}/messages`, { as: leaver, body: { content: 'leaver in ann arena' } });
  // Playlists: one where Ann and Bo are members (Bo a moderator who joined first), one with the leaver alone.
  const shared = (await http.post('/api/community-playlists', { as: leaver, body: { name: 'Shared List' } })).json();
  await http.post(`/api/community-playlists/${shared.id}/join`, { as: bo });
  await http.post(`/api/community-playlists/${shared.id}/join`, { as: ann });
  await http.patch(`/api/community-playlists/${shared.id}/members/${bo.id}`, {
    as: leaver,
    body: { role: 'moderator' },
  });
  const alone = (await http.post('/api/community-playlists', { as: leaver, body: { name: 'Lonely List' } })).json();
  const proposal = (
    await http.post(`/api/community-playlists/${shared.id}/songs`, { as: ann, body: { songId: boSong.id } })
  ).json();
  await http.post(`/api/community-playlists/songs/${proposal.id}/vote`, { as: leaver, body: { voteType: 'up' } });
  await http.post(`/api/community-playlists/songs/${proposal.id}/vote`, { as: bo, body: { voteType: 'up' } });
  const leaverProposal = (
    await http.post(`/api/community-playlists/${shared.id}/songs`, { as: leaver, body: { songId: annSong.id } })
  ).json();
  await http.post('/api/blocks', { as: ann, body: { userId: leaver.id } });
  await http.post('/api/reports', {
    as: leaver,
    body: { targetType: 'song', targetId: String(boSong.id), reason: 'spam' },
  });
  await http.post('/api/ai/chat', { as: leaver, body: { message: 'something chill' } });
  return {
    leaver,
    ann,
    bo,
    venue,
    annVenue,
    pub,
    inVenue,
    priv,
    annSong,
    boSong,
    chat,
    shared,
    alone,
    proposal,
    leaverProposal,
  };
}

const deleteAccount = (u: TestUser, publicContent: 'keep' | 'delete', password = PASSWORD) =>
  http.post('/api/account/delete', { as: u, body: { password, confirmation: 'delete my account', publicContent } });

describe('deleting an account', () => {
  it('needs the password and the typed confirmation; a refusal changes nothing', async () => {
    const u = await registerUser(t.app);
    expect((await deleteAccount(u, 'keep', 'wrong password')).statusCode).toBe(403);
    const noPw = await http.post('/api/account/delete', {
      as: u,
      body: { confirmation: 'delete my account', publicContent: 'keep' },
    });
    expect(noPw.statusCode).toBe(400);
    const noConfirm = await http.post('/api/account/delete', {
      as: u,
      body: { password: PASSWORD, confirmation: 'delete', publicContent: 'keep' },
    });
    expect(noConfirm.statusCode).toBe(400);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(200);
    expect(
      (await http.post('/api/account/delete', { body: { confirmation: 'x', publicContent: 'keep' } })).statusCode,
    ).toBe(401);
  });

  it('keeping public things: they stay under "Former member"; votes, private things and sessions go; playlists are handed over', async () => {
    const s = await scenario();
    const socket = await connectWs(baseUrl, s.leaver.cookie);
    const watcher = await connectWs(baseUrl, s.ann.cookie);
    // The global mix as the app holds it in memory, before.
    const before = (await http.get('/api/mix/global')).json().songs as Array<{
      id: number;
      upVotes: number;
      downVotes: number;
    }>;
    expect(before.find((x) => x.id === s.annSong.id)?.upVotes).toBe(1);
    expect(before.find((x) => x.id === s.pub.id)?.upVotes).toBe(3);

    const res = await deleteAccount(s.leaver, 'keep');
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/crowdmix_sid=;/);
    expect(await socket.closed).toBe(4401);
    expect((await http.get('/api/auth/user', { as: s.leaver })).statusCode).toBe(401);
    expect(
      (await http.post('/api/auth/login', { body: { email: s.leaver.email, password: PASSWORD } })).statusCode,
    ).toBe(401);

    const db = t.deps.db;
    expect(await db.$count(users, eq(users.id, s.leaver.id))).toBe(0);
    expect(await tallyMismatches()).toEqual([]);
    // The mixes are right at once (the in-memory cache reloaded): the leaver's votes are gone from every count.
    await t.deps.state.mixes.cache.whenIdle();
    const after = (await http.get('/api/mix/global')).json().songs as Array<{
      id: number;
      upVotes: number;
      downVotes: number;
      uploaderId: string;
    }>;
    expect(after.find((x) => x.id === s.annSong.id)).toMatchObject({ upVotes: 0, downVotes: 0 });
    expect(after.find((x) => x.id === s.boSong.id)).toMatchObject({ upVotes: 1, downVotes: 0 });
    expect(after.find((x) => x.id === s.pub.id)).toMatchObject({ upVotes: 2, uploaderId: FORMER_MEMBER_ID });
    const venueMix = (await http.get(`/api/mix/venue/${s.annVenue.id}`)).json().songs as Array<{
      id: number;
      downVotes: number;
    }>;
    expect(venueMix.find((x) => x.id === s.annSong.id)?.downVotes).toBe(0);
    expect(venueMix.map((x) => x.id)).toContain(s.inVenue.id);
    await watcher.waitFor((e) => e.type === 'songs_changed');

    // Private song (and its PDF) gone; public songs kept by the former member.
    expect(await db.$count(songs, eq(songs.id, s.priv.id))).toBe(0);
    expect(await db.$count(files, sql`${files.id} = ${Number(s.priv.pdfUrl!.split('/').pop())}`)).toBe(0);
    expect((await db.select().from(songs).where(eq(songs.id, s.pub.id)))[0].uploaderId).toBe(FORMER_MEMBER_ID);
    // Private messages gone both ways; chat kept under "Former member".
    const left = await db
      .select()
      .from(messages)
      .where(sql`${messages.content} like '%leaver%'`);
    expect(left.map((m) => m.content).sort()).toEqual(['leaver in ann arena', 'leaver says hi to all']);
    const globalChat = (await http.get('/api/messages/global')).json() as Array<{ id: number; senderName: string }>;
    expect(globalChat.find((m) => m.id === s.chat.id)?.senderName).toBe('Former member');

    // The shared playlist: Bo (moderator, longest standing after the leaver) is its admin now; the playlist vote
    // left the counters; the leaver's proposal is the former member's.
    const members = await db
      .select()
      .from(communityPlaylistMembers)
      .where(eq(communityPlaylistMembers.playlistId, s.shared.id));
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [s.ann.id, 'member'],
        [s.bo.id, 'admin'],
      ].sort(),
    );
    const [entry] = await db.select().from(communityPlaylistSongs).where(eq(communityPlaylistSongs.id, s.proposal.id));
    expect(entry).toMatchObject({ upVotes: 1, downVotes: 0, netVotes: 1 });
    const [theirs] = await db
      .select()
      .from(communityPlaylistSongs)
      .where(eq(communityPlaylistSongs.id, s.leaverProposal.id));
    expect(theirs.proposedById).toBe(FORMER_MEMBER_ID);
    expect((await db.select().from(communityPlaylists).where(eq(communityPlaylists.id, s.shared.id)))[0]).toMatchObject(
      {
        isActive: true,
        creatorId: FORMER_MEMBER_ID,
      },
    );
    // The playlist nobody else was in closes.
    expect((await http.get(`/api/community-playlists/${s.alone.id}`, { as: s.ann })).statusCode).toBe(404);
    // The venue closes and belongs to no one who can sign in.
    expect((await db.select().from(venues).where(eq(venues.id, s.venue.id)))[0]).toMatchObject({
      isActive: false,
      ownerId: FORMER_MEMBER_ID,
    });
    expect(((await http.get('/api/venues')).json() as Array<{ id: number }>).map((v) => v.id)).not.toContain(
      s.venue.id,
    );

    // Nothing anywhere still names the leaver.
    const res2 = (await db.execute(sql`
      select (select count(*) from sessions where user_id = ${s.leaver.id})
           + (select count(*) from votes where user_id = ${s.leaver.id})
           + (select count(*) from community_playlist_votes where user_id = ${s.leaver.id})
           + (select count(*) from community_playlist_members where user_id = ${s.leaver.id})
           + (select count(*) from messages where sender_id = ${s.leaver.id} or receiver_id = ${s.leaver.id})
           + (select count(*) from songs where uploader_id = ${s.leaver.id})
           + (select count(*) from user_blocks where blocker_id = ${s.leaver.id} or blocked_id = ${s.leaver.id})
           + (select count(*) from reports where reporter_id = ${s.leaver.id} or target_user_id = ${s.leaver.id})
           + (select count(*) from ai_chats where user_id = ${s.leaver.id})
           + (select count(*) from venues where owner_id = ${s.leaver.id}) as n`)) as unknown as Rows<{ n: number }>;
    expect(Number(res2.rows[0].n)).toBe(0);
    expect(await db.$count(sessions, eq(sessions.userId, s.leaver.id))).toBe(0);
    // The former member cannot be messaged or reported.
    expect(
      (await http.post('/api/messages', { as: s.ann, body: { receiverId: FORMER_MEMBER_ID, content: 'hello?' } }))
        .statusCode,
    ).toBe(404);
    await Promise.all([watcher.close()]);
  });

  it('deleting public things too: the songs and chat messages go, rooms drop them live, tallies still equal rows', async () => {
    const s = await scenario();
    const room = await connectWs(baseUrl, s.bo.cookie);
    room.send({ type: 'subscribe', room: 'global' });
    await new Promise((r) => setTimeout(r, 100));
    expect((await deleteAccount(s.leaver, 'delete')).statusCode).toBe(204);
    const db = t.deps.db;
    for (const id of [s.pub.id, s.inVenue.id, s.priv.id]) expect(await db.$count(songs, eq(songs.id, id))).toBe(0);
    // (The first test's leaver kept theirs under the former member; this one's are gone.)
    expect(
      await db.$count(
        messages,
        sql`${messages.content} like 'leaver%' and ${messages.senderId} <> ${FORMER_MEMBER_ID}`,
      ),
    ).toBe(0);
    expect(await db.$count(messages, eq(messages.id, s.chat.id))).toBe(0);
    await room.waitFor((e) => e.type === 'chat_message_removed' && e.messageId === s.chat.id);
    expect(await tallyMismatches()).toEqual([]);
    await t.deps.state.mixes.cache.whenIdle();
    const mix = (await http.get('/api/mix/global')).json().songs as Array<{ id: number }>;
    expect(mix.map((x) => x.id)).not.toContain(s.pub.id);
    expect(
      (await http.get(`/api/mix/venue/${s.annVenue.id}`)).json().songs.map((x: { id: number }) => x.id),
    ).not.toContain(s.inVenue.id);
    await room.close();
  });
});
