/** mergeMessages: order, and a real message taking the place of its pending echo. */
import { describe, expect, it } from 'vitest';
import type { Message } from '@shared/schemas/message';
import { mergeMessages } from './get-chat-messages';

const msg = (id: number, content: string, senderId = 'alice'): Message => ({
  id,
  senderId,
  receiverId: null,
  venueId: null,
  content,
  messageType: 'global',
  isRead: false,
  createdAt: '2026-11-22T04:00:00.000Z',
  senderName: null,
  senderImage: null,
});

describe('mergeMessages', () => {
  it('keeps real messages in id order, then the pending ones', () => {
    expect(
      mergeMessages([msg(3, 'c'), msg(-5, 'pending')], [msg(1, 'a'), msg(2, 'b', 'bob')]).map((m) => m.id),
    ).toEqual([1, 2, 3, -5]);
  });

  it('lets a real message take the place of its pending echo (it arrived over /ws before the POST answered)', () => {
    const pending = [msg(10, 'earlier'), msg(-1, 'hello'), msg(-2, 'hello')];
    const once = mergeMessages(pending, [msg(11, 'hello')]);
    expect(once.map((m) => m.id)).toEqual([10, 11, -2]);
    // The POST's answer then finds its message in place: nothing doubles.
    expect(
      mergeMessages(
        once.filter((m) => m.id !== -1),
        [msg(11, 'hello')],
      ).map((m) => m.id),
    ).toEqual([10, 11, -2]);
    // Someone else's identical text is not an echo of mine.
    expect(mergeMessages(pending, [msg(12, 'hello', 'bob')]).map((m) => m.id)).toEqual([10, 12, -1, -2]);
  });
});
