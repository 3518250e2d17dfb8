/** Messages: private conversations, the global chat and venue chats. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { MESSAGE_TYPES, type MessageType } from '../../../shared/constants';
import { ts, inList } from './columns';
import { users } from './users';
import { venues } from './venues';

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').$type<MessageType>().notNull().default('private'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('messages_type_check', sql`${t.messageType} in (${inList(MESSAGE_TYPES)})`),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 2000`),
    check(
      'messages_target_check',
      sql`(${t.messageType} = 'private' and ${t.receiverId} is not null and ${t.venueId} is null)
       or (${t.messageType} = 'global' and ${t.receiverId} is null and ${t.venueId} is null)
       or (${t.messageType} = 'venue' and ${t.receiverId} is null and ${t.venueId} is not null)`,
    ),
    index('messages_global_idx').on(t.messageType, t.id),
    index('messages_venue_idx').on(t.venueId, t.id),
    index('messages_sender_idx').on(t.senderId, t.id),
    index('messages_receiver_idx').on(t.receiverId, t.isRead, t.id),
  ],
);
