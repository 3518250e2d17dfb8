/** The seven music moods (spec: Mood dialog) with the label and colour each badge uses. */
import { MOODS, type MoodId } from '@shared/constants';

const STYLE: Record<MoodId, { label: string; emoji: string; className: string }> = {
  energetic: { label: 'Energetic', emoji: '⚡', className: 'border-orange-400/40 bg-orange-500/20 text-orange-100' },
  chill: { label: 'Chill', emoji: '🌊', className: 'border-sky-400/40 bg-sky-500/20 text-sky-100' },
  romantic: { label: 'Romantic', emoji: '💕', className: 'border-pink-400/40 bg-pink-500/20 text-pink-100' },
  focus: { label: 'Focus', emoji: '🎯', className: 'border-indigo-400/40 bg-indigo-500/20 text-indigo-100' },
  party: { label: 'Party', emoji: '🎉', className: 'border-fuchsia-400/40 bg-fuchsia-500/20 text-fuchsia-100' },
  melancholy: { label: 'Melancholy', emoji: '🌧️', className: 'border-slate-400/40 bg-slate-500/25 text-slate-100' },
  upbeat: { label: 'Upbeat', emoji: '☀️', className: 'border-yellow-400/40 bg-yellow-500/20 text-yellow-50' },
};

export interface MoodInfo {
  id: MoodId;
  label: string;
  emoji: string;
  description: string;
  className: string;
}

export const MOOD_OPTIONS: MoodInfo[] = MOODS.map((m) => ({ ...m, ...STYLE[m.id] }));

/** The mood's display info, or null for no (or an unknown) mood. */
export function moodInfo(id: string | null | undefined): MoodInfo | null {
  return MOOD_OPTIONS.find((m) => m.id === id) ?? null;
}
