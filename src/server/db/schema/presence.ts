/** Who is online: one row per open socket. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';
import { venues } from './venues';

/** One row per open socket; a user is online while any of their sockets is fresh. */
export const onlineUsers = pgTable(
  'online_users',
  {
    socketId: text('socket_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    lastActivity: ts('last_activity').notNull().defaultNow(),
  },
  (t) => [index('online_users_user_idx').on(t.userId), index('online_users_activity_idx').on(t.lastActivity)],
);
