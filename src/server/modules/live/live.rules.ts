/** Venue Live's pure rules (ADR 019): the play order, join codes, requester names. Unit-tested, no I/O. */
import crypto from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../../shared/schemas/live';

export interface QueueCandidate {
  id: number;
  netVotes: number;
  requesterId: string | null;
  requestedAt: Date;
}

/**
 * The play order of waiting entries: net votes first; at equal votes the requester with fewer songs already played
 * tonight (round-robin, so one person cannot fill the night); then the earlier request; then the entry id.
 * `playedBy` counts the songs each requester had played (or playing, or skipped) in this session.
 */
export function orderQueue<T extends QueueCandidate>(
  entries: readonly T[],
  playedBy: ReadonlyMap<string, number>,
): T[] {
  const played = (e: T) => (e.requesterId ? (playedBy.get(e.requesterId) ?? 0) : 0);
  return [...entries].sort(
    (a, b) =>
      b.netVotes - a.netVotes ||
      played(a) - played(b) ||
      a.requestedAt.getTime() - b.requestedAt.getTime() ||
      a.id - b.id,
  );
}

/** A random join code from an alphabet without look-alikes (no 0/O, 1/I/L). */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[crypto.randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** A random secret for the TV's link. */
export const newDisplayKey = () => crypto.randomBytes(18).toString('base64url');

/** How a requester is shown on the TV and phones: first name and last initial. */
export function requesterName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  const initial = lastName?.trim().charAt(0);
  if (!first) return initial ? `${initial}.` : 'A guest';
  return initial ? `${first} ${initial}.` : first;
}

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Quotes a CSV cell; a cell that a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}
