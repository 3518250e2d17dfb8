/**
 * Scoring: how well a song matches an intent, how the community rates it (Wilson lower bound), how it fits
 * the user's own taste, and how close it is to seed songs through co-votes. Pure functions of their inputs.
 */
import {
  ARTIST_DECADES,
  GENRE_BY_ID,
  GENRES,
  UNKNOWN_GENRE,
  VENUE_TYPE_PROFILES,
  type GenreDef,
  type Mood,
} from './lexicon';
import type { Intent } from './intent';
import { clamp01, creditedArtists, normalize } from './text';
import type { CatalogueSong, CatalogueVenue, CoVotes, UserVote } from './types';

const genreCache = new Map<string, GenreDef>();

/** The genre profile of a song's free-text genre ("Indie Folk", "indie-folk", "Melodic Indie Folk"). */
export function genreOf(genre: string | null): GenreDef {
  if (!genre) return UNKNOWN_GENRE;
  const key = normalize(genre);
  const hit = genreCache.get(key);
  if (hit) return hit;
  let found: GenreDef | undefined;
  let bestLen = 0;
  for (const d of GENRES) {
    for (const t of d.terms) {
      const term = normalize(t);
      if (term === key) {
        found = d;
        bestLen = Infinity;
        break;
      }
      if (term.length > bestLen && ` ${key} `.includes(` ${term} `)) {
        found = d;
        bestLen = term.length;
      }
    }
    if (bestLen === Infinity) break;
  }
  const def = found ?? UNKNOWN_GENRE;
  genreCache.set(key, def);
  return def;
}

/**
 * How well a song's genre answers a requested genre id: 1 for the same genre, the family weight for a
 * sub-genre of the request ("rock" → Hard Rock 0.9), less for the reverse or for siblings.
 */
export function genreMatch(requested: string, song: GenreDef): number {
  if (song.id === requested) return 1;
  const down = song.families[requested];
  if (down) return down;
  const req = GENRE_BY_ID.get(requested);
  if (!req) return 0;
  const up = req.families[song.id];
  // The request is narrower than the song's genre (K-pop asked, Pop found): only a weak answer.
  if (up) return 0.45 * up;
  // Siblings: both belong to one family.
  let sib = 0;
  for (const [fam, w] of Object.entries(song.families)) {
    const rw = req.families[fam];
    if (rw) sib = Math.max(sib, 0.45 * Math.min(w, rw));
  }
  return sib;
}

/** How strongly a genre carries a mood (0..1). */
export const moodFit = (genre: GenreDef, mood: Mood) => genre.moods[mood] ?? 0;

type SongFacts = Pick<CatalogueSong, 'genre' | 'moods' | 'energy'>;

/** How strongly a song carries a mood: its own moods when the uploader gave them, else its genre's. */
export function songMoodFit(song: SongFacts, mood: Mood): number {
  if (!song.moods?.length) return moodFit(genreOf(song.genre), mood);
  const at = song.moods.indexOf(mood);
  if (at < 0) return 0.25 * moodFit(genreOf(song.genre), mood);
  // The first mood listed is the song's main one; a quiet mood on a loud song (or the reverse) is a side note.
  let fit = at === 0 ? 1 : 0.85;
  const e = song.energy ?? 3;
  if (QUIET_MOODS.includes(mood) && e >= 4) fit *= e >= 5 ? 0.6 : 0.8;
  if (LOUD_MOODS.includes(mood) && e <= 2) fit *= 0.6;
  return fit;
}

const QUIET_MOODS: Mood[] = ['chill', 'romantic', 'melancholy', 'focus'];
const LOUD_MOODS: Mood[] = ['energetic', 'party'];

/** A song's energy on 0..1: its own 1–5 rating when given, else its genre's. */
export function songEnergy(song: SongFacts): number {
  if (song.energy) return (song.energy - 1) / 4;
  const def = genreOf(song.genre);
  return def.id === 'unknown' ? 0.5 : def.energy;
}

/** Genre-to-genre similarity, symmetric, for "similar to" and taste. */
export function genreSimilarity(a: GenreDef, b: GenreDef): number {
  if (a.id === 'unknown' || b.id === 'unknown') return 0;
  return (genreMatch(a.id, b) + genreMatch(b.id, a)) / 2;
}

/** The decade of a song: from its release year, else its artist's if known, else its genre's, else null. */
export function decadeOf(song: Pick<CatalogueSong, 'artist' | 'genre' | 'year'>): number | null {
  if (song.year) return Math.floor(song.year / 10) * 10;
  for (const a of creditedArtists(song.artist)) if (ARTIST_DECADES[a] !== undefined) return ARTIST_DECADES[a];
  const full = normalize(song.artist);
  if (ARTIST_DECADES[full] !== undefined) return ARTIST_DECADES[full];
  return genreOf(song.genre).decade ?? null;
}

/** 1 inside the era, 0 outside when the release year is known ("90s" is 1990–1999); else by decade. */
export function songEraFit(song: Pick<CatalogueSong, 'artist' | 'genre' | 'year'>, era: { from: number; to: number }) {
  if (song.year) return song.year >= era.from && song.year <= era.to + 9 ? 1 : 0;
  return eraFit(decadeOf(song), era);
}

/** 1 inside the era, 0.5 one decade off, 0.15 unknown, else 0. */
export function eraFit(decade: number | null, era: { from: number; to: number }): number {
  if (decade === null) return 0.15;
  if (decade >= era.from && decade <= era.to) return 1;
  if (decade >= era.from - 10 && decade <= era.to + 10) return 0.5;
  return 0;
}

/** Lower bound of the Wilson score interval (95%) for up out of up+down; 0 with no votes. */
export function wilson(up: number, down: number, z = 1.96): number {
  const n = up + down;
  if (n === 0) return 0;
  const p = up / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n);
}

/** Ranks songs like the mixes do: net votes, then more up votes, then the older song. Returns id → 1-based rank. */
export function rankBy(
  songs: CatalogueSong[],
  votes: (s: CatalogueSong) => { up: number; down: number } | undefined,
): Map<number, number> {
  const rows = songs
    .map((s) => ({ s, v: votes(s) }))
    .filter((r): r is { s: CatalogueSong; v: { up: number; down: number } } => Boolean(r.v && r.v.up + r.v.down > 0))
    .sort(
      (a, b) =>
        b.v.up - b.v.down - (a.v.up - a.v.down) ||
        b.v.up - a.v.up ||
        a.s.createdAt.getTime() - b.s.createdAt.getTime() ||
        a.s.id - b.s.id,
    );
  return new Map(rows.map((r, i) => [r.s.id, i + 1]));
}

/** The user's taste: genre and family affinities from votes and uploads. */
export interface Taste {
  /** genre or family id → affinity in -1..1 (smoothed). */
  affinity: Map<string, number>;
  /** genre id → up-voted (or uploaded) song ids, for reasons. */
  likedByGenre: Map<string, Set<number>>;
  /** family id → up-voted song ids. */
  likedByFamily: Map<string, Set<number>>;
  upvoted: Set<number>;
  downvoted: Set<number>;
  uploaded: Set<number>;
  votes: number;
}

/** Builds the taste profile from the user's votes (any context) and uploads. */
export function buildTaste(songs: CatalogueSong[], userId: string, votes: UserVote[]): Taste {
  const byId = new Map(songs.map((s) => [s.id, s]));
  const ups = new Map<string, number>();
  const downs = new Map<string, number>();
  const likedByGenre = new Map<string, Set<number>>();
  const likedByFamily = new Map<string, Set<number>>();
  const upvoted = new Set<number>();
  const downvoted = new Set<number>();
  const uploaded = new Set(songs.filter((s) => s.uploaderId === userId).map((s) => s.id));
  const seen = new Map<number, 'up' | 'down'>();
  for (const v of votes) {
    if (v.voteType === 'down') {
      downvoted.add(v.songId);
      seen.set(v.songId, 'down');
    } else if (!seen.has(v.songId)) seen.set(v.songId, 'up');
  }
  for (const id of uploaded) if (!seen.has(id)) seen.set(id, 'up');
  for (const [songId, type] of seen) {
    const s = byId.get(songId);
    if (!s) continue;
    if (type === 'up') upvoted.add(songId);
    const def = genreOf(s.genre);
    if (def.id === 'unknown') continue;
    const tally = type === 'up' ? ups : downs;
    tally.set(def.id, (tally.get(def.id) ?? 0) + 1);
    for (const [fam, w] of Object.entries(def.families)) tally.set(fam, (tally.get(fam) ?? 0) + w);
    if (type === 'up') {
      (likedByGenre.get(def.id) ?? likedByGenre.set(def.id, new Set()).get(def.id)!).add(songId);
      for (const fam of [def.id, ...Object.keys(def.families)])
        (likedByFamily.get(fam) ?? likedByFamily.set(fam, new Set()).get(fam)!).add(songId);
    }
  }
  const affinity = new Map<string, number>();
  for (const id of new Set([...ups.keys(), ...downs.keys()])) {
    const u = ups.get(id) ?? 0;
    const d = downs.get(id) ?? 0;
    affinity.set(id, (u - d) / (u + d + 2));
  }
  for (const id of uploaded) upvoted.add(id);
  return { affinity, likedByGenre, likedByFamily, upvoted, downvoted, uploaded, votes: seen.size };
}

/** 0..1 taste fit of a genre (0.5 neutral when the user has no history for it). */
export function tasteFit(taste: Taste, genre: GenreDef): number {
  if (genre.id === 'unknown') return 0.5;
  let best = taste.affinity.get(genre.id) ?? 0;
  for (const [fam, w] of Object.entries(genre.families)) {
    const a = taste.affinity.get(fam);
    if (a !== undefined && Math.abs(a * w) > Math.abs(best)) best = a * w;
  }
  return clamp01(0.5 + 0.5 * best);
}

/** Co-votes below this many shared listeners say nothing about two songs. */
export const MIN_SHARED_LISTENERS = 3;

/**
 * Co-vote closeness to the seeds, adjusted for popularity: lift = shared · listeners / (up(seed) · up(song)).
 * A lift of 1 is what two songs everyone likes share by chance; the score grows from there (0..1). Pairs with
 * fewer than MIN_SHARED_LISTENERS shared listeners count for nothing. Returns the seed that explains it best.
 */
export function neighbourFit(
  songId: number,
  seeds: number[],
  co: CoVotes,
  upVoters: (id: number) => number,
  listeners = 0,
): { score: number; seed: number | null; shared: number; lift: number } {
  let best = { score: 0, seed: null as number | null, shared: 0, lift: 0 };
  for (const seed of seeds) {
    const shared = co.get(seed)?.get(songId) ?? 0;
    if (shared < MIN_SHARED_LISTENERS) continue;
    const a = Math.max(1, upVoters(seed));
    const b = Math.max(1, upVoters(songId));
    const n = Math.max(listeners, a, b);
    const lift = (shared * n) / (a * b);
    const score = clamp01((lift - 1) / 1.5);
    if (score > best.score) best = { score, seed, shared, lift };
  }
  return best;
}

/**
 * How alike two songs are: genre 35%, era 15%, energy 25%, moods 25% (era, energy and moods only count when
 * both songs have them; their weight then goes to the genre).
 */
export function songSimilarity(a: CatalogueSong, b: CatalogueSong): number {
  const g = genreSimilarity(genreOf(a.genre), genreOf(b.genre));
  let sum = 0.35 * g;
  let w = 0.35;
  if (a.year && b.year) {
    sum += 0.15 * clamp01(1 - Math.abs(a.year - b.year) / 25);
    w += 0.15;
  }
  if (a.energy && b.energy) {
    sum += 0.25 * clamp01(1 - Math.abs(a.energy - b.energy) / 3);
    w += 0.25;
  }
  if (a.moods?.length && b.moods?.length) {
    const inter = a.moods.filter((m) => b.moods!.includes(m)).length;
    const union = new Set([...a.moods, ...b.moods]).size;
    sum += 0.25 * (inter / union);
    w += 0.25;
  }
  const score = sum / w;
  // A different family entirely counts for less, but a ballad is like a ballad across genres.
  return g === 0 ? 0.9 * score : score;
}

/** Per-component intent fits of one song; null components were not asked for. */
export interface MatchParts {
  genre: number | null;
  mood: number | null;
  activity: number | null;
  era: number | null;
  venue: number | null;
  similar: number | null;
  artist: number | null;
  energy: number | null;
}

export interface MatchContext {
  intent: Intent;
  venues: Map<number, CatalogueVenue>;
  /** Genre profiles of the songs the "similar" reference points at. */
  similarGenres: GenreDef[];
  /** Genres of the named venue's mix, weighted by how many songs have each. */
  venueGenres: Map<string, number>;
  /** The decade of the reference songs, when known. */
  similarDecade: number | null;
  /** The catalogue songs "similar to" points at (empty for a name outside the catalogue). */
  similarSongs?: CatalogueSong[];
  /** Co-vote closeness to the reference songs, for "similar to". */
  similarNeighbour: (songId: number) => number;
}

const WEIGHTS: Record<keyof MatchParts, number> = {
  genre: 1.2,
  artist: 1.3,
  similar: 1.1,
  mood: 0.8,
  activity: 0.8,
  venue: 0.8,
  era: 0.7,
  energy: 0.6,
};

/** How well one song answers the intent, component by component. */
export function matchParts(song: CatalogueSong, ctx: MatchContext): MatchParts {
  const i = ctx.intent;
  const def = genreOf(song.genre);
  const parts: MatchParts = {
    genre: null,
    mood: null,
    activity: null,
    era: null,
    venue: null,
    similar: null,
    artist: null,
    energy: null,
  };
  if (i.genres.length) parts.genre = Math.max(...i.genres.map((g) => genreMatch(g, def)));
  if (i.moods.length) parts.mood = i.moods.reduce((a, m) => a + songMoodFit(song, m), 0) / i.moods.length;
  if (i.activities.length) {
    parts.activity = Math.max(
      ...i.activities.map((a) => {
        const mood = a.moods.reduce((x, m) => Math.max(x, songMoodFit(song, m)), 0);
        const genre = a.genres?.length ? Math.max(...a.genres.map((g) => genreMatch(g, def))) : 0;
        // With the song's own moods known, a suitable genre alone is not enough (Bohemian Rhapsody is no run).
        if (!song.moods?.length) return Math.max(mood, 0.6 * mood + 0.4 * genre, genre * 0.9);
        let fit = Math.max(mood, 0.6 * mood + 0.4 * genre);
        if (a.tempo && song.tempo && song.tempo !== a.tempo) fit *= song.tempo === 'medium' ? 0.85 : 0.5;
        if (a.songMoods?.length) fit = 0.65 * fit + 0.35 * (a.songMoods.some((m) => song.moods!.includes(m)) ? 1 : 0);
        if (a.instrumental && song.instrumental === false) fit *= 0.6;
        return fit;
      }),
    );
  }
  if (i.energy) {
    const e = songEnergy(song);
    const lo = i.energy.min ?? 0;
    const hi = i.energy.max ?? 1;
    parts.energy = e >= lo && e <= hi ? 1 : clamp01(1 - Math.min(Math.abs(e - lo), Math.abs(e - hi)) * 4);
  }
  if (i.era) parts.era = songEraFit(song, i.era);
  if (i.venue) {
    const inMix = song.venueId === i.venue.id || song.venueVotes.has(i.venue.id) ? 1 : 0;
    const total = [...ctx.venueGenres.values()].reduce((a, b) => a + b, 0) || 1;
    let style = 0;
    for (const [gid, n] of ctx.venueGenres) {
      const gd = GENRE_BY_ID.get(gid);
      if (gd) style = Math.max(style, genreSimilarity(gd, def) * Math.min(1, (2 * n) / total + 0.5));
    }
    parts.venue = Math.max(inMix, 0.85 * style);
  } else if (i.venueType) {
    const prof = VENUE_TYPE_PROFILES[i.venueType];
    const genre = prof.genres.length ? Math.max(...prof.genres.map((g) => genreMatch(g, def))) : 0;
    const mood = prof.moods.reduce((x, m) => Math.max(x, songMoodFit(song, m)), 0);
    const atType = song.venueId !== null && ctx.venues.get(song.venueId)?.type === i.venueType ? 1 : 0;
    parts.venue = Math.max(genre, 0.8 * mood, atType);
  }
  if (i.similar && ctx.similarSongs?.length) {
    const sameArtist = i.similar.artistKey && creditedArtists(song.artist).includes(i.similar.artistKey) ? 1 : 0;
    const sim = Math.max(...ctx.similarSongs.map((ref) => songSimilarity(ref, song)));
    const nb = ctx.similarNeighbour(song.id);
    // Co-votes only strengthen a song that already sounds alike: with few listeners, chance pairs abound.
    // A similarity of 0.45 is already a fair likeness; the shift puts it on the same fit scale as the rest.
    const shifted = clamp01(sim + 0.08);
    parts.similar = sameArtist ? 0.7 : shifted >= 0.5 ? clamp01(shifted + 0.2 * nb) : shifted;
  } else if (i.similar) {
    const sims = ctx.similarGenres.map((gd) => genreSimilarity(gd, def));
    const genreSim = sims.length ? Math.max(...sims) : 0;
    const nb = ctx.similarNeighbour(song.id);
    const sameArtist = i.similar.artistKey && creditedArtists(song.artist).includes(i.similar.artistKey) ? 1 : 0;
    // Another song by the same artist is similar, but the listener asked for something beyond them.
    const d = ctx.similarDecade;
    const eraBonus =
      genreSim > 0 && i.era === null && d !== null ? 0.1 * eraFit(decadeOf(song), { from: d, to: d }) : 0;
    parts.similar = sameArtist ? 0.7 : clamp01(0.8 * genreSim + 0.35 * nb + eraBonus);
  }
  if (i.byArtist)
    parts.artist =
      creditedArtists(song.artist).includes(i.byArtist.key) || normalize(song.artist) === i.byArtist.key ? 1 : 0;
  return parts;
}

/** The weighted mean of the components that were asked for, or null when nothing was. */
export function matchScore(parts: MatchParts): number | null {
  let sum = 0;
  let w = 0;
  for (const [k, v] of Object.entries(parts) as [keyof MatchParts, number | null][]) {
    if (v === null) continue;
    sum += WEIGHTS[k] * v;
    w += WEIGHTS[k];
  }
  if (!w) return null;
  let m = sum / w;
  // Hard gates: a requested genre or artist that is absent caps the match, whatever else fits.
  if (parts.genre !== null && parts.genre < 0.3) m = Math.min(m, 0.35);
  // A named genre is the listener's firm ask: a mere sibling (Alternative for "indie") is a near match at best.
  else if (parts.genre !== null && parts.genre < 0.5) m = Math.min(m, 0.45);
  if (parts.artist !== null && parts.artist === 0 && parts.similar === null) m = Math.min(m, 0.45);
  if (parts.energy !== null && parts.energy < 0.3) m = Math.min(m, 0.45);
  // The activity is the purpose: a song that does not suit it is a near match, however well the mood fits.
  if (parts.activity !== null && parts.activity < 0.35) m = Math.min(m, 0.45);
  if (parts.era !== null && parts.era === 0) m = Math.min(m, 0.45);
  return m;
}

/** The threshold above which a song counts as answering the request. */
export const FIT_THRESHOLD = 0.5;
