/** Private messages: only the two people of a conversation ever see it, through any route, count or event. */
import type { Conversation, Message } from '../../../shared/schemas/message';
import { MESSAGE_PAGE_SIZE } from '../../../shared/schemas/message';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';
import { presentConversation, presentMessage } from './messages.presenter';
import * as repo from './messages.repository';
import { assertMayMessage } from '../safety/safety.service';

/** The caller's private messages (optionally one conversation), newest page oldest first. */
export async function list(deps: AppDeps, userId: string, q: { with?: string; before?: number }): Promise<Message[]> {
  const rows = await repo.listPrivate(deps.db, userId, {
    otherUserId: q.with,
    before: q.before,
    limit: MESSAGE_PAGE_SIZE,
  });
  return rows.map(presentMessage);
}

/** Sends a private message to an existing user other than oneself and pushes it to both people's sockets. */
export async function send(
  deps: AppDeps,
  senderId: string,
  input: { receiverId: string; content: string },
): Promise<Message> {
  if (input.receiverId === senderId) throw badRequest('You cannot send a message to yourself', 'receiverId');
  const receiver = await repo.findUser(deps.db, input.receiverId);
  if (!receiver) throw notFound('That user does not exist');
  await assertMayMessage(deps.db, senderId, receiver.id);
  deps.limiter.hit(RATE_RULES.chat, senderId);
  const row = await repo.insertMessage(deps.db, {
    senderId,
    receiverId: receiver.id,
    content: input.content,
    messageType: 'private',
  });
  const message = presentMessage(row);
  // Only the two participants; the sender's other tabs see their own message too.
  await deps.hub.publish({ type: 'private_message', message }, { kind: 'users', userIds: [receiver.id, senderId] });
  return message;
}

export async function conversations(deps: AppDeps, userId: string): Promise<Conversation[]> {
  return (await repo.listConversations(deps.db, userId)).map(presentConversation);
}

export async function unreadCount(deps: AppDeps, userId: string): Promise<number> {
  return repo.countUnread(deps.db, userId);
}

/** Marks the conversation with `otherUserId` read and tells the caller's other tabs. */
export async function markRead(deps: AppDeps, userId: string, otherUserId: string): Promise<number> {
  const updated = await repo.markRead(deps.db, userId, otherUserId);
  if (updated > 0) await deps.hub.publish({ type: 'messages_read', otherUserId }, { kind: 'users', userIds: [userId] });
  return updated;
}
