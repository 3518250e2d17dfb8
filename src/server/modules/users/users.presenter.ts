/** API shapes of a user: the full one for oneself, the public one for others. */
import type { CurrentUser, PublicUser } from '../../../shared/schemas/auth';
import type { UserRow } from '../../plugins/session';

export function presentCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    currentMood: u.currentMood,
    moodUpdatedAt: u.moodUpdatedAt?.toISOString() ?? null,
    currentVenueId: u.currentVenueId,
    createdAt: u.createdAt.toISOString(),
  };
}

export function presentPublicUser(
  u: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'profileImageUrl' | 'currentMood'>,
): PublicUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    currentMood: u.currentMood,
  };
}

/** The name shown for a user: first and last name, or null. */
export function displayName(u: { firstName: string | null; lastName: string | null }): string | null {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}
