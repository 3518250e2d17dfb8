/**
 * Typo repair before parsing: a word the engine does not know is replaced by the one vocabulary word
 * (genre, mood, activity, request word, catalogue artist or title word) within a small edit distance —
 * "jaz" → jazz, "clasical" → classical, "muzic" → music, "sngs lik coldpaly" → songs like coldplay.
 * Everyday English words are never "corrected", so "top" does not become "pop".
 */
import { editDistance } from './text';

/** Everyday words that are never typos of a music word. */
export const COMMON_WORDS = new Set(
  `a an the and or but if so of to in on at by for from with without about into over under than then
  i me my mine we us our you your he she it its they them their this that these those what which who whom
  whose where when why how all any some no not none nothing something anything everything every each
  is are was were be been being am do does did done doing have has had having will would shall should can
  could may might must let lets get got give gave make made take took put play played playing plays hear
  listen want wanted need needed like liked love loved hate know think feel felt say said tell told ask
  go goes going went come came see saw look find found keep try use used pick picked choose vote voted
  upvote upvoted downvote downvoted please thanks thank yes yeah ok okay hey hi hello sure just also very
  really too more most less least much many few lot lots one two three four five six seven eight nine ten
  new old good great best better bad top hot cool nice big small long short last next first second other
  another same different own right left up down out off again still even only here there now today tonight
  tomorrow yesterday day night week weekend time times year years morning evening afternoon home house
  room car bus train way man woman people person friend friends family kids baby boy girl guy guys
  drink drinks drinking food eat eating cook wine beer coffee tea water fire sun rain snow
  song songs track tracks music tune tunes artist artists band bands album albums record records radio
  list lists chart charts mix mixes playlist playlists venue venues crate crates hit hits singer sing
  while during before after since until because though although maybe perhaps probably
  some thing things stuff kind sort type bit`.split(/\s+/),
);

/** Words a request uses around music that are worth repairing when misspelt. */
export const REQUEST_WORDS = [
  'songs',
  'song',
  'music',
  'tracks',
  'track',
  'tunes',
  'like',
  'similar',
  'something',
  'anything',
  'recommend',
  'play',
  'please',
  'some',
  'give',
  'more',
  'except',
  'without',
];

/** Whether every letter of `a` appears in `b` in order ("jaz" in "jazz", "sngs" in "songs"). */
function isSubsequence(a: string, b: string): boolean {
  let i = 0;
  for (const ch of b) if (ch === a[i]) i++;
  return i === a.length;
}

/**
 * Repairs unknown words against `vocabulary`, given in order of preference (lexicon words first): the
 * nearest word wins, then the preferred one, then one that keeps every typed letter. Words of five letters
 * or fewer need their first letter; up to seven letters, one slip.
 */
export function correctTypos(text: string, vocabulary: string[], known: Set<string> = new Set(vocabulary)): string {
  return text
    .split(' ')
    .map((w) => {
      if (w.length < 3 || known.has(w) || COMMON_WORDS.has(w) || /\d/.test(w)) return w;
      const max = w.length <= 7 ? 1 : w.length <= 10 ? 2 : 3;
      let best: string | null = null;
      let bestScore = Infinity;
      vocabulary.forEach((v, rank) => {
        if (Math.abs(v.length - w.length) > max || v.length < 3) return;
        if (w.length <= 5 && v[0] !== w[0]) return;
        const d = editDistance(w, v);
        if (d > max) return;
        const score = d * 1_000_000 + (isSubsequence(w, v) ? 0 : 500_000) + rank;
        if (score < bestScore) {
          bestScore = score;
          best = v;
        }
      });
      return best ?? w;
    })
    .join(' ');
}
