import { describe, expect, it } from 'vitest';
import { foldBlocked, hiddenLabel } from './hidden-messages';

const m = (id: number, senderId: string) => ({ id, senderId });

describe('foldBlocked', () => {
  it('folds each run of blocked senders into one hidden group, in order', () => {
    const list = [m(1, 'a'), m(2, 'x'), m(3, 'y'), m(4, 'a'), m(5, 'x')];
    expect(foldBlocked(list, new Set(['x', 'y']))).toEqual([
      { kind: 'message', message: m(1, 'a') },
      { kind: 'hidden', key: 'hidden-2', messages: [m(2, 'x'), m(3, 'y')] },
      { kind: 'message', message: m(4, 'a') },
      { kind: 'hidden', key: 'hidden-5', messages: [m(5, 'x')] },
    ]);
  });

  it('changes nothing when nobody is blocked', () => {
    expect(foldBlocked([m(1, 'a')], new Set())).toEqual([{ kind: 'message', message: m(1, 'a') }]);
  });

  it('says how many', () => {
    expect(hiddenLabel(1)).toBe('1 hidden message');
    expect(hiddenLabel(3)).toBe('3 hidden messages');
  });
});
