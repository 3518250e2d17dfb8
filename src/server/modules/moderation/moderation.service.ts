/**
 * Moderation: administrators work the report queue (dismiss; hide or remove the item; suspend its author;
 * restore), and venue owners keep their venue's chat civil (delete a message, mute a person for a while).
 * Every action is written to the audit log with who, what, when and why. Changes are announced after they commit,
 * with the same events the rest of the app uses, so every instance's caches (mixes, chat) follow at once.
 */
import type { ResolveReportInput } from '../../../shared/schemas/safety';
import { SUSPEND_DURATIONS } from '../../../shared/schemas/safety';
import type { AdminReport, AuditEntry, ReportTargetType } from '../../../shared/schemas/safety';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';
import { displayName } from '../users/users.presenter';
import { FOREVER, findUserRow, isAdminRow, isForever, requireAdmin } from '../safety/roles';
import { notify, resolveTarget, type ReportTarget } from '../safety/safety.service';
import { lockVotesBeforeSongDeletion } from '../votes/votes.service';
import * as repo from './moderation.repository';

type Deps = Pick<AppDeps, 'db' | 'hub' | 'config' | 'sessions' | 'limiter'>;
type Duration = (typeof SUSPEND_DURATIONS)[number];

const DAY = 86_400_000;
const DURATION_MS: Record<Exclude<Duration, 'forever'>, number> = { '1d': DAY, '7d': 7 * DAY, '30d': 30 * DAY };
const untilFor = (d: Duration) => (d === 'forever' ? FOREVER : new Date(Date.now() + DURATION_MS[d]));
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const nameOf = (u: { firstName: string | null; lastName: string | null } | undefined | null) =>
  u ? displayName(u) : null;

const OUTCOME: Record<ResolveReportInput['action'], string> = {
  dismiss: 'A moderator looked at it and found no rule broken.',
  hide: 'A moderator hid it.',
  remove: 'A moderator removed it.',
  suspend: 'A moderator suspended the person responsible.',
};

// ── Applying actions to items ───────────────────────────────────────────────────────────────────────────────

/** Announcements to make once the change has committed. */
type After = Array<() => Promise<void>>;

async function hideItem(deps: Deps, type: ReportTargetType, id: string, hidden: boolean, after: After) {
  const n = Number(id);
  if (type === 'song') {
    const song = await repo.setSongPrivate(deps.db, n, hidden);
    if (!song) throw conflict('The item no longer exists');
    // A hidden song is private to its uploader: gone from every mix, list and search at once, on every instance.
    after.push(() => deps.hub.publish({ type: 'songs_changed', venueId: song.venueId }, { kind: 'all' }));
  } else if (type === 'playlist') {
    const p = await repo.setPlaylistActive(deps.db, n, !hidden);
    if (!p) throw conflict('The item no longer exists');
    after.push(async () => {
      await deps.hub.publish(
        { type: 'playlist_changed', playlistId: p.id },
        { kind: 'room', room: `playlist:${p.id}` },
      );
      await deps.hub.publish({ type: 'playlists_changed' }, { kind: 'all' });
    });
  } else if (type === 'venue') {
    const v = await repo.setVenueActive(deps.db, n, !hidden);
    if (!v) throw conflict('The item no longer exists');
    after.push(() => deps.hub.publish({ type: 'venues_changed' }, { kind: 'all' }));
  } else {
    throw badRequest(
      type === 'user' ? 'Suspend a person instead of hiding them' : 'Messages can be removed, not hidden',
    );
  }
}

async function removeItem(deps: Deps, type: ReportTargetType, id: string, target: ReportTarget, after: After) {
  const n = Number(id);
  if (type === 'song') {
    const song = await deps.db.transaction(async (tx) => {
      await lockVotesBeforeSongDeletion(tx, n);
      return repo.deleteSong(tx, n);
    });
    if (!song) throw conflict('The item no longer exists');
    // Its votes, tallies, file and playlist entries go with it (foreign keys cascade).
    after.push(async () => {
      await deps.hub.publish({ type: 'songs_changed', venueId: song.venueId }, { kind: 'all' });
      await deps.hub.publish({ type: 'playlists_changed' }, { kind: 'all' });
    });
  } else if (type === 'message') {
    const m = await repo.deleteMessage(deps.db, n);
    if (!m) throw conflict('The item no longer exists');
    if (target.room) {
      const room = target.room;
      after.push(() =>
        deps.hub.publish({ type: 'chat_message_removed', room, messageId: m.id }, { kind: 'room', room }),
      );
    }
  } else if (type === 'playlist') {
    if (!(await repo.deletePlaylist(deps.db, n))) throw conflict('The item no longer exists');
    after.push(() => deps.hub.publish({ type: 'playlists_changed' }, { kind: 'all' }));
  } else if (type === 'venue') {
    const v = await repo.deleteVenue(deps.db, n);
    if (!v) throw conflict('The item no longer exists');
    after.push(async () => {
      await deps.hub.publish({ type: 'venues_changed' }, { kind: 'all' });
      await deps.hub.publish({ type: 'songs_changed', venueId: v.id }, { kind: 'all' });
    });
  } else {
    throw badRequest('Suspend a person instead of removing them');
  }
}

/** Suspends an account: it cannot sign in, and every session and socket it has ends now, on every instance. */
async function suspend(
  deps: Deps,
  actorId: string,
  userId: string,
  duration: Duration,
  reason: string,
  reportId?: number,
) {
  if (userId === actorId) throw badRequest('You cannot suspend yourself');
  const row = await findUserRow(deps.db, userId);
  if (!row) throw notFound('That person does not exist');
  if (isAdminRow(deps.config, row)) throw forbidden('Administrators cannot be suspended; revoke their role first');
  const until = untilFor(duration);
  await repo.setSuspension(deps.db, userId, until, reason);
  await deps.sessions.destroyAllForUser(userId);
  await repo.insertLog(deps.db, {
    actorId,
    action: 'suspend',
    targetType: 'user',
    targetId: userId,
    targetSummary: displayName(row) ?? 'A member',
    targetUserId: userId,
    reportId,
    reason,
    until,
  });
  return until;
}

// ── Administrators ──────────────────────────────────────────────────────────────────────────────────────────

/** The report queue (open, oldest first) or the handled reports (newest first), each with its context. */
export async function listReports(deps: Deps, adminId: string, status: 'open' | 'closed'): Promise<AdminReport[]> {
  await requireAdmin(deps, adminId);
  const rows = await repo.listReports(deps.db, status, 100);
  const related = await Promise.all(rows.map((r) => repo.relatedReports(deps.db, r)));
  const people = await repo.usersByIds(deps.db, [
    ...new Set(rows.flatMap((r) => [r.reporterId, r.targetUserId]).filter((x): x is string => Boolean(x))),
  ]);
  const states = await Promise.all(rows.map((r) => targetState(deps.db, r.targetType, r.targetId)));
  return rows.map((r, i) => {
    const author = r.targetUserId ? people.get(r.targetUserId) : undefined;
    const reporter = r.reporterId ? people.get(r.reporterId) : undefined;
    return {
      id: r.id,
      targetType: r.targetType,
      targetId: r.targetId,
      targetSummary: r.targetSummary,
      targetState: states[i],
      reason: r.reason,
      details: r.details,
      status: r.status,
      resolution: r.resolution,
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
      reporter: reporter ? { id: reporter.id, name: nameOf(reporter) } : null,
      author: author
        ? {
            id: author.id,
            name: nameOf(author),
            suspendedUntil:
              author.suspendedUntil && author.suspendedUntil.getTime() > Date.now()
                ? author.suspendedUntil.toISOString()
                : null,
          }
        : null,
      earlier: related[i].slice(0, 5).map((e) => ({
        id: e.id,
        targetType: e.targetType,
        targetSummary: e.targetSummary,
        reason: e.reason,
        status: e.status,
        createdAt: e.createdAt.toISOString(),
      })),
      earlierCount: related[i].length,
    };
  });
}

async function targetState(db: DbOrTx, type: ReportTargetType, id: string): Promise<'visible' | 'hidden' | 'gone'> {
  const n = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  switch (type) {
    case 'song': {
      const s = n ? await repo.findSong(db, n) : null;
      return !s ? 'gone' : s.isPrivate ? 'hidden' : 'visible';
    }
    case 'message':
      return n && (await repo.findMessage(db, n)) ? 'visible' : 'gone';
    case 'playlist': {
      const p = n ? await repo.findPlaylist(db, n) : null;
      return !p ? 'gone' : p.isActive ? 'visible' : 'hidden';
    }
    case 'venue': {
      const v = n ? await repo.findVenue(db, n) : null;
      return !v ? 'gone' : v.isActive ? 'visible' : 'hidden';
    }
    case 'user': {
      const u = await findUserRow(db, id);
      return !u ? 'gone' : u.suspendedUntil && u.suspendedUntil.getTime() > Date.now() ? 'hidden' : 'visible';
    }
  }
}

/** Handles a report: dismiss it, or act on its item (hide, remove) or its author (suspend); reporters are told. */
export async function resolveReport(deps: Deps, adminId: string, reportId: number, input: ResolveReportInput) {
  await requireAdmin(deps, adminId);
  const report = await repo.findReport(deps.db, reportId);
  if (!report) throw notFound('Report not found');
  if (report.status !== 'open') throw conflict('This report was already handled');
  const type = report.targetType;
  const after: After = [];
  const target = await resolveTarget(deps.db, type, report.targetId, null);
  const summary = target?.summary ?? report.targetSummary;

  if (input.action === 'hide' || input.action === 'remove') {
    if (!target) throw conflict('The item no longer exists; dismiss the report instead');
    if (input.action === 'hide') await hideItem(deps, type, report.targetId, true, after);
    else await removeItem(deps, type, report.targetId, target, after);
    await repo.insertLog(deps.db, {
      actorId: adminId,
      action: input.action,
      targetType: type,
      targetId: report.targetId,
      targetSummary: summary,
      targetUserId: report.targetUserId,
      reportId,
      reason: input.reason,
    });
    if (report.targetUserId && report.targetUserId !== adminId)
      await notify(
        deps,
        report.targetUserId,
        `Your ${type} "${summary}" was ${input.action === 'hide' ? 'hidden' : 'removed'} by a moderator. Reason: ${input.reason}`,
      );
  } else if (input.action === 'suspend') {
    if (!input.duration) throw badRequest('Choose how long the suspension lasts', 'duration');
    if (!report.targetUserId) throw conflict('This report names no author to suspend');
    await suspend(deps, adminId, report.targetUserId, input.duration, input.reason, reportId);
  } else {
    await repo.insertLog(deps.db, {
      actorId: adminId,
      action: 'dismiss',
      targetType: type,
      targetId: report.targetId,
      targetSummary: summary,
      targetUserId: report.targetUserId,
      reportId,
      reason: input.reason,
    });
  }

  // A dismissal closes this report; an action closes every open report about the item.
  const values = {
    status: input.action === 'dismiss' ? ('dismissed' as const) : ('actioned' as const),
    resolution: input.action,
    handledById: adminId,
  };
  const closed =
    input.action === 'dismiss'
      ? [await repo.closeReport(deps.db, reportId, values)].filter((r) => r !== null)
      : await repo.closeOpenReports(deps.db, type, report.targetId, values);
  for (const fn of after) await fn();
  for (const r of closed)
    if (r.reporterId)
      await notify(deps, r.reporterId, `Thanks for your report about "${r.targetSummary}". ${OUTCOME[input.action]}`);
}

/** Suspends a person directly (from the queue's context or the audit log). */
export async function suspendUser(
  deps: Deps,
  adminId: string,
  userId: string,
  input: { duration: Duration; reason: string },
) {
  await requireAdmin(deps, adminId);
  const until = await suspend(deps, adminId, userId, input.duration, input.reason);
  return { suspendedUntil: isForever(until) ? null : until.toISOString() };
}

/** Undoes a hide (the item shows again) or a suspension (the person may sign in again). */
export async function restore(
  deps: Deps,
  adminId: string,
  input: { targetType: 'song' | 'playlist' | 'venue' | 'user'; targetId: string; reason: string },
) {
  await requireAdmin(deps, adminId);
  const after: After = [];
  let summary: string;
  if (input.targetType === 'user') {
    const row = await findUserRow(deps.db, input.targetId);
    if (!row) throw notFound('That person does not exist');
    if (!row.suspendedUntil || row.suspendedUntil.getTime() <= Date.now())
      throw conflict('Nothing to restore: this person is not suspended');
    await repo.setSuspension(deps.db, row.id, null, null);
    summary = displayName(row) ?? 'A member';
    await notify(deps, row.id, 'Your account was restored by a moderator. Welcome back.');
  } else {
    const last = await repo.lastLogFor(deps.db, input.targetType, input.targetId);
    if (last?.action !== 'hide') throw conflict('Nothing to restore: this item is not hidden');
    await hideItem(deps, input.targetType, input.targetId, false, after);
    summary = last.targetSummary;
  }
  await repo.insertLog(deps.db, {
    actorId: adminId,
    action: 'restore',
    targetType: input.targetType,
    targetId: input.targetId,
    targetSummary: summary,
    targetUserId: input.targetType === 'user' ? input.targetId : null,
    reason: input.reason,
  });
  for (const fn of after) await fn();
}

/** The audit log, newest first, with what can still be restored. */
export async function auditLog(deps: Deps, adminId: string): Promise<AuditEntry[]> {
  await requireAdmin(deps, adminId);
  const rows = await repo.listLog(deps.db, 200);
  const people = await repo.usersByIds(deps.db, [
    ...new Set(rows.flatMap((r) => [r.actorId, r.targetUserId]).filter((x): x is string => Boolean(x))),
  ]);
  const seen = new Set<string>();
  return rows.map((r) => {
    const key = `${r.targetType}:${r.targetId}`;
    const newest = ['hide', 'restore', 'suspend', 'remove'].includes(r.action) && !seen.has(key);
    if (newest) seen.add(key);
    const user = r.targetType === 'user' ? people.get(r.targetId) : undefined;
    const restorable =
      newest &&
      (r.action === 'hide' ||
        (r.action === 'suspend' && Boolean(user?.suspendedUntil && user.suspendedUntil.getTime() > Date.now())));
    const actor = r.actorId ? people.get(r.actorId) : undefined;
    return {
      id: r.id,
      actor: r.actorId ? { id: r.actorId, name: nameOf(actor) } : null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetSummary: r.targetSummary,
      reason: r.reason,
      until: r.until ? (isForever(r.until) ? null : r.until.toISOString()) : null,
      reportId: r.reportId,
      createdAt: r.createdAt.toISOString(),
      restorable,
    };
  });
}

// ── Venue owners ────────────────────────────────────────────────────────────────────────────────────────────

/** The venue, if the caller owns it or is an administrator. */
async function moderatedVenue(deps: Deps, userId: string, venueId: number) {
  const venue = await repo.findVenue(deps.db, venueId);
  if (!venue) throw notFound('Venue not found');
  if (venue.ownerId !== userId && !(await findUserRow(deps.db, userId).then((u) => u && isAdminRow(deps.config, u))))
    throw forbidden("Only the venue's owner can moderate its chat");
  return venue;
}

/** The owner removes a message from their venue's chat; everyone in the room sees it go. */
export async function deleteVenueMessage(deps: Deps, actorId: string, venueId: number, messageId: number) {
  const venue = await moderatedVenue(deps, actorId, venueId);
  const m = await repo.findMessage(deps.db, messageId);
  if (!m || m.messageType !== 'venue' || m.venueId !== venueId) throw notFound('Message not found in this venue');
  await repo.deleteMessage(deps.db, messageId);
  await repo.insertLog(deps.db, {
    actorId,
    action: 'delete_message',
    targetType: 'message',
    targetId: String(messageId),
    targetSummary: m.content.slice(0, 200),
    targetUserId: m.senderId,
    reason: `Removed from the chat of ${venue.name}`,
  });
  const room = `venue:${venueId}`;
  await deps.hub.publish({ type: 'chat_message_removed', room, messageId }, { kind: 'room', room });
}

/** Mutes a person in the venue's chat for 10 minutes, an hour or a day; they are told until when. */
export async function mute(deps: Deps, actorId: string, venueId: number, input: { userId: string; minutes: number }) {
  const venue = await moderatedVenue(deps, actorId, venueId);
  if (input.userId === actorId) throw badRequest('You cannot mute yourself', 'userId');
  if (input.userId === venue.ownerId) throw badRequest("The venue's owner cannot be muted", 'userId');
  const target = await findUserRow(deps.db, input.userId);
  if (!target) throw notFound('That person does not exist');
  deps.limiter.hit(RATE_RULES.mutes, actorId);
  const until = new Date(Date.now() + input.minutes * 60_000);
  await repo.upsertMute(deps.db, { venueId, userId: input.userId, until, createdById: actorId });
  await repo.insertLog(deps.db, {
    actorId,
    action: 'mute',
    targetType: 'user',
    targetId: input.userId,
    targetSummary: displayName(target) ?? 'A member',
    targetUserId: input.userId,
    reason: `Muted in the chat of ${venue.name}`,
    until,
  });
  await notify(deps, input.userId, `You are muted in the chat of "${venue.name}" until ${utc(until)}.`);
  await deps.hub.publish(
    { type: 'venue_mute', venueId, until: until.toISOString() },
    { kind: 'users', userIds: [input.userId] },
  );
  return { userId: input.userId, name: displayName(target), until: until.toISOString() };
}

export async function unmute(deps: Deps, actorId: string, venueId: number, userId: string) {
  const venue = await moderatedVenue(deps, actorId, venueId);
  if (!(await repo.deleteMute(deps.db, venueId, userId))) return;
  const target = await findUserRow(deps.db, userId);
  await repo.insertLog(deps.db, {
    actorId,
    action: 'unmute',
    targetType: 'user',
    targetId: userId,
    targetSummary: (target && displayName(target)) ?? 'A member',
    targetUserId: target ? userId : null,
    reason: `Unmuted in the chat of ${venue.name}`,
  });
  await deps.hub.publish({ type: 'venue_mute', venueId, until: null }, { kind: 'users', userIds: [userId] });
}

export async function listMutes(deps: Deps, actorId: string, venueId: number) {
  await moderatedVenue(deps, actorId, venueId);
  return (await repo.listMutes(deps.db, venueId)).map((m) => ({
    userId: m.userId,
    name: displayName(m),
    until: m.until.toISOString(),
  }));
}

/** Until when the caller is muted in a venue's chat (null: not muted). */
export async function myMute(deps: Pick<AppDeps, 'db'>, userId: string, venueId: number) {
  if (!(await repo.findVenue(deps.db, venueId))) throw notFound('Venue not found');
  const until = await repo.activeMute(deps.db, venueId, userId);
  return { mutedUntil: until?.toISOString() ?? null };
}

/** Refuses a venue chat message from a muted person (called by the chat service before it writes). */
export async function assertNotMuted(db: DbOrTx, userId: string, venueId: number) {
  const until = await repo.activeMute(db, venueId, userId);
  if (until) throw new AppError(403, `You are muted in this venue's chat until ${utc(until)}`, 'FORBIDDEN');
}
