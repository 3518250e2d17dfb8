/** GET /api/account/sessions: one's sessions, this device first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@shared/schemas/account';
import { getJson } from '../../../lib/api-client';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/account/sessions'] as const,
    queryFn: ({ signal }) => getJson<SessionInfo[]>('/api/account/sessions', signal),
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
