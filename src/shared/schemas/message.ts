/** Chat (global and venue rooms) and private messages: request bodies, queries and response shapes. */
import { z } from 'zod';
import { MESSAGE_TYPES } from '../constants';
import { IdSchema, noControlChars } from './common';
import { MESSAGE_MAX_LENGTH } from './message-constants';

export * from './message-constants';

/** Message text: trimmed, 1 to 2,000 characters, blank refused. */
export const MessageContentSchema = z
  .string({ message: 'Message text is required' })
  .trim()
  .min(1, { message: 'Message cannot be empty' })
  .max(MESSAGE_MAX_LENGTH, { message: `Message must be at most ${MESSAGE_MAX_LENGTH} characters` })
  .refine(noControlChars, { message: 'Message contains characters that are not allowed' });

export const SendChatMessageSchema = z.strictObject({ content: MessageContentSchema });
export type SendChatMessageInput = z.input<typeof SendChatMessageSchema>;

export const SendPrivateMessageSchema = z.strictObject({
  receiverId: z
    .string({ message: 'receiverId is required' })
    .trim()
    .min(1, { message: 'receiverId is required' })
    .max(100, { message: 'receiverId is not a valid user id' }),
  content: MessageContentSchema,
});
export type SendPrivateMessageInput = z.input<typeof SendPrivateMessageSchema>;

/** Paging: `before` loads older history, `after` asks only for what is newer (polling). */
export const ChatHistoryQuerySchema = z.strictObject({
  before: IdSchema.optional(),
  after: z.coerce
    .number({ message: 'after must be a number' })
    .int({ message: 'after must be a whole number' })
    .min(0, { message: 'after must not be negative' })
    .max(2_147_483_647, { message: 'after is not a valid id' })
    .optional(),
});

export const PrivateHistoryQuerySchema = z.strictObject({
  /** Only the conversation with this user. */
  with: z.string().trim().min(1).max(100).optional(),
  before: IdSchema.optional(),
});

export const MarkReadSchema = z.strictObject({
  otherUserId: z
    .string({ message: 'otherUserId is required' })
    .trim()
    .min(1, { message: 'otherUserId is required' })
    .max(100, { message: 'otherUserId is not a valid user id' }),
});

export const MessageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  receiverId: z.string().nullable(),
  venueId: z.number().int().nullable(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** The sender's display name, or null when they have none ('Anonymous User' on screen). */
  senderName: z.string().nullable(),
  senderImage: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  currentMood: z.string().nullable(),
});

export const ConversationSchema = z.object({
  otherUser: ConversationUserSchema,
  lastMessage: z.object({ id: z.number().int(), senderId: z.string(), content: z.string(), createdAt: z.string() }),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const UnreadCountSchema = z.object({ count: z.number().int() });
export const MarkReadResultSchema = z.object({ updated: z.number().int() });
