/** Pure helpers for song lists and mixes: normalising responses, live count patches and re-ranking. */
import { totalDuration } from '@shared/duration';
import type { RankedSong, Song } from '@shared/schemas/song';
import type { MixResponse } from '@shared/schemas/venue';

type MixInfo = MixResponse['mixInfo'];

/** The spec allows a mix response to be a bare array of songs; both become a full MixResponse. */
export function normalizeMix(data: unknown, fallbackInfo: MixInfo): MixResponse {
  if (Array.isArray(data)) {
    const songs = (data as Song[]).map((s, i) => ({ ...s, position: (s as Partial<RankedSong>).position ?? i + 1 }));
    return { songs, mixInfo: fallbackInfo, totalDuration: totalDuration(songs), totalSongs: songs.length };
  }
  const mix = data as Partial<MixResponse>;
  const songs = mix.songs ?? [];
  return {
    songs,
    mixInfo: mix.mixInfo ?? fallbackInfo,
    totalDuration: mix.totalDuration ?? totalDuration(songs),
    totalSongs: mix.totalSongs ?? songs.length,
  };
}

/** The mix order: net votes, then more up votes, then the older song (then the lower id, for stability). */
export function compareRank(a: Song, b: Song): number {
  const net = b.upVotes - b.downVotes - (a.upVotes - a.downVotes);
  if (net !== 0) return net;
  if (b.upVotes !== a.upVotes) return b.upVotes - a.upVotes;
  const age = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (age !== 0 && Number.isFinite(age)) return age;
  return a.id - b.id;
}

export interface VoteCounts {
  upVotes: number;
  downVotes: number;
}

/**
 * Sets one song's counts in a list; returns the same array when nothing changed so React Query keeps its
 * reference. `userVote` is only changed when given (the caller's own vote comes from the server's answer).
 */
export function patchSongs<T extends Song>(
  songs: T[],
  songId: number,
  counts: VoteCounts,
  userVote?: Song['userVote'],
): T[] {
  let changed = false;
  const next = songs.map((s) => {
    if (s.id !== songId) return s;
    if (
      s.upVotes === counts.upVotes &&
      s.downVotes === counts.downVotes &&
      (userVote === undefined || s.userVote === userVote)
    )
      return s;
    changed = true;
    return {
      ...s,
      upVotes: counts.upVotes,
      downVotes: counts.downVotes,
      ...(userVote === undefined ? {} : { userVote }),
    };
  });
  return changed ? next : songs;
}

/** Patches a mix and re-ranks it by the mix order, renumbering positions, so a live vote moves the song. */
export function patchMix(
  mix: MixResponse,
  songId: number,
  counts: VoteCounts,
  userVote?: Song['userVote'],
): MixResponse {
  const songs = patchSongs(mix.songs, songId, counts, userVote);
  if (songs === mix.songs) return mix;
  const ranked = [...songs].sort(compareRank).map((s, i) => (s.position === i + 1 ? s : { ...s, position: i + 1 }));
  return { ...mix, songs: ranked };
}

/** Net score shown between the vote buttons. */
export const netScore = (s: VoteCounts) => s.upVotes - s.downVotes;
