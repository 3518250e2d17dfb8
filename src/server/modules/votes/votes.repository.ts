/**
 * SQL for votes and their tallies. One vote row per (user, song, context); the tallies of a (song, context) are
 * spread over TALLY_SLOTS rows so that a hot song's votes do not all queue on one row lock. Reads sum the slots.
 * Every write of a slot marks it dirty; `foldTallies` sums the dirty songs' slots into vote_totals (ADR 029).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import type { VoteType } from '../../../shared/constants';

// 64 rather than 8: with 8, ten concurrent voters on one hot song met on the same slot row often enough to cost a third of
// the throughput (npm run bench, hot vs random songs); 64 makes such a wait rare. Readers sum at most 64 rows.
export const TALLY_SLOTS = 64;

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `venue_id IS NULL` for the global context, `venue_id = $1` for a venue (both use the indexes; IS NOT DISTINCT FROM would not). */
export function contextCondition(column: SQL, venueId: number | null): SQL {
  return venueId === null ? sql`${column} is null` : sql`${column} = ${venueId}`;
}

/**
 * The user's slot among the first `spread` slots (see SlotSpread), stable for a given spread, so that a user's
 * switch or removal usually finds their own earlier vote on the same row.
 */
export function slotFor(userId: string, spread = TALLY_SLOTS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) h = Math.imul(h ^ userId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % Math.max(1, Math.min(spread, TALLY_SLOTS));
}

const column = (type: VoteType) => sql.raw(type === 'up' ? 'up_votes' : 'down_votes');

/** Inserts the vote unless the user already has one in this context; returns whether it inserted. */
export async function insertVoteIfAbsent(
  tx: DbOrTx,
  v: { userId: string; songId: number; venueId: number | null; voteType: VoteType },
) {
  const statement = preparedSql<{ id: number }>(
    tx as Db,
    'crowdmix_vote_insert_if_absent',
    () => sql`
    insert into votes (user_id, song_id, venue_id, vote_type)
    values (${sql.placeholder('userId')}, ${sql.placeholder('songId')}, ${sql.placeholder('venueId')}::int, ${sql.placeholder('voteType')})
    on conflict on constraint votes_user_song_context_key do nothing
    returning id`,
  );
  return (await statement.execute(v)).length > 0;
}

/** What the one-statement vote learns about its song: who may hear of it (a private song's counts go to its owner). */
export interface VotedSong {
  isPrivate: boolean;
  uploaderId: string;
}

/**
 * The common case in one statement: checks the song (it exists and the voter may see it; in a venue, it is in that
 * venue's mix and the venue is active), inserts the vote unless the user already has one in this context, adds it
 * to the user's tally slot, and returns the song's new counts (the other slots as of this statement plus the slot
 * just written) with what the caller must know to announce them. One round trip and no explicit transaction: a
 * statement is atomic on its own. Returns null when nothing was written: the user already had a vote here, or the
 * song or venue did not pass the check; the caller then takes the path that tells these apart (ADR 048).
 */
export async function insertVoteWithTally(
  db: Db,
  v: { userId: string; songId: number; venueId: number | null; voteType: VoteType },
  slot: number,
) {
  const global = v.venueId === null;
  const statement = preparedSql<{ up: number; down: number; is_private: boolean; uploader_id: string }>(
    db,
    global ? 'crowdmix_vote_new_global' : 'crowdmix_vote_new_open_venue',
    () => {
      const venue = global ? sql`null::int` : sql`${sql.placeholder('venueId')}::int`;
      // Anyone may vote on a public song globally, only its owner on a private one; a venue takes votes only on
      // the public songs of its own mix. (The same rules as the service's checkTarget, which names the failure.)
      const visible = global
        ? sql`(not is_private or uploader_id = ${sql.placeholder('userId')})`
        : sql`venue_id = ${venue} and not is_private`;
      // A venue vote counts only while the venue is active, checked under the venue row's key-share lock (see
      // lockOpenVenue): when a deactivation holds the row, this waits for it and then sees the venue closed.
      return sql`
      with song as (
        select is_private, uploader_id from songs where id = ${sql.placeholder('songId')} and ${visible}
      ), ${global ? sql`` : sql`open_venue as (select id from venues where id = ${venue} and is_active for key share), `}ins as (
        insert into votes (user_id, song_id, venue_id, vote_type)
        select ${sql.placeholder('userId')}, ${sql.placeholder('songId')}, ${venue}, ${sql.placeholder('voteType')}
        from song${global ? sql`` : sql`, open_venue`}
        on conflict on constraint votes_user_song_context_key do nothing
        returning id
      ), tally as (
        insert into vote_tallies (song_id, venue_id, slot, up_votes, down_votes)
        select ${sql.placeholder('songId')}, ${venue}, ${sql.placeholder('slot')}, ${sql.placeholder('up')}, ${sql.placeholder('down')} from ins
        on conflict on constraint vote_tallies_song_context_slot_key
        do update set up_votes = vote_tallies.up_votes + excluded.up_votes, down_votes = vote_tallies.down_votes + excluded.down_votes, dirty = true
        returning up_votes, down_votes
      ), others as (
        select coalesce(sum(up_votes), 0)::int as up, coalesce(sum(down_votes), 0)::int as down
        from vote_tallies
        where song_id = ${sql.placeholder('songId')} and ${global ? sql`venue_id is null` : sql`venue_id = ${venue}`} and slot <> ${sql.placeholder('slot')}
      )
      select tally.up_votes + others.up as up, tally.down_votes + others.down as down, song.is_private, song.uploader_id
      from tally, others, song`;
    },
  );
  const rows = await statement.execute({
    userId: v.userId,
    songId: v.songId,
    venueId: v.venueId,
    voteType: v.voteType,
    slot,
    up: v.voteType === 'up' ? 1 : 0,
    down: v.voteType === 'down' ? 1 : 0,
  });
  const row = rows[0];
  if (!row) return null;
  const song: VotedSong = { isPrivate: row.is_private, uploaderId: row.uploader_id };
  return { counts: { upVotes: Number(row.up), downVotes: Number(row.down) }, song };
}

/** A new vote for `insertVotesWithTallies`: the voter, the song, the context (null: global), the type and the slot. */
export interface NewVote {
  userId: string;
  songId: number;
  venueId: number | null;
  voteType: VoteType;
  slot: number;
}

/**
 * `insertVoteWithTally` for many votes in one statement (a burst, ADR 049): each vote passes the same checks, is
 * inserted unless its voter already has one in its context, and is added to its tally slot; every written vote gets
 * its song's counts after the statement and what the caller must know to announce them. A vote that wrote nothing
 * gets null (the caller takes the slower path for it). The votes must be distinct per (user, song, context); the
 * tally rows are written in (song, context, slot) order, as every batch writes them.
 */
export async function insertVotesWithTallies(db: Db, votes: readonly NewVote[]) {
  const statement = preparedSql<{ n: number; up: number; down: number; is_private: boolean; uploader_id: string }>(
    db,
    'crowdmix_votes_new',
    () => sql`
      with input as (
        select * from unnest(
          ${sql.placeholder('userIds')}::text[], ${sql.placeholder('songIds')}::int[], ${sql.placeholder('venueIds')}::int[],
          ${sql.placeholder('voteTypes')}::text[], ${sql.placeholder('slots')}::int[]
        ) with ordinality as i(user_id, song_id, venue_id, vote_type, slot, n)
      ), open_venues as (
        select id from venues where id in (select venue_id from input) and is_active for key share
      ), allowed as (
        select i.*, s.is_private, s.uploader_id
        from input i join songs s on s.id = i.song_id
        where case
          when i.venue_id is null then not s.is_private or s.uploader_id = i.user_id
          else s.venue_id = i.venue_id and not s.is_private
            and exists (select 1 from open_venues o where o.id = i.venue_id)
        end
      ), ins as (
        insert into votes (user_id, song_id, venue_id, vote_type)
        select user_id, song_id, venue_id, vote_type from allowed order by n
        on conflict on constraint votes_user_song_context_key do nothing
        returning user_id, song_id, venue_id
      ), added as (
        select a.* from allowed a
        join ins on ins.user_id = a.user_id and ins.song_id = a.song_id
          and (ins.venue_id = a.venue_id or (ins.venue_id is null and a.venue_id is null))
      ), tally as (
        insert into vote_tallies (song_id, venue_id, slot, up_votes, down_votes)
        select song_id, venue_id, slot, count(*) filter (where vote_type = 'up'), count(*) filter (where vote_type = 'down')
        from added group by song_id, venue_id, slot order by song_id, venue_id, slot
        on conflict on constraint vote_tallies_song_context_slot_key
        do update set up_votes = vote_tallies.up_votes + excluded.up_votes, down_votes = vote_tallies.down_votes + excluded.down_votes, dirty = true
        returning song_id, venue_id, slot, up_votes, down_votes
      ), written as (
        select song_id, venue_id, sum(up_votes)::int as up, sum(down_votes)::int as down, array_agg(slot) as slots
        from tally group by song_id, venue_id
      ), counts as (
        select w.song_id, w.venue_id,
          w.up + coalesce(sum(t.up_votes), 0)::int as up, w.down + coalesce(sum(t.down_votes), 0)::int as down
        from written w left join vote_tallies t on t.song_id = w.song_id
          and (t.venue_id = w.venue_id or (t.venue_id is null and w.venue_id is null)) and t.slot <> all(w.slots)
        group by w.song_id, w.venue_id, w.up, w.down
      )
      select a.n::int as n, c.up, c.down, a.is_private, a.uploader_id
      from added a join counts c on c.song_id = a.song_id
        and (c.venue_id = a.venue_id or (c.venue_id is null and a.venue_id is null))`,
  );
  const rows = await statement.execute({
    userIds: votes.map((v) => v.userId),
    songIds: votes.map((v) => v.songId),
    venueIds: votes.map((v) => v.venueId),
    voteTypes: votes.map((v) => v.voteType),
    slots: votes.map((v) => v.slot),
  });
  const results: ({ counts: { upVotes: number; downVotes: number }; song: VotedSong } | null)[] = votes.map(() => null);
  for (const row of rows)
    results[Number(row.n) - 1] = {
      counts: { upVotes: Number(row.up), downVotes: Number(row.down) },
      song: { isPrivate: row.is_private, uploaderId: row.uploader_id },
    };
  return results;
}

/** Locks and returns the user's vote in this context (null when a concurrent request removed it meanwhile). */
export async function lockVote(tx: DbOrTx, userId: string, songId: number, venueId: number | null) {
  const res = await tx.execute(sql`
    select id, vote_type from votes
    where user_id = ${userId} and song_id = ${songId} and ${contextCondition(sql`venue_id`, venueId)}
    for update`);
  const row = rowsOf<{ id: number; vote_type: VoteType }>(res)[0];
  return row ? { id: Number(row.id), voteType: row.vote_type } : null;
}

export async function deleteVote(tx: DbOrTx, id: number) {
  await tx.execute(sql`delete from votes where id = ${id}`);
}

export async function setVoteType(tx: DbOrTx, id: number, voteType: VoteType) {
  await tx.execute(sql`update votes set vote_type = ${voteType}, created_at = now() where id = ${id}`);
}

/** Adds one to the tally of `type` in the user's slot (creating the slot row when needed). */
export async function incrementTally(tx: DbOrTx, songId: number, venueId: number | null, slot: number, type: VoteType) {
  const up = type === 'up' ? 1 : 0;
  const down = type === 'down' ? 1 : 0;
  await tx.execute(sql`
    insert into vote_tallies (song_id, venue_id, slot, up_votes, down_votes) values (${songId}, ${venueId}, ${slot}, ${up}, ${down})
    on conflict on constraint vote_tallies_song_context_slot_key
    do update set up_votes = vote_tallies.up_votes + excluded.up_votes, down_votes = vote_tallies.down_votes + excluded.down_votes, dirty = true`);
}

/**
 * Takes one from the tally of `type`: from the user's slot when it has some, otherwise from any slot that has
 * (seeded or older votes may sit elsewhere). The outer `> 0` re-check under the row lock keeps it from going
 * negative when another request emptied the slot meanwhile; then we look again.
 */
/** Deletes every vote of a user, returning what each was (to take it off its tally). */
export async function deleteVotesOf(tx: DbOrTx, userId: string) {
  return rowsOf<{ song_id: number; venue_id: number | null; vote_type: VoteType }>(
    await tx.execute(sql`delete from votes where user_id = ${userId} returning song_id, venue_id, vote_type`),
  );
}

export async function decrementTally(tx: DbOrTx, songId: number, venueId: number | null, slot: number, type: VoteType) {
  const col = column(type);
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await tx.execute(sql`
      update vote_tallies set ${col} = ${col} - 1, dirty = true
      where id = (
        select id from vote_tallies
        where song_id = ${songId} and ${contextCondition(sql`venue_id`, venueId)} and ${col} > 0
        order by (slot = ${slot}) desc, slot
        limit 1
      ) and ${col} > 0
      returning id`);
    if (rowsOf(res).length > 0) return;
  }
  throw new Error(`tally for song ${songId} has no ${type} vote to remove`);
}

/** The (song, context) counts: the sum over its tally slots. */
export async function countVotes(db: DbOrTx, songId: number, venueId: number | null) {
  const res = await db.execute(sql`
    select coalesce(sum(up_votes), 0)::int as up, coalesce(sum(down_votes), 0)::int as down
    from vote_tallies where song_id = ${songId} and ${contextCondition(sql`venue_id`, venueId)}`);
  const row = rowsOf<{ up: number; down: number }>(res)[0];
  return { upVotes: Number(row?.up ?? 0), downVotes: Number(row?.down ?? 0) };
}

/** What a vote needs to know about its song. */
export async function findSongForVote(db: DbOrTx, songId: number) {
  const res = await db.execute(sql`select id, is_private, uploader_id, venue_id from songs where id = ${songId}`);
  const row = rowsOf<{ id: number; is_private: boolean; uploader_id: string; venue_id: number | null }>(res)[0];
  return row
    ? {
        id: Number(row.id),
        isPrivate: row.is_private,
        uploaderId: row.uploader_id,
        venueId: row.venue_id === null ? null : Number(row.venue_id),
      }
    : null;
}

/** Whether the venue exists and takes votes: 'missing', 'inactive' or 'active' (a plain read, no lock). */
export async function venueState(db: DbOrTx, venueId: number): Promise<'missing' | 'inactive' | 'active'> {
  const res = await db.execute(sql`select is_active from venues where id = ${venueId}`);
  const row = rowsOf<{ is_active: boolean }>(res)[0];
  return !row ? 'missing' : row.is_active ? 'active' : 'inactive';
}

/**
 * True when the venue is active, holding a key-share lock on its row until the transaction ends. A deactivation
 * locks the row FOR UPDATE first (venues.repository), so it waits for the votes already past this check, and the
 * votes behind it wait and then see the venue closed: no vote in a venue is written after its deactivation.
 */
export async function lockOpenVenue(tx: DbOrTx, venueId: number) {
  const res = await tx.execute(sql`select id from venues where id = ${venueId} and is_active for key share`);
  return rowsOf(res).length > 0;
}

/** Every vote of a user in one context (song id → type): one range read on the (user, song, context) unique index. */
export async function votesOfUser(db: DbOrTx, userId: string, venueId: number | null) {
  const res = await db.execute(sql`
    select song_id, vote_type from votes where user_id = ${userId} and ${contextCondition(sql`venue_id`, venueId)}`);
  const map = new Map<number, VoteType>();
  for (const r of rowsOf<{ song_id: number; vote_type: VoteType }>(res)) map.set(Number(r.song_id), r.vote_type);
  return map;
}

/** The advisory lock key that keeps folds one at a time, across instances ("crowdmix fold" in ASCII, truncated). */
const FOLD_LOCK = 0x636d66;
/** Dirty slot rows one fold takes at most (the next fold, or the caller's loop, takes the rest). */
export const FOLD_BATCH = 5_000;

/**
 * Folds the dirty tally slots into vote_totals (ADR 029) and returns how many slot rows it cleared (0 when
 * another fold holds the lock). One transaction, two statements: the first clears the dirty flags under the slot
 * rows' locks (skipping rows a vote holds right now: they stay dirty for the next fold); the second, whose snapshot
 * is taken after the first has its locks, sums every slot of those (song, context) pairs, so it sees every vote
 * whose flag it cleared. A vote committed later sets its flag again. The songs' rows are held (key share) from the
 * first statement on, and a song whose row another transaction holds is skipped: its deletion locks the song, then
 * its slots, while the fold holding those slots would wait on the song for the totals' foreign key (a deadlock). Folds run one at a time (an advisory lock): two
 * at once could write older sums over newer ones. Readers that see a slot clean therefore see totals that include
 * it; readers that must be exact add the sums of the pairs with a dirty slot (mixes.repository loadTopVoted).
 */
export async function foldTallies(db: Db, batch = FOLD_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const lock = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok`));
    if (!lock[0]?.ok) return 0;
    const cleared = rowsOf<{ song_id: number; venue_id: number | null }>(
      await tx.execute(sql`
        update vote_tallies set dirty = false
        where id in (
          select t.id from vote_tallies t join songs s on s.id = t.song_id where t.dirty limit ${batch}
          for update of t skip locked for key share of s skip locked)
        returning song_id, venue_id`),
    );
    if (!cleared.length) return 0;
    const pairs = new Map<string, { s: number; v: number | null }>();
    for (const r of cleared) {
      const v = r.venue_id === null ? null : Number(r.venue_id);
      pairs.set(`${r.song_id}:${v}`, { s: Number(r.song_id), v });
    }
    await tx.execute(sql`
      insert into vote_totals (song_id, venue_id, up_votes, down_votes, created_ms)
      select t.song_id, t.venue_id, sum(t.up_votes)::int, sum(t.down_votes)::int,
             floor(extract(epoch from s.created_at) * 1000)::float8
      from jsonb_to_recordset(${JSON.stringify([...pairs.values()])}::jsonb) as p(s int, v int)
      join vote_tallies t on t.song_id = p.s and t.venue_id is not distinct from p.v
      join songs s on s.id = p.s
      group by t.song_id, t.venue_id, s.created_at
      on conflict on constraint vote_totals_song_context_key
      do update set up_votes = excluded.up_votes, down_votes = excluded.down_votes`);
    return cleared.length;
  });
}

/** Locks a song's vote rows, then its tally slots (each in id order), inside the caller's transaction. */
export async function lockSongVotes(tx: DbOrTx, songId: number) {
  await tx.execute(sql`select 1 from votes where song_id = ${songId} order by id for update`);
  await tx.execute(sql`select 1 from vote_tallies where song_id = ${songId} order by id for update`);
}
