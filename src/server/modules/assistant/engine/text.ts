/** Small text helpers for the engine: normalisation, fuzzy similarity and a stable hash. */

/** Lower-case, strip accents and punctuation (keeping & and digits), collapse spaces. */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9&#]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

function bigrams(s: string): Map<string, number> {
  const out = new Map<string, number>();
  const t = s.replace(/\s+/g, ' ');
  for (let i = 0; i < t.length - 1; i++) {
    const g = t.slice(i, i + 2);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/** Sørensen–Dice similarity of character bigrams (0..1); tolerant of typos such as "coldpaly". */
export function dice(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const A = bigrams(a);
  const B = bigrams(b);
  let overlap = 0;
  for (const [g, n] of A) overlap += Math.min(n, B.get(g) ?? 0);
  return (2 * overlap) / (a.length - 1 + b.length - 1);
}

/** Similarity from the optimal-string-alignment edit distance (typos and swapped letters count once). */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  return 1 - editDistance(a, b) / Math.max(a.length, b.length);
}

/** Optimal-string-alignment edit distance: insertions, deletions, substitutions and swaps count one each. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (!n || !m) return n || m;
  // Three rolling rows (the swap looks two rows back): no matrix per call, this runs per word per request.
  let prev2 = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** The better of bigram and edit similarity: robust to both typos and word-order slips. */
export const fuzzy = (a: string, b: string) => Math.max(dice(a, b), editSimilarity(a, b));

/** True when `phrase` occurs in `text` on word boundaries (both normalised). */
export function hasPhrase(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}

/** A stable 32-bit hash, used to vary DJ Verse's lines deterministically. */
export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** The main artist of a credit: "Mark Ronson ft. Bruno Mars" → "mark ronson". Used to spread artists. */
export function primaryArtist(artist: string): string {
  return normalize(artist.split(/\s+(?:ft\.?|feat\.?|featuring|with|x)\s+/i)[0]);
}

/** Every artist named in a credit: "Major Lazer & DJ Snake" → ["major lazer", "dj snake"]. */
export function creditedArtists(artist: string): string[] {
  return artist
    .split(/\s+(?:ft\.?|feat\.?|featuring|with|x)\s+|\s*&\s*|\s*,\s*|\s+and\s+/i)
    .map(normalize)
    .filter((a) => a.length > 1);
}

export const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Number words a request may use for a count. */
export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  dozen: 12,
  couple: 2,
  few: 3,
  handful: 4,
  several: 6,
};
