/** SQL for community playlists, their songs, votes and members. */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  communityPlaylistVotes,
  songs,
  users,
} from '../../db/schema';
import type { VoteType } from '../../../shared/constants';

export type PlaylistRow = typeof communityPlaylists.$inferSelect;
export type PlaylistSongRow = typeof communityPlaylistSongs.$inferSelect;
export type MemberRow = typeof communityPlaylistMembers.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${communityPlaylistMembers} m where m.playlist_id = ${communityPlaylists.id})`;
const songCount = sql<number>`(select count(*)::int from ${communityPlaylistSongs} s where s.playlist_id = ${communityPlaylists.id} and s.status = 'approved')`;

const listColumns = {
  playlist: communityPlaylists,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  memberCount,
  songCount,
};
export type PlaylistListRow = {
  playlist: PlaylistRow;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  memberCount: number;
  songCount: number;
};

/** Active playlists the viewer may see: every public one, plus the private ones they belong to. */
export async function listPlaylists(db: DbOrTx, viewerId: string | null): Promise<PlaylistListRow[]> {
  const visible = viewerId
    ? or(
        eq(communityPlaylists.isPublic, true),
        sql`exists (select 1 from ${communityPlaylistMembers} m where m.playlist_id = ${communityPlaylists.id} and m.user_id = ${viewerId})`,
      )
    : eq(communityPlaylists.isPublic, true);
  return db
    .select(listColumns)
    .from(communityPlaylists)
    .innerJoin(users, eq(users.id, communityPlaylists.creatorId))
    .where(and(eq(communityPlaylists.isActive, true), visible))
    .orderBy(desc(communityPlaylists.updatedAt), desc(communityPlaylists.id));
}

/** One playlist with its creator's name and counts, or null. */
export async function findPlaylistWithCounts(db: DbOrTx, id: number): Promise<PlaylistListRow | null> {
  const rows = await db
    .select(listColumns)
    .from(communityPlaylists)
    .innerJoin(users, eq(users.id, communityPlaylists.creatorId))
    .where(and(eq(communityPlaylists.id, id), eq(communityPlaylists.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPlaylist(db: DbOrTx, id: number): Promise<PlaylistRow | null> {
  const rows = await db
    .select()
    .from(communityPlaylists)
    .where(and(eq(communityPlaylists.id, id), eq(communityPlaylists.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the playlist row until the transaction ends: every change to its approved songs goes through here. */
export async function lockPlaylist(tx: DbOrTx, id: number): Promise<PlaylistRow | null> {
  const rows = await tx
    .select()
    .from(communityPlaylists)
    .where(and(eq(communityPlaylists.id, id), eq(communityPlaylists.isActive, true)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function insertPlaylist(tx: DbOrTx, values: typeof communityPlaylists.$inferInsert): Promise<PlaylistRow> {
  const [row] = await tx.insert(communityPlaylists).values(values).returning();
  return row;
}

export async function touchPlaylist(tx: DbOrTx, id: number) {
  await tx.update(communityPlaylists).set({ updatedAt: new Date() }).where(eq(communityPlaylists.id, id));
}

export async function findMember(db: DbOrTx, playlistId: number, userId: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(communityPlaylistMembers)
    .where(and(eq(communityPlaylistMembers.playlistId, playlistId), eq(communityPlaylistMembers.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertMember(
  tx: DbOrTx,
  values: typeof communityPlaylistMembers.$inferInsert,
): Promise<MemberRow> {
  const [row] = await tx.insert(communityPlaylistMembers).values(values).returning();
  return row;
}

export async function updateMember(
  tx: DbOrTx,
  id: number,
  values: Partial<Pick<MemberRow, 'role' | 'canVote' | 'canPropose' | 'canModerate'>>,
): Promise<MemberRow> {
  const [row] = await tx
    .update(communityPlaylistMembers)
    .set(values)
    .where(eq(communityPlaylistMembers.id, id))
    .returning();
  return row;
}

export async function deleteMember(tx: DbOrTx, id: number) {
  await tx.delete(communityPlaylistMembers).where(eq(communityPlaylistMembers.id, id));
}

/** Locks the playlist's admin rows and returns how many there are (so two admins cannot both step down at once). */
export async function lockAdmins(tx: DbOrTx, playlistId: number): Promise<number> {
  const rows = await tx
    .select({ id: communityPlaylistMembers.id })
    .from(communityPlaylistMembers)
    .where(and(eq(communityPlaylistMembers.playlistId, playlistId), eq(communityPlaylistMembers.role, 'admin')))
    .for('update');
  return rows.length;
}

/** Members with their names, admins first, then moderators, then by joining date. */
export async function listMembers(db: DbOrTx, playlistId: number, onlyUserId?: string) {
  return db
    .select({
      member: communityPlaylistMembers,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(communityPlaylistMembers)
    .innerJoin(users, eq(users.id, communityPlaylistMembers.userId))
    .where(
      and(
        eq(communityPlaylistMembers.playlistId, playlistId),
        onlyUserId ? eq(communityPlaylistMembers.userId, onlyUserId) : undefined,
      ),
    )
    .orderBy(
      sql`case ${communityPlaylistMembers.role} when 'admin' then 0 when 'moderator' then 1 else 2 end`,
      asc(communityPlaylistMembers.joinedAt),
      asc(communityPlaylistMembers.id),
    );
}

/** The playlist's songs with song fields, proposer name and the viewer's vote: approved by position, then pending, then rejected. */
export async function listSongs(db: DbOrTx, playlistId: number, viewerId: string | null, onlyEntryId?: number) {
  const userVote = viewerId
    ? sql<VoteType | null>`(select v.vote_type from ${communityPlaylistVotes} v where v.playlist_song_id = ${communityPlaylistSongs.id} and v.user_id = ${viewerId})`
    : sql<VoteType | null>`null`;
  return db
    .select({
      entry: communityPlaylistSongs,
      title: songs.title,
      artist: songs.artist,
      genre: songs.genre,
      youtubeId: songs.youtubeId,
      duration: songs.duration,
      thumbnailUrl: songs.thumbnailUrl,
      proposerFirstName: users.firstName,
      proposerLastName: users.lastName,
      userVote,
    })
    .from(communityPlaylistSongs)
    .innerJoin(songs, eq(songs.id, communityPlaylistSongs.songId))
    .innerJoin(users, eq(users.id, communityPlaylistSongs.proposedById))
    .where(
      and(
        eq(communityPlaylistSongs.playlistId, playlistId),
        onlyEntryId ? eq(communityPlaylistSongs.id, onlyEntryId) : undefined,
      ),
    )
    .orderBy(
      sql`case ${communityPlaylistSongs.status} when 'approved' then 0 when 'pending' then 1 else 2 end`,
      asc(communityPlaylistSongs.position),
      desc(communityPlaylistSongs.netVotes),
      asc(communityPlaylistSongs.createdAt),
      asc(communityPlaylistSongs.id),
    );
}

export async function findSong(db: DbOrTx, songId: number) {
  const rows = await db
    .select({ id: songs.id, isPrivate: songs.isPrivate, uploaderId: songs.uploaderId })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  return rows[0] ?? null;
}

/** The live (pending or approved) entry of a song in a playlist, if any. */
export async function findLiveEntry(db: DbOrTx, playlistId: number, songId: number): Promise<PlaylistSongRow | null> {
  const rows = await db
    .select()
    .from(communityPlaylistSongs)
    .where(
      and(
        eq(communityPlaylistSongs.playlistId, playlistId),
        eq(communityPlaylistSongs.songId, songId),
        inArray(communityPlaylistSongs.status, ['pending', 'approved']),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function findEntry(db: DbOrTx, id: number): Promise<PlaylistSongRow | null> {
  const rows = await db.select().from(communityPlaylistSongs).where(eq(communityPlaylistSongs.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Locks one playlist song until the transaction ends, so that its votes and status change one at a time. */
export async function lockEntry(tx: DbOrTx, id: number): Promise<PlaylistSongRow | null> {
  const rows = await tx
    .select()
    .from(communityPlaylistSongs)
    .where(eq(communityPlaylistSongs.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** How many songs are approved, and the position the next approved song takes. Call with the playlist locked. */
export async function approvedStats(tx: DbOrTx, playlistId: number): Promise<{ count: number; nextPosition: number }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      maxPosition: sql<number>`coalesce(max(${communityPlaylistSongs.position}), 0)::int`,
    })
    .from(communityPlaylistSongs)
    .where(and(eq(communityPlaylistSongs.playlistId, playlistId), eq(communityPlaylistSongs.status, 'approved')));
  return { count: row.count, nextPosition: row.maxPosition + 1 };
}

export async function insertEntry(
  tx: DbOrTx,
  values: typeof communityPlaylistSongs.$inferInsert,
): Promise<PlaylistSongRow> {
  const [row] = await tx.insert(communityPlaylistSongs).values(values).returning();
  return row;
}

export async function updateEntry(
  tx: DbOrTx,
  id: number,
  values: Partial<Pick<PlaylistSongRow, 'upVotes' | 'downVotes' | 'netVotes' | 'status' | 'position' | 'approvedAt'>>,
): Promise<PlaylistSongRow> {
  const [row] = await tx
    .update(communityPlaylistSongs)
    .set(values)
    .where(eq(communityPlaylistSongs.id, id))
    .returning();
  return row;
}

export async function deleteEntry(tx: DbOrTx, id: number) {
  await tx.delete(communityPlaylistSongs).where(eq(communityPlaylistSongs.id, id));
}

export async function findVote(tx: DbOrTx, playlistSongId: number, userId: string) {
  const rows = await tx
    .select()
    .from(communityPlaylistVotes)
    .where(and(eq(communityPlaylistVotes.playlistSongId, playlistSongId), eq(communityPlaylistVotes.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertVote(tx: DbOrTx, playlistSongId: number, userId: string, voteType: VoteType) {
  await tx.insert(communityPlaylistVotes).values({ playlistSongId, userId, voteType });
}

export async function setVoteType(tx: DbOrTx, id: number, voteType: VoteType) {
  await tx
    .update(communityPlaylistVotes)
    .set({ voteType, createdAt: new Date() })
    .where(eq(communityPlaylistVotes.id, id));
}

export async function deleteVote(tx: DbOrTx, id: number) {
  await tx.delete(communityPlaylistVotes).where(eq(communityPlaylistVotes.id, id));
}
