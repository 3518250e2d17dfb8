/**
 * Live updates: the detail page joins the playlist's room and refetches on 'playlist_changed' (and once when the
 * server confirms the room, for a change made between the first read and the joining); the list page
 * refetches on 'playlists_changed'. (The realtime provider refetches everything after a reconnect.) While the
 * socket is down, both poll instead.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mayHaveMissed, useRealtimeEvent, useRealtimeRoom, useSocketOpen } from '../../../lib/realtime';
import { getPlaylistQueryOptions } from './get-playlist';
import { getPlaylistsQueryOptions } from './get-playlists';
import { invalidatePlaylist } from './invalidate';

/** How often to poll while the socket is not open. */
export const PLAYLIST_FALLBACK_POLL_MS = 10_000;

/** The poll interval of a playlist's queries: false while the socket is open. */
export function usePlaylistPoll(enabled: boolean): number | false {
  const open = useSocketOpen();
  return enabled && !open ? PLAYLIST_FALLBACK_POLL_MS : false;
}

/** Keeps one playlist's queries fresh; returns the poll interval to use (false while the socket is open). */
export function useLivePlaylist(id: number, enabled: boolean): number | false {
  const qc = useQueryClient();
  const open = useSocketOpen();
  useRealtimeRoom(enabled ? `playlist:${id}` : null);
  useRealtimeEvent('playlist_changed', (e) => {
    if (enabled && e.playlistId === id) void invalidatePlaylist(qc, id);
  });
  // The server has put the socket in the room: a change made after the page's first read and before this point was
  // broadcast to the sockets already there, so the playlist is read once more (a read in flight starts again) — unless
  // the room has been quiet since before the page read it (ADR 040).
  useRealtimeEvent('subscribed', (e) => {
    if (enabled && e.room === `playlist:${id}` && mayHaveMissed(e, oldestRead(qc, id)))
      void invalidatePlaylist(qc, id, false);
  });
  return enabled && !open ? PLAYLIST_FALLBACK_POLL_MS : false;
}

/** Keeps the list of playlists fresh; returns the poll interval to use. */
export function useLivePlaylists(): number | false {
  const qc = useQueryClient();
  const open = useSocketOpen();
  useRealtimeEvent(
    'playlists_changed',
    () => void qc.invalidateQueries({ queryKey: getPlaylistsQueryOptions().queryKey, exact: true }),
  );
  return !open ? PLAYLIST_FALLBACK_POLL_MS : false;
}

/** When the oldest of a playlist's reads (detail, songs, members) was answered; 0 when one is missing or on its way. */
function oldestRead(qc: QueryClient, id: number): number {
  const states = qc
    .getQueryCache()
    .findAll({ queryKey: getPlaylistQueryOptions(id).queryKey })
    .map((q) => (q.state.fetchStatus === 'idle' ? q.state.dataUpdatedAt : 0));
  return states.length ? Math.min(...states) : 0;
}
