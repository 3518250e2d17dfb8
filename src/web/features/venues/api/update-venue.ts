/** PATCH /api/venues/{id}: the owner edits or deactivates their venue; the venue and the lists refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVenueInput, Venue } from '@shared/schemas/venue';
import { sendJson } from '../../../lib/api-client';
import { getVenuesQueryOptions } from './get-venues';
import { getUserVenuesQueryOptions } from './get-user-venues';
import { getVenueMixQueryOptions } from '../../mix';

export const updateVenue = ({ id, ...input }: UpdateVenueInput & { id: number }) =>
  sendJson<Venue>('PATCH', `/api/venues/${id}`, input);

export function useUpdateVenue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateVenue,
    onSuccess: (_venue, { id }) =>
      // The venue key ['/api/venues', id] sits under the list's prefix, so one call refreshes both.
      Promise.all([
        qc.invalidateQueries({ queryKey: getVenuesQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: getUserVenuesQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: getVenueMixQueryOptions(id).queryKey }),
      ]),
  });
}
