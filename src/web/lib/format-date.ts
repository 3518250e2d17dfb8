/**
 * Dates as the screens write them: 'Nov 21, 2026', in the reader's time zone, in English like the rest of the
 * interface. Written out by hand: the first `toLocaleDateString()` of a page loads the browser's date-formatting
 * data, 76–81 ms of main thread at a phone's speed (Lighthouse's 4× CPU), which a playlist paid during its first
 * render for its "Updated" date and each row's (ADR 035). Later calls cost nothing either way.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO timestamp (or a Date) → 'Nov 21, 2026'; '' when it is not a date. */
export function formatDay(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}
