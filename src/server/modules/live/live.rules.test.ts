import { describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, describeSkipRule, skipVotesNeeded } from '../../../shared/schemas/live';
import { csvCell, newJoinCode, orderQueue, requesterName } from './live.rules';

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 20, 0, s));

describe('orderQueue', () => {
  it('puts more net votes first', () => {
    const q = orderQueue(
      [
        { id: 1, netVotes: 0, requesterId: 'a', requestedAt: t(1) },
        { id: 2, netVotes: 3, requesterId: 'b', requestedAt: t(2) },
        { id: 3, netVotes: -1, requesterId: 'c', requestedAt: t(0) },
        { id: 4, netVotes: 1, requesterId: 'd', requestedAt: t(3) },
      ],
      new Map(),
    );
    expect(q.map((e) => e.id)).toEqual([2, 4, 1, 3]);
  });

  it('breaks ties by the requester with fewer songs played tonight, then the earlier request, then the id', () => {
    const played = new Map([
      ['freebird', 3],
      ['once', 1],
    ]);
    const q = orderQueue(
      [
        { id: 1, netVotes: 0, requesterId: 'freebird', requestedAt: t(0) },
        { id: 2, netVotes: 0, requesterId: 'once', requestedAt: t(1) },
        { id: 3, netVotes: 0, requesterId: 'new', requestedAt: t(5) },
        { id: 4, netVotes: 0, requesterId: 'new2', requestedAt: t(2) },
        { id: 6, netVotes: 0, requesterId: 'new3', requestedAt: t(2) },
        { id: 5, netVotes: 0, requesterId: 'new4', requestedAt: t(2) },
      ],
      played,
    );
    expect(q.map((e) => e.id)).toEqual([4, 5, 6, 3, 2, 1]);
  });

  it('lets votes beat the round-robin, and does not change its input', () => {
    const input = [
      { id: 1, netVotes: 0, requesterId: 'fresh', requestedAt: t(0) },
      { id: 2, netVotes: 1, requesterId: 'busy', requestedAt: t(9) },
    ];
    expect(orderQueue(input, new Map([['busy', 10]])).map((e) => e.id)).toEqual([2, 1]);
    expect(input.map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('skipVotesNeeded', () => {
  it('is never fewer than 2 votes', () => {
    expect(skipVotesNeeded(0, 50, true)).toBe(2);
    expect(skipVotesNeeded(1, 50, true)).toBe(2);
    expect(skipVotesNeeded(3, 50, true)).toBe(2);
    expect(skipVotesNeeded(2, 10, false)).toBe(2);
  });

  it('takes the share of small rooms as it is', () => {
    expect(skipVotesNeeded(4, 50, true)).toBe(2);
    expect(skipVotesNeeded(5, 50, true)).toBe(3);
    expect(skipVotesNeeded(10, 50, true)).toBe(5);
    expect(skipVotesNeeded(10, 50, false)).toBe(5);
  });

  it('needs a smaller share in bigger rooms (log scale), and grows with the room all the same', () => {
    expect(skipVotesNeeded(100, 50, true)).toBe(25);
    expect(skipVotesNeeded(1000, 50, true)).toBe(167);
    expect(skipVotesNeeded(200, 50, false)).toBe(100);
    let last = 0;
    for (let n = 0; n <= 2000; n++) {
      const needed = skipVotesNeeded(n, 50, true);
      expect(needed).toBeGreaterThanOrEqual(last);
      if (n >= 4) expect(needed).toBeLessThanOrEqual(Math.ceil(n / 2));
      last = needed;
    }
  });

  it('explains the rule with examples', () => {
    expect(describeSkipRule(50, true)).toBe(
      '50% of the patrons present in small rooms, a smaller share in bigger ones, never fewer than 2 votes (5 of 10, 15 of 50, 44 of 200)',
    );
    expect(describeSkipRule(50, false)).toContain('(5 of 10, 25 of 50, 100 of 200)');
  });
});

describe('small helpers', () => {
  it('draws join codes from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const code = newJoinCode();
      expect(code).toHaveLength(6);
      for (const ch of code) expect(JOIN_CODE_ALPHABET).toContain(ch);
    }
  });

  it('shows requesters by first name and last initial', () => {
    expect(requesterName('Sam', 'Keller')).toBe('Sam K.');
    expect(requesterName('Sam', null)).toBe('Sam');
    expect(requesterName(null, null)).toBe('A guest');
  });

  it('quotes CSV cells and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});
