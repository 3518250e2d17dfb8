/** Small display helpers of the playlists screens. */
import { SCREEN_DEFAULT_DURATION } from '@shared/constants';
import { formatClock } from '@shared/duration';

/** A song length as m:ss, counting a missing length as the screens' 180 s. */
export const formatSongLength = (seconds: number | null) =>
  formatClock(seconds && seconds > 0 ? seconds : SCREEN_DEFAULT_DURATION);

export const votesToAdd = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'} to add`;

export const DEFAULT_PLAYLIST_DESCRIPTION = 'A collaborative playlist built by the community.';
