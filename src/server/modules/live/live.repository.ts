/** SQL for Venue Live: settings, co-hosts, bans, sessions, queue entries, votes, skip votes and presence. */
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  liveBans,
  liveCohosts,
  liveEntries,
  livePresence,
  liveSessions,
  liveSettings,
  liveSkipVotes,
  liveVotes,
  songs,
  users,
  venues,
} from '../../db/schema';

export type SessionRow = typeof liveSessions.$inferSelect;
export type SettingsRow = typeof liveSettings.$inferSelect;
export type EntryRow = typeof liveEntries.$inferSelect;
export type SongRow = typeof songs.$inferSelect;
export type EntryStatus = 'queued' | 'playing' | 'played' | 'skipped' | 'removed' | 'unplayable';

/** The songs a session has played (or is playing, or skipped): what the round-robin and the no-repeat rule count. */
export const PLAYED_STATUSES: EntryStatus[] = ['playing', 'played', 'skipped'];

// ---- venues, hosts, users

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: venues.id,
      name: venues.name,
      gradient: venues.gradient,
      ownerId: venues.ownerId,
      isActive: venues.isActive,
    })
    .from(venues)
    .where(eq(venues.id, id))
    .limit(1);
  return row ?? null;
}

export async function isCohost(db: DbOrTx, venueId: number, userId: string) {
  const [row] = await db
    .select({ userId: liveCohosts.userId })
    .from(liveCohosts)
    .where(and(eq(liveCohosts.venueId, venueId), eq(liveCohosts.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function listCohosts(db: DbOrTx, venueId: number) {
  return db
    .select({
      userId: liveCohosts.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      addedAt: liveCohosts.addedAt,
    })
    .from(liveCohosts)
    .innerJoin(users, eq(users.id, liveCohosts.userId))
    .where(eq(liveCohosts.venueId, venueId))
    .orderBy(asc(liveCohosts.addedAt));
}

export async function insertCohost(db: DbOrTx, venueId: number, userId: string, addedAt: Date) {
  await db.insert(liveCohosts).values({ venueId, userId, addedAt });
}

export async function deleteCohost(db: DbOrTx, venueId: number, userId: string) {
  const gone = await db
    .delete(liveCohosts)
    .where(and(eq(liveCohosts.venueId, venueId), eq(liveCohosts.userId, userId)))
    .returning({ userId: liveCohosts.userId });
  return gone.length > 0;
}

// ---- settings

export async function findSettings(db: DbOrTx, venueId: number) {
  const [row] = await db.select().from(liveSettings).where(eq(liveSettings.venueId, venueId)).limit(1);
  return row ?? null;
}

/** The venue's settings, made with the defaults (and a new display key) when it has none. */
export async function ensureSettings(db: DbOrTx, venueId: number, displayKey: string) {
  await db.insert(liveSettings).values({ venueId, displayKey }).onConflictDoNothing();
  return (await findSettings(db, venueId))!;
}

export async function updateSettings(db: DbOrTx, venueId: number, values: Partial<typeof liveSettings.$inferInsert>) {
  const [row] = await db
    .update(liveSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(liveSettings.venueId, venueId))
    .returning();
  return row;
}

// ---- sessions

export async function findOpenSession(db: DbOrTx, venueId: number) {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.venueId, venueId), eq(liveSessions.status, 'live')))
    .limit(1);
  return row ?? null;
}

/** The open session, or else the most recent one (for "tonight's" history and report after the end). */
export async function findLatestSession(db: DbOrTx, venueId: number) {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(eq(liveSessions.venueId, venueId))
    .orderBy(sql`${liveSessions.status} = 'live' desc`, desc(liveSessions.startedAt), desc(liveSessions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the venue's open session row. Every change to a session's queue takes this lock first (and only then entry
 * rows): one lock order, so no deadlocks; the cap, duplicate, skip and next-song decisions see settled rows; and
 * `version` goes up one change at a time.
 */
export async function lockOpenSession(tx: DbOrTx, venueId: number) {
  const [row] = await tx
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.venueId, venueId), eq(liveSessions.status, 'live')))
    .for('update');
  return row ?? null;
}

/** Locks one session row by id (see lockOpenSession for why). */
export async function lockSession(tx: DbOrTx, sessionId: number) {
  const [row] = await tx.select().from(liveSessions).where(eq(liveSessions.id, sessionId)).for('update');
  return row ?? null;
}

export async function insertSession(db: DbOrTx, values: typeof liveSessions.$inferInsert) {
  const [row] = await db.insert(liveSessions).values(values).returning();
  return row;
}

/** Changes a session and bumps its version (the caller holds its lock). */
export async function updateSession(db: DbOrTx, id: number, values: Partial<typeof liveSessions.$inferInsert>) {
  const [row] = await db
    .update(liveSessions)
    .set({ ...values, version: sql`${liveSessions.version} + 1` })
    .where(eq(liveSessions.id, id))
    .returning();
  return row;
}

/** Records that the host device was seen (not a change of state: the version stays). */
export async function touchHost(db: DbOrTx, id: number, at: Date) {
  await db.update(liveSessions).set({ hostLastSeen: at }).where(eq(liveSessions.id, id));
}

/** Open sessions whose current or previous join code is `code`. */
export async function findSessionsByCode(db: DbOrTx, code: string) {
  return db
    .select()
    .from(liveSessions)
    .where(
      and(eq(liveSessions.status, 'live'), or(eq(liveSessions.joinCode, code), eq(liveSessions.previousCode, code))),
    )
    .limit(5);
}

/** Open sessions whose host device went quiet before `seenBefore` and that are not marked offline yet. */
export async function listStaleHosts(db: DbOrTx, seenBefore: Date) {
  return db
    .select({ id: liveSessions.id, venueId: liveSessions.venueId })
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.status, 'live'),
        sql`${liveSessions.offlineSince} is null`,
        sql`${liveSessions.hostLastSeen} < ${seenBefore.toISOString()}::timestamptz`,
      ),
    );
}

/** Open sessions offline since before `offlineBefore`, or of a venue that was deactivated. */
export async function listAbandoned(db: DbOrTx, offlineBefore: Date) {
  return db
    .select({ id: liveSessions.id, venueId: liveSessions.venueId })
    .from(liveSessions)
    .innerJoin(venues, eq(venues.id, liveSessions.venueId))
    .where(
      and(
        eq(liveSessions.status, 'live'),
        or(sql`${liveSessions.offlineSince} < ${offlineBefore.toISOString()}::timestamptz`, eq(venues.isActive, false)),
      ),
    );
}

/** Open sessions whose join code is due for a change. */
export async function listDueCodes(db: DbOrTx, rotatedBefore: Date) {
  return db
    .select({ id: liveSessions.id, venueId: liveSessions.venueId })
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.status, 'live'),
        sql`${liveSessions.codeRotatedAt} <= ${rotatedBefore.toISOString()}::timestamptz`,
      ),
    );
}

// ---- songs, entries

export async function findSong(db: DbOrTx, id: number) {
  const [row] = await db.select().from(songs).where(eq(songs.id, id)).limit(1);
  return row ?? null;
}

export async function findPublicSongByYoutubeId(db: DbOrTx, youtubeId: string) {
  const [row] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.youtubeId, youtubeId), eq(songs.isPrivate, false)))
    .limit(1);
  return row ?? null;
}

const entryColumns = {
  entry: liveEntries,
  song: {
    id: songs.id,
    title: songs.title,
    artist: songs.artist,
    youtubeId: songs.youtubeId,
    thumbnailUrl: songs.thumbnailUrl,
    duration: songs.duration,
  },
  requesterFirstName: users.firstName,
  requesterLastName: users.lastName,
};

export type EntryWithSong = Awaited<ReturnType<typeof listEntries>>[number];

/** A session's entries in the given statuses, with their songs and requesters' names. */
export async function listEntries(db: DbOrTx, sessionId: number, statuses: EntryStatus[]) {
  return db
    .select(entryColumns)
    .from(liveEntries)
    .innerJoin(songs, eq(songs.id, liveEntries.songId))
    .leftJoin(users, eq(users.id, liveEntries.requesterId))
    .where(and(eq(liveEntries.sessionId, sessionId), inArray(liveEntries.status, statuses)))
    .orderBy(asc(liveEntries.id));
}

export async function findEntry(db: DbOrTx, id: number) {
  const [row] = await db.select().from(liveEntries).where(eq(liveEntries.id, id)).limit(1);
  return row ?? null;
}

/**
 * Locks one entry row. Taken after the session lock: a vote and a skip vote count against the entry's status as
 * it is at commit time, so a vote never lands on a song that has just stopped waiting or playing.
 */
export async function lockEntry(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(liveEntries).where(eq(liveEntries.id, id)).for('update');
  return row ?? null;
}

export async function findPlaying(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select()
    .from(liveEntries)
    .where(and(eq(liveEntries.sessionId, sessionId), eq(liveEntries.status, 'playing')))
    .limit(1);
  return row ?? null;
}

export async function findWaitingEntry(db: DbOrTx, sessionId: number, songId: number) {
  const [row] = await db
    .select()
    .from(liveEntries)
    .where(
      and(
        eq(liveEntries.sessionId, sessionId),
        eq(liveEntries.songId, songId),
        inArray(liveEntries.status, ['queued', 'playing']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertEntry(db: DbOrTx, values: typeof liveEntries.$inferInsert) {
  const [row] = await db.insert(liveEntries).values(values).returning();
  return row;
}

export async function updateEntry(db: DbOrTx, id: number, values: Partial<typeof liveEntries.$inferInsert>) {
  const [row] = await db.update(liveEntries).set(values).where(eq(liveEntries.id, id)).returning();
  return row;
}

/** How many waiting entries a requester has in a session. */
export async function waitingCount(db: DbOrTx, sessionId: number, userId: string) {
  return db.$count(
    liveEntries,
    and(eq(liveEntries.sessionId, sessionId), eq(liveEntries.requesterId, userId), eq(liveEntries.status, 'queued')),
  );
}

/** Songs played, playing or skipped per requester in a session. */
export async function playedCounts(db: DbOrTx, sessionId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ requesterId: liveEntries.requesterId, n: sql<number>`count(*)::int` })
    .from(liveEntries)
    .where(
      and(
        eq(liveEntries.sessionId, sessionId),
        inArray(liveEntries.status, PLAYED_STATUSES),
        isNotNull(liveEntries.requesterId),
      ),
    )
    .groupBy(liveEntries.requesterId);
  return new Map(rows.map((r) => [r.requesterId!, Number(r.n)]));
}

/** Songs of this venue that started playing (in any session) since `since`. */
export async function playedSince(db: DbOrTx, venueId: number, since: Date, songIds?: number[]): Promise<Set<number>> {
  const conds = [
    eq(liveEntries.venueId, venueId),
    inArray(liveEntries.status, PLAYED_STATUSES),
    sql`${liveEntries.startedAt} > ${since.toISOString()}::timestamptz`,
  ];
  if (songIds) {
    if (!songIds.length) return new Set();
    conds.push(inArray(liveEntries.songId, songIds));
  }
  const rows = await db
    .selectDistinct({ songId: liveEntries.songId })
    .from(liveEntries)
    .where(and(...conds));
  return new Set(rows.map((r) => r.songId));
}

/** Songs this session could not play (they are not tried again tonight). */
export async function unplayableIn(db: DbOrTx, sessionId: number): Promise<Set<number>> {
  const rows = await db
    .select({ songId: liveEntries.songId })
    .from(liveEntries)
    .where(and(eq(liveEntries.sessionId, sessionId), eq(liveEntries.status, 'unplayable')));
  return new Set(rows.map((r) => r.songId));
}

/** Ends every waiting entry of a session (the session ended). */
export async function removeWaiting(db: DbOrTx, sessionId: number) {
  await db
    .update(liveEntries)
    .set({ status: 'removed' })
    .where(and(eq(liveEntries.sessionId, sessionId), eq(liveEntries.status, 'queued')));
}

/** Entries of a session in order of play, for history and reports. */
export async function listHistory(db: DbOrTx, sessionId: number) {
  return db
    .select(entryColumns)
    .from(liveEntries)
    .innerJoin(songs, eq(songs.id, liveEntries.songId))
    .leftJoin(users, eq(users.id, liveEntries.requesterId))
    .where(and(eq(liveEntries.sessionId, sessionId), inArray(liveEntries.status, [...PLAYED_STATUSES, 'unplayable'])))
    .orderBy(desc(sql`coalesce(${liveEntries.startedAt}, ${liveEntries.requestedAt})`), desc(liveEntries.id))
    .limit(500);
}

/** Requested (not autofilled) entries of a session, most requested first. */
export async function listRequested(db: DbOrTx, sessionId: number) {
  return db
    .select(entryColumns)
    .from(liveEntries)
    .innerJoin(songs, eq(songs.id, liveEntries.songId))
    .leftJoin(users, eq(users.id, liveEntries.requesterId))
    .where(and(eq(liveEntries.sessionId, sessionId), eq(liveEntries.autofill, false)))
    .orderBy(desc(liveEntries.requestCount), asc(liveEntries.id))
    .limit(1000);
}

// ---- votes

export async function findVote(db: DbOrTx, entryId: number, userId: string) {
  const [row] = await db
    .select()
    .from(liveVotes)
    .where(and(eq(liveVotes.entryId, entryId), eq(liveVotes.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function setVote(db: DbOrTx, entryId: number, userId: string, value: 1 | -1) {
  await db
    .insert(liveVotes)
    .values({ entryId, userId, value })
    .onConflictDoUpdate({ target: [liveVotes.entryId, liveVotes.userId], set: { value } });
}

export async function deleteVote(db: DbOrTx, entryId: number, userId: string) {
  await db.delete(liveVotes).where(and(eq(liveVotes.entryId, entryId), eq(liveVotes.userId, userId)));
}

/** The user's votes on a session's waiting entries. */
export async function myVotes(db: DbOrTx, sessionId: number, userId: string) {
  return db
    .select({ entryId: liveVotes.entryId, value: liveVotes.value })
    .from(liveVotes)
    .innerJoin(liveEntries, eq(liveEntries.id, liveVotes.entryId))
    .where(and(eq(liveVotes.userId, userId), eq(liveEntries.sessionId, sessionId), eq(liveEntries.status, 'queued')))
    .orderBy(asc(liveVotes.entryId));
}

/** Adds a skip vote; false when the user had voted already. */
export async function addSkipVote(db: DbOrTx, entryId: number, userId: string) {
  const rows = await db
    .insert(liveSkipVotes)
    .values({ entryId, userId })
    .onConflictDoNothing()
    .returning({ entryId: liveSkipVotes.entryId });
  return rows.length > 0;
}

export async function countSkipVotes(db: DbOrTx, entryId: number) {
  return db.$count(liveSkipVotes, eq(liveSkipVotes.entryId, entryId));
}

export async function hasSkipVote(db: DbOrTx, entryId: number, userId: string) {
  const [row] = await db
    .select({ entryId: liveSkipVotes.entryId })
    .from(liveSkipVotes)
    .where(and(eq(liveSkipVotes.entryId, entryId), eq(liveSkipVotes.userId, userId)))
    .limit(1);
  return Boolean(row);
}

// ---- presence

export async function upsertPresence(
  db: DbOrTx,
  values: { venueId: number; userId: string; sessionId: number; joinedAt: Date; expiresAt: Date },
) {
  await db
    .insert(livePresence)
    .values(values)
    .onConflictDoUpdate({
      target: [livePresence.venueId, livePresence.userId],
      set: { sessionId: values.sessionId, joinedAt: values.joinedAt, expiresAt: values.expiresAt },
    });
  // Joining puts the user in the venue, as the presence message does.
  await db.update(users).set({ currentVenueId: values.venueId }).where(eq(users.id, values.userId));
}

export async function findPresence(db: DbOrTx, venueId: number, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(livePresence)
    .where(and(eq(livePresence.venueId, venueId), eq(livePresence.userId, userId), gt(livePresence.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function deletePresence(db: DbOrTx, venueId: number, userId: string) {
  await db.delete(livePresence).where(and(eq(livePresence.venueId, venueId), eq(livePresence.userId, userId)));
  await db
    .update(users)
    .set({ currentVenueId: null })
    .where(and(eq(users.id, userId), eq(users.currentVenueId, venueId)));
}

export async function countPresent(db: DbOrTx, venueId: number, now: Date) {
  return db.$count(livePresence, and(eq(livePresence.venueId, venueId), gt(livePresence.expiresAt, now)));
}

export async function countSessionPatrons(db: DbOrTx, sessionId: number) {
  return db.$count(livePresence, eq(livePresence.sessionId, sessionId));
}

// ---- bans

export async function listBans(db: DbOrTx, venueId: number) {
  return db
    .select({ ban: liveBans, songTitle: songs.title, songArtist: songs.artist })
    .from(liveBans)
    .leftJoin(songs, eq(songs.id, liveBans.songId))
    .where(eq(liveBans.venueId, venueId))
    .orderBy(desc(liveBans.createdAt), desc(liveBans.id));
}

export async function insertBan(db: DbOrTx, values: typeof liveBans.$inferInsert) {
  const [row] = await db.insert(liveBans).values(values).returning();
  return row;
}

export async function deleteBan(db: DbOrTx, venueId: number, banId: number) {
  const gone = await db
    .delete(liveBans)
    .where(and(eq(liveBans.venueId, venueId), eq(liveBans.id, banId)))
    .returning({ id: liveBans.id });
  return gone.length > 0;
}

/** What bans the song at this venue: the song itself, its artist, or nothing. */
export async function banOf(db: DbOrTx, venueId: number, song: { id: number; artist: string }) {
  const [row] = await db
    .select({ songId: liveBans.songId })
    .from(liveBans)
    .where(
      and(
        eq(liveBans.venueId, venueId),
        or(eq(liveBans.songId, song.id), sql`lower(${liveBans.artist}) = lower(${song.artist.trim()})`),
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.songId !== null ? 'song' : 'artist';
}

/** The venue's banned song ids and lower-cased artists (autofill filters candidates with them). */
export async function banSets(db: DbOrTx, venueId: number) {
  const rows = await db
    .select({ songId: liveBans.songId, artist: liveBans.artist })
    .from(liveBans)
    .where(eq(liveBans.venueId, venueId));
  return {
    songs: new Set(rows.flatMap((r) => (r.songId !== null ? [r.songId] : []))),
    artists: new Set(rows.flatMap((r) => (r.artist !== null ? [r.artist.trim().toLowerCase()] : []))),
  };
}
