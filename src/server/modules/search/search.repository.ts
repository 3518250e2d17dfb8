/**
 * Search SQL. Every match condition is one the migration 0001_search indexes (trigram GIN on the normalised
 * column, or the 'simple' tsvector of the normalised text), so that an OR of them stays a bitmap index scan.
 * Relevance: the best word similarity of the query to a field, plus a bonus when every query word prefix-matches
 * and when a field equals the query; rounded, so that popularity orders near-equal matches.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { uploaderNameSql } from '../songs/songs.presenter';
import type { DbOrTx } from '../../db/client';
import {
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  songs,
  users,
  venues,
  voteTallies,
  votes,
} from '../../db/schema';
import type { VoteType } from '../../../shared/constants';

/** A playlist as a list entry: the row, its creator's name, members and approved songs (playlists.presenter's input). */
const listColumns = {
  playlist: communityPlaylists,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  memberCount: sql<number>`(select count(*)::int from ${communityPlaylistMembers} m where m.playlist_id = ${communityPlaylists.id})`,
  songCount: sql<number>`(select count(*)::int from ${communityPlaylistSongs} s where s.playlist_id = ${communityPlaylists.id} and s.status = 'approved')`,
};

/** The query as SQL needs it: the raw text and a prefix tsquery ('' when the text has no words). */
export interface SearchTerms {
  text: string;
  tsquery: string;
}

const norm = (col: SQL | unknown) => sql`crowdmix_search_norm(${col})`;

/** Builds the prefix tsquery `word:* & word:*` from letters and digits only, so that no tsquery syntax gets through. */
export function searchTerms(q: string): SearchTerms {
  const words = q
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  return { text: q, tsquery: words.map((w) => `${w}:*`).join(' & ') };
}

function matcher(t: SearchTerms) {
  const nq = sql`crowdmix_search_norm(${t.text}::text)`;
  const tsq = sql`to_tsquery('simple', ${t.tsquery}::text)`;
  const fts = (doc: SQL) => (t.tsquery ? sql`to_tsvector('simple', ${norm(doc)}) @@ ${tsq}` : sql`false`);
  const ftsBonus = (doc: SQL) => (t.tsquery ? sql`(case when ${fts(doc)} then 0.5 else 0 end)` : sql`0`);
  const sim = (col: unknown) => sql`coalesce(word_similarity(${nq}, ${norm(col)}), 0)`;
  const near = (col: unknown) => sql`${nq} <% ${norm(col)}`;
  const equal = (col: unknown) => sql`(case when ${norm(col)} = ${nq} then 0.5 else 0 end)`;
  return { fts, ftsBonus, sim, near, equal };
}

// Subqueries name the outer table literally: Drizzle leaves columns unqualified in a single-table select.
const songDoc = sql`${songs.title} || ' ' || ${songs.artist} || ' ' || coalesce(${songs.genre}, '')`;
const visibleSong = (viewerId: string | null) =>
  viewerId ? sql`(${songs.isPrivate} = false or ${songs.uploaderId} = ${viewerId})` : sql`${songs.isPrivate} = false`;

/** Songs by title, artist or genre; private ones only for their owner; global counts and the viewer's global vote. */
export async function searchSongs(db: DbOrTx, t: SearchTerms, viewerId: string | null, limit: number) {
  const m = matcher(t);
  const score = sql<number>`round((greatest(${m.sim(songs.title)}, ${m.sim(songs.artist)}, 0.8 * ${m.sim(songs.genre)}) + ${m.ftsBonus(songDoc)} + greatest(${m.equal(songs.title)}, ${m.equal(songs.artist)}))::numeric, 2)`;
  const up = sql<number>`(select coalesce(sum(vt.up_votes), 0)::int from ${voteTallies} vt where vt.song_id = songs.id and vt.venue_id is null)`;
  const down = sql<number>`(select coalesce(sum(vt.down_votes), 0)::int from ${voteTallies} vt where vt.song_id = songs.id and vt.venue_id is null)`;
  const userVote = viewerId
    ? sql<VoteType | null>`(select v.vote_type from ${votes} v where v.song_id = songs.id and v.user_id = ${viewerId} and v.venue_id is null)`
    : sql<VoteType | null>`null`;
  const rows = await db
    .select({ song: songs, up, down, userVote, score, uploaderName: uploaderNameSql })
    .from(songs)
    .where(
      and(
        visibleSong(viewerId),
        sql`(${m.near(songs.title)} or ${m.near(songs.artist)} or ${m.near(songs.genre)} or ${m.fts(songDoc)})`,
      ),
    )
    .orderBy(sql`${score} desc`, sql`${up} - ${down} desc`, songs.id)
    .limit(limit);
  return rows.map((r) => ({
    song: r.song,
    upVotes: Number(r.up),
    downVotes: Number(r.down),
    userVote: r.userVote ?? null,
    uploaderName: r.uploaderName,
  }));
}

/** Artists (grouped by their normalised name) among the songs the viewer may see, with their song counts. */
export async function searchArtists(db: DbOrTx, t: SearchTerms, viewerId: string | null, limit: number) {
  const m = matcher(t);
  const score = sql<number>`round(max(${m.sim(songs.artist)} + ${m.ftsBonus(sql`${songs.artist}`)} + ${m.equal(songs.artist)})::numeric, 2)`;
  const songCount = sql<number>`count(*)::int`;
  const rows = await db
    .select({ name: sql<string>`mode() within group (order by ${songs.artist})`, songCount, score })
    .from(songs)
    .where(and(visibleSong(viewerId), sql`(${m.near(songs.artist)} or ${m.fts(sql`${songs.artist}`)})`))
    .groupBy(norm(songs.artist))
    .orderBy(sql`${score} desc`, sql`${songCount} desc`, sql`1`)
    .limit(limit);
  return rows.map((r) => ({ name: r.name, songCount: Number(r.songCount) }));
}

const venueDoc = sql`${venues.name} || ' ' || ${venues.location} || ' ' || ${venues.type}`;

/** Active venues by name, location or type, then by the number of public songs in their mix. */
export async function searchVenues(db: DbOrTx, t: SearchTerms, limit: number) {
  const m = matcher(t);
  const score = sql<number>`round((greatest(${m.sim(venues.name)}, 0.8 * ${m.sim(venues.location)}) + ${m.ftsBonus(venueDoc)} + ${m.equal(venues.name)})::numeric, 2)`;
  const songCount = sql<number>`(select count(*)::int from ${songs} s where s.venue_id = venues.id and s.is_private = false)`;
  const rows = await db
    .select({ venue: venues, songCount, score })
    .from(venues)
    .where(
      and(eq(venues.isActive, true), sql`(${m.near(venues.name)} or ${m.near(venues.location)} or ${m.fts(venueDoc)})`),
    )
    .orderBy(sql`${score} desc`, sql`${songCount} desc`, venues.id)
    .limit(limit);
  return rows.map((r) => ({ venue: r.venue, songCount: Number(r.songCount) }));
}

const playlistDoc = sql`${communityPlaylists.name} || ' ' || coalesce(${communityPlaylists.description}, '')`;

/** Public, active community playlists by name (and description words), then by member count. */
export async function searchPlaylists(db: DbOrTx, t: SearchTerms, limit: number) {
  const m = matcher(t);
  const score = sql<number>`round((${m.sim(communityPlaylists.name)} + ${m.ftsBonus(playlistDoc)} + ${m.equal(communityPlaylists.name)})::numeric, 2)`;
  return db
    .select(listColumns)
    .from(communityPlaylists)
    .innerJoin(users, eq(users.id, communityPlaylists.creatorId))
    .where(
      and(
        eq(communityPlaylists.isActive, true),
        eq(communityPlaylists.isPublic, true),
        sql`(${m.near(communityPlaylists.name)} or ${m.fts(playlistDoc)})`,
      ),
    )
    .orderBy(sql`${score} desc`, sql`${listColumns.memberCount} desc`, communityPlaylists.id)
    .limit(limit);
}
