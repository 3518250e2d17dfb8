/** Demo data on an empty database: users, venues, songs with real YouTube ids, votes, playlists, chat. */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ne, sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  FORMER_MEMBER_ID,
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  communityPlaylistVotes,
  messages,
  mixes,
  passwordCredentials,
  songs,
  users,
  venues,
  votes,
} from './schema';
import { DEMO_ATTRIBUTES, DEMO_PASSWORD, DEMO_SONGS, DEMO_USERS, DEMO_VENUES } from './demo-catalogue';
import { GLOBAL_MIX_NAME } from '../../shared/constants';
import { hashPassword } from '../lib/password';

/** A small deterministic PRNG so that the demo looks the same on every machine. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Advisory lock key taken while seeding (any number unique in this app). */
const SEED_LOCK_KEY = 7_411_002;

/**
 * Whether the database holds anything of its own: a person (other than the migrations' "Former member") or a song.
 * The seed asked only whether the demo account was there: once someone deleted that account, every start seeded
 * again and failed (the other demo people were still there), and a database with votes of its own failed the first.
 */
async function holdsData(db: Pick<Db, 'select'>): Promise<boolean> {
  const [person] = await db.select({ id: users.id }).from(users).where(ne(users.id, FORMER_MEMBER_ID)).limit(1);
  if (person) return true;
  const [song] = await db.select({ id: songs.id }).from(songs).limit(1);
  return Boolean(song);
}

/** Inserts the demo data into an empty database; otherwise does nothing. Returns whether it inserted anything. */
export async function seedDemoData(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  if (await holdsData(db)) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  const rand = mulberry32(20261121);
  const now = Date.now();

  const seeded = await db.transaction(async (tx) => {
    // Instances starting together on an empty database: the first seeds, the others wait here, then find the data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await holdsData(tx)) return false;
    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u, i) => ({
          id: crypto.randomUUID(),
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          currentMood: u.mood,
          moodUpdatedAt: u.mood ? new Date(now - i * 3_600_000) : null,
          createdAt: new Date(now - (60 - i) * 86_400_000),
        })),
      )
      .returning();
    await tx.insert(passwordCredentials).values(userRows.map((u) => ({ userId: u.id, hash })));

    const venueRows = await tx
      .insert(venues)
      .values(
        DEMO_VENUES.map((v, i) => ({
          name: v.name,
          type: v.type,
          location: v.location,
          description: v.description,
          gradient: v.gradient,
          ownerId: userRows[(i + 1) % userRows.length].id,
          createdAt: new Date(now - (40 - i) * 86_400_000),
        })),
      )
      .returning();
    const venueByKey = new Map<string, (typeof venueRows)[number]>(DEMO_VENUES.map((v, i) => [v.key, venueRows[i]]));
    await tx
      .insert(mixes)
      .values([{ venueId: null, name: GLOBAL_MIX_NAME }, ...venueRows.map((v) => ({ venueId: v.id, name: v.name }))]);

    const songRows = await tx
      .insert(songs)
      .values(
        DEMO_SONGS.map((s, i) => ({
          title: s.title,
          artist: s.artist,
          genre: s.genre,
          youtubeId: s.youtubeId,
          youtubeUrl: `https://www.youtube.com/watch?v=${s.youtubeId}`,
          thumbnailUrl: `https://i.ytimg.com/vi/${s.youtubeId}/hqdefault.jpg`,
          duration: s.duration,
          uploaderId: userRows[i % userRows.length].id,
          venueId: s.venue ? venueByKey.get(s.venue)!.id : null,
          releaseYear: DEMO_ATTRIBUTES[s.title]?.year ?? null,
          energy: DEMO_ATTRIBUTES[s.title]?.energy ?? null,
          tempo: DEMO_ATTRIBUTES[s.title]?.tempo ?? null,
          moods: DEMO_ATTRIBUTES[s.title]?.moods ?? null,
          instrumental: DEMO_ATTRIBUTES[s.title]?.instrumental ?? null,
          language: DEMO_ATTRIBUTES[s.title]?.language ?? null,
          // Spread uploads over the last month, newest last, so that trending and "newest first" differ.
          createdAt: new Date(now - (DEMO_SONGS.length - i) * 14 * 3_600_000 - Math.floor(rand() * 3_600_000)),
        })),
      )
      .returning();

    // Votes: each song gets a popularity; each user votes up with that probability, sometimes down.
    const voteRows: (typeof votes.$inferInsert)[] = [];
    songRows.forEach((song, i) => {
      const popularity = 0.25 + 0.7 * ((DEMO_SONGS.length - i) / DEMO_SONGS.length) * rand() + 0.15 * rand();
      for (const u of userRows) {
        const r = rand();
        if (r < popularity) voteRows.push({ songId: song.id, userId: u.id, venueId: null, voteType: 'up' });
        else if (r > 0.9) voteRows.push({ songId: song.id, userId: u.id, venueId: null, voteType: 'down' });
        if (song.venueId) {
          const rv = rand();
          if (rv < popularity) voteRows.push({ songId: song.id, userId: u.id, venueId: song.venueId, voteType: 'up' });
          else if (rv > 0.92) voteRows.push({ songId: song.id, userId: u.id, venueId: song.venueId, voteType: 'down' });
        }
      }
    });
    await tx.insert(votes).values(voteRows);
    await tx.execute(sql`
      insert into vote_tallies (song_id, venue_id, slot, up_votes, down_votes)
      select song_id, venue_id, 0, count(*) filter (where vote_type = 'up'), count(*) filter (where vote_type = 'down')
      from votes where song_id in (${sql.join(
        songRows.map((song) => sql`${song.id}`),
        sql`, `,
      )}) group by song_id, venue_id`);

    // Two community playlists with members, approved and pending songs.
    const [road, study] = await tx
      .insert(communityPlaylists)
      .values([
        {
          name: 'Road Trip Anthems',
          description: 'Windows down, volume up. Propose the songs you sing along to.',
          creatorId: userRows[1].id,
          voteThreshold: 3,
          maxSongs: 50,
          collaborativeMode: 'democratic',
          gradient: 'from-orange-500 to-red-600',
        },
        {
          name: 'Late Night Study',
          description: 'Calm, focused and lyric-light.',
          creatorId: userRows[2].id,
          voteThreshold: 2,
          maxSongs: 30,
          collaborativeMode: 'moderated',
          gradient: 'from-indigo-600 to-slate-800',
        },
      ])
      .returning();
    const memberRows: (typeof communityPlaylistMembers.$inferInsert)[] = [
      { playlistId: road.id, userId: userRows[1].id, role: 'admin', canModerate: true },
      { playlistId: road.id, userId: userRows[0].id, role: 'member', canModerate: false },
      { playlistId: road.id, userId: userRows[3].id, role: 'moderator', canModerate: true },
      { playlistId: road.id, userId: userRows[4].id, role: 'member', canModerate: false },
      { playlistId: road.id, userId: userRows[5].id, role: 'member', canModerate: false },
      { playlistId: study.id, userId: userRows[2].id, role: 'admin', canModerate: true },
      { playlistId: study.id, userId: userRows[6].id, role: 'member', canModerate: false },
      { playlistId: study.id, userId: userRows[7].id, role: 'member', canModerate: false },
    ];
    await tx
      .insert(communityPlaylistMembers)
      .values(memberRows.map((m) => ({ ...m, canVote: true, canPropose: true })));
    const byYt = new Map(songRows.map((s) => [s.youtubeId, s]));
    const pick = (id: string) => byYt.get(id)!;
    const approvedAt = new Date(now - 5 * 86_400_000);
    const plSongs = await tx
      .insert(communityPlaylistSongs)
      .values([
        {
          playlistId: road.id,
          songId: pick('lDK9QqIzhwk').id,
          proposedById: userRows[1].id,
          status: 'approved',
          position: 1,
          upVotes: 3,
          netVotes: 3,
          approvedAt,
        },
        {
          playlistId: road.id,
          songId: pick('gGdGFtwCNBE').id,
          proposedById: userRows[0].id,
          status: 'approved',
          position: 2,
          upVotes: 4,
          netVotes: 4,
          approvedAt,
        },
        {
          playlistId: road.id,
          songId: pick('HgzGwKwLmgM').id,
          proposedById: userRows[3].id,
          status: 'approved',
          position: 3,
          upVotes: 3,
          netVotes: 3,
          approvedAt,
        },
        {
          playlistId: road.id,
          songId: pick('btPJPFnesV4').id,
          proposedById: userRows[4].id,
          status: 'pending',
          upVotes: 1,
          netVotes: 1,
        },
        { playlistId: road.id, songId: pick('djV11Xbc914').id, proposedById: userRows[5].id, status: 'pending' },
        {
          playlistId: study.id,
          songId: pick('jfKfPfyJRdk').id,
          proposedById: userRows[2].id,
          status: 'approved',
          position: 1,
          upVotes: 2,
          netVotes: 2,
          approvedAt,
        },
        {
          playlistId: study.id,
          songId: pick('9E6b3swbnWg').id,
          proposedById: userRows[6].id,
          status: 'approved',
          position: 2,
          upVotes: 2,
          netVotes: 2,
          approvedAt,
        },
        { playlistId: study.id, songId: pick('CvFH_6DNRCY').id, proposedById: userRows[7].id, status: 'pending' },
      ])
      .returning();
    // Vote rows that match the counters above.
    const voters = [userRows[1], userRows[0], userRows[3], userRows[4], userRows[5]];
    const plVotes: (typeof communityPlaylistVotes.$inferInsert)[] = [];
    for (const ps of plSongs) {
      const pool = ps.playlistId === road.id ? voters : [userRows[2], userRows[6], userRows[7]];
      for (let k = 0; k < ps.upVotes; k++) plVotes.push({ playlistSongId: ps.id, userId: pool[k].id, voteType: 'up' });
    }
    await tx.insert(communityPlaylistVotes).values(plVotes);

    // A little chat history so that the rooms are not empty.
    const lines = [
      [0, 'Welcome to CrowdMix! What is everyone listening to tonight?'],
      [1, 'Blinding Lights on repeat, no shame.'],
      [4, 'Neon Nights mix is on fire right now 🔥'],
      [3, 'Anyone have good study music? Trying to focus.'],
      [2, 'Late Night Study playlist — lofi and Chopin, works every time.'],
    ] as const;
    await tx.insert(messages).values(
      lines.map(([u, content], i) => ({
        senderId: userRows[u].id,
        content,
        messageType: 'global' as const,
        createdAt: new Date(now - (lines.length - i) * 600_000),
      })),
    );
    await tx.insert(messages).values([
      {
        senderId: userRows[4].id,
        venueId: venueByKey.get('neon')!.id,
        content: 'DJ just dropped Lean On, the floor went wild.',
        messageType: 'venue',
        createdAt: new Date(now - 1_200_000),
      },
      {
        senderId: userRows[1].id,
        receiverId: userRows[0].id,
        content: 'Hey! Join Road Trip Anthems and vote on the pending songs?',
        messageType: 'private',
        createdAt: new Date(now - 3_600_000),
      },
    ]);
    return true;
  });
  if (seeded) log?.info('demo data loaded');
  return seeded;
}
