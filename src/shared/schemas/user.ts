/** Presence, music moods and the profile's activity figures. */
import { z } from 'zod';
import { MOOD_IDS } from '../constants';

/** One of the seven mood ids, or '' to clear the mood. */
export const MoodValueSchema = z.union([z.enum(MOOD_IDS), z.literal('')], {
  message: `mood must be one of ${MOOD_IDS.join(', ')}, or an empty string to clear it`,
});

export const UpdateMoodSchema = z.strictObject({ mood: MoodValueSchema });
export type UpdateMoodInput = z.infer<typeof UpdateMoodSchema>;

export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const OnlineUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  currentMood: z.string().nullable(),
  moodUpdatedAt: z.string().nullable(),
  currentVenueId: z.number().int().nullable(),
  venueName: z.string().nullable(),
  lastActivity: z.string(),
});
export type OnlineUser = z.infer<typeof OnlineUserSchema>;

export const AchievementSchema = z.object({
  id: z.enum(['first-upload', 'top-voter', 'venue-owner']),
  title: z.string(),
  description: z.string(),
  unlocked: z.boolean(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

export const UserStatsSchema = z.object({
  totalUploads: z.number().int(),
  venuesCreated: z.number().int(),
  totalVotes: z.number().int(),
  /** Activity points: 10 per upload, 25 per venue, 2 per vote. */
  points: z.number().int(),
  /** Points needed for 'Music Expert'. */
  expertPoints: z.number().int(),
  /** 0 to 100. */
  levelProgress: z.number().int(),
  achievements: z.array(AchievementSchema),
  uploads: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      artist: z.string(),
      genre: z.string().nullable(),
      youtubeId: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
      venueId: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  venues: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.string(),
      location: z.string(),
      gradient: z.string(),
      isActive: z.boolean(),
      songCount: z.number().int(),
    }),
  ),
});
export type UserStats = z.infer<typeof UserStatsSchema>;
