/**
 * The public entry of the player feature: the music player (provider, bar, commands) and the PDF viewer. Other features and app/ import only from here
 * (app/ also loads pages/ directly, one chunk per route); the rest of the folder is private (ADR 016).
 */
export { PlayerBar } from './components/player-bar';
export { loadPdfThumbnail } from './pdf/load-pdf-thumbnail';
export {
  type PlayableSong,
  PlayerProvider,
  dispatchMusicPlayerUpdate,
  onPlayerReport,
  type PlayerReport,
  useIsCurrentSong,
  usePlayerActions,
  usePlayerState,
} from './player-context';
