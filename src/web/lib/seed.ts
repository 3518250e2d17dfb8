/**
 * Deterministic numbers from text: the generated cover art (a song, venue or playlist always gets the same
 * picture) and the avatar colours (a person always gets the same colour) come from here.
 */

/** FNV-1a, 32-bit: fast, well spread for short strings, stable across engines. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic generator (mulberry32) seeded by `seed`: each call gives the next number in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Twelve avatar colours, far enough apart to tell people apart in a chat, each dark enough for white initials
 * (4.5:1 or more).
 */
export const PERSON_COLORS = [
  '#b4235a',
  '#9d3fd0',
  '#5b4fd6',
  '#1f6fc4',
  '#0f7f8c',
  '#17804a',
  '#6b7a12',
  '#a35a06',
  '#c0392b',
  '#8e3b7a',
  '#3d6b8f',
  '#7a5230',
] as const;

/** The colour of a person's avatar, from their id (or name when there is no id). */
export function personColor(key: string): string {
  return PERSON_COLORS[hashString(key) % PERSON_COLORS.length]!;
}

/** Up to two initials of a title or name: "Bohemian Rhapsody" → "BR", "Queen" → "Q". */
export function titleInitials(text: string): string {
  const words = text
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => w[0]!.toUpperCase());
  return letters.join('') || '♪';
}
