/**
 * The optional song details DJ Verse matches on (issue 18): release year, energy, tempo, moods, instrumental and
 * language. Used by the upload form and by "Edit details" on one's own uploads. The values are kept as the form
 * sends them (strings) and checked with the server's own rules (`attributesFromForm`); a genre the assistant knows
 * brings suggestions that fill the fields still empty.
 */
import { useEffect, useId, useState } from 'react';
import { Sparkles } from 'lucide-react';
import type { SongAttributes, SongAttributesReply, SongMood } from '@shared/schemas/song';
import { SONG_MOODS } from '@shared/schemas/song-constants';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { useAttributeSuggestion } from '../api/song-attributes';

/**
 * The song schemas (and zod) load on the first check, not with the screen (ADR 028); the screens preload them when
 * the browser is idle after the first paint (`usePreload(loadSongSchemas)`), so a submit does not wait for them.
 */
export const loadSongSchemas = () => import('@shared/schemas/song');

export interface SongDetails {
  releaseYear: string;
  energy: string;
  tempo: string;
  moods: SongMood[];
  instrumental: string;
  language: string;
}
export type SongDetailsField = keyof SongDetails;
export type SongDetailsErrors = Partial<Record<SongDetailsField, string>>;

export const EMPTY_DETAILS: SongDetails = {
  releaseYear: '',
  energy: '',
  tempo: '',
  moods: [],
  instrumental: '',
  language: '',
};
const DETAIL_FIELDS = Object.keys(EMPTY_DETAILS) as SongDetailsField[];
const MAX_MOODS = 4;

const ENERGY_LABELS = ['1 — sleepy', '2 — gentle', '3 — steady', '4 — lively', '5 — flat out'];
const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['pt', 'Portuguese'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['ko', 'Korean'],
  ['ja', 'Japanese'],
  ['hi', 'Hindi'],
  ['ar', 'Arabic'],
];
const MOOD_LABELS: Record<SongMood, string> = {
  energetic: 'Energetic',
  chill: 'Chill',
  romantic: 'Romantic',
  focus: 'Focus',
  party: 'Party',
  melancholy: 'Melancholy',
  upbeat: 'Upbeat',
  motivational: 'Motivational',
  heartbreak: 'Heartbreak',
};

/** The multipart fields the upload sends for these details. */
export function detailsToFormFields(d: SongDetails): Record<string, string> {
  return { ...d, moods: d.moods.join(',') };
}

/** The stored attributes as form values. */
export function detailsFromAttributes(a: SongAttributesReply): SongDetails {
  return {
    releaseYear: a.releaseYear === null ? '' : String(a.releaseYear),
    energy: a.energy === null ? '' : String(a.energy),
    tempo: a.tempo ?? '',
    moods: (a.moods ?? []).filter((m): m is SongMood => (SONG_MOODS as readonly string[]).includes(m)),
    instrumental: a.instrumental === null ? '' : String(a.instrumental),
    language: a.language ?? '',
  };
}

/**
 * Checks the details with the server's rules. On success, `attributes` holds every field, null for the ones left
 * empty (so that editing can clear a value); on failure, one message per field.
 */
export async function checkDetails(
  d: SongDetails,
): Promise<{ ok: true; attributes: Required<SongAttributes> } | { ok: false; errors: SongDetailsErrors }> {
  const { attributesFromForm } = await loadSongSchemas();
  const parsed = attributesFromForm(detailsToFormFields(d));
  if (!parsed.success) {
    const errors: SongDetailsErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as SongDetailsField;
      if (DETAIL_FIELDS.includes(key) && !errors[key]) errors[key] = issue.message;
    }
    return { ok: false, errors };
  }
  const a = parsed.data;
  return {
    ok: true,
    attributes: {
      releaseYear: a.releaseYear ?? null,
      energy: a.energy ?? null,
      tempo: a.tempo ?? null,
      moods: a.moods?.length ? a.moods : null,
      instrumental: a.instrumental ?? null,
      language: a.language ?? null,
    },
  };
}

/** Waits until the value has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export function SongDetailsFields({
  value,
  onChange,
  errors,
  genre,
}: {
  value: SongDetails;
  onChange: (next: SongDetails) => void;
  errors: SongDetailsErrors;
  /** The song's genre, for suggestions (leave out to offer none). */
  genre?: string;
}) {
  const ids = useId();
  const suggestion = useAttributeSuggestion(useDebounced(genre ?? '', 400)).data;
  const set = <K extends SongDetailsField>(k: K, v: SongDetails[K]) => onChange({ ...value, [k]: v });
  const errorProps = (f: SongDetailsField) =>
    errors[f] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${f}-error` } : {};

  const suggested: Partial<SongDetails> = suggestion?.genre
    ? {
        energy: suggestion.energy === null ? '' : String(suggestion.energy),
        tempo: suggestion.tempo ?? '',
        moods: suggestion.moods,
        instrumental: suggestion.instrumental === null ? '' : String(suggestion.instrumental),
      }
    : {};
  // Only what would fill an empty field is offered.
  const fills = (Object.entries(suggested) as [SongDetailsField, string | SongMood[]][]).filter(([k, v]) =>
    Array.isArray(v) ? v.length > 0 && value.moods.length === 0 : v !== '' && value[k] === '',
  );
  const describe = [
    suggested.energy ? `energy ${suggested.energy}` : '',
    suggested.tempo ?? '',
    suggested.moods?.length ? suggested.moods.join(', ') : '',
    suggested.instrumental === 'true' ? 'instrumental' : '',
  ]
    .filter(Boolean)
    .join(' · ');

  const toggleMood = (m: SongMood) =>
    set('moods', value.moods.includes(m) ? value.moods.filter((x) => x !== m) : [...value.moods, m]);

  return (
    <div className="space-y-4">
      {suggestion?.genre && fills.length > 0 ? (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-white/5 px-3 py-2 text-sm"
          data-testid="details-suggestion"
        >
          <span className="text-muted">
            Usual for {suggestion.genre}: <span className="text-foreground">{describe}</span>
          </span>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => onChange({ ...value, ...Object.fromEntries(fills) })}
          >
            <Sparkles aria-hidden /> Use these
          </Button>
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-releaseYear`}>Release year</Label>
          <Input
            id={`${ids}-releaseYear`}
            inputMode="numeric"
            placeholder="e.g. 1994"
            value={value.releaseYear}
            onChange={(e) => set('releaseYear', e.target.value)}
            {...errorProps('releaseYear')}
          />
          <FieldError id={`${ids}-releaseYear-error`}>{errors.releaseYear}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-energy`}>Energy</Label>
          <Select
            id={`${ids}-energy`}
            value={value.energy}
            onChange={(e) => set('energy', e.target.value)}
            {...errorProps('energy')}
          >
            <option value="">Not set</option>
            {ENERGY_LABELS.map((label, i) => (
              <option key={label} value={String(i + 1)}>
                {label}
              </option>
            ))}
          </Select>
          <FieldError id={`${ids}-energy-error`}>{errors.energy}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-tempo`}>Tempo</Label>
          <Select
            id={`${ids}-tempo`}
            value={value.tempo}
            onChange={(e) => set('tempo', e.target.value)}
            {...errorProps('tempo')}
          >
            <option value="">Not set</option>
            <option value="slow">Slow</option>
            <option value="medium">Medium</option>
            <option value="fast">Fast</option>
          </Select>
          <FieldError id={`${ids}-tempo-error`}>{errors.tempo}</FieldError>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-instrumental`}>Vocals</Label>
          <Select
            id={`${ids}-instrumental`}
            value={value.instrumental}
            onChange={(e) => set('instrumental', e.target.value)}
            {...errorProps('instrumental')}
          >
            <option value="">Not set</option>
            <option value="false">With vocals</option>
            <option value="true">Instrumental</option>
          </Select>
          <FieldError id={`${ids}-instrumental-error`}>{errors.instrumental}</FieldError>
        </div>
        <div className="col-span-2 space-y-1.5">
          <Label htmlFor={`${ids}-language`}>Language of the lyrics</Label>
          <Select
            id={`${ids}-language`}
            value={value.language}
            onChange={(e) => set('language', e.target.value)}
            {...errorProps('language')}
          >
            <option value="">Not set</option>
            {LANGUAGES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
            {value.language && !LANGUAGES.some(([c]) => c === value.language) ? (
              <option value={value.language}>{value.language}</option>
            ) : null}
          </Select>
          <FieldError id={`${ids}-language-error`}>{errors.language}</FieldError>
        </div>
      </div>
      <fieldset aria-describedby={errors.moods ? `${ids}-moods-error` : `${ids}-moods-hint`}>
        <legend className="text-sm font-medium">Moods</legend>
        <p id={`${ids}-moods-hint`} className="text-xs text-muted">
          Up to {MAX_MOODS}.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {SONG_MOODS.map((m) => {
            const on = value.moods.includes(m);
            const full = !on && value.moods.length >= MAX_MOODS;
            return (
              <label
                key={m}
                className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${
                  on ? 'border-accent bg-accent/20 text-foreground' : 'border-border text-muted'
                } ${full ? 'cursor-not-allowed opacity-50' : ''}`}
              >
                <input
                  type="checkbox"
                  className="size-3.5 accent-pink-500"
                  checked={on}
                  disabled={full}
                  onChange={() => toggleMood(m)}
                />
                {MOOD_LABELS[m]}
              </label>
            );
          })}
        </div>
        <FieldError id={`${ids}-moods-error`}>{errors.moods}</FieldError>
      </fieldset>
    </div>
  );
}
