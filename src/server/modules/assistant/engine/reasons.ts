/** Writes each card's reason from the evidence behind it: match, community standing, taste and neighbours. */
import type { Intent } from './intent';
import { GENRE_BY_ID, type GenreDef, type Mood } from './lexicon';
import { decadeOf, genreOf, genreSimilarity, songEnergy, songMoodFit, type MatchParts, type Taste } from './scoring';
import type { CatalogueSong, CatalogueVenue } from './types';

export const MOOD_ADJ: Record<Mood, string> = {
  energetic: 'high-energy',
  chill: 'laid-back',
  romantic: 'romantic',
  focus: 'focused',
  party: 'party-ready',
  melancholy: 'bittersweet',
  upbeat: 'feel-good',
};

const NUMBER_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "two", "three" … for small counts, digits beyond ten. */
export const numberWord = (n: number) => NUMBER_NAMES[n] ?? String(n);
const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

export interface ReasonInput {
  song: CatalogueSong;
  parts: MatchParts;
  intent: Intent;
  alternative: boolean;
  globalRank: number | undefined;
  /** Rank in the named venue's mix, or in the song's own venue's mix. */
  venueRank: { venue: CatalogueVenue; rank: number } | undefined;
  taste: Taste;
  neighbour: { seed: CatalogueSong | null; shared: number };
  similarSongs: CatalogueSong[];
  userMood: Mood | null;
}

/** One specific, data-grounded sentence for a card. */
export function writeReason(r: ReasonInput): string {
  const { song, intent } = r;
  const def = genreOf(song.genre);
  const genreName = song.genre ?? 'This track';
  const lead = leadPhrase(r, def, genreName);
  const evidence: string[] = [];

  const namedVenue = r.venueRank && intent.venue && r.venueRank.venue.id === intent.venue.id;
  if (namedVenue && r.venueRank!.rank <= 10)
    evidence.push(`#${r.venueRank!.rank} in ${possessive(r.venueRank!.venue.name)} mix`);
  const taste = tastePhrase(r.taste, song, def);
  if (taste) evidence.push(taste);
  if (r.neighbour.seed && r.neighbour.shared >= 2 && !intent.similar) {
    evidence.push(`${numberWord(r.neighbour.shared)} listeners who upvoted ${r.neighbour.seed.title} upvoted this too`);
  }
  if (!namedVenue && r.venueRank && r.venueRank.rank <= 5)
    evidence.push(`#${r.venueRank.rank} in ${possessive(r.venueRank.venue.name)} mix`);
  if (r.globalRank && r.globalRank <= 10) evidence.push(`#${r.globalRank} in the global Top 100`);
  else if (song.up + song.down >= 3)
    evidence.push(
      song.down
        ? `${song.up} upvotes to ${song.down} ${plural(song.down, 'downvote')} from the crowd`
        : `${song.up} upvotes and not one downvote from the crowd`,
    );
  else if (r.globalRank) evidence.push(`#${r.globalRank} in the global Top 100`);
  if (r.userMood && !intent.moods.length && !intent.activities.length && songMoodFit(song, r.userMood) >= 0.7)
    evidence.push(`it fits your ${r.userMood} mood`);

  const picked = evidence.slice(0, lead ? 2 : 3);
  let text: string;
  if (lead) text = picked.length ? `${lead} — ${joinAnd(picked)}.` : `${lead}.`;
  else
    text = picked.length
      ? `${capitalise(joinAnd(picked))}.`
      : `${genreName} by ${song.artist}, fresh in the catalogue.`;
  if (r.alternative) text = `Nearest match: ${text}`;
  return text.length > 390 ? `${text.slice(0, 387)}...` : text;
}

function leadPhrase(r: ReasonInput, def: GenreDef, genreName: string): string | null {
  const { intent, parts, song } = r;
  if (intent.byArtist && parts.artist === 1) return `Straight from ${song.artist}, as requested`;
  if (intent.similar && parts.similar !== null) {
    if (r.neighbour.seed && r.neighbour.shared >= 1 && intent.similar.songIds.includes(r.neighbour.seed.id)) {
      return `${capitalise(numberWord(r.neighbour.shared))} ${plural(r.neighbour.shared, 'listener')} who upvoted ${r.neighbour.seed.title} also upvoted this`;
    }
    if (!intent.similar.inCatalogue) return `${genreName} — the closest sound to ${intent.similar.label} in our crates`;
    const ref = r.similarSongs
      .map((s) => ({ s, sim: genreSimilarity(genreOf(s.genre), def) }))
      .sort((a, b) => b.sim - a.sim)[0];
    if (ref && ref.sim >= 0.99) return `Same ${genreName} lane as ${intent.similar.label}`;
    if (ref && ref.sim > 0) return `${genreName}, close to the ${ref.s.genre ?? 'sound'} of ${intent.similar.label}`;
    return `A change of pace from ${intent.similar.label}, backed by the crowd`;
  }
  if (intent.venue) {
    if (song.venueId === intent.venue.id && !(r.venueRank && r.venueRank.venue.id === intent.venue.id))
      return `Already in ${possessive(intent.venue.name)} mix`;
    if (!(r.venueRank && r.venueRank.venue.id === intent.venue.id))
      return `${genreName} that matches ${possessive(intent.venue.name)} sound`;
  }
  const mood = intent.moods.find((m) => songMoodFit(song, m) >= 0.5);
  if (intent.genres.length) {
    const req = intent.genres.map((g) => GENRE_BY_ID.get(g)!).find(Boolean);
    const exact = intent.genres.includes(def.id);
    const family =
      exact || !req
        ? ''
        : def.families[req.id]
          ? `, part of the ${req.label} family`
          : r.alternative
            ? `, the nearest we have to ${req.label}`
            : `, close to ${req.label}`;
    const base = `${genreName}${family}`;
    if (mood) return `${capitalise(MOOD_ADJ[mood])} ${genreName}${family}`;
    if (intent.era && parts.era === 1) return `${base} from ${eraWords(song)}`;
    return exact ? `Pure ${genreName}` : base;
  }
  if (intent.activities.length) {
    const a = intent.activities[0];
    const e = songEnergy(song);
    const energy = e >= 0.75 ? 'High-octane' : e <= 0.35 ? 'Gentle' : 'Steady';
    return `${energy} ${genreName} made for ${a.label}`;
  }
  if (intent.era && parts.era !== null && parts.era > 0)
    return `${capitalise(eraWords(song))}: ${song.title} by ${song.artist}`;
  if (mood) return `${genreName} that sets a ${MOOD_ADJ[mood]} mood`;
  if (intent.venueType)
    return r.song.venueId !== null && parts.venue === 1
      ? `${genreName} already spinning at a ${intent.venueType.replace('_', ' ')}`
      : `${genreName} that suits ${intent.venueType === 'cafe' ? 'a café' : `a ${intent.venueType.replace('_', ' ')}`}`;
  if (intent.energy) return `${genreName} at just the right tempo`;
  return null;
}

function eraWords(song: CatalogueSong): string {
  const d = decadeOf(song);
  if (d === null) return 'back in the day';
  if (d < 1900) return 'the classical canon';
  if (d < 2000) return `the ${String(d).slice(2)}s`;
  return `the ${d}s`;
}

function tastePhrase(taste: Taste, song: CatalogueSong, def: GenreDef): string | null {
  if (taste.uploaded.has(song.id)) return 'you uploaded it yourself';
  const same = [...(taste.likedByGenre.get(def.id) ?? [])].filter((id) => id !== song.id && !taste.uploaded.has(id));
  if (def.id !== 'unknown' && same.length)
    return `you upvoted ${numberWord(same.length)} other ${def.label} ${plural(same.length, 'track')}`;
  const uploadedSame = [...taste.uploaded].filter((id) => id !== song.id && taste.likedByGenre.get(def.id)?.has(id));
  if (uploadedSame.length) return `you uploaded ${def.label} yourself`;
  for (const fam of Object.keys(def.families)) {
    const n = [...(taste.likedByFamily.get(fam) ?? [])].filter((id) => id !== song.id).length;
    const label = GENRE_BY_ID.get(fam)?.label;
    if (n && label)
      return `you upvoted ${numberWord(n)} other ${label.toLowerCase() === label ? label : label} ${plural(n, 'track')}`;
  }
  return null;
}

function joinAnd(list: string[]) {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** "Neon Nights'" and "Café Melody's". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** Upper-cases the first letter. */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
