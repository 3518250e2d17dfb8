/**
 * The offline recommendation engine: resolve the request (with follow-ups), score every song the user may
 * see, keep the ones that answer it, spread artists, and write grounded reasons and DJ Verse's reply.
 * Pure: the service loads the data; this module only computes.
 */
import type { Recommendation } from '../../../../shared/schemas/assistant';
import { diversify } from './diversify';
import { hasContent, indexCatalogue, parseIntent, type CatalogueIndex, type Intent } from './intent';
import type { Lang } from './language';
import { MOOD_LIST, type Mood } from './lexicon';
import { writeReason } from './reasons';
import { writeReply, type ReplyCase } from './reply';
import {
  buildTaste,
  decadeOf,
  FIT_THRESHOLD,
  genreMatch,
  genreOf,
  matchParts,
  matchScore,
  neighbourFit,
  rankBy,
  songEnergy,
  songMoodFit,
  tasteFit,
  wilson,
  type MatchParts,
} from './scoring';
import { clamp01 } from './text';
import type { CatalogueSong, CatalogueVenue, CoVotes, EngineUser, PastTurn, UserVote } from './types';

export interface EngineData {
  user: EngineUser;
  /** Only songs this user may see: public ones and their own private uploads. */
  songs: CatalogueSong[];
  venues: CatalogueVenue[];
  userVotes: UserVote[];
  /** Earlier turns since the conversation started, oldest first. */
  history: PastTurn[];
  /** How many listeners have up-voted anything (the base of co-vote lift); defaults to the most-liked song's. */
  listeners?: number;
}

export interface Plan {
  intent: Intent;
  /** Song ids whose co-vote neighbours the engine needs. */
  seeds: number[];
  refMissing: { asked: number; had: number } | null;
  refSong: CatalogueSong | null;
  index: CatalogueIndex;
}

export interface ScoredSong {
  song: CatalogueSong;
  parts: MatchParts;
  match: number | null;
  community: number;
  taste: number;
  neighbour: number;
  score: number;
  confidence: number;
  fits: boolean;
}

export interface EngineResult {
  message: string;
  recommendations: Recommendation[];
  intent: Intent;
  /** The best candidates (fitting ones first), the only songs a language model may choose from. */
  shortlist: ScoredSong[];
  replyCase: ReplyCase;
  /** The language DJ Verse answered in. */
  lang: Lang;
}

const MAX_SEEDS = 25;
/** How many earlier turns count as "this conversation" for follow-ups and for not repeating picks. */
export const CONVERSATION_WINDOW = 8;

/** Parses the message, merges follow-ups with the conversation and works out which seeds need co-votes. */
export function plan(message: string, data: EngineData): Plan {
  const index = indexCatalogue(data.songs, data.venues);
  const byId = new Map(data.songs.map((s) => [s.id, s]));
  const turns = data.history.slice(-CONVERSATION_WINDOW);
  let effective: Intent | null = null;
  let refMissing: Plan['refMissing'] = null;
  let refSong: CatalogueSong | null = null;
  const all = [...turns.map((t) => t.message), message];
  for (let k = 0; k < all.length; k++) {
    const prevIds = k > 0 ? turns[k - 1].songIds : [];
    const parsed = parseIntent(all[k], index);
    const merged = mergeFollowUp(effective, parsed, prevIds, byId);
    effective = merged.intent;
    if (k === all.length - 1) {
      refMissing = merged.refMissing;
      refSong = merged.refSong;
    }
  }
  const intent = effective!;
  const upvoted = data.userVotes.filter((v) => v.voteType === 'up').map((v) => v.songId);
  // The user's own votes are seeds; so are the songs "similar to" points at.
  const seeds = [...new Set([...(intent.similar?.songIds ?? []), ...upvoted])]
    .filter((id) => byId.has(id))
    .slice(0, MAX_SEEDS);
  return { intent, seeds, refMissing, refSong, index };
}

/** Merges a follow-up ("more", "something faster", "like the second one") into the previous turn's intent. */
export function mergeFollowUp(
  prev: Intent | null,
  cur: Intent,
  prevIds: number[],
  byId: Map<number, CatalogueSong>,
): { intent: Intent; refMissing: Plan['refMissing']; refSong: CatalogueSong | null } {
  if (!cur.followUp) return { intent: cur, refMissing: null, refSong: null };
  // Nothing to follow up on: "upbeat" or "something faster" on a first turn is a request of its own.
  if (!prev && cur.followUp !== 'ref') return { intent: { ...cur, followUp: null }, refMissing: null, refSong: null };
  if (cur.followUp === 'ref') {
    const idx = cur.refIndex === -1 ? prevIds.length - 1 : (cur.refIndex ?? 0);
    const id = prevIds[idx];
    const song = id !== undefined ? byId.get(id) : undefined;
    if (!song)
      return {
        intent: { ...cur, followUp: 'ref' },
        refMissing: { asked: (cur.refIndex ?? 0) + 1, had: prevIds.length },
        refSong: null,
      };
    const base = prev ?? cur;
    const intent: Intent = {
      ...cur,
      genres: cur.genres,
      moods: cur.moods,
      excludedGenres: [...new Set([...(base.excludedGenres ?? []), ...cur.excludedGenres])],
      similar: { label: song.title, songIds: [song.id], artistKey: null, genres: [], inCatalogue: true },
      count: cur.countGiven ? cur.count : base.count,
      energy: shiftEnergy(cur, [song.id], byId) ?? cur.energy,
    };
    return { intent, refMissing: null, refSong: song };
  }
  const base = prev!;
  const intent: Intent = {
    ...base,
    genres: cur.genres.length ? cur.genres : base.genres,
    moods: cur.moods.length ? cur.moods : base.moods,
    activities: cur.activities.length ? cur.activities : base.activities,
    era: cur.era ?? base.era,
    venue: cur.venue ?? base.venue,
    venueType: cur.venueType ?? base.venueType,
    byArtist: cur.byArtist ?? (cur.similar ? null : base.byArtist),
    similar: cur.similar ?? (cur.byArtist ? null : base.similar),
    unknownRef: cur.unknownRef ?? base.unknownRef,
    excludedGenres: [...new Set([...base.excludedGenres, ...cur.excludedGenres])],
    count: cur.countGiven ? cur.count : base.count,
    countGiven: cur.countGiven || base.countGiven,
    countCapped: cur.countGiven ? cur.countCapped : false,
    followUp: cur.followUp,
    lang: cur.lang,
    chart: cur.chart,
    refIndex: null,
    smallTalk: null,
    wantsMusic: true,
    energy: base.energy,
  };
  if (cur.followUp === 'faster' || cur.followUp === 'slower') {
    intent.energy = shiftEnergy(cur, prevIds, byId);
    const drop: Mood[] = cur.followUp === 'faster' ? ['chill', 'focus', 'melancholy'] : ['energetic', 'party'];
    intent.moods = intent.moods.filter((m) => !drop.includes(m));
    // An activity that fixes the tempo would fight the new direction.
    intent.activities = intent.activities.filter(
      (a) => !(cur.followUp === 'faster' ? a.energy?.max !== undefined : a.energy?.min !== undefined),
    );
  }
  if (cur.followUp === 'different' && !cur.genres.length && !cur.moods.length) {
    const prevGenres = prevIds.map((id) => genreOf(byId.get(id)?.genre ?? null).id).filter((g) => g !== 'unknown');
    intent.excludedGenres = [...new Set([...intent.excludedGenres, ...prevGenres, ...base.genres])];
    intent.genres = [];
    intent.moods = [];
    intent.similar = null;
    intent.byArtist = null;
  }
  return { intent, refMissing: null, refSong: null };
}

function shiftEnergy(cur: Intent, refIds: number[], byId: Map<number, CatalogueSong>): Intent['energy'] {
  const energies = refIds.flatMap((id) => {
    const s = byId.get(id);
    return s ? [songEnergy(s)] : [];
  });
  const ref = energies.length ? energies.reduce((a, b) => a + b, 0) / energies.length : 0.5;
  if (cur.shift === 1) return { min: Math.min(0.9, ref + 0.08) };
  if (cur.shift === -1) return { max: Math.max(0.15, ref - 0.08) };
  return null;
}

/** Scores the catalogue for the planned intent and writes the cards and the reply. */
export function recommend(message: string, data: EngineData, p: Plan, coVotes: CoVotes): EngineResult {
  const { intent } = p;
  const turn = data.history.length;
  const userMood = (MOOD_LIST as string[]).includes(data.user.currentMood ?? '')
    ? (data.user.currentMood as Mood)
    : null;
  const base = { intent, message, turn, firstName: data.user.firstName, userMood, refTitle: p.refSong?.title ?? null };
  const done = (
    replyCase: ReplyCase,
    recommendations: Recommendation[] = [],
    shortlist: ScoredSong[] = [],
  ): EngineResult => ({
    message: writeReply({ ...base, case: replyCase }),
    recommendations,
    intent,
    shortlist,
    replyCase,
    lang: intent.lang,
  });

  if (intent.smallTalk) return done({ kind: intent.smallTalk });
  if (p.refMissing) return done({ kind: 'ref-missing', ...p.refMissing });
  if (!data.songs.length) return done({ kind: 'empty-catalogue' });
  const content = hasContent(intent);
  if (!content && !intent.wantsMusic && !intent.followUp && !intent.countGiven) return done({ kind: 'off-topic' });

  // A down vote in a venue says "not here", not "never": it only counts when the request is for that venue.
  const tasteVotes = data.userVotes.filter(
    (v) => v.voteType === 'up' || v.venueId === null || v.venueId === intent.venue?.id,
  );
  const taste = buildTaste(data.songs, data.user.id, tasteVotes);
  const byId = new Map(data.songs.map((s) => [s.id, s]));
  const venues = new Map(data.venues.map((v) => [v.id, v]));
  // "Earlier in the conversation" is the recent window, so one long chat does not use up the catalogue.
  const recommendedBefore = new Set(data.history.slice(-CONVERSATION_WINDOW).flatMap((t) => t.songIds));
  // Private songs are in no chart: the global Top 100 is public songs only.
  const globalRank = rankBy(
    data.songs.filter((s) => !s.isPrivate),
    (s) => ({ up: s.up, down: s.down }),
  );
  const venueRanks = new Map<number, Map<number, number>>();
  const venueRank = (venueId: number) => {
    let r = venueRanks.get(venueId);
    if (!r) {
      r = rankBy(data.songs, (s) => s.venueVotes.get(venueId));
      venueRanks.set(venueId, r);
    }
    return r;
  };
  const listeners = data.listeners ?? Math.max(1, ...data.songs.map((s) => s.up));
  const upVoters = (id: number) => {
    const s = byId.get(id);
    if (!s) return 1;
    let n = s.up;
    for (const v of s.venueVotes.values()) n = Math.max(n, v.up);
    return n;
  };
  const similarSongs = (intent.similar?.songIds ?? [])
    .map((id) => byId.get(id))
    .filter((s): s is CatalogueSong => Boolean(s));
  const similarGenres = intent.similar
    ? intent.similar.inCatalogue
      ? similarSongs.map((s) => genreOf(s.genre))
      : intent.similar.genres.map((g) => genreOf(g)).filter((d) => d.id !== 'unknown')
    : [];
  const decades = similarSongs.map(decadeOf).filter((d): d is number => d !== null);
  const venueGenres = new Map<string, number>();
  if (intent.venue) {
    for (const s of data.songs) {
      if (s.venueId === intent.venue.id || s.venueVotes.has(intent.venue.id)) {
        const gid = genreOf(s.genre).id;
        if (gid !== 'unknown') venueGenres.set(gid, (venueGenres.get(gid) ?? 0) + 1);
      }
    }
  }
  const ctx = {
    intent,
    venues,
    similarGenres,
    similarDecade: decades.length ? decades[0] : null,
    venueGenres,
    similarSongs,
    similarNeighbour: (songId: number) =>
      neighbourFit(songId, intent.similar?.songIds ?? [], coVotes, upVoters, listeners).score,
  };

  const excludedRefs = new Set(intent.similar?.inCatalogue && !intent.similar.artistKey ? intent.similar.songIds : []);
  const eligible = (s: CatalogueSong) =>
    !taste.downvoted.has(s.id) &&
    !excludedRefs.has(s.id) &&
    !intent.excludedGenres.some((g) => genreMatch(g, genreOf(s.genre)) >= 0.6);

  const scored: ScoredSong[] = [];
  /** Songs that fit but were already recommended in this conversation. */
  const shownBefore: ScoredSong[] = [];
  let fitsBefore = 0;
  // Songs that fit the request but that the listener voted down: never played, but said, so that "nothing
  // fits" is not a mystery when the one fitting song is one they disliked.
  let downvotedFits = 0;
  for (const s of data.songs) {
    if (!eligible(s)) {
      if (taste.downvoted.has(s.id) && !excludedRefs.has(s.id) && (content || intent.energy)) {
        if ((matchScore(matchParts(s, ctx)) ?? 0) >= FIT_THRESHOLD) downvotedFits++;
      }
      continue;
    }
    const parts = matchParts(s, ctx);
    const match = content || intent.energy ? matchScore(parts) : null;
    const global = wilson(s.up, s.down);
    const community = intent.venue
      ? 0.6 * wilson(s.venueVotes.get(intent.venue.id)?.up ?? 0, s.venueVotes.get(intent.venue.id)?.down ?? 0) +
        0.4 * global
      : global;
    const def = genreOf(s.genre);
    const t = tasteFit(taste, def);
    const nb = neighbourFit(s.id, p.seeds, coVotes, upVoters, listeners).score;
    const mood = userMood ? songMoodFit(s, userMood) : 0.5;
    const score =
      match !== null
        ? 0.62 * match + 0.16 * community + 0.1 * t + 0.07 * nb + 0.05 * mood
        : 0.35 * community + 0.3 * t + 0.2 * nb + 0.15 * mood;
    const support = 0.5 * community + 0.3 * t + 0.2 * nb;
    const confidence =
      match !== null ? 0.12 + 0.68 * match + 0.2 * support : 0.25 + 0.55 * (0.45 * community + 0.35 * t + 0.2 * nb);
    const fits = match === null || match >= FIT_THRESHOLD;
    if (fits) fitsBefore++;
    const row: ScoredSong = {
      song: s,
      parts,
      match,
      community,
      taste: t,
      neighbour: nb,
      score,
      confidence: clamp01(confidence),
      fits,
    };
    if (recommendedBefore.has(s.id)) {
      if (fits) shownBefore.push(row);
      continue;
    }
    scored.push(row);
  }
  scored.sort((a, b) => b.score - a.score);
  shownBefore.sort((a, b) => b.score - a.score);
  const fitting = scored.filter((s) => s.fits);
  const spreadGenres = !intent.genres.length && !intent.byArtist;
  // An explicit count beyond the new fitting songs may bring back ones shown earlier in the conversation.
  const shortlist = [
    ...fitting,
    ...(intent.countGiven && fitting.length < intent.count ? shownBefore : []),
    ...scored.filter((s) => !s.fits),
  ].slice(0, 15);
  // A name the catalogue does not have: whatever fits is a near match, and labelled as one.
  const unknownName = Boolean(intent.unknownRef);
  const onlyName =
    unknownName &&
    !intent.similar &&
    !intent.genres.length &&
    !intent.moods.length &&
    !intent.activities.length &&
    !intent.era &&
    !intent.venue &&
    !intent.venueType &&
    !intent.byArtist;

  let chosen: ScoredSong[];
  let alternative = false;
  let replyCase: ReplyCase;
  if (fitting.length && !onlyName) {
    chosen = diversify(fitting, intent.count, spreadGenres);
    alternative = unknownName;
    const partial = content && chosen.length < intent.count && fitting.length === chosen.length && !intent.byArtist;
    replyCase = unknownName
      ? { kind: 'alternatives', count: chosen.length, downvoted: 0 }
      : {
          kind: 'picks',
          count: chosen.length,
          partial,
          downvoted: partial ? downvotedFits : 0,
          shownBefore: partial ? shownBefore.length : 0,
          noVotes: data.userVotes.length === 0,
        };
  } else if (fitsBefore > 0 && shownBefore.length && !onlyName) {
    // Everything that fits was already shown in this conversation: say so and show it again.
    chosen = diversify(shownBefore, intent.count, spreadGenres);
    replyCase = { kind: 'exhausted', count: chosen.length, downvoted: downvotedFits };
  } else {
    alternative = true;
    const pool = onlyName ? scored : scored.filter((s) => (s.match ?? 0) >= 0.2);
    chosen = diversify(pool, Math.min(3, intent.count), true);
    if (!chosen.length) chosen = diversify(scored, Math.min(3, intent.count), true);
    replyCase = { kind: 'alternatives', count: chosen.length, downvoted: downvotedFits };
  }

  // Present the set strongest first, still never two by one artist in a row when others are left.
  chosen = diversify(
    chosen.map((c) => ({ ...c, score: alternative ? Math.min(c.confidence, 0.45) : c.confidence })),
    chosen.length,
  );
  const recommendations = chosen.map((c) => {
    const song = c.song;
    const ownVenue = intent.venue ?? (song.venueId !== null ? venues.get(song.venueId) : undefined);
    const vr = ownVenue ? venueRank(ownVenue.id).get(song.id) : undefined;
    const seedsForReason = intent.similar?.inCatalogue ? intent.similar.songIds : p.seeds;
    const nb = neighbourFit(song.id, seedsForReason, coVotes, upVoters, listeners);
    const reason = writeReason({
      song,
      parts: c.parts,
      intent,
      alternative,
      globalRank: globalRank.get(song.id),
      venueRank: ownVenue && vr ? { venue: ownVenue, rank: vr } : undefined,
      taste,
      neighbour: {
        seed: nb.seed !== null && nb.lift >= 1.3 ? (byId.get(nb.seed) ?? null) : null,
        shared: nb.shared,
      },
      similarSongs,
      userMood,
      lang: intent.lang,
    });
    const confidence = alternative ? Math.min(c.confidence, 0.45) : c.confidence;
    return {
      songId: song.id,
      title: song.title,
      artist: song.artist,
      reason,
      genre: song.genre,
      confidence: Math.round(confidence * 100) / 100,
    };
  });
  return { ...done(replyCase, recommendations, shortlist) };
}

/** Plans and recommends in one call when no co-vote data is needed from outside (tests, evaluation). */
export function runEngine(message: string, data: EngineData, coVotes: CoVotes = new Map()): EngineResult {
  return recommend(message, data, plan(message, data), coVotes);
}
