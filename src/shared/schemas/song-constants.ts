/** Song vocabularies the screens use, without zod (./song.ts re-exports them; ADR 024). */
/** The fixed vocabulary of song moods: the seven listener moods plus two DJ Verse matches activities on. */
export const SONG_MOODS = [
  'energetic',
  'chill',
  'romantic',
  'focus',
  'party',
  'melancholy',
  'upbeat',
  'motivational',
  'heartbreak',
] as const;

export type SongMood = (typeof SONG_MOODS)[number];

export const SONG_TEMPOS = ['slow', 'medium', 'fast'] as const;

export type SongTempo = (typeof SONG_TEMPOS)[number];

/** The attribute fields as the upload form sends them: multipart strings, an empty one meaning "not given". */
export const UPLOAD_ATTRIBUTE_FIELDS = ['releaseYear', 'energy', 'tempo', 'moods', 'instrumental', 'language'] as const;
