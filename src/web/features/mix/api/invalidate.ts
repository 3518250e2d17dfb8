/** Refreshes of spec section 7 in one place, always through the lists' own query options. */
import type { QueryClient } from '@tanstack/react-query';
import { SONG_KEY_PREFIX } from './get-song';
import { getSongsQueryOptions } from './get-songs';
import { getUserSongsQueryOptions } from './get-user-songs';
import { getGlobalMixQueryOptions } from './get-global-mix';
import { SEARCH_KEY_PREFIX, VENUES_KEY_PREFIX } from '../../../lib/query-keys';

export const TRENDING_KEY_PREFIX = ['/api/songs/trending'] as const;
export const VENUE_MIX_KEY_PREFIX = ['/api/mix/venue'] as const;
export { VENUES_KEY_PREFIX };

/** Refetches the song lists and the global mix; `venueId` adds that venue's mix, `venueMixes` every venue mix. */
export function invalidateSongLists(qc: QueryClient, opts: { venueId?: number | null; venueMixes?: boolean } = {}) {
  const jobs = [
    qc.invalidateQueries({ queryKey: getSongsQueryOptions().queryKey }),
    qc.invalidateQueries({ queryKey: getUserSongsQueryOptions().queryKey }),
    qc.invalidateQueries({ queryKey: getGlobalMixQueryOptions().queryKey }),
    qc.invalidateQueries({ queryKey: TRENDING_KEY_PREFIX }),
    qc.invalidateQueries({ queryKey: SONG_KEY_PREFIX }),
    // Search results carry counts and the caller's votes too.
    qc.invalidateQueries({ queryKey: SEARCH_KEY_PREFIX }),
  ];
  if (opts.venueMixes) {
    jobs.push(qc.invalidateQueries({ queryKey: VENUE_MIX_KEY_PREFIX }));
    jobs.push(qc.invalidateQueries({ queryKey: VENUES_KEY_PREFIX }));
  } else if (opts.venueId) {
    jobs.push(qc.invalidateQueries({ queryKey: [...VENUE_MIX_KEY_PREFIX, opts.venueId] }));
    jobs.push(qc.invalidateQueries({ queryKey: VENUES_KEY_PREFIX }));
  }
  return Promise.all(jobs);
}
