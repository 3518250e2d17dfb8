/** Writes each card's reason from the evidence behind it: match, community standing, taste and neighbours. */
import type { Intent } from './intent';
import { GENRE_BY_ID, type GenreDef, type Mood } from './lexicon';
import { decadeOf, genreOf, genreSimilarity, songEnergy, songMoodFit, type MatchParts, type Taste } from './scoring';
import type { Lang } from './language';
import { capitalise, numberWord, possessive, REASON_PHRASES, type ReasonPhrases } from './reason-phrases';
import type { CatalogueSong, CatalogueVenue } from './types';

/** English mood adjectives ("laid-back"), also used by DJ Verse's English replies. */
export const MOOD_ADJ = REASON_PHRASES.en.moodAdj;
export { capitalise, numberWord, possessive };

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
  /** The listener's language: the reason is written in it. */
  lang?: Lang;
}

/** One specific, data-grounded sentence for a card. */
export function writeReason(r: ReasonInput): string {
  const { song, intent } = r;
  const t = REASON_PHRASES[r.lang ?? 'en'];
  const def = genreOf(song.genre);
  const genreName = song.genre ?? t.noGenre;
  const lead = leadPhrase(r, t, def, genreName);
  const evidence: string[] = [];

  const namedVenue = r.venueRank && intent.venue && r.venueRank.venue.id === intent.venue.id;
  if (namedVenue && r.venueRank!.rank <= 10) evidence.push(t.venueRank(r.venueRank!.rank, r.venueRank!.venue.name));
  const taste = tastePhrase(r.taste, t, song, def);
  if (taste) evidence.push(taste);
  if (r.neighbour.seed && r.neighbour.shared >= 2 && !intent.similar) {
    evidence.push(t.neighbours(r.neighbour.shared, r.neighbour.seed.title));
  }
  if (!namedVenue && r.venueRank && r.venueRank.rank <= 5)
    evidence.push(t.venueRank(r.venueRank.rank, r.venueRank.venue.name));
  if (r.globalRank && r.globalRank <= 10) evidence.push(t.globalRank(r.globalRank));
  else if (song.up + song.down >= 3) evidence.push(t.crowd(song.up, song.down));
  else if (r.globalRank) evidence.push(t.globalRank(r.globalRank));
  if (r.userMood && !intent.moods.length && !intent.activities.length && songMoodFit(song, r.userMood) >= 0.7)
    evidence.push(t.fitsMood(r.userMood));

  const picked = evidence.slice(0, lead ? 2 : 3);
  let text: string;
  if (lead) text = picked.length ? `${lead} — ${joinAnd(picked, t.and)}.` : `${lead}.`;
  else text = picked.length ? `${capitalise(joinAnd(picked, t.and))}.` : `${t.fresh(genreName, song.artist)}.`;
  if (r.alternative) text = t.nearest(text);
  return text.length > 390 ? `${text.slice(0, 387)}...` : text;
}

function leadPhrase(r: ReasonInput, t: ReasonPhrases, def: GenreDef, genreName: string): string | null {
  const { intent, parts, song } = r;
  if (intent.byArtist && parts.artist === 1) return t.byArtist(song.artist);
  if (intent.similar && parts.similar !== null) {
    if (r.neighbour.seed && r.neighbour.shared >= 1 && intent.similar.songIds.includes(r.neighbour.seed.id)) {
      return t.similarNeighbours(r.neighbour.shared, r.neighbour.seed.title);
    }
    if (!intent.similar.inCatalogue) return t.closestSound(genreName, intent.similar.label);
    const ref = r.similarSongs
      .map((s) => ({ s, sim: genreSimilarity(genreOf(s.genre), def) }))
      .sort((a, b) => b.sim - a.sim)[0];
    if (ref && ref.sim >= 0.99) return t.sameLane(genreName, intent.similar.label);
    if (ref && ref.sim > 0) return t.closeToSoundOf(genreName, ref.s.genre, intent.similar.label);
    return t.changeOfPace(intent.similar.label);
  }
  if (intent.venue) {
    if (song.venueId === intent.venue.id && !(r.venueRank && r.venueRank.venue.id === intent.venue.id))
      return t.alreadyInVenue(intent.venue.name);
    if (!(r.venueRank && r.venueRank.venue.id === intent.venue.id)) return t.matchesVenue(genreName, intent.venue.name);
  }
  const mood = intent.moods.find((m) => songMoodFit(song, m) >= 0.5);
  if (intent.genres.length) {
    const req = intent.genres.map((g) => GENRE_BY_ID.get(g)!).find(Boolean);
    const exact = intent.genres.includes(def.id);
    const family =
      exact || !req
        ? ''
        : def.families[req.id]
          ? t.familyPart(req.label)
          : r.alternative
            ? t.familyNearest(req.label)
            : t.familyClose(req.label);
    const base = `${genreName}${family}`;
    if (mood) return t.moodGenre(mood, base);
    if (intent.era && parts.era === 1) return t.fromEra(base, t.era(decadeOf(song)));
    return exact ? t.pure(genreName) : base;
  }
  if (intent.activities.length) {
    const a = intent.activities[0];
    const e = songEnergy(song);
    return t.activityLead(e >= 0.75 ? 'high' : e <= 0.35 ? 'gentle' : 'steady', genreName, t.activity(a.id, a.label));
  }
  if (intent.era && parts.era !== null && parts.era > 0)
    return t.eraTitle(t.era(decadeOf(song)), song.title, song.artist);
  if (mood) return t.setsMood(genreName, mood);
  if (intent.venueType)
    return r.song.venueId !== null && parts.venue === 1
      ? t.spinningAt(genreName, intent.venueType)
      : t.suits(genreName, intent.venueType);
  if (intent.energy) return t.tempo(genreName);
  return null;
}

function tastePhrase(taste: Taste, t: ReasonPhrases, song: CatalogueSong, def: GenreDef): string | null {
  if (taste.uploaded.has(song.id)) return t.uploadedIt;
  const same = [...(taste.likedByGenre.get(def.id) ?? [])].filter((id) => id !== song.id && !taste.uploaded.has(id));
  if (def.id !== 'unknown' && same.length) return t.upvotedOthers(same.length, def.label);
  const uploadedSame = [...taste.uploaded].filter((id) => id !== song.id && taste.likedByGenre.get(def.id)?.has(id));
  if (uploadedSame.length) return t.uploadedGenre(def.label);
  for (const fam of Object.keys(def.families)) {
    const n = [...(taste.likedByFamily.get(fam) ?? [])].filter((id) => id !== song.id).length;
    const label = GENRE_BY_ID.get(fam)?.label;
    if (n && label) return t.upvotedOthers(n, label);
  }
  return null;
}

function joinAnd(list: string[], and: string) {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} ${and} ${list[list.length - 1]}`;
}
