/** API shape of a song: explicit, so that a new column never leaks. */
import type { Song } from '../../../shared/schemas/song';
import type { VoteType } from '../../../shared/constants';
import type { songs } from '../../db/schema';

export type SongRow = typeof songs.$inferSelect;

export interface VoteCounts {
  upVotes: number;
  downVotes: number;
}

/** A song row with its counts (in the list's context) and the caller's vote there. */
export function presentSong(row: SongRow, counts: VoteCounts, userVote: VoteType | null): Song {
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
    venueId: row.venueId,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    upVotes: counts.upVotes,
    downVotes: counts.downVotes,
    userVote,
  };
}
