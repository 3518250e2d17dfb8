/** DJ Verse, the AI assistant: the chat request, the recommendation card and the stored conversation. */
import { z } from 'zod';
import { SONG_MOODS, SONG_TEMPOS } from './song';
import { noControlChars } from './common';
import { AI_MESSAGE_MAX, AI_MAX_COUNT } from './assistant-constants';

export * from './assistant-constants';

export const AiChatRequestSchema = z.strictObject({
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, { message: 'Message is required' })
    .max(AI_MESSAGE_MAX, { message: `Message must be at most ${AI_MESSAGE_MAX} characters` })
    .refine(noControlChars, { message: 'Message contains characters that are not allowed' }),
});
export type AiChatRequest = z.infer<typeof AiChatRequestSchema>;

/** One recommendation card (spec section 3) plus the song id so the UI can play, queue or propose it. */
export const RecommendationSchema = z.object({
  songId: z.number().int().positive(),
  title: z.string().min(1).max(200),
  artist: z.string().min(1).max(200),
  reason: z.string().trim().min(1).max(400),
  genre: z.string().max(50).nullable(),
  confidence: z.number().min(0).max(1),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** A card as the API sends it: the recommendation plus what the player needs to play the song now. */
export const RecommendationCardSchema = RecommendationSchema.extend({
  youtubeId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  duration: z.number().int().nullable(),
  pdfUrl: z.string().nullable(),
});
export type RecommendationCard = z.infer<typeof RecommendationCardSchema>;

/** Which engine wrote the reply: the built-in offline engine or the configured language model. */
export const AiSourceSchema = z.enum(['engine', 'model']);
export type AiSource = z.infer<typeof AiSourceSchema>;

export const AiChatReplySchema = z.object({
  message: z.string(),
  recommendations: z.array(RecommendationCardSchema),
  source: AiSourceSchema,
});
export type AiChatReply = z.infer<typeof AiChatReplySchema>;

/** One stored turn of the conversation. */
export const AiChatTurnSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  response: z.string(),
  recommendations: z.array(RecommendationCardSchema),
  createdAt: z.string(),
});
export type AiChatTurn = z.infer<typeof AiChatTurnSchema>;

/** GET /api/ai/history: the user's conversation, oldest first. */
export const AiHistorySchema = z.array(AiChatTurnSchema);

/**
 * What a language model must answer: a reply and cards naming songs from the shortlist it was given.
 * Title, artist and genre are optional because the server takes them from the catalogue, never from the model.
 */
export const ModelAnswerSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  recommendations: z
    .array(
      z.object({
        songId: z.coerce.number().int().positive(),
        title: z.string().optional(),
        artist: z.string().optional(),
        reason: z.string().trim().min(1).max(400),
        genre: z.string().nullable().optional(),
        confidence: z.coerce.number().min(0).max(1),
      }),
    )
    .max(AI_MAX_COUNT),
});
export type ModelAnswer = z.infer<typeof ModelAnswerSchema>;

/** GET /api/ai/song-attributes?genre=: what the upload form suggests from a genre (null/empty when unknown). */
export const AttributeSuggestionQuerySchema = z.object({
  genre: z.string().max(50, { message: 'Genre must be at most 50 characters' }),
});
export const AttributeSuggestionSchema = z.object({
  /** The genre as DJ Verse recognised it ("Hip-Hop" for "hiphop"), or null when it does not know it. */
  genre: z.string().nullable(),
  energy: z.number().int().min(1).max(5).nullable(),
  tempo: z.enum(SONG_TEMPOS).nullable(),
  moods: z.array(z.enum(SONG_MOODS)),
  instrumental: z.boolean().nullable(),
});
export type AttributeSuggestion = z.infer<typeof AttributeSuggestionSchema>;
