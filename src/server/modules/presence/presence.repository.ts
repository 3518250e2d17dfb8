/** SQL for presence (online_users, one row per open socket) and moods. */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { onlineUsers, users, venues } from '../../db/schema';

/** True when an active venue with this id exists. */
export async function venueExists(db: DbOrTx, venueId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isActive, true)))
    .limit(1);
  return Boolean(row);
}

export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * Adds a socket's row and marks its user online in one statement, so that no reader sees the user in the online list
 * but not `isOnline` (as removeSocket does the reverse).
 */
export async function insertSocket(db: DbOrTx, socketId: string, userId: string) {
  await db.execute(sql`
    with added as (
      insert into ${onlineUsers} (socket_id, user_id) values (${socketId}, ${userId}) on conflict do nothing
    )
    update ${users} set is_online = true, last_seen = now() where ${users.id} = ${userId}`);
}

/**
 * Removes a socket's row and, when it was the user's last fresh one, marks them offline: in one statement, so that no
 * reader sees the user gone from the online list but still `isOnline` (the statement's snapshot still holds the
 * deleted row, hence `socket_id <> …`).
 */
export async function removeSocket(db: DbOrTx, socketId: string, userId: string, freshSince: Date) {
  await db.execute(sql`
    with gone as (delete from ${onlineUsers} where ${onlineUsers.socketId} = ${socketId})
    update ${users} set is_online = false, last_seen = now(), current_venue_id = null
    where ${users.id} = ${userId}
      and not exists (
        select 1 from ${onlineUsers} o
        where o.user_id = ${users.id} and o.socket_id <> ${socketId} and o.last_activity > ${freshSince.toISOString()}::timestamptz
      )`);
}

/** Refreshes lastActivity of these sockets. */
export async function touchSockets(db: DbOrTx, socketIds: string[]) {
  if (!socketIds.length) return;
  await db.update(onlineUsers).set({ lastActivity: new Date() }).where(inArray(onlineUsers.socketId, socketIds));
}

/** Sets the venue a socket's user is in (null: none), on the socket's row and the user's in one statement. */
export async function setSocketVenue(db: DbOrTx, socketId: string, userId: string, venueId: number | null) {
  await db.execute(sql`
    with moved as (
      update ${onlineUsers} set venue_id = ${venueId}, last_activity = now() where ${onlineUsers.socketId} = ${socketId}
    )
    update ${users} set current_venue_id = ${venueId} where ${users.id} = ${userId}`);
}

/**
 * Deletes rows not refreshed since `staleBefore` and marks their users offline when they have no fresh row left, in
 * one statement (no reader sees a user gone from the list but still `isOnline`); returns how many rows went.
 */
export async function sweepStale(db: DbOrTx, staleBefore: Date): Promise<number> {
  const since = staleBefore.toISOString();
  const result = (await db.execute(sql`
    with gone as (
      delete from ${onlineUsers} where ${onlineUsers.lastActivity} < ${since}::timestamptz returning user_id
    ),
    offline as (
      update ${users} set is_online = false, last_seen = now(), current_venue_id = null
      where ${users.id} in (select user_id from gone)
        and not exists (
          select 1 from ${onlineUsers} o where o.user_id = ${users.id} and o.last_activity > ${since}::timestamptz
        )
    )
    select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Users with a fresh socket, one row each: the socket that is in a venue wins, then the most recent.
 * `venueId` narrows to the people in that venue.
 */
export async function listOnline(db: DbOrTx, freshSince: Date, venueId?: number) {
  const conds = [gt(onlineUsers.lastActivity, freshSince)];
  if (venueId !== undefined) conds.push(eq(onlineUsers.venueId, venueId));
  return db
    .selectDistinctOn([onlineUsers.userId], {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      currentMood: users.currentMood,
      moodUpdatedAt: users.moodUpdatedAt,
      venueId: onlineUsers.venueId,
      venueName: venues.name,
      lastActivity: onlineUsers.lastActivity,
    })
    .from(onlineUsers)
    .innerJoin(users, eq(users.id, onlineUsers.userId))
    .leftJoin(venues, eq(venues.id, onlineUsers.venueId))
    .where(and(...conds))
    .orderBy(asc(onlineUsers.userId), sql`${onlineUsers.venueId} is null`, desc(onlineUsers.lastActivity))
    .limit(500);
}

export async function setMood(db: DbOrTx, userId: string, mood: string | null) {
  const [row] = await db
    .update(users)
    .set({ currentMood: mood, moodUpdatedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}
