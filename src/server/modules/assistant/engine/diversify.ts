/** Artist spreading: never two songs by one artist in a row, and repeats of an artist pay a price. */
import { primaryArtist } from './text';

export interface Rankable {
  score: number;
  song: { artist: string; genre: string | null };
}

/**
 * Greedily picks up to `count` items by score. An item by the artist just picked is never next while another artist is left; each earlier
 * pick by the same artist multiplies an item's score by 0.9, and (when `spreadGenres`) by the same genre 0.95,
 * so a list of five is not five takes on one sound unless that is what was asked.
 */
export function diversify<T extends Rankable>(items: T[], count: number, spreadGenres = false): T[] {
  const pool = [...items].sort((a, b) => b.score - a.score);
  const picked: T[] = [];
  const artistCount = new Map<string, number>();
  const genreCount = new Map<string, number>();
  while (picked.length < count && pool.length) {
    const last = picked.length ? primaryArtist(picked[picked.length - 1].song.artist) : null;
    let bestIdx = -1;
    let best = -Infinity;
    pool.forEach((it, idx) => {
      const a = primaryArtist(it.song.artist);
      if (a === last) return;
      const genre = (it.song.genre ?? '').toLowerCase();
      const adjusted =
        it.score * 0.9 ** (artistCount.get(a) ?? 0) * (spreadGenres ? 0.95 ** (genreCount.get(genre) ?? 0) : 1);
      if (adjusted > best) {
        best = adjusted;
        bestIdx = idx;
      }
    });
    // Only the same artist is left: they are what fits (the listener asked for Adele, or for metal and only
    // Metallica plays it), so play them rather than cut the answer short.
    if (bestIdx < 0) bestIdx = 0;
    const [it] = pool.splice(bestIdx, 1);
    picked.push(it);
    const a = primaryArtist(it.song.artist);
    artistCount.set(a, (artistCount.get(a) ?? 0) + 1);
    const genre = (it.song.genre ?? '').toLowerCase();
    genreCount.set(genre, (genreCount.get(genre) ?? 0) + 1);
  }
  return picked;
}
