/**
 * The public entry of the mix feature: the ranked song lists and mixes, their live vote counts and voting (shared by songs, venues and search). Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { getGlobalMixQueryOptions, useGlobalMix } from './api/get-global-mix';
export { useSong } from './api/get-song';
export { songsOfPages } from './api/get-songs';
export { useSongs } from './api/use-songs';
export { getTrendingQueryOptions, useTrending } from './api/get-trending';
export { useUserSongs } from './api/get-user-songs';
export { getVenueMixQueryOptions, useVenueMix } from './api/get-venue-mix';
export { invalidateSongLists } from './api/invalidate';
export { useLiveVotes } from './api/live-votes';
export { MixActions } from './components/mix-actions';
export { SongList } from './components/song-list';
export type { RowMenuAction } from './components/song-card';
export { loadSongList } from './lib/load-song-list';
