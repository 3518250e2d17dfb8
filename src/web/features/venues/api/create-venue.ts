/** POST /api/venues: the caller creates a venue and owns it; the venue lists refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVenueInput, Venue } from '@shared/schemas/venue';
import { sendJson } from '../../../lib/api-client';
import { getVenuesQueryOptions } from './get-venues';
import { getUserVenuesQueryOptions } from './get-user-venues';

export const createVenue = (input: CreateVenueInput) => sendJson<Venue>('POST', '/api/venues', input);

export function useCreateVenue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createVenue,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: getVenuesQueryOptions().queryKey, exact: true }),
        qc.invalidateQueries({ queryKey: getUserVenuesQueryOptions().queryKey }),
      ]),
  });
}
