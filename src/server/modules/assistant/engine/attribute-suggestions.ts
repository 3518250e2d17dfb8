/**
 * What the upload form suggests for a song's attributes from its genre (issue 18): the same genre knowledge DJ
 * Verse falls back on when a song has none, offered to the uploader to accept or change.
 */
import type { AttributeSuggestion } from '../../../../shared/schemas/assistant';
import { genreOf } from './scoring';

/** Genres whose songs are usually without vocals. */
const INSTRUMENTAL_GENRES = new Set(['classical', 'lofi', 'ambient']);

export function suggestAttributes(genre: string): AttributeSuggestion {
  const def = genreOf(genre.trim() || null);
  if (def.id === 'unknown') return { genre: null, energy: null, tempo: null, moods: [], instrumental: null };
  const energy = Math.min(5, Math.max(1, Math.round(def.energy * 4) + 1));
  const moods = Object.entries(def.moods)
    .filter(([, w]) => (w ?? 0) >= 0.6)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .slice(0, 3)
    .map(([m]) => m as AttributeSuggestion['moods'][number]);
  return {
    genre: def.label,
    energy,
    tempo: def.energy >= 0.7 ? 'fast' : def.energy <= 0.35 ? 'slow' : 'medium',
    moods,
    instrumental: INSTRUMENTAL_GENRES.has(def.id) ? true : null,
  };
}
