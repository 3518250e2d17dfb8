/** SQL for DJ Verse: the songs a user may see with their tallies, their votes, co-votes and the stored chat. */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Recommendation } from '../../../shared/schemas/assistant';
import type { DbOrTx } from '../../db/client';
import { aiChats, songs, users, venues, votes, voteTallies } from '../../db/schema';
import type { CatalogueSong, CatalogueVenue, CoVotes, UserVote } from './engine/types';

/** What DJ Verse knows of the listener: the name it greets and the mood it plays to (read fresh each message). */
export async function listener(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, currentMood: users.currentMood })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Public songs plus the user's own private uploads, each with its tallies per context. */
export async function visibleSongs(db: DbOrTx, userId: string): Promise<CatalogueSong[]> {
  const rows = await db
    .select({
      id: songs.id,
      title: songs.title,
      artist: songs.artist,
      genre: songs.genre,
      venueId: songs.venueId,
      uploaderId: songs.uploaderId,
      isPrivate: songs.isPrivate,
      createdAt: songs.createdAt,
      year: songs.releaseYear,
      energy: songs.energy,
      tempo: songs.tempo,
      moods: songs.moods,
      instrumental: songs.instrumental,
      language: songs.language,
    })
    .from(songs)
    .where(or(eq(songs.isPrivate, false), eq(songs.uploaderId, userId)));
  const tallies = await db
    .select({
      songId: voteTallies.songId,
      venueId: voteTallies.venueId,
      up: sql<number>`sum(${voteTallies.upVotes})::int`,
      down: sql<number>`sum(${voteTallies.downVotes})::int`,
    })
    .from(voteTallies)
    .groupBy(voteTallies.songId, voteTallies.venueId);
  const byId = new Map<number, CatalogueSong>(rows.map((r) => [r.id, { ...r, up: 0, down: 0, venueVotes: new Map() }]));
  for (const t of tallies) {
    const s = byId.get(t.songId);
    if (!s) continue;
    if (t.venueId === null) {
      s.up = Number(t.up);
      s.down = Number(t.down);
    } else s.venueVotes.set(t.venueId, { up: Number(t.up), down: Number(t.down) });
  }
  return [...byId.values()];
}

/** Active venues (names are public). */
export async function activeVenues(db: DbOrTx): Promise<CatalogueVenue[]> {
  return db
    .select({ id: venues.id, name: venues.name, type: venues.type })
    .from(venues)
    .where(eq(venues.isActive, true));
}

/** Every vote the user cast, in any context. */
export async function userVotes(db: DbOrTx, userId: string): Promise<UserVote[]> {
  const rows = await db
    .select({ songId: votes.songId, venueId: votes.venueId, voteType: votes.voteType })
    .from(votes)
    .where(eq(votes.userId, userId));
  return rows.map((r) => ({ ...r, voteType: r.voteType === 'down' ? 'down' : 'up' }));
}

/** How many listeners have up-voted anything: the base that co-vote lift compares against. */
export async function listenerCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${votes.userId})::int` })
    .from(votes)
    .where(eq(votes.voteType, 'up'));
  return Number(row?.n ?? 0);
}

/** For each seed, how many other users up-voted both it and each other song (item-to-item co-votes). */
export async function coVotes(db: DbOrTx, seeds: number[], userId: string): Promise<CoVotes> {
  const out: CoVotes = new Map();
  if (!seeds.length) return out;
  const result = await db.execute(sql`
    select a.song_id as seed, b.song_id as song, count(distinct a.user_id)::int as n
    from votes a
    join votes b on b.user_id = a.user_id and b.vote_type = 'up' and b.song_id <> a.song_id
    where a.vote_type = 'up' and a.user_id <> ${userId} and a.song_id in (${sql.join(
      seeds.map((s) => sql`${s}`),
      sql`, `,
    )})
    group by a.song_id, b.song_id`);
  const list = (result as unknown as { rows: { seed: number; song: number; n: number }[] }).rows;
  for (const r of list) {
    const seed = Number(r.seed);
    const m = out.get(seed) ?? new Map<number, number>();
    m.set(Number(r.song), Number(r.n));
    out.set(seed, m);
  }
  return out;
}

export type ChatRow = typeof aiChats.$inferSelect;

/** The user's most recent turns, oldest first. */
export async function recentTurns(db: DbOrTx, userId: string, limit: number): Promise<ChatRow[]> {
  const rows = await db.select().from(aiChats).where(eq(aiChats.userId, userId)).orderBy(desc(aiChats.id)).limit(limit);
  return rows.reverse();
}

/** Stores one turn. */
export async function insertTurn(
  db: DbOrTx,
  row: { userId: string; message: string; response: string; recommendations: Recommendation[] },
): Promise<ChatRow> {
  const [r] = await db.insert(aiChats).values(row).returning();
  return r;
}

/** Forgets the user's conversation. */
export async function deleteTurns(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(aiChats).where(eq(aiChats.userId, userId)).returning({ id: aiChats.id });
  return rows.length;
}

export interface SongMedia {
  youtubeId: string | null;
  thumbnailUrl: string | null;
  duration: number | null;
  pdfUrl: string | null;
}

/** Media of those of `ids` the user may still see (a song may since have gone private or been deleted). */
export async function visibleMedia(db: DbOrTx, userId: string, ids: number[]): Promise<Map<number, SongMedia>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: songs.id,
      youtubeId: songs.youtubeId,
      thumbnailUrl: songs.thumbnailUrl,
      duration: songs.duration,
      pdfUrl: songs.pdfUrl,
    })
    .from(songs)
    .where(and(inArray(songs.id, ids), or(eq(songs.isPrivate, false), eq(songs.uploaderId, userId))));
  return new Map(rows.map(({ id, ...media }) => [id, media]));
}
