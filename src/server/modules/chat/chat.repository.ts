/** SQL for the chat rooms (global and venue rows of the messages table). */
import { and, desc, eq, gt, lt, max, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages, users, venues } from '../../db/schema';
import type { MessageWithSender } from '../messages/messages.presenter';

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

/** A chat room: the global room or one venue's room. */
export type RoomKey = { kind: 'global' } | { kind: 'venue'; venueId: number };

function roomFilter(room: RoomKey): SQL {
  return room.kind === 'global'
    ? eq(messages.messageType, 'global')
    : and(eq(messages.messageType, 'venue'), eq(messages.venueId, room.venueId))!;
}

/** The newest `limit` messages of a room older than `before` (or newer than `after`), returned oldest first. */
export async function listRoom(
  db: DbOrTx,
  room: RoomKey,
  opts: { before?: number; after?: number; limit: number },
): Promise<MessageWithSender[]> {
  const conds = [roomFilter(room)];
  if (opts.before) conds.push(lt(messages.id, opts.before));
  if (opts.after !== undefined) conds.push(gt(messages.id, opts.after));
  const rows = await db
    .select(withSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(...conds))
    // Polling for newer messages wants the oldest unseen first; history wants the newest page.
    .orderBy(opts.after !== undefined ? messages.id : desc(messages.id))
    .limit(opts.limit);
  return opts.after !== undefined ? rows : rows.reverse();
}

/** The highest message id in a room, or 0. */
export async function latestRoomId(db: DbOrTx, room: RoomKey): Promise<number> {
  const [row] = await db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(roomFilter(room));
  return row?.id ?? 0;
}

/** True when an active venue with this id exists. */
export async function venueExists(db: DbOrTx, venueId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isActive, true)))
    .limit(1);
  return Boolean(row);
}

/** Inserts a room message and returns it with its sender. */
export async function insertRoomMessage(
  db: DbOrTx,
  input: { senderId: string; content: string; room: RoomKey },
): Promise<MessageWithSender> {
  const [row] = await db
    .insert(messages)
    .values({
      senderId: input.senderId,
      content: input.content,
      messageType: input.room.kind,
      venueId: input.room.kind === 'venue' ? input.room.venueId : null,
    })
    .returning({ id: messages.id });
  const [full] = await db
    .select(withSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, row.id));
  return full;
}
