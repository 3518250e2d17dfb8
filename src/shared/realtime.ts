/**
 * The websocket protocol at /ws, one source for both ends. Server events are invalidation hints plus the
 * small payload the spec names; the client patches or refetches its cache. A server frame holds one event, or a
 * JSON array of events when several followed each other within a few milliseconds (coalesced by the hub).
 */
import { z } from 'zod';
import { MessageSchema } from './schemas/message';
import { VoteCountSchema } from './schemas/vote';
import {
  LiveHostTakeoverEventSchema,
  LiveReactionEventSchema,
  LiveRequestEventSchema,
  LiveStateEventSchema,
} from './schemas/live';

/**
 * Every event the server sends, in one list: the `type` names here are the whole vocabulary (a new event is a
 * new member of this union, and both ends' types follow). Payloads reuse the API's schemas, so a message pushed
 * over /ws has exactly the shape GET answers.
 */
export const ServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), socketId: z.string(), userId: z.string().nullable() }),
  z.object({
    type: z.literal('vote_update'),
    songId: z.number().int(),
    venueId: z.number().int().nullable(),
    voteCount: VoteCountSchema,
  }),
  z.object({ type: z.literal('songs_changed'), venueId: z.number().int().nullable() }),
  z.object({ type: z.literal('venues_changed') }),
  z.object({
    type: z.literal('chat_message'),
    room: z.string(),
    message: MessageSchema,
  }),
  z.object({ type: z.literal('private_message'), message: MessageSchema }),
  z.object({ type: z.literal('messages_read'), otherUserId: z.string() }),
  z.object({ type: z.literal('presence_changed') }),
  z.object({ type: z.literal('playlist_changed'), playlistId: z.number().int() }),
  z.object({ type: z.literal('playlists_changed') }),
  /** A chat message was removed (by its venue's owner, a moderator, or its author leaving): drop it from view. */
  z.object({ type: z.literal('chat_message_removed'), room: z.string(), messageId: z.number().int() }),
  /** A notice for this user arrived (a report handled, a mute): refetch the notices. */
  z.object({ type: z.literal('notification') }),
  /** This user was muted (or unmuted: null) in a venue's chat. */
  z.object({ type: z.literal('venue_mute'), venueId: z.number().int(), until: z.string().nullable() }),
  /** Someone blocked or unblocked this user, or this user did: refetch blocks and presence. */
  z.object({ type: z.literal('blocks_changed') }),
  /** Venue Live (room live:N): the full shared state, a reaction, a new request, a host device taking over. */
  LiveStateEventSchema,
  LiveReactionEventSchema,
  LiveRequestEventSchema,
  LiveHostTakeoverEventSchema,
  z.object({ type: z.literal('pong') }),
  /**
   * The socket is in the room: events published from now on reach it; a screen reads what it may have missed.
   * `quietMs`: how long the room has had no event on the server the socket is on, so a screen whose first read is
   * newer than that has missed nothing (`mayHaveMissed`, ADR 040); absent from a server before it.
   */
  z.object({ type: z.literal('subscribed'), room: z.string(), quietMs: z.number().int().optional() }),
  /** The server may have missed changes (its link to the other instances was cut): refetch what is shown. */
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof ServerEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** Rooms a client may join. `venue:N`, `playlist:N` and `live:N` are checked by the server on subscribe. */
export const RoomSchema = z.string().regex(/^(global|venue:\d{1,10}|playlist:\d{1,10}|live:\d{1,10})$/);

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('subscribe'), room: RoomSchema }),
  z.object({ type: z.literal('unsubscribe'), room: RoomSchema }),
  /** Tells the server which venue the user is in (null: none), for presence. */
  z.object({ type: z.literal('presence'), venueId: z.number().int().positive().nullable() }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
