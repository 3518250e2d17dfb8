/**
 * Safety for members: blocking people, reporting what is wrong, and the notices that tell a person what
 * happened (a report handled, a mute). A report never names its reporter to the person reported.
 */
import type { Block, CreateReportInput, Notifications } from '../../../shared/schemas/safety';
import type { AppDeps } from '../../deps';
import type { Db, DbOrTx } from '../../db/client';
import { FORMER_MEMBER_ID } from '../../db/schema';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';
import { displayName, presentPublicUser } from '../users/users.presenter';
import { findUserRow } from './roles';
import * as repo from './safety.repository';

type Deps = Pick<AppDeps, 'db' | 'hub' | 'limiter'>;

export const SAFETY_MESSAGES = {
  userNotFound: 'That user does not exist',
  blockSelf: 'You cannot block yourself',
  blockedByThem: 'This person is not accepting messages from you',
  blockedByYou: 'You blocked this person. Unblock them to send a message.',
  reportOwn: 'You cannot report your own',
  alreadyReported: 'You already reported this. A moderator will look at it.',
} as const;

/** Tells a person something, in their notices, and their open tabs to refetch them. */
export async function notify(deps: Pick<AppDeps, 'db' | 'hub'>, userId: string, body: string, tx?: DbOrTx) {
  if (userId === FORMER_MEMBER_ID) return;
  await repo.insertNotification(tx ?? deps.db, userId, body);
  if (!tx) await deps.hub.publish({ type: 'notification' }, { kind: 'users', userIds: [userId] });
}

// ── Blocks ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function block(deps: Deps, blockerId: string, blockedId: string): Promise<Block> {
  if (blockerId === blockedId) throw badRequest(SAFETY_MESSAGES.blockSelf, 'userId');
  const target = await findUserRow(deps.db, blockedId);
  if (!target) throw notFound(SAFETY_MESSAGES.userNotFound);
  deps.limiter.hit(RATE_RULES.blocks, blockerId);
  await repo.insertBlock(deps.db, blockerId, blockedId);
  // Both see presence and conversations change: the blocked person no longer sees the blocker online.
  await deps.hub.publish({ type: 'blocks_changed' }, { kind: 'users', userIds: [blockerId, blockedId] });
  const row = (await repo.listBlocks(deps.db, blockerId)).find((b) => b.user.id === blockedId)!;
  return { user: presentPublicUser(row.user), createdAt: row.createdAt.toISOString() };
}

export async function unblock(deps: Deps, blockerId: string, blockedId: string): Promise<void> {
  if (await repo.deleteBlock(deps.db, blockerId, blockedId))
    await deps.hub.publish({ type: 'blocks_changed' }, { kind: 'users', userIds: [blockerId, blockedId] });
}

export async function listBlocks(db: Db, blockerId: string): Promise<Block[]> {
  return (await repo.listBlocks(db, blockerId)).map((b) => ({
    user: presentPublicUser(b.user),
    createdAt: b.createdAt.toISOString(),
  }));
}

/**
 * Refuses a private message that a block forbids (either way), or one to the former-member account. Called by
 * the messages service before it writes anything.
 */
export async function assertMayMessage(db: DbOrTx, senderId: string, receiverId: string): Promise<void> {
  if (receiverId === FORMER_MEMBER_ID) throw notFound(SAFETY_MESSAGES.userNotFound);
  for (const b of await repo.blocksBetween(db, senderId, receiverId)) {
    if (b.blockerId === receiverId) throw forbidden(SAFETY_MESSAGES.blockedByThem);
    throw forbidden(SAFETY_MESSAGES.blockedByYou);
  }
}

/** Leaves out of a list of people those who have blocked the viewer (they do not see the blocker's presence). */
export async function withoutBlockers<T extends { id: string }>(db: DbOrTx, viewerId: string, list: T[]): Promise<T[]> {
  if (!list.length) return list;
  const blockers = await repo.blockersOf(db, viewerId);
  return blockers.size ? list.filter((u) => !blockers.has(u.id)) : list;
}

// ── Reports ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface ReportTarget {
  summary: string;
  authorId: string | null;
  /** For messages: the chat room, when it is one (removal is announced there). */
  room?: string | null;
}

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const numericId = (id: string) => (/^\d{1,10}$/.test(id) ? Number(id) : null);

/**
 * What a report is about, as the reporter may see it: a private song, a private message between others, a private
 * playlist they are not in, all look like things that do not exist (404). Null when the item is gone.
 */
export async function resolveTarget(
  db: DbOrTx,
  type: CreateReportInput['targetType'],
  targetId: string,
  viewerId: string | null,
): Promise<ReportTarget | null> {
  const n = numericId(targetId);
  switch (type) {
    case 'song': {
      const song = n ? await repo.findSong(db, n) : null;
      if (!song || (viewerId && song.isPrivate && song.uploaderId !== viewerId)) return null;
      return { summary: clip(`${song.title} — ${song.artist}`), authorId: song.uploaderId };
    }
    case 'message': {
      const m = n ? await repo.findMessage(db, n) : null;
      if (!m) return null;
      if (viewerId && m.messageType === 'private' && m.senderId !== viewerId && m.receiverId !== viewerId) return null;
      const room = m.messageType === 'global' ? 'global' : m.messageType === 'venue' ? `venue:${m.venueId}` : null;
      return { summary: clip(m.content), authorId: m.senderId, room };
    }
    case 'playlist': {
      const p = n ? await repo.findPlaylist(db, n) : null;
      if (!p) return null;
      if (viewerId && !p.isPublic && !(await repo.isPlaylistMember(db, p.id, viewerId))) return null;
      return { summary: clip(p.name), authorId: p.creatorId };
    }
    case 'venue': {
      const v = n ? await repo.findVenue(db, n) : null;
      return v ? { summary: clip(v.name), authorId: v.ownerId } : null;
    }
    case 'user': {
      const u = await findUserRow(db, targetId);
      return u ? { summary: clip(displayName(u) ?? 'A member'), authorId: u.id } : null;
    }
  }
}

const OWN: Record<CreateReportInput['targetType'], string> = {
  song: 'song',
  message: 'message',
  playlist: 'playlist',
  venue: 'venue',
  user: 'account',
};

/** Files a report: one open report per reporter and item, 10 an hour. */
export async function createReport(deps: Deps, reporterId: string, input: CreateReportInput) {
  const target = await resolveTarget(deps.db, input.targetType, input.targetId, reporterId);
  if (!target) throw notFound(`That ${input.targetType === 'user' ? 'person' : input.targetType} does not exist`);
  if (target.authorId === reporterId) throw badRequest(`${SAFETY_MESSAGES.reportOwn} ${OWN[input.targetType]}`);
  deps.limiter.hit(RATE_RULES.reports, reporterId);
  try {
    const row = await repo.insertReport(deps.db, {
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: target.authorId === FORMER_MEMBER_ID ? null : target.authorId,
      targetSummary: target.summary,
      reason: input.reason,
      details: input.details || null,
    });
    return {
      id: row.id,
      targetType: input.targetType,
      targetId: row.targetId,
      reason: input.reason,
      status: 'open' as const,
      createdAt: row.createdAt.toISOString(),
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SAFETY_MESSAGES.alreadyReported);
    throw err;
  }
}

// ── Notices ─────────────────────────────────────────────────────────────────────────────────────────────────

export async function listNotifications(db: Db, userId: string): Promise<Notifications> {
  const [items, unread] = await Promise.all([
    repo.listNotifications(db, userId, 50),
    repo.countUnreadNotifications(db, userId),
  ]);
  return {
    unread,
    items: items.map((n) => ({
      id: n.id,
      body: n.body,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

export async function markNotificationsRead(deps: Pick<AppDeps, 'db' | 'hub'>, userId: string) {
  const updated = await repo.markNotificationsRead(deps.db, userId);
  if (updated) await deps.hub.publish({ type: 'notification' }, { kind: 'users', userIds: [userId] });
  return updated;
}
