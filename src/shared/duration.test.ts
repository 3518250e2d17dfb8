import { describe, expect, it } from 'vitest';
import { formatClock, formatHoursMinutes, formatLongClock, parseClock, totalDuration } from './duration';

describe('duration formats (spec section 9)', () => {
  it('m:ss pads seconds and keeps minutes past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(185)).toBe('3:05');
    expect(formatClock(3725)).toBe('62:05');
    expect(formatClock(59.9)).toBe('0:59');
  });

  it('h:mm:ss only from an hour on', () => {
    expect(formatLongClock(125)).toBe('2:05');
    expect(formatLongClock(3600)).toBe('1:00:00');
    expect(formatLongClock(3725)).toBe('1:02:05');
  });

  it("'Xh Ym' or minutes only", () => {
    expect(formatHoursMinutes(0)).toBe('0m');
    expect(formatHoursMinutes(59)).toBe('0m');
    expect(formatHoursMinutes(45 * 60)).toBe('45m');
    expect(formatHoursMinutes(3600)).toBe('1h 0m');
    expect(formatHoursMinutes(3 * 3600 + 25 * 60 + 40)).toBe('3h 25m');
  });

  it('bad numbers format as zero', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatHoursMinutes(-30)).toBe('0m');
  });

  it('a missing length counts as 180 s', () => {
    expect(totalDuration([{ duration: 200 }, { duration: null }, { duration: 0 }])).toBe(200 + 180 + 180);
    expect(totalDuration([])).toBe(0);
  });

  it('parses typed lengths', () => {
    expect(parseClock('')).toBeNull();
    expect(parseClock('  ')).toBeNull();
    expect(parseClock('185')).toBe(185);
    expect(parseClock('3:05')).toBe(185);
    expect(parseClock('1:02:05')).toBe(3725);
    expect(parseClock('3:5')).toBeUndefined();
    expect(parseClock('3:75')).toBeUndefined();
    expect(parseClock('abc')).toBeUndefined();
  });
});
