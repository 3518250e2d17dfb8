/**
 * GET /api/messages/global and /api/venues/{id}/messages. The first load takes the newest 100; later fetches ask
 * only for what is newer (`?after=`), which the server answers from memory when nothing is. New messages arrive
 * over /ws — and once the server confirms the room (`subscribed`), one `?after=` fetch picks up what was written
 * between the history's read and that moment; polling every 3 s is the fallback while the socket is not open
 * (spec section 9).
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { POLL } from '@shared/constants';
import type { Message } from '@shared/schemas/message';
import { MESSAGE_PAGE_SIZE } from '@shared/schemas/message-constants';
import { getJson } from '../../../lib/api-client';
import { mayHaveMissed, useRealtimeEvent, useRealtimeRoom, useSocketOpen } from '../../../lib/realtime';

export type ChatRoom = { kind: 'global' } | { kind: 'venue'; venueId: number };

export const chatUrl = (room: ChatRoom) =>
  room.kind === 'global' ? '/api/messages/global' : `/api/venues/${room.venueId}/messages`;
export const chatChannel = (room: ChatRoom) => (room.kind === 'global' ? 'global' : `venue:${room.venueId}`);
export const chatMessagesKey = (room: ChatRoom) =>
  room.kind === 'global' ? (['/api/messages/global'] as const) : (['/api/venues', room.venueId, 'messages'] as const);

/** Temporary (optimistic) messages have negative ids. */
export const isTemp = (m: Pick<Message, 'id'>) => m.id < 0;

/**
 * Merges messages by id: real ones in id order, then the optimistic ones still pending. A real message that is the
 * echo of a pending one (same sender, same text: it came over /ws or a poll before the POST answered) takes its place,
 * so that the sender never sees their message twice.
 */
export function mergeMessages(current: Message[] | undefined, incoming: Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of current ?? []) byId.set(m.id, m);
  for (const m of incoming) {
    if (!isTemp(m) && !byId.has(m.id)) {
      const echo = [...byId.values()].find((p) => isTemp(p) && p.senderId === m.senderId && p.content === m.content);
      if (echo) byId.delete(echo.id);
    }
    byId.set(m.id, m);
  }
  const all = [...byId.values()];
  return [...all.filter((m) => !isTemp(m)).sort((a, b) => a.id - b.id), ...all.filter(isTemp)];
}

const lastRealId = (list: Message[] | undefined) => (list ?? []).reduce((max, m) => (m.id > max ? m.id : max), 0);

export async function getChatMessages(
  room: ChatRoom,
  opts: { before?: number; after?: number } = {},
  signal?: AbortSignal,
): Promise<Message[]> {
  const q = opts.before ? `?before=${opts.before}` : opts.after !== undefined ? `?after=${opts.after}` : '';
  return getJson<Message[]>(`${chatUrl(room)}${q}`, signal);
}

export const chatMessagesQueryOptions = (qc: QueryClient, room: ChatRoom) =>
  queryOptions({
    queryKey: chatMessagesKey(room),
    queryFn: async ({ signal }) => {
      const current = qc.getQueryData<Message[]>(chatMessagesKey(room));
      const last = lastRealId(current);
      if (!current || last === 0) return getChatMessages(room, {}, signal);
      const newer = await getChatMessages(room, { after: last }, signal);
      // What the cache holds now: a message the socket delivered while this read was on its way is kept.
      const latest = () => qc.getQueryData<Message[]>(chatMessagesKey(room)) ?? current;
      // A full page means we may have missed more: start again from the newest page.
      if (newer.length >= MESSAGE_PAGE_SIZE) {
        const page = await getChatMessages(room, {}, signal);
        const newest = lastRealId(page);
        return mergeMessages(
          latest().filter((m) => isTemp(m) || m.id > newest),
          page,
        );
      }
      return newer.length ? mergeMessages(latest(), newer) : latest();
    },
  });

/** A room's messages, live over /ws while the socket is open, polled every 3 s otherwise. */
export function useChatMessages(room: ChatRoom | null) {
  const qc = useQueryClient();
  const open = useSocketOpen();
  const channel = room ? chatChannel(room) : null;
  useRealtimeRoom(channel);
  useRealtimeEvent('chat_message', (e) => {
    if (!room || e.room !== channel) return;
    // While the history is still on its way a message is left to the catch-up below, which follows the history.
    qc.setQueryData<Message[]>(chatMessagesKey(room), (cur) => (cur ? mergeMessages(cur, [e.message]) : cur));
  });
  // The server has put the socket in the room. A message written after the history was read — before this point, or
  // after it but reaching the socket before the history reached the page — is not in it: once the history is here, an
  // `?after=` fetch (cheap: answered from memory when nothing is newer) brings it.
  useRealtimeEvent('subscribed', (e) => {
    if (!room || e.room !== channel) return;
    const options = chatMessagesQueryOptions(qc, room);
    // Nothing was said since before the history was read (ADR 040).
    const read = qc.getQueryState(options.queryKey);
    if (read?.fetchStatus === 'idle' && !mayHaveMissed(e, read.dataUpdatedAt)) return;
    void qc.ensureQueryData(options).then(
      () => qc.refetchQueries({ queryKey: options.queryKey, exact: true }),
      () => {},
    );
  });
  // A message removed by the venue's owner, a moderator or its author leaving: gone from every open view.
  useRealtimeEvent('chat_message_removed', (e) => {
    if (!room || e.room !== channel) return;
    qc.setQueryData<Message[]>(chatMessagesKey(room), (cur) => cur?.filter((m) => m.id !== e.messageId));
  });
  return useQuery({
    ...chatMessagesQueryOptions(qc, room ?? { kind: 'global' }),
    enabled: Boolean(room),
    refetchInterval: open ? false : POLL.messages,
    staleTime: 0,
  });
}

/** Loads the page before the oldest message shown and prepends it; returns how many arrived. */
export async function loadOlderMessages(qc: QueryClient, room: ChatRoom): Promise<number> {
  const current = qc.getQueryData<Message[]>(chatMessagesKey(room)) ?? [];
  const oldest = current.find((m) => !isTemp(m));
  if (!oldest) return 0;
  const older = await getChatMessages(room, { before: oldest.id });
  qc.setQueryData<Message[]>(chatMessagesKey(room), (cur) => mergeMessages(cur, older));
  return older.length;
}
