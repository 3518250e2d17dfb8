/** Voting on songs, globally or in a venue's mix. */
import { z } from 'zod';
import { VoteTypeSchema } from './song';

export const CastVoteSchema = z.strictObject({
  songId: z.number({ message: 'songId must be a number' }).int().positive(),
  voteType: VoteTypeSchema,
  /** A venue id for a vote in that venue's mix; absent, null or 'global' for the global mix. */
  venueId: z
    .union([z.number().int().positive(), z.literal('global'), z.null()], {
      message: "venueId must be a venue id or 'global'",
    })
    .optional()
    .transform((v) => (v === 'global' || v === undefined ? null : v)),
});
export type CastVote = z.input<typeof CastVoteSchema>;

export const VoteCountSchema = z.object({ upVotes: z.number().int(), downVotes: z.number().int() });
export type VoteCount = z.infer<typeof VoteCountSchema>;

/** The spec's vote response: the caller's vote after the call (null when it was removed) and the counts. */
export const VoteResultSchema = z.object({
  vote: z.object({ voteType: VoteTypeSchema }).nullable(),
  voteCount: VoteCountSchema,
});
export type VoteResult = z.infer<typeof VoteResultSchema>;
