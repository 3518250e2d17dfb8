/**
 * Deleting an account, in one transaction that leaves nothing dangling:
 * - votes go with their tallies (each vote taken off a slot of its (song, context) tally), playlist votes with the
 *   counters of their playlist songs;
 * - private messages (sent and received) and private songs are deleted; public songs and chat messages are kept
 *   under "Former member" or deleted, as the person chose;
 * - playlists they belong to are handed over: when they were an admin and no other admin remains, the
 *   longest-standing remaining member (moderators first) becomes admin; a playlist left with no member closes.
 *   Playlists they created name "Former member" as creator, and so do songs they proposed to playlists;
 * - their venues close (deactivated, owned by "Former member"); other people's songs in them stay;
 * - then the user row goes, and with it (cascades) sessions, sign-in identities, reset links, blocks, mutes,
 *   notices, presence and DJ Verse history. Reports they made or that name them, and the audit log, keep the
 *   record with the person's id emptied.
 * After commit every instance hears what changed: the mixes reload, rooms drop removed messages.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import {
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  FORMER_MEMBER_ID,
  messages,
  mixes,
  songs,
  users,
  venues,
} from '../../db/schema';
import { pgCode } from '../../lib/http-errors';
import { withdrawAllVotes } from '../votes/votes.service';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;

export interface DeletionOutcome {
  /** Contexts whose mix changed (null: the global mix). */
  mixContexts: Set<number | null>;
  /** Songs whose catalogue entry changed (deleted, or handed over), public ones only: their venues. */
  publicSongsChanged: boolean;
  playlists: Set<number>;
  venuesChanged: boolean;
  removedChat: Array<{ room: string; messageId: number }>;
}

/** Takes the user's votes off their tallies, then deletes them. */
async function removeVotes(tx: Tx, userId: string, out: DeletionOutcome) {
  for (const venueId of await withdrawAllVotes(tx, userId)) out.mixContexts.add(venueId);
}

/** Takes the user's playlist votes off their playlist songs' counters, then deletes them. */
async function removePlaylistVotes(tx: Tx, userId: string, out: DeletionOutcome) {
  const changed = rowsOf<{ playlist_id: number }>(
    await tx.execute(sql`
      with gone as (
        delete from community_playlist_votes where user_id = ${userId} returning playlist_song_id, vote_type
      ), per_song as (
        select playlist_song_id,
               count(*) filter (where vote_type = 'up')::int as up,
               count(*) filter (where vote_type = 'down')::int as down
        from gone group by playlist_song_id
      )
      update community_playlist_songs s
      set up_votes = s.up_votes - p.up, down_votes = s.down_votes - p.down, net_votes = s.net_votes - p.up + p.down
      from per_song p where s.id = p.playlist_song_id
      returning s.playlist_id`),
  );
  for (const r of changed) out.playlists.add(Number(r.playlist_id));
}

/**
 * Takes the user's Venue Live votes off their entries' net counts, then deletes them (skip votes and presence go
 * with the user row). Waiting songs then rank as if the person had never voted.
 */
async function removeLiveVotes(tx: Tx, userId: string) {
  await tx.execute(sql`
    with gone as (
      delete from live_votes where user_id = ${userId} returning entry_id, value
    ), per_entry as (
      select entry_id, sum(value)::int as net from gone group by entry_id
    )
    update live_entries e set net_votes = e.net_votes - p.net
    from per_entry p where e.id = p.entry_id`);
}

/** Leaves every playlist, handing admin rights on where the user was the last admin; closes emptied playlists. */
async function leavePlaylists(tx: Tx, userId: string, out: DeletionOutcome) {
  const memberships = await tx
    .select()
    .from(communityPlaylistMembers)
    .where(eq(communityPlaylistMembers.userId, userId));
  for (const m of memberships) {
    out.playlists.add(m.playlistId);
    await tx.delete(communityPlaylistMembers).where(eq(communityPlaylistMembers.id, m.id));
    const others = await tx
      .select()
      .from(communityPlaylistMembers)
      .where(eq(communityPlaylistMembers.playlistId, m.playlistId))
      .orderBy(
        sql`case ${communityPlaylistMembers.role} when 'admin' then 0 when 'moderator' then 1 else 2 end`,
        communityPlaylistMembers.joinedAt,
        communityPlaylistMembers.id,
      )
      .for('update');
    if (!others.length) {
      await tx
        .update(communityPlaylists)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(communityPlaylists.id, m.playlistId));
    } else if (others[0].role !== 'admin') {
      await tx
        .update(communityPlaylistMembers)
        .set({ role: 'admin', canVote: true, canPropose: true, canModerate: true })
        .where(eq(communityPlaylistMembers.id, others[0].id));
    }
  }
  // Playlists they created but had left: the creator is now the former member; with no members they close.
  const created = await tx
    .update(communityPlaylists)
    .set({ creatorId: FORMER_MEMBER_ID })
    .where(eq(communityPlaylists.creatorId, userId))
    .returning({ id: communityPlaylists.id });
  for (const p of created) {
    out.playlists.add(p.id);
    const [left] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from community_playlist_members where playlist_id = ${p.id}`),
    );
    if (Number(left?.n ?? 0) === 0)
      await tx.update(communityPlaylists).set({ isActive: false }).where(eq(communityPlaylists.id, p.id));
  }
  const proposed = await tx
    .update(communityPlaylistSongs)
    .set({ proposedById: FORMER_MEMBER_ID })
    .where(eq(communityPlaylistSongs.proposedById, userId))
    .returning({ playlistId: communityPlaylistSongs.playlistId });
  for (const p of proposed) out.playlists.add(p.playlistId);
}

async function handleSongs(tx: Tx, userId: string, keepPublic: boolean, out: DeletionOutcome) {
  // Private songs always go (their votes, tallies, files and playlist entries cascade).
  await tx.delete(songs).where(and(eq(songs.uploaderId, userId), eq(songs.isPrivate, true)));
  const publicSongs = keepPublic
    ? await tx
        .update(songs)
        .set({ uploaderId: FORMER_MEMBER_ID })
        .where(eq(songs.uploaderId, userId))
        .returning({ id: songs.id, venueId: songs.venueId })
    : await tx.delete(songs).where(eq(songs.uploaderId, userId)).returning({ id: songs.id, venueId: songs.venueId });
  for (const s of publicSongs) {
    out.publicSongsChanged = true;
    out.mixContexts.add(null);
    if (s.venueId !== null) out.mixContexts.add(s.venueId);
  }
  if (!keepPublic && publicSongs.length) for (const p of await playlistsAffected(tx)) out.playlists.add(p);
}

/** Playlists are refreshed wholesale when songs they may hold were deleted (cheap: one event per playlist room). */
async function playlistsAffected(tx: DbOrTx) {
  const rows = await tx
    .select({ id: communityPlaylists.id })
    .from(communityPlaylists)
    .where(eq(communityPlaylists.isActive, true));
  return rows.map((r) => r.id);
}

async function handleMessages(tx: Tx, userId: string, keepPublic: boolean, out: DeletionOutcome) {
  await tx
    .delete(messages)
    .where(
      and(eq(messages.messageType, 'private'), or(eq(messages.senderId, userId), eq(messages.receiverId, userId))),
    );
  if (keepPublic) {
    await tx.update(messages).set({ senderId: FORMER_MEMBER_ID }).where(eq(messages.senderId, userId));
    return;
  }
  const removed = await tx
    .delete(messages)
    .where(and(eq(messages.senderId, userId), ne(messages.messageType, 'private')))
    .returning({ id: messages.id, type: messages.messageType, venueId: messages.venueId });
  for (const m of removed)
    out.removedChat.push({ room: m.type === 'global' ? 'global' : `venue:${m.venueId}`, messageId: m.id });
}

async function closeVenues(tx: Tx, userId: string, out: DeletionOutcome) {
  const closed = await tx
    .update(venues)
    .set({ ownerId: FORMER_MEMBER_ID, isActive: false })
    .where(eq(venues.ownerId, userId))
    .returning({ id: venues.id });
  if (!closed.length) return;
  out.venuesChanged = true;
  await tx
    .update(mixes)
    .set({ isActive: false })
    .where(
      inArray(
        mixes.venueId,
        closed.map((v) => v.id),
      ),
    );
}

/** Deletes the account and what belongs to it (see the module comment); retried on a deadlock with a voter. */
export async function deleteAccountData(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  publicContent: 'keep' | 'delete',
): Promise<DeletionOutcome> {
  for (let attempt = 0; ; attempt++) {
    const out: DeletionOutcome = {
      mixContexts: new Set(),
      publicSongsChanged: false,
      playlists: new Set(),
      venuesChanged: false,
      removedChat: [],
    };
    try {
      await deps.db.transaction(async (tx) => {
        // The user row's lock keeps a concurrent deletion (another tab) out.
        const [me] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!me) return;
        await removeVotes(tx, userId, out);
        await removePlaylistVotes(tx, userId, out);
        await removeLiveVotes(tx, userId);
        await leavePlaylists(tx, userId, out);
        await handleSongs(tx, userId, publicContent === 'keep', out);
        await handleMessages(tx, userId, publicContent === 'keep', out);
        await closeVenues(tx, userId, out);
        await tx.delete(users).where(eq(users.id, userId));
      });
      return out;
    } catch (err) {
      const code = pgCode(err);
      if (attempt >= 5 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}
