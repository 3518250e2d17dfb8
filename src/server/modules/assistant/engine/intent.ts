/**
 * Reads what a message asks for: genres, moods, activities, eras, a venue or venue type, "similar to" an
 * artist or song, a count, and follow-ups that lean on the previous turn. Pure: the catalogue comes in.
 */
import { VENUE_TYPES, type VenueType } from '../../../../shared/constants';
import { AI_DEFAULT_COUNT, AI_MAX_COUNT } from '../../../../shared/schemas/assistant';
import {
  ACTIVITIES,
  ERAS,
  GENRES,
  KNOWN_ARTISTS,
  MOOD_TERMS,
  VENUE_TYPE_PROFILES,
  type ActivityDef,
  type EraDef,
  type Mood,
} from './lexicon';
import { creditedArtists, fuzzy, hasPhrase, normalize, NUMBER_WORDS } from './text';
import type { CatalogueSong, CatalogueVenue } from './types';

export type FollowUp = 'more' | 'ref' | 'faster' | 'slower' | 'different';

export interface Intent {
  genres: string[];
  excludedGenres: string[];
  moods: Mood[];
  activities: ActivityDef[];
  era: EraDef | null;
  venue: CatalogueVenue | null;
  venueType: VenueType | null;
  /** A catalogue artist the message names ("Queen songs", "songs by Adele"). */
  byArtist: { key: string; name: string } | null;
  /** "Similar to …": catalogue songs to start from, or genres of a well-known artist outside the catalogue. */
  similar: {
    label: string;
    songIds: number[];
    artistKey: string | null;
    genres: string[];
    inCatalogue: boolean;
  } | null;
  /** A name the message refers to that the catalogue and the tables do not know. */
  unknownRef: string | null;
  /** Energy bounds (0..1) from activities or a follow-up such as "something faster". */
  energy: { min?: number; max?: number } | null;
  count: number;
  countCapped: boolean;
  countGiven: boolean;
  followUp: FollowUp | null;
  refIndex: number | null;
  /** +1 for "faster/harder", -1 for "slower/calmer", whatever else the message says. */
  shift: -1 | 0 | 1;
  smallTalk: 'greeting' | 'thanks' | 'help' | null;
  /** The message asks for music in general ("recommend something", "surprise me"). */
  wantsMusic: boolean;
}

/** The catalogue, indexed once per request for matching names. */
export interface CatalogueIndex {
  songs: CatalogueSong[];
  venues: CatalogueVenue[];
  /** Normalised credited artist → display name and song ids. */
  artists: Map<string, { name: string; songIds: number[] }>;
  /** Normalised title → song ids. */
  titles: Map<string, number[]>;
}

/** Builds the name indexes the parser matches against. */
export function indexCatalogue(songs: CatalogueSong[], venues: CatalogueVenue[]): CatalogueIndex {
  const artists = new Map<string, { name: string; songIds: number[] }>();
  const titles = new Map<string, number[]>();
  for (const s of songs) {
    const credits = creditedArtists(s.artist);
    const parts = s.artist.split(/\s+(?:ft\.?|feat\.?|featuring|with|x)\s+|\s*&\s*|\s*,\s*|\s+and\s+/i);
    credits.forEach((key, i) => {
      const entry = artists.get(key) ?? { name: (parts[i] ?? s.artist).trim(), songIds: [] };
      entry.songIds.push(s.id);
      artists.set(key, entry);
    });
    const full = normalize(s.artist);
    if (!artists.has(full)) artists.set(full, { name: s.artist, songIds: [s.id] });
    else if (!artists.get(full)!.songIds.includes(s.id)) artists.get(full)!.songIds.push(s.id);
    const t = normalize(s.title.replace(/\(.*?\)/g, ''));
    if (t) titles.set(t, [...(titles.get(t) ?? []), s.id]);
  }
  return { songs, venues, artists, titles };
}

type Kind = 'genre' | 'mood' | 'activity' | 'era' | 'venueType';
interface Phrase {
  phrase: string;
  kind: Kind;
  value: string;
}

const PHRASES: Phrase[] = (() => {
  const out: Phrase[] = [];
  for (const d of GENRES) for (const t of d.terms) out.push({ phrase: normalize(t), kind: 'genre', value: d.id });
  for (const [mood, terms] of Object.entries(MOOD_TERMS))
    for (const t of terms) out.push({ phrase: normalize(t), kind: 'mood', value: mood });
  for (const a of ACTIVITIES)
    for (const t of a.terms) out.push({ phrase: normalize(t), kind: 'activity', value: a.id });
  for (const e of ERAS) for (const t of e.terms) out.push({ phrase: normalize(t), kind: 'era', value: e.label });
  for (const vt of VENUE_TYPES)
    for (const t of VENUE_TYPE_PROFILES[vt].terms) out.push({ phrase: normalize(t), kind: 'venueType', value: vt });
  // Longest phrases first, so "indie folk" wins over "indie" and "house party" over "house".
  return out.sort(
    (a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length || b.phrase.length - a.phrase.length,
  );
})();

/** Words that never name an artist or a song on their own. */
const LEXICON_WORDS = new Set(PHRASES.map((p) => p.phrase));

const NEGATIONS = new Set([
  'no',
  'not',
  'without',
  'except',
  'nothing',
  'avoid',
  'skip',
  'less',
  'minus',
  'hate',
  'dont',
  'isnt',
]);
const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
  sixth: 5,
  '6th': 5,
  seventh: 6,
  '7th': 6,
  eighth: 7,
  '8th': 7,
  ninth: 8,
  '9th': 8,
  tenth: 9,
  '10th': 9,
};

const SIMILAR_CUE =
  /\b(?:similar to|sounds? like|sounding like|in the style of|style of|reminds? me of|reminiscent of|fans? of|vibes? like|along the lines of|inspired by|alike to|like)\s+(.+)/;
const BY_CUE = /\b(?:songs? by|tracks? by|music by|anything by|something by|stuff by|by|from)\s+(.+)/;
const FRAGMENT_STOP =
  /\s+(?:but|and|for|with|please|that|which|songs?|tracks?|music|stuff|vibes?|ones?|to|in|at|or|maybe|if|so)\b.*$/;

const MORE_CUE =
  /^(?:(?:can i (?:have|get)|could i (?:have|get)|give me|got any|any|some|show me|i want|i need|please|ok|okay|cool|nice|great|yes|yeah|and)\s+)*(?:more|another|others|again|next|keep (?:em|them|it|those) coming|one more|some more|anything else|what else|else|same again|more of (?:that|this|the same|those))\b/;
const MORE_LIKE =
  /\bmore (?:like (?:that|this|these|those|them|it)|of (?:that|this|these|those|the same)|please|of them)\b|\b(?:same vibe|similar ones|more of the same|like the last ones?)\b/;
const FASTER =
  /\b(?:faster|quicker|more energy|more energetic|harder|heavier|louder|pump it up|turn it up|more intense|speed it up|higher energy|livelier|more lively|more upbeat|upbeat(?:er)?|more hype)\b/;
const SLOWER =
  /\b(?:slower|calmer|softer|quieter|mellower|more chill|chiller|more relaxed|more relaxing|gentler|lighter|tone it down|less intense|more mellow|lower energy|slow it down|slow down|calm it down)\b/;
const DIFFERENT =
  /\b(?:something (?:else|different)|different|change it up|switch it up|mix it up|not (?:that|these|those) ones?)\b/;
const WANTS_MUSIC =
  /\b(?:recommend|recommendation|recommendations|suggest|suggestion|songs?|tracks?|tunes?|music|play|playlist|mix|something|surprise|anything|listen|jams?|picks?|bangers?|hits?|good stuff|what should|put on)\b/;
const GREETING = /^(?:hi|hey|hello|yo|hiya|howdy|sup|whats up|good (?:morning|evening|afternoon)|greetings|hola)\b/;
const THANKS = /\b(?:thanks|thank you|thx|ty|cheers|appreciate it|awesome thanks|love it|great picks)\b/;
const HELP = /\b(?:help|what can you do|how does this work|who are you|what are you|how do i use)\b/;

/** Parses one message on its own (follow-ups are merged with the previous turn by `resolveIntent`). */
export function parseIntent(message: string, cat: CatalogueIndex): Intent {
  const text = normalize(message);
  const intent: Intent = {
    genres: [],
    excludedGenres: [],
    moods: [],
    activities: [],
    era: null,
    venue: null,
    venueType: null,
    byArtist: null,
    similar: null,
    unknownRef: null,
    energy: null,
    count: AI_DEFAULT_COUNT,
    countCapped: false,
    countGiven: false,
    followUp: null,
    refIndex: null,
    shift: FASTER.test(text) ? 1 : SLOWER.test(text) ? -1 : 0,
    smallTalk: null,
    wantsMusic: WANTS_MUSIC.test(text),
  };
  let work = ` ${text} `;
  const consume = (phrase: string) => {
    work = work.replace(
      ` ${phrase} `,
      ` ${phrase
        .split(' ')
        .map(() => '_')
        .join(' ')} `,
    );
  };

  // Count first, on the raw text, so "5 songs" is read before "5" could mean anything else.
  const count = parseCount(text);
  if (count !== null) {
    intent.countGiven = true;
    intent.countCapped = count > AI_MAX_COUNT;
    intent.count = Math.max(1, Math.min(AI_MAX_COUNT, count));
  }

  // Follow-up cues.
  const ord =
    text.match(
      /\b(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|4th|5th|6th|7th|8th|9th|10th|last)\s+(?:one|song|track|pick|recommendation|tune)\b/,
    ) ?? text.match(/\b(?:like|similar to|than)\s+(?:the\s+)?(first|second|third|fourth|fifth|last)\b/);
  const numRef = text.match(/(?:#|\bnumber |\bno )(\d{1,2})\b/);
  if (ord) {
    intent.followUp = 'ref';
    intent.refIndex = ord[1] === 'last' ? -1 : ORDINALS[ord[1]];
    consume(ord[0]);
  } else if (numRef && !/\btop\b/.test(text)) {
    intent.followUp = 'ref';
    intent.refIndex = Number(numRef[1]) - 1;
  }
  if (!intent.followUp) {
    if (intent.shift === 1) intent.followUp = 'faster';
    else if (intent.shift === -1) intent.followUp = 'slower';
    else if (DIFFERENT.test(text)) intent.followUp = 'different';
    else if (MORE_CUE.test(text) || MORE_LIKE.test(text)) intent.followUp = 'more';
  }

  // A named venue of the catalogue ("for Neon Nights", "at the blue note").
  let bestVenue: { v: CatalogueVenue; phrase: string; score: number } | null = null;
  for (const v of cat.venues) {
    const full = normalize(v.name);
    const bare = full.replace(/^the /, '');
    for (const phrase of [full, bare]) {
      if (
        phrase.length >= 4 &&
        hasPhrase(work.trim(), phrase) &&
        (!bestVenue || phrase.length > bestVenue.phrase.length)
      )
        bestVenue = { v, phrase, score: 1 };
    }
  }
  if (!bestVenue) {
    const m = text.match(/\b(?:for|at|in|like)\s+(?:the\s+)?([a-z0-9& ]{4,40})/);
    if (m) {
      for (const v of cat.venues) {
        const bare = normalize(v.name).replace(/^the /, '');
        const head = m[1].split(' ').slice(0, bare.split(' ').length).join(' ');
        const s = fuzzy(head, bare);
        if (s >= 0.8 && (!bestVenue || s > bestVenue.score)) bestVenue = { v, phrase: head, score: s };
      }
    }
  }
  if (bestVenue) {
    intent.venue = bestVenue.v;
    consume(bestVenue.phrase);
  }

  // "Similar to X" / "songs by X": fuzzy against the catalogue's artists and titles.
  const sim = work.match(SIMILAR_CUE);
  const by = !sim ? work.match(BY_CUE) : null;
  const fragment = (sim ?? by)?.[1]?.replace(FRAGMENT_STOP, '').replace(/_/g, ' ').trim();
  if (fragment && intent.followUp !== 'ref') {
    const ref = matchReference(fragment, cat);
    if (ref) {
      consume(ref.phrase);
      if (sim)
        intent.similar = {
          label: ref.label,
          songIds: ref.songIds,
          artistKey: ref.artistKey,
          genres: [],
          inCatalogue: true,
        };
      else if (ref.artistKey) intent.byArtist = { key: ref.artistKey, name: ref.label };
      else intent.similar = { label: ref.label, songIds: ref.songIds, artistKey: null, genres: [], inCatalogue: true };
    } else if (!isLexicon(fragment)) {
      const known = matchKnownArtist(fragment);
      if (known) {
        consume(known.phrase);
        intent.similar = {
          label: titleCase(known.phrase),
          songIds: [],
          artistKey: known.phrase,
          genres: known.genres,
          inCatalogue: false,
        };
      } else if (
        sim &&
        /^[a-z0-9&]/.test(fragment) &&
        fragment.split(' ').length <= 5 &&
        !/\b(?:that|this|these|those|it|them|one)\b/.test(fragment)
      ) {
        intent.unknownRef = titleCaseFrom(message, fragment);
        consume(fragment);
      }
    }
  }
  // An artist named without a cue ("Queen songs", "some coldplay").
  if (!intent.similar && !intent.byArtist) {
    let best: { key: string; name: string } | null = null;
    for (const [key, a] of cat.artists) {
      if (key.length < 4 || LEXICON_WORDS.has(key)) continue;
      if (hasPhrase(work.trim(), key) && (!best || key.length > best.key.length)) best = { key, name: a.name };
    }
    if (best) {
      intent.byArtist = best;
      consume(best.key);
    } else {
      for (const key of Object.keys(KNOWN_ARTISTS)) {
        if (key.length >= 4 && hasPhrase(work.trim(), key)) {
          intent.similar = {
            label: titleCase(key),
            songIds: [],
            artistKey: key,
            genres: KNOWN_ARTISTS[key],
            inCatalogue: false,
          };
          consume(key);
          break;
        }
      }
    }
  }

  // Lexicon phrases, longest first, each span used once.
  for (const p of PHRASES) {
    while (work.includes(` ${p.phrase} `)) {
      const at = work.indexOf(` ${p.phrase} `);
      const before = work.slice(0, at).trim().split(' ').slice(-2);
      const negated = before.some((w) => NEGATIONS.has(w));
      consume(p.phrase);
      apply(intent, p, negated);
    }
  }

  if (!hasContent(intent) && !intent.followUp) {
    if (THANKS.test(text)) intent.smallTalk = 'thanks';
    else if (GREETING.test(text) && text.split(' ').length <= 6 && !intent.wantsMusic) intent.smallTalk = 'greeting';
    else if (HELP.test(text)) intent.smallTalk = 'help';
  }
  return intent;
}

function apply(intent: Intent, p: Phrase, negated: boolean) {
  switch (p.kind) {
    case 'genre':
      if (negated) pushOnce(intent.excludedGenres, p.value);
      else pushOnce(intent.genres, p.value);
      break;
    case 'mood':
      if (!negated) pushOnce(intent.moods, p.value as Mood);
      break;
    case 'activity': {
      const a = ACTIVITIES.find((x) => x.id === p.value)!;
      if (!negated && !intent.activities.includes(a)) {
        intent.activities.push(a);
        if (a.energy) intent.energy = { ...intent.energy, ...a.energy };
      }
      break;
    }
    case 'era':
      if (!negated && !intent.era) intent.era = ERAS.find((e) => e.label === p.value) ?? null;
      break;
    case 'venueType':
      if (!negated && !intent.venueType) intent.venueType = p.value as VenueType;
      break;
  }
}

function pushOnce<T>(list: T[], v: T) {
  if (!list.includes(v)) list.push(v);
}

/** True when the intent asks for anything the engine can match on. */
export function hasContent(i: Intent): boolean {
  return Boolean(
    i.genres.length ||
    i.moods.length ||
    i.activities.length ||
    i.era ||
    i.venue ||
    i.venueType ||
    i.byArtist ||
    i.similar ||
    i.unknownRef ||
    i.excludedGenres.length,
  );
}

/** "5 songs", "ten tracks", "a few", "top 10"; null when the message names no count. */
export function parseCount(text: string): number | null {
  const noun =
    '(?:songs?|tracks?|tunes?|picks?|recommendations?|recs?|bangers?|jams?|suggestions?|options?|records?|hits?|anthems?|ones?|more)';
  const words = Object.keys(NUMBER_WORDS).join('|');
  const m =
    text.match(new RegExp(`\\b(\\d{1,3}|${words})\\s+(?:[a-z&-]+\\s+){0,3}?${noun}\\b`)) ??
    text.match(/\btop\s+(\d{1,3})\b/) ??
    text.match(/\b(?:give me|show me|recommend|suggest|list|play|need|want)\s+(\d{1,3})\b(?!s)/);
  if (m) {
    const raw = m[1];
    const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
    if (n && n > 0) return n;
  }
  if (
    /\b(?:a|one)\s+(?:single\s+)?(?:song|track|tune|pick)\b/.test(text) &&
    !/\b(?:a|one)\s+(?:song|track|tune)\s+(?:like|similar)\b/.test(text)
  )
    return 1;
  return null;
}

interface RefMatch {
  phrase: string;
  label: string;
  songIds: number[];
  artistKey: string | null;
}

/** The best artist or title at the start of `fragment` (typo-tolerant), or null. */
export function matchReference(fragment: string, cat: CatalogueIndex): RefMatch | null {
  const tokens = normalize(fragment).split(' ').filter(Boolean);
  let best: (RefMatch & { score: number }) | null = null;
  for (let n = Math.min(6, tokens.length); n >= 1; n--) {
    const head = tokens.slice(0, n).join(' ');
    if (head.length < 3 || (n === 1 && LEXICON_WORDS.has(head))) continue;
    for (const [key, a] of cat.artists) {
      const s = key === head ? 1 : fuzzy(head, key);
      if (s >= 0.8 && (!best || s > best.score))
        best = { phrase: head, label: a.name, songIds: a.songIds, artistKey: key, score: s + 0.001 * n };
    }
    for (const [key, ids] of cat.titles) {
      const s = key === head ? 1 : fuzzy(head, key);
      if (s >= 0.82 && (!best || s > best.score)) {
        const song = cat.songs.find((x) => x.id === ids[0])!;
        best = { phrase: head, label: song.title, songIds: ids, artistKey: null, score: s + 0.001 * n };
      }
    }
    if (best && best.score >= 0.999) break;
  }
  return best;
}

function matchKnownArtist(fragment: string): { phrase: string; genres: string[] } | null {
  const tokens = normalize(fragment).split(' ');
  for (let n = Math.min(4, tokens.length); n >= 1; n--) {
    const head = tokens.slice(0, n).join(' ');
    for (const [key, genres] of Object.entries(KNOWN_ARTISTS)) {
      if (key === head || (head.length >= 5 && fuzzy(head, key) >= 0.85)) return { phrase: head, genres };
    }
  }
  return null;
}

function isLexicon(fragment: string) {
  const f = normalize(fragment);
  return LEXICON_WORDS.has(f) || f.split(' ').every((w) => LEXICON_WORDS.has(w) || w.length < 3);
}

const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** The fragment as the user typed it (keeping their capitals), falling back to title case. */
function titleCaseFrom(message: string, fragment: string): string {
  const idx = normalize(message).indexOf(fragment);
  const words = fragment.split(' ').length;
  const raw = message
    .match(new RegExp(`(?:like|to|of)\\s+((?:\\S+\\s*){${words}})`, 'i'))?.[1]
    ?.trim()
    .replace(/[?!.,]+$/, '');
  return idx >= 0 && raw ? raw : titleCase(fragment);
}
