/** SQL for private conversations (the messages table's private rows; chat rooms are chat.repository's). */
import { and, desc, eq, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages, users } from '../../db/schema';
import type { MessageWithSender } from './messages.presenter';

const withSender = {
  id: messages.id,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  venueId: messages.venueId,
  content: messages.content,
  messageType: messages.messageType,
  isRead: messages.isRead,
  createdAt: messages.createdAt,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderImage: users.profileImageUrl,
};

/** Inserts a message and returns it with its sender. */
export async function insertMessage(
  db: DbOrTx,
  input: {
    senderId: string;
    content: string;
    messageType: 'global' | 'venue' | 'private';
    venueId?: number | null;
    receiverId?: string | null;
  },
): Promise<MessageWithSender> {
  const [row] = await db
    .insert(messages)
    .values({
      senderId: input.senderId,
      content: input.content,
      messageType: input.messageType,
      venueId: input.venueId ?? null,
      receiverId: input.receiverId ?? null,
    })
    .returning();
  const [sender] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, image: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, input.senderId));
  return {
    ...row,
    senderFirstName: sender?.firstName ?? null,
    senderLastName: sender?.lastName ?? null,
    senderImage: sender?.image ?? null,
  };
}

export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

const isParticipant = (userId: string) =>
  and(eq(messages.messageType, 'private'), or(eq(messages.senderId, userId), eq(messages.receiverId, userId)));

/** Private messages the user sent or received (optionally only with `otherUserId`), newest page, oldest first. */
export async function listPrivate(
  db: DbOrTx,
  userId: string,
  opts: { otherUserId?: string; before?: number; limit: number },
): Promise<MessageWithSender[]> {
  const conds: (SQL | undefined)[] = [isParticipant(userId)];
  if (opts.otherUserId) {
    conds.push(
      or(
        and(eq(messages.senderId, userId), eq(messages.receiverId, opts.otherUserId)),
        and(eq(messages.senderId, opts.otherUserId), eq(messages.receiverId, userId)),
      ),
    );
  }
  if (opts.before) conds.push(lt(messages.id, opts.before));
  const rows = await db
    .select(withSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(...conds))
    .orderBy(desc(messages.id))
    .limit(opts.limit);
  return rows.reverse();
}

/** One row per conversation partner: the last message and how many of theirs are unread. */
export async function listConversations(db: DbOrTx, userId: string) {
  const other = sql<string>`case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end`;
  // The partner is computed in an inner query, so that grouping by it needs no repeated parameter.
  const base = db
    .select({
      id: messages.id,
      otherId: other.as('other_id'),
      unreadFlag: sql<boolean>`(${messages.receiverId} = ${userId} and not ${messages.isRead})`.as('unread_flag'),
    })
    .from(messages)
    .where(isParticipant(userId))
    .as('base');
  const perPartner = db
    .select({
      otherId: base.otherId,
      lastId: max(base.id).as('last_id'),
      unread: sql<number>`count(*) filter (where ${base.unreadFlag})`.mapWith(Number).as('unread'),
    })
    .from(base)
    .groupBy(base.otherId)
    .as('per_partner');
  return db
    .select({
      otherId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      currentMood: users.currentMood,
      lastId: messages.id,
      lastSenderId: messages.senderId,
      lastContent: messages.content,
      lastCreatedAt: messages.createdAt,
      unread: perPartner.unread,
    })
    .from(perPartner)
    .innerJoin(messages, eq(messages.id, perPartner.lastId))
    .innerJoin(users, eq(users.id, perPartner.otherId))
    .orderBy(desc(messages.id));
}

/** How many private messages to the user are unread. */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.messageType, 'private'), eq(messages.receiverId, userId), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

/** Marks every message from `otherUserId` to `userId` read; returns how many changed. */
export async function markRead(db: DbOrTx, userId: string, otherUserId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.messageType, 'private'),
        eq(messages.receiverId, userId),
        eq(messages.senderId, otherUserId),
        eq(messages.isRead, false),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}
