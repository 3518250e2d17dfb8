import { describe, expect, it } from 'vitest';
import { hashString, personColor, PERSON_COLORS, seededRandom, titleInitials } from './seed';

describe('seed', () => {
  it('hashes the same text to the same number and different texts apart', () => {
    expect(hashString('song:1')).toBe(hashString('song:1'));
    const hashes = new Set(Array.from({ length: 200 }, (_, i) => hashString(`song:${i}`)));
    expect(hashes.size).toBe(200);
  });

  it('gives a repeatable sequence per seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(first[0]);
  });

  it('spreads people over the colours', () => {
    const used = new Set(Array.from({ length: 60 }, (_, i) => personColor(`user-${i}`)));
    expect(used.size).toBeGreaterThanOrEqual(PERSON_COLORS.length - 2);
    expect(personColor('060047e4')).toBe(personColor('060047e4'));
  });

  it('takes up to two initials', () => {
    expect(titleInitials('Bohemian Rhapsody')).toBe('BR');
    expect(titleInitials('Queen')).toBe('Q');
    expect(titleInitials('  (the) end of it  ')).toBe('TE');
    expect(titleInitials('!!!')).toBe('♪');
  });
});
