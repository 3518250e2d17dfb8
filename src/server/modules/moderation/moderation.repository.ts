/** SQL for moderation: the report queue, the audit log, venue mutes, and the changes moderators make. */
import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { ReportTargetType } from '../../../shared/schemas/safety';
import type { DbOrTx } from '../../db/client';
import {
  communityPlaylists,
  messages,
  mixes,
  moderationLog,
  reports,
  songs,
  users,
  venueMutes,
  venues,
} from '../../db/schema';

/** The items a report can name, as stored (hidden or not). */
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

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row ?? null;
}

export type ReportRow = typeof reports.$inferSelect;

export async function findReport(db: DbOrTx, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}

export async function lockReport(db: DbOrTx, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Open reports oldest first, or handled ones newest first. */
export async function listReports(db: DbOrTx, status: 'open' | 'closed', limit: number) {
  return db
    .select()
    .from(reports)
    .where(status === 'open' ? eq(reports.status, 'open') : ne(reports.status, 'open'))
    .orderBy(status === 'open' ? asc(reports.id) : desc(reports.handledAt), desc(reports.id))
    .limit(limit);
}

/** Other reports about the same item or its author. */
export async function relatedReports(db: DbOrTx, r: ReportRow) {
  const same = and(eq(reports.targetType, r.targetType), eq(reports.targetId, r.targetId));
  const cond = r.targetUserId ? or(same, eq(reports.targetUserId, r.targetUserId)) : same;
  return db
    .select()
    .from(reports)
    .where(and(cond, ne(reports.id, r.id)))
    .orderBy(desc(reports.id));
}

export async function usersByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, typeof users.$inferSelect>();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u]));
}

/** Closes every open report about an item; returns them (their reporters are told). */
export async function closeOpenReports(
  db: DbOrTx,
  targetType: ReportTargetType,
  targetId: string,
  values: { status: 'dismissed' | 'actioned'; resolution: string; handledById: string },
) {
  return db
    .update(reports)
    .set({ ...values, handledAt: new Date() })
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .returning();
}

export async function closeReport(
  db: DbOrTx,
  id: number,
  values: { status: 'dismissed' | 'actioned'; resolution: string; handledById: string },
) {
  const [row] = await db
    .update(reports)
    .set({ ...values, handledAt: new Date() })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning();
  return row ?? null;
}

export async function insertLog(db: DbOrTx, values: typeof moderationLog.$inferInsert) {
  const [row] = await db.insert(moderationLog).values(values).returning();
  return row;
}

export async function listLog(db: DbOrTx, limit: number) {
  return db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(limit);
}

/** The newest logged hide/restore/suspend of a target (what "restore" would undo). */
export async function lastLogFor(db: DbOrTx, targetType: string, targetId: string) {
  const [row] = await db
    .select()
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.targetType, targetType),
        eq(moderationLog.targetId, targetId),
        inArray(moderationLog.action, ['hide', 'restore', 'suspend', 'remove']),
      ),
    )
    .orderBy(desc(moderationLog.id))
    .limit(1);
  return row ?? null;
}

export async function setSongPrivate(db: DbOrTx, id: number, isPrivate: boolean) {
  const [row] = await db.update(songs).set({ isPrivate }).where(eq(songs.id, id)).returning();
  return row ?? null;
}

export async function deleteSong(db: DbOrTx, id: number) {
  const [row] = await db.delete(songs).where(eq(songs.id, id)).returning();
  return row ?? null;
}

export async function deleteMessage(db: DbOrTx, id: number) {
  const [row] = await db.delete(messages).where(eq(messages.id, id)).returning();
  return row ?? null;
}

export async function setPlaylistActive(db: DbOrTx, id: number, isActive: boolean) {
  const [row] = await db
    .update(communityPlaylists)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(communityPlaylists.id, id))
    .returning();
  return row ?? null;
}

export async function deletePlaylist(db: DbOrTx, id: number) {
  const [row] = await db.delete(communityPlaylists).where(eq(communityPlaylists.id, id)).returning();
  return row ?? null;
}

export async function setVenueActive(db: DbOrTx, id: number, isActive: boolean) {
  const [row] = await db.update(venues).set({ isActive }).where(eq(venues.id, id)).returning();
  if (row) await db.update(mixes).set({ isActive }).where(eq(mixes.venueId, id));
  return row ?? null;
}

/** Deletes a venue: its votes and their tallies go together (both cascade), its songs become global. */
export async function deleteVenue(db: DbOrTx, id: number) {
  const [row] = await db.delete(venues).where(eq(venues.id, id)).returning();
  return row ?? null;
}

export async function setSuspension(db: DbOrTx, userId: string, until: Date | null, reason: string | null) {
  const [row] = await db
    .update(users)
    .set({ suspendedUntil: until, suspensionReason: reason, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

export async function upsertMute(db: DbOrTx, v: { venueId: number; userId: string; until: Date; createdById: string }) {
  await db
    .insert(venueMutes)
    .values(v)
    .onConflictDoUpdate({
      target: [venueMutes.venueId, venueMutes.userId],
      set: { until: v.until, createdById: v.createdById, createdAt: new Date() },
    });
}

export async function deleteMute(db: DbOrTx, venueId: number, userId: string) {
  const rows = await db
    .delete(venueMutes)
    .where(and(eq(venueMutes.venueId, venueId), eq(venueMutes.userId, userId)))
    .returning({ userId: venueMutes.userId });
  return rows.length > 0;
}

export async function activeMute(db: DbOrTx, venueId: number, userId: string) {
  const [row] = await db
    .select({ until: venueMutes.until })
    .from(venueMutes)
    .where(and(eq(venueMutes.venueId, venueId), eq(venueMutes.userId, userId), gt(venueMutes.until, sql`now()`)))
    .limit(1);
  return row?.until ?? null;
}

export async function listMutes(db: DbOrTx, venueId: number) {
  return db
    .select({
      userId: venueMutes.userId,
      until: venueMutes.until,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(venueMutes)
    .innerJoin(users, eq(users.id, venueMutes.userId))
    .where(and(eq(venueMutes.venueId, venueId), gt(venueMutes.until, sql`now()`)))
    .orderBy(asc(venueMutes.until));
}
