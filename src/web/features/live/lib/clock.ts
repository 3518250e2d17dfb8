/**
 * Live times: every client computes the position of the song from the server's answer — `positionMs` (the
 * position at the server's `serverNow`) plus the time since this device received the state, frozen while paused —
 * so a phone whose clock is off still shows the same position as the TV. Pure functions.
 */

export interface PlayingTimes {
  /** The position at the moment the state was read, ms. */
  positionMs: number;
  /** Set while paused. */
  pausedAt: string | null;
  /** Seconds; null when unknown. */
  duration: number | null;
}

/** The song's position in seconds at this device's time `now` (ms); `receivedAt`: when the state arrived. */
export function elapsedSeconds(times: PlayingTimes, receivedAt: number, now: number): number {
  const ms = times.positionMs + (times.pausedAt ? 0 : Math.max(0, now - receivedAt));
  const s = Math.max(0, ms / 1000);
  return times.duration && times.duration > 0 ? Math.min(s, times.duration) : s;
}

/** 0..100 for a progress bar (0 when the length is unknown). */
export function progressPercent(times: PlayingTimes, receivedAt: number, now: number): number {
  if (!times.duration || times.duration <= 0) return 0;
  return (elapsedSeconds(times, receivedAt, now) / times.duration) * 100;
}

/** Seconds a song without a known length is counted as, for waiting times (the screens' 180 s). */
export const UNKNOWN_LENGTH_SECONDS = 180;

/**
 * "Plays in about N min" for the queue entry at `index` (0: next): what is left of the current song plus the
 * lengths of the songs before it. Whole minutes, never below 1.
 */
export function minutesUntil(
  queue: ReadonlyArray<{ song: { duration: number | null } }>,
  index: number,
  remainingOfCurrent: number,
): number {
  let seconds = Math.max(0, remainingOfCurrent);
  for (let i = 0; i < index && i < queue.length; i++) {
    const d = queue[i].song.duration;
    seconds += d && d > 0 ? d : UNKNOWN_LENGTH_SECONDS;
  }
  return Math.max(1, Math.round(seconds / 60));
}

/** Seconds left of the song playing now (0 when nothing plays or its length is unknown). */
export function remainingSeconds(
  np: { positionMs: number; pausedAt: string | null; song: { duration: number | null } } | null,
  receivedAt: number,
  now: number,
): number {
  if (!np?.song.duration) return 0;
  const times = { positionMs: np.positionMs, pausedAt: np.pausedAt, duration: np.song.duration };
  return Math.max(0, np.song.duration - elapsedSeconds(times, receivedAt, now));
}
