/** The spec's browser-wide 'musicPlayerUpdate' event: a screen announces what to play; the player follows. */
import type { PlayableSong } from './player-reducer';

export const MUSIC_PLAYER_UPDATE = 'musicPlayerUpdate';

/** The event's detail (spec section 4): the song, a playing flag and, optionally, the list to play it in. */
export interface MusicPlayerUpdateDetail {
  song: PlayableSong;
  isPlaying: boolean;
  songs?: PlayableSong[];
}

/**
 * Asks the player to play `song` within `songs` (e.g. a playlist's approved songs that have a video id).
 * Pass `isPlaying: false` to pause it when it is the current song.
 */
export function dispatchMusicPlayerUpdate(song: PlayableSong, songs?: readonly PlayableSong[], isPlaying = true): void {
  const detail: MusicPlayerUpdateDetail = { song, isPlaying, songs: songs ? [...songs] : undefined };
  window.dispatchEvent(new CustomEvent<MusicPlayerUpdateDetail>(MUSIC_PLAYER_UPDATE, { detail }));
}
