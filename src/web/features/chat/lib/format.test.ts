import { describe, expect, it } from 'vitest';
import { nameInitials, senderLabel, timeAgo, userLabel } from './format';

describe('social display helpers', () => {
  it("labels senders without a name 'Anonymous User' and gives at most two initials", () => {
    expect(senderLabel(null)).toBe('Anonymous User');
    expect(senderLabel('  ')).toBe('Anonymous User');
    expect(nameInitials('Anonymous User')).toBe('AU');
    expect(nameInitials('mary ann van dyke')).toBe('MA');
    expect(nameInitials('Prince')).toBe('P');
  });

  it("labels a nameless conversation partner 'User' plus the first 8 characters of the id", () => {
    expect(userLabel({ id: '0123456789abcdef', firstName: null, lastName: null })).toBe('User 01234567');
    expect(userLabel({ id: 'x', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it("says how long ago, ending in 'ago'", () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(timeAgo(at(10_000), now)).toBe('less than a minute ago');
    expect(timeAgo(at(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(at(5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(at(60 * 60_000), now)).toBe('about 1 hour ago');
    expect(timeAgo(at(5 * 3_600_000), now)).toBe('about 5 hours ago');
    expect(timeAgo(at(3 * 86_400_000), now)).toBe('3 days ago');
    expect(timeAgo(at(-5000), now)).toBe('less than a minute ago');
  });
});
