import { describe, expect, it } from 'vitest';
import { formatDay } from './format-date';

describe('formatDay', () => {
  it('writes the day in the reader’s time zone as "Mon D, YYYY"', () => {
    // Noon UTC is the same calendar day from UTC-11 to UTC+11.
    expect(formatDay('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026');
    expect(formatDay('2027-01-05T12:00:00Z')).toBe('Jan 5, 2027');
    const local = new Date(2026, 11, 31, 23, 59);
    expect(formatDay(local)).toBe('Dec 31, 2026');
    expect(formatDay(local.toISOString())).toBe('Dec 31, 2026');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDay('not a date')).toBe('');
    expect(formatDay(new Date(Number.NaN))).toBe('');
  });
});
