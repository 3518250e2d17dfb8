/** How mixes and trending lists order songs (architecture: "Ranking"). Pure, shared by server and browser. */

export interface Rankable {
  id: number;
  upVotes: number;
  downVotes: number;
  /** Creation time in milliseconds since the epoch. */
  createdAtMs: number;
}

/** Mix order: higher net votes first; ties: more up votes, then the older song (then the lower id, for a total order). */
export function compareForMix(a: Rankable, b: Rankable): number {
  return (
    b.upVotes - b.downVotes - (a.upVotes - a.downVotes) ||
    b.upVotes - a.upVotes ||
    a.createdAtMs - b.createdAtMs ||
    a.id - b.id
  );
}

/**
 * Reddit's time-decayed hot score: sign(net)·log10(max(|net|, 1)) + age/45000, age in seconds.
 * Ten times the votes are worth 12.5 hours of freshness.
 */
export function hotScore(upVotes: number, downVotes: number, createdAtMs: number): number {
  const net = upVotes - downVotes;
  return Math.sign(net) * Math.log10(Math.max(Math.abs(net), 1)) + createdAtMs / 1000 / 45_000;
}

/** Trending order: higher hot score first; ties: newer, then higher id. */
export function compareForTrending(a: Rankable, b: Rankable): number {
  return (
    hotScore(b.upVotes, b.downVotes, b.createdAtMs) - hotScore(a.upVotes, a.downVotes, a.createdAtMs) ||
    b.createdAtMs - a.createdAtMs ||
    b.id - a.id
  );
}
