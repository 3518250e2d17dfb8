/**
 * Live updates of one venue's live room (`live:{id}`): `live_state` replaces the cached state when it is not
 * older; reactions and new requests feed the ticker; a host device that took over is reported to the host screen.
 * The realtime provider refetches every query after a reconnect or a `resync`, so a reconnected screen never keeps
 * a stale queue; once the server confirms the room (`subscribed`), one more read picks up a change made between the
 * screen's first read and its joining. While the socket is not open the screens poll.
 */
import { useQueryClient } from '@tanstack/react-query';
import { liveRoom } from '@shared/schemas/live-constants';
import { mayHaveMissed, useRealtimeEvent, useRealtimeRoom, useSocketOpen } from '../../../lib/realtime';
import { applyLiveState, applyLiveView, getLiveView, getLiveViewQueryOptions } from './get-live-view';

/** How often to poll while the socket is not open. */
export const LIVE_FALLBACK_POLL_MS = 3_000;

export interface TickerItem {
  id: number;
  kind: 'reaction' | 'request';
  text: string;
}

let tickerSeq = 0;

/** Joins the venue's live room; returns the poll interval to use (false while the socket is open). */
export function useLiveRoom(
  venueId: number,
  handlers: {
    onTicker?: (item: TickerItem) => void;
    onTakeover?: (deviceId: string) => void;
  } = {},
): number | false {
  const qc = useQueryClient();
  const open = useSocketOpen();
  const enabled = Number.isInteger(venueId) && venueId > 0;
  useRealtimeRoom(enabled ? liveRoom(venueId) : null);
  useRealtimeEvent('live_state', (e) => {
    if (e.state.venueId === venueId) applyLiveState(qc, e.state);
  });
  // The server has put the socket in the room. A change made after the screen read the room and before this point
  // was broadcast to the sockets already there: once the first read is here, one more read brings it (a newer
  // `live_state` that arrived meanwhile is kept).
  useRealtimeEvent('subscribed', (e) => {
    if (!enabled || e.room !== liveRoom(venueId)) return;
    // Nothing happened in the room since before the screen read it (ADR 040).
    const read = qc.getQueryState(getLiveViewQueryOptions(venueId).queryKey);
    if (read?.fetchStatus === 'idle' && !mayHaveMissed(e, read.dataUpdatedAt)) return;
    void qc
      .ensureQueryData(getLiveViewQueryOptions(venueId))
      .then(() => getLiveView(venueId))
      .then(
        (view) => applyLiveView(qc, venueId, view),
        () => {},
      );
  });
  useRealtimeEvent('live_reaction', (e) => {
    if (e.venueId === venueId) handlers.onTicker?.({ id: ++tickerSeq, kind: 'reaction', text: `${e.emoji} ${e.name}` });
  });
  useRealtimeEvent('live_request', (e) => {
    if (e.venueId === venueId)
      handlers.onTicker?.({
        id: ++tickerSeq,
        kind: 'request',
        text: `${e.name} requested ${e.title} — ${e.artist}`,
      });
  });
  useRealtimeEvent('live_host_takeover', (e) => {
    if (e.venueId === venueId) handlers.onTakeover?.(e.deviceId);
  });
  return enabled && !open ? LIVE_FALLBACK_POLL_MS : false;
}
