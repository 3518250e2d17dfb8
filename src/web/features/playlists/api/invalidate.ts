/** Refetches what a playlist change touches: the playlist, its songs and members, and the list's counts. */
import type { QueryClient } from '@tanstack/react-query';
import { getPlaylistsQueryOptions } from './get-playlists';
import { getPlaylistQueryOptions } from './get-playlist';

/** Invalidates one playlist (detail, songs, members); with `listToo`, the list of playlists as well. */
export function invalidatePlaylist(qc: QueryClient, id: number, listToo = true) {
  const jobs = [qc.invalidateQueries({ queryKey: getPlaylistQueryOptions(id).queryKey })];
  if (listToo) jobs.push(qc.invalidateQueries({ queryKey: getPlaylistsQueryOptions().queryKey, exact: true }));
  return Promise.all(jobs);
}
