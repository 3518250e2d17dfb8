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
  KNOWN_TITLES,
  MOOD_TERMS,
  VENUE_TYPE_PROFILES,
  type ActivityDef,
  type EraDef,
  type Mood,
} from './lexicon';
import { detectLanguage, toEnglish, type Lang } from './language';
import { COMMON_WORDS, correctTypos, REQUEST_WORDS } from './spelling';
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
  /** A name the message refers to that the catalogue does not have (said plainly in the reply). */
  unknownRef: string | null;
  /** The language the listener wrote in; DJ Verse answers in it. */
  lang: Lang;
  /** The message names a chart ("top 100", "what's hot") rather than a count. */
  chart: boolean;
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
  /** Every word a typo may be repaired to, preferred first: lexicon, request words, artists' words. */
  vocabulary: string[];
  known: Set<string>;
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
  // In order of preference: a typo is read as a genre, mood or activity before a request word or a name.
  const words = [...LEXICON_WORDS_SINGLE, ...REQUEST_WORDS, ...CUE_WORDS];
  for (const key of artists.keys()) for (const w of key.split(' ')) if (w.length >= 3) words.push(w);
  for (const key of [...Object.keys(KNOWN_ARTISTS), ...Object.keys(KNOWN_TITLES)])
    for (const w of key.split(' ')) if (w.length >= 3) words.push(w);
  // Title words last: known, so "Yellow" is never "mellow".
  for (const key of titles.keys()) for (const w of key.split(' ')) if (w.length >= 3) words.push(w);
  const vocabulary = [...new Set(words)];
  return { songs, venues, artists, titles, vocabulary, known: new Set(vocabulary) };
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
/** Single words of the lexicon, the vocabulary typos are repaired against. */
const LEXICON_WORDS_SINGLE = new Set(PHRASES.flatMap((p) => p.phrase.split(' ')).filter((w) => w.length >= 3));

/** Words that end a negation's scope: "no rock but some jazz", "anything except rock for running". */
const SCOPE_END = new Set([
  'but',
  'for',
  'with',
  'please',
  'though',
  'instead',
  'just',
  'only',
  'maybe',
  'some',
  'give',
  'play',
  'lots',
  'plenty',
  'preferably',
  'rather',
  'yes',
]);

/** Rewrites the ways of saying "except" into one word and reads "not too loud" / "not too slow" as tempo. */
function normalizeNegation(text: string): { text: string; energy: { min?: number; max?: number } | null } {
  let t = ` ${text} `;
  // "Not too loud" first, before "but not" becomes "except".
  let energy: { min?: number; max?: number } | null = null;
  const calm =
    / (?:but )?not (?:too |so |very |overly )?(?:loud|fast|heavy|intense|energetic|hard|wild|crazy|hectic|aggressive|upbeat|noisy|hype) /;
  const lively =
    / (?:but )?not (?:too |so |very |overly )?(?:slow|sleepy|soft|calm|quiet|mellow|boring|sad|depressing|gentle) /;
  if (calm.test(t)) {
    energy = { max: 0.75 };
    t = t.replace(calm, ' ');
  } else if (lively.test(t)) {
    energy = { min: 0.4 };
    t = t.replace(lively, ' ');
  }
  t = t
    .replace(
      / (anything|everything|all|any music|something|whatever|music|songs|tracks|any genre) but /g,
      ' $1 except ',
    )
    .replace(
      / (?:other than|apart from|aside from|except for|rather than|instead of|excluding|but not|as long as its not|as long as it isnt) /g,
      ' except ',
    )
    .replace(
      / (?:i dont (?:want|like|need)|i do not (?:want|like)|dont play|do not play|no more|i cant stand|not a fan of) /g,
      ' not ',
    );
  return { text: t.trim().replace(/\s+/g, ' '), energy };
}

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

/** Words that start an ordinary phrase, never a name ("like what I upvoted", "like to pick"). */
const NOT_A_NAME_START = new Set([
  'what',
  'i',
  'id',
  'im',
  'ive',
  'my',
  'me',
  'to',
  'for',
  'you',
  'your',
  'it',
  'its',
  'that',
  'this',
  'those',
  'these',
  'them',
  'something',
  'anything',
  'some',
  'any',
  'a',
  'an',
  'when',
  'how',
  'why',
  'where',
  'who',
  'which',
  'whatever',
  'one',
  'ones',
  'we',
  'our',
  'us',
  'he',
  'she',
  'his',
  'her',
  'they',
  'their',
  'more',
  'most',
  'much',
  'very',
  'really',
  'so',
  'too',
  'all',
  'every',
  'each',
  'if',
  'before',
  'after',
  'now',
  'today',
  'tonight',
  'here',
  'there',
]);

/** Whether a fragment reads as the name of an artist or a song rather than an ordinary phrase. */
export function looksLikeName(fragment: string): boolean {
  const words = normalize(fragment).split(' ').filter(Boolean);
  if (!words.length || words.length > 5) return false;
  if (NOT_A_NAME_START.has(words[0])) return false;
  if (words.some((w) => LEXICON_WORDS.has(w) || /^\d/.test(w))) return false;
  if (words.every((w) => COMMON_WORDS.has(w) || w.length < 3)) return false;
  if (
    words.some((w) => ['upvoted', 'voted', 'liked', 'played', 'pick', 'picked', 'would', 'should', 'could'].includes(w))
  )
    return false;
  return true;
}

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
  /\b(?:faster|quicker|more energy|more energetic|harder|heavier|louder|pump it up|turn it up|more intense|speed it up|higher energy|livelier|more lively|more upbeat|upbeater|more hype)\b/;
const SLOWER =
  /\b(?:slower|calmer|softer|quieter|mellower|more chill|chiller|more relaxed|more relaxing|gentler|lighter|tone it down|less intense|more mellow|lower energy|slow it down|slow down|calm it down)\b/;
const DIFFERENT =
  /\b(?:something (?:else|different)|different|change it up|switch it up|mix it up|not (?:that|these|those) ones?)\b/;
const WANTS_MUSIC =
  /\b(?:recommend|recommendation|recommendations|suggest|suggestion|songs?|tracks?|tunes?|music|play|playlist|mix|something|surprise|anything|listen|jams?|picks?|bangers?|hits?|good stuff|what should|put on|top|charts?|hot|trending|popular)\b/;
const GREETING = /^(?:hi|hey|hello|yo|hiya|howdy|sup|whats up|good (?:morning|evening|afternoon)|greetings|hola)\b/;
const THANKS = /\b(?:thanks|thank you|thx|ty|cheers|appreciate it|awesome thanks|love it|great picks)\b/;
const HELP = /\b(?:help|what can you do|how does this work|who are you|what are you|how do i use)\b/;

/** The words of the cue patterns ("faster", "calmer", "recommend" …): known, so never "repaired". */
const CUE_WORDS = [
  FASTER,
  SLOWER,
  DIFFERENT,
  MORE_CUE,
  MORE_LIKE,
  WANTS_MUSIC,
  GREETING,
  THANKS,
  HELP,
  SIMILAR_CUE,
  BY_CUE,
]
  .flatMap((re) => re.source.match(/[a-z]{3,}/g) ?? [])
  .filter((w) => !['amp'].includes(w));

/** Parses one message on its own (follow-ups are merged with the previous turn by `resolveIntent`). */
export function parseIntent(message: string, cat: CatalogueIndex): Intent {
  const lang = detectLanguage(message);
  const negation = normalizeNegation(toEnglish(message, lang));
  const text = correctTypos(negation.text, cat.vocabulary, cat.known).replace(
    /\belectronic dance(?: music)?\b/g,
    // The umbrella term: EDM, electronic and dance music all answer it.
    'edm or electronic or dance music',
  );
  const chart = /\b(?:top (?:40|50|100)|the charts?|whats hot|what is hot|trending)\b/.test(text);
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
    lang,
    chart,
    energy: negation.energy,
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
  const count = parseCount(text.replace(/\btop (?:40|50|100)\b/g, 'top chart'));
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
      const known = matchKnownArtist(fragment) ?? matchKnownTitle(fragment);
      if (known) {
        consume(known.phrase);
        const label = originalWords(message, known.phrase) ?? titleCase(known.phrase);
        intent.similar = {
          label,
          songIds: [],
          artistKey: known.phrase,
          genres: known.genres,
          inCatalogue: false,
        };
        intent.unknownRef = label;
      } else if (looksLikeName(fragment) && !/\b(?:that|this|these|those|it|them|one)\b/.test(fragment)) {
        intent.unknownRef = originalWords(message, fragment) ?? titleCase(fragment);
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
      const known = [...Object.entries(KNOWN_ARTISTS), ...Object.entries(KNOWN_TITLES)];
      for (const [key, genres] of known) {
        if (key.length >= 4 && hasPhrase(work.trim(), key)) {
          const label = originalWords(message, key) ?? titleCase(key);
          intent.similar = { label, songIds: [], artistKey: key, genres, inCatalogue: false };
          intent.unknownRef = label;
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
      const before = work.slice(0, at).trim().split(' ');
      let negated = false;
      for (let k = before.length - 1; k >= 0 && !SCOPE_END.has(before[k]); k--) {
        if (NEGATIONS.has(before[k])) {
          negated = true;
          break;
        }
      }
      consume(p.phrase);
      apply(intent, p, negated);
    }
  }

  // A bare name nobody asked about by cue ("Hotel California"): said plainly, never ignored.
  if (!hasContent(intent) && !intent.followUp && lang === 'en') {
    const caps = message.match(/(?:^|\s)((?:[A-Z][\w'’.-]*)(?:\s+(?:[A-Z][\w'’.-]*|of|the|and|&)){0,4})/);
    const rest = work.replace(/_/g, ' ').trim();
    if (caps && message.trim().split(/\s+/).length <= 6 && looksLikeName(caps[1]) && rest.split(' ').length <= 6)
      intent.unknownRef = caps[1].replace(/[?!.,]+$/, '');
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

function matchKnownTitle(fragment: string): { phrase: string; genres: string[] } | null {
  const tokens = normalize(fragment).split(' ');
  for (let n = Math.min(5, tokens.length); n >= 1; n--) {
    const head = tokens.slice(0, n).join(' ');
    if (KNOWN_TITLES[head]) return { phrase: head, genres: KNOWN_TITLES[head] };
  }
  return null;
}

/** The words of `phrase` as the listener typed them (keeping their capitals), or null. */
function originalWords(message: string, phrase: string): string | null {
  const raw = message.split(/\s+/);
  const norm = raw.map((w) => normalize(w));
  const want = phrase.split(' ');
  for (let i = 0; i + want.length <= raw.length; i++) {
    if (want.every((w, k) => norm[i + k] === w))
      return raw
        .slice(i, i + want.length)
        .join(' ')
        .replace(/[?!.,]+$/, '');
  }
  return null;
}

function isLexicon(fragment: string) {
  const f = normalize(fragment);
  return LEXICON_WORDS.has(f) || f.split(' ').every((w) => LEXICON_WORDS.has(w) || w.length < 3);
}

const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
