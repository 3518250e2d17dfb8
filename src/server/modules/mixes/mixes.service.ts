/** Mixes (global Top 100 and venue mixes) and the trending list, answered from the app's mix read model. */
import type { Song } from '../../../shared/schemas/song';
import type { MixResponse } from '../../../shared/schemas/venue';
import type { AppState } from '../../app-state';
import { presentSong } from '../songs/songs.presenter';
import { VoteSet } from '../votes/own-votes';
import type { MixBody } from './mix-body';

type Mixes = Pick<AppState, 'mixes' | 'ownVotes'>;

/** A mix as the spec shapes it, as a visitor sees it (exports, the chart snapshot). */
export function getMix(state: Pick<AppState, 'mixes'>, venueId: number | null): Promise<MixResponse> {
  return state.mixes.mix(venueId);
}

/** The mix as a response body, with the caller's own votes (from the in-memory OwnVotes). */
export function getMixBody(
  state: Mixes,
  viewerId: string | null,
  venueId: number | null,
  acceptsGzip: boolean,
): Promise<MixBody> {
  return state.mixes.body(venueId, async () => (viewerId ? state.ownVotes.of(viewerId, venueId) : null), acceptsGzip);
}

/** The `limit` public songs with the highest time-decayed hot score, with the caller's global votes. */
export async function getTrending(state: Mixes, viewerId: string | null, limit: number): Promise<Song[]> {
  const top = (await state.mixes.trending()).slice(0, limit);
  const mine = viewerId && top.length ? await state.ownVotes.of(viewerId, null) : VoteSet.empty;
  return top.map((c) => presentSong(c.song, c, mine.get(c.id) ?? null, c.uploaderName));
}
