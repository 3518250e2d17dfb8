/** Display helpers of the social screens: names, initials and relative times. */
import { ID_LABEL_LENGTH } from '@shared/constants';

/** 'First Last', or null when the user has no name. */
export function fullName(u: { firstName?: string | null; lastName?: string | null }): string | null {
  const n = [u.firstName, u.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return n || null;
}

/** A chat sender's label: the name, or 'Anonymous User' (spec: Chat). */
export function senderLabel(name: string | null | undefined): string {
  return name?.trim() || 'Anonymous User';
}

/** A conversation partner's label: the name, or 'User' plus the first 8 characters of the id (spec: Messages). */
export function userLabel(u: { id: string; firstName?: string | null; lastName?: string | null }): string {
  return fullName(u) ?? `User ${u.id.slice(0, ID_LABEL_LENGTH)}`;
}

/** At most two initials from a display name. */
export function nameInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((p) => p[0])
      .join('') || 'U'
  ).toUpperCase();
}

/** 'less than a minute ago', '5 minutes ago', 'about 2 hours ago', '3 days ago'. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const minutes = Math.round(seconds / 60);
  if (seconds < 45) return 'less than a minute ago';
  if (minutes < 2) return '1 minute ago';
  if (minutes < 45) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 2) return 'about 1 hour ago';
  if (hours < 24) return `about ${hours} hours ago`;
  const days = Math.round(hours / 24);
  if (days < 2) return '1 day ago';
  if (days < 30) return `${days} days ago`;
  const months = Math.round(days / 30);
  if (months < 2) return 'about 1 month ago';
  if (months < 12) return `${months} months ago`;
  const years = Math.round(days / 365);
  return years < 2 ? 'about 1 year ago' : `about ${years} years ago`;
}
