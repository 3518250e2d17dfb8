/** Duration formats of spec section 9: m:ss, 'Xh Ym' (or minutes only) and h:mm:ss. Pure, used by every screen. */
import { SCREEN_DEFAULT_DURATION } from './constants';

const whole = (s: number) => (Number.isFinite(s) && s > 0 ? Math.floor(s) : 0);

/** 185 → '3:05'; 3725 → '62:05' (track lengths and positions). */
export function formatClock(seconds: number): string {
  const s = whole(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 3725 → '1:02:05'; under an hour → '2:05' (remaining time). */
export function formatLongClock(seconds: number): string {
  const s = whole(seconds);
  const h = Math.floor(s / 3600);
  if (h === 0) return formatClock(s);
  return `${h}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A mix's total: 'Xh Ym' from one hour on, otherwise minutes only ('45m'); 3600 → '1h 0m'. */
export function formatHoursMinutes(seconds: number): string {
  const s = whole(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** Sum of song lengths, counting a missing length as the screens' 180 s (spec section 3). */
export function totalDuration(
  songs: ReadonlyArray<{ duration: number | null }>,
  fallback = SCREEN_DEFAULT_DURATION,
): number {
  return songs.reduce((sum, song) => sum + (song.duration && song.duration > 0 ? song.duration : fallback), 0);
}

/**
 * Reads a typed length: '3:05', '1:02:05' or plain seconds '185'. Returns null for empty input and
 * undefined when the text is not a length, so a form can tell "not given" from "wrong".
 */
export function parseClock(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  if (/^\d{1,5}$/.test(t)) return Number(t);
  const m = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(t);
  if (!m) return undefined;
  const [, h, min, sec] = m;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(sec);
}
