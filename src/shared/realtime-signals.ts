/**
 * The server events whose fields are all scalars (an id, a room, a name): signals to refetch or patch something,
 * with no payload to check against the API's schemas. The browser dispatches these without zod; the full event
 * schema (zod and every payload's schema: about a tenth of a second of a phone's main thread to build) is loaded
 * when the first event with a payload comes (ADR 039). No zod import here, on purpose.
 *
 * This table restates part of `ServerEventSchema` (realtime.ts), which stays the one definition:
 * `realtime-signals.test.ts` checks that both accept and return the same for every signal, and that every event of
 * scalar fields is listed here.
 */
import type { ServerEvent, ServerEventType } from './realtime';

/** A field's kind: a string or a safe integer; `?` when it may be null, `~` when it may be absent. */
type Field = 'string' | 'string?' | 'int' | 'int?' | 'int~';

export const SIGNAL_FIELDS = {
  hello: { socketId: 'string', userId: 'string?' },
  songs_changed: { venueId: 'int?' },
  venues_changed: {},
  messages_read: { otherUserId: 'string' },
  presence_changed: {},
  playlist_changed: { playlistId: 'int' },
  playlists_changed: {},
  chat_message_removed: { room: 'string', messageId: 'int' },
  notification: {},
  venue_mute: { venueId: 'int', until: 'string?' },
  blocks_changed: {},
  live_reaction: { venueId: 'int', emoji: 'string', name: 'string' },
  live_request: { venueId: 'int', title: 'string', artist: 'string', name: 'string' },
  live_host_takeover: { venueId: 'int', deviceId: 'string' },
  pong: {},
  subscribed: { room: 'string', quietMs: 'int~' },
  resync: {},
  error: { message: 'string' },
} as const satisfies Partial<Record<ServerEventType, Record<string, Field>>>;

export type SignalType = keyof typeof SIGNAL_FIELDS;

function fits(kind: Field, value: unknown): boolean {
  if (value === undefined) return kind.endsWith('~');
  if (value === null) return kind.endsWith('?');
  return kind.startsWith('string') ? typeof value === 'string' : Number.isSafeInteger(value);
}

/**
 * Checks one decoded frame event as ServerEventSchema would, when it is a signal: the event with its listed fields
 * only (unknown keys dropped, as zod's objects do), or null when it is not valid. 'payload' when its type is another
 * (an event with a payload, or none the schema knows): the full schema decides.
 */
export function parseSignal(data: unknown): ServerEvent | null | 'payload' {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string') return null;
  if (!Object.hasOwn(SIGNAL_FIELDS, type)) return 'payload';
  const fields: Readonly<Record<string, Field>> = SIGNAL_FIELDS[type as SignalType];
  const event: Record<string, unknown> = { type };
  for (const [name, kind] of Object.entries(fields)) {
    const value = (data as Record<string, unknown>)[name];
    if (!fits(kind, value)) return null;
    if (value !== undefined) event[name] = value;
  }
  return event as ServerEvent;
}
