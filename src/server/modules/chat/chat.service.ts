/**
 * Global and venue chat rooms: history, sending with flood control, live push, and a memory of each room's
 * newest id so that a poll with nothing new costs no database round trip.
 */
import type { Message } from '../../../shared/schemas/message';
import { MESSAGE_PAGE_SIZE } from '../../../shared/schemas/message';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import type { RealtimeHub } from '../../realtime/hub';
import { notFound } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';
import * as repo from './chat.repository';
import { presentMessage } from '../messages/messages.presenter';
import { assertNotMuted } from '../moderation/moderation.service';

export const VENUE_NOT_FOUND = 'Venue not found';

/** The websocket room of a chat room. */
export function roomName(room: repo.RoomKey): string {
  return room.kind === 'global' ? 'global' : `venue:${room.venueId}`;
}

/**
 * The newest message id per room, kept in memory. Filled lazily from the database and raised by every
 * chat_message the hub delivers on this instance (sent here or, on PostgreSQL, by another instance), so
 * "is there anything after N?" is answered without a query.
 */
export class LatestIdCache {
  private readonly latest = new Map<string, number>();

  constructor(hub: RealtimeHub) {
    hub.onEvent((event) => {
      if (event.type === 'chat_message' && typeof event.message.id === 'number')
        this.raise(event.room, event.message.id);
    });
    // Messages sent through other instances during a gap in the realtime channel were not heard: read again.
    hub.onResync(() => this.latest.clear());
  }

  /** The known newest id of a room, or undefined when not loaded yet. */
  peek(room: string): number | undefined {
    return this.latest.get(room);
  }

  async load(db: DbOrTx, room: repo.RoomKey): Promise<number> {
    const name = roomName(room);
    const known = this.latest.get(name);
    if (known !== undefined) return known;
    const id = await repo.latestRoomId(db, room);
    this.raise(name, id);
    return this.latest.get(name)!;
  }

  raise(room: string, id: number) {
    if ((this.latest.get(room) ?? -1) < id) this.latest.set(room, id);
  }
}

async function assertRoom(db: DbOrTx, room: repo.RoomKey) {
  if (room.kind === 'venue' && !(await repo.venueExists(db, room.venueId))) throw notFound(VENUE_NOT_FOUND);
}

/** True when `venue:N` names an active venue, whose chat anyone may watch. */
export async function mayWatchVenue(deps: AppDeps, room: string): Promise<boolean> {
  const venueId = Number(room.slice('venue:'.length));
  return Number.isInteger(venueId) && venueId > 0 && venueId <= 2_147_483_647 && repo.venueExists(deps.db, venueId);
}

/** True when a poll (`after`, no `before`) asks about a room whose newest message in memory is not newer. */
export function nothingNew(deps: AppDeps, room: repo.RoomKey, q: { before?: number; after?: number }): boolean {
  if (q.after === undefined || q.before !== undefined) return false;
  const known = deps.state.chatLatest.peek(roomName(room));
  return known !== undefined && known <= q.after;
}

/**
 * A room's messages: the newest 100 in time order, older pages with `before`, or only those newer than
 * `after` (answered from memory when nothing is newer).
 */
export async function history(
  deps: AppDeps,
  room: repo.RoomKey,
  q: { before?: number; after?: number },
): Promise<Message[]> {
  const cache = deps.state.chatLatest;
  if (nothingNew(deps, room, q)) return [];
  await assertRoom(deps.db, room);
  if (q.after !== undefined && q.before === undefined) {
    const latest = await cache.load(deps.db, room);
    if (latest <= q.after) return [];
  }
  const rows = await repo.listRoom(deps.db, room, { ...q, limit: MESSAGE_PAGE_SIZE });
  return rows.map(presentMessage);
}

/** Posts a message to a room: 20 per 30 s per user; stored, then pushed to the room's sockets. */
export async function send(deps: AppDeps, userId: string, room: repo.RoomKey, content: string): Promise<Message> {
  await assertRoom(deps.db, room);
  if (room.kind === 'venue') await assertNotMuted(deps.db, userId, room.venueId);
  deps.limiter.hit(RATE_RULES.chat, userId);
  const row = await repo.insertRoomMessage(deps.db, { senderId: userId, content, room });
  const message = presentMessage(row);
  const name = roomName(room);
  deps.state.chatLatest.raise(name, message.id);
  await deps.hub.publish({ type: 'chat_message', room: name, message }, { kind: 'room', room: name });
  return message;
}
