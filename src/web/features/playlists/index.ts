/**
 * The public entry of the playlists feature: community playlists. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { usePlaylist } from './api/get-playlist';
export { usePlaylists } from './api/get-playlists';
export { useProposeSong } from './api/propose-song';
