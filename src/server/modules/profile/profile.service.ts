/** The profile's figures: activity counts, level progress computed from activity, and achievements. */
import type { Achievement, UserStats } from '../../../shared/schemas/user';
import type { Db } from '../../db/client';
import * as repo from './profile.repository';

/** Points: 10 per upload, 25 per venue created, 2 per vote cast; 'Music Expert' at 500. */
export const POINTS = { upload: 10, venue: 25, vote: 2, expert: 500 } as const;
export const TOP_VOTER_VOTES = 100;
const UPLOADS_SHOWN = 50;

/** Achievements unlocked by what the user has done. */
export function achievements(c: { uploads: number; venues: number; votes: number }): Achievement[] {
  return [
    { id: 'first-upload', title: 'First Upload', description: 'Share your first track', unlocked: c.uploads >= 1 },
    {
      id: 'top-voter',
      title: 'Top Voter',
      description: `Cast ${TOP_VOTER_VOTES} votes`,
      unlocked: c.votes >= TOP_VOTER_VOTES,
    },
    { id: 'venue-owner', title: 'Venue Owner', description: 'Create your first venue', unlocked: c.venues >= 1 },
  ];
}

export async function stats(db: Db, userId: string): Promise<UserStats> {
  const [counts, uploads, venues] = await Promise.all([
    repo.activityCounts(db, userId),
    repo.recentUploads(db, userId, UPLOADS_SHOWN),
    repo.ownedVenues(db, userId),
  ]);
  const points = counts.uploads * POINTS.upload + counts.venues * POINTS.venue + counts.votes * POINTS.vote;
  return {
    totalUploads: counts.uploads,
    venuesCreated: counts.venues,
    totalVotes: counts.votes,
    points,
    expertPoints: POINTS.expert,
    levelProgress: Math.min(100, Math.floor((points / POINTS.expert) * 100)),
    achievements: achievements(counts),
    uploads: uploads.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    venues,
  };
}
