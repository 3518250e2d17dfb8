/** Venues (places with their own mix and chat). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { VENUE_TYPES, type VenueType } from '../../../shared/constants';
import { ts, inList } from './columns';
import { users } from './users';

export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location').notNull(),
    type: text('type').$type<VenueType>().notNull().default('other'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    gradient: text('gradient').notNull().default('from-purple-500 to-pink-500'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('venues_type_check', sql`${t.type} in (${inList(VENUE_TYPES)})`),
    check('venues_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('venues_location_length', sql`char_length(${t.location}) between 1 and 200`),
    index('venues_owner_idx').on(t.ownerId),
    index('venues_active_created_idx').on(t.isActive, t.createdAt),
  ],
);
