/** API shape of a song: explicit, so that a new column never leaks. */
import type { Song } from '../../../shared/schemas/song';
import type { VoteType } from '../../../shared/constants';
import { sql } from 'drizzle-orm';
import type { songs } from '../../db/schema';

export type SongRow = typeof songs.$inferSelect;

export interface VoteCounts {
  upVotes: number;
  downVotes: number;
}

/**
 * The uploader's display name as a column of a select from songs (first and last name; null without either), so
 * that every song list carries it without a second query. Names the outer table literally, as Drizzle leaves
 * columns unqualified in single-table selects.
 */
export const uploaderNameSql = sql<
  string | null
>`(select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from users u where u.id = "songs"."uploader_id")`;

/** A song row with its counts (in the list's context), the caller's vote there, and the uploader's name. */
export function presentSong(
  row: SongRow,
  counts: VoteCounts,
  userVote: VoteType | null,
  uploaderName: string | null,
): Song {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    genre: row.genre,
    youtubeUrl: row.youtubeUrl,
    youtubeId: row.youtubeId,
    pdfUrl: row.pdfUrl,
    thumbnailUrl: row.thumbnailUrl,
    duration: row.duration,
    uploaderId: row.uploaderId,
    uploaderName,
    venueId: row.venueId,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    upVotes: counts.upVotes,
    downVotes: counts.downVotes,
    userVote,
  };
}
