/** GET /api/community-playlists: the playlists the caller may see, with creatorName, memberCount and songCount. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playlist } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { playlistKeys } from './keys';

export const getPlaylists = (signal?: AbortSignal) => getJson<Playlist[]>('/api/community-playlists', signal);

export const getPlaylistsQueryOptions = () =>
  queryOptions({ queryKey: playlistKeys.all, queryFn: ({ signal }) => getPlaylists(signal) });

export function usePlaylists(refetchInterval: number | false = false) {
  // Always refetch on arrival: changes seen while away (e.g. on a playlist's page) must show in the counts.
  return useQuery({ ...getPlaylistsQueryOptions(), refetchInterval, refetchOnMount: 'always' });
}
