/** SQL for blocks, reports and notices. */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  communityPlaylistMembers,
  communityPlaylists,
  messages,
  notifications,
  reports,
  songs,
  userBlocks,
  users,
  venues,
} from '../../db/schema';

export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ id: userBlocks.blockedId });
  return rows.length > 0;
}

export async function listBlocks(db: DbOrTx, blockerId: string) {
  return db
    .select({ user: users, createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));
}

/** The blocks between two people, in either direction. */
export async function blocksBetween(db: DbOrTx, a: string, b: string) {
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
}

/** Everyone who has blocked `userId`. */
export async function blockersOf(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: userBlocks.blockerId }).from(userBlocks).where(eq(userBlocks.blockedId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function findSong(db: DbOrTx, id: number) {
  const [row] = await db.select().from(songs).where(eq(songs.id, id)).limit(1);
  return row ?? null;
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

export async function findPlaylist(db: DbOrTx, id: number) {
  const [row] = await db.select().from(communityPlaylists).where(eq(communityPlaylists.id, id)).limit(1);
  return row ?? null;
}

export async function isPlaylistMember(db: DbOrTx, playlistId: number, userId: string) {
  const [row] = await db
    .select({ id: communityPlaylistMembers.id })
    .from(communityPlaylistMembers)
    .where(and(eq(communityPlaylistMembers.playlistId, playlistId), eq(communityPlaylistMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row ?? null;
}

export async function insertReport(db: DbOrTx, values: typeof reports.$inferInsert) {
  const [row] = await db.insert(reports).values(values).returning();
  return row;
}

export async function insertNotification(db: DbOrTx, userId: string, body: string) {
  await db.insert(notifications).values({ userId, body });
}

export async function listNotifications(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function markNotificationsRead(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
