/** GET /api/admin/reports: the report queue (open) or handled reports, with context. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReport } from '@shared/schemas/safety';
import { getJson } from '../../../lib/api-client';

/** Every report list (open and closed) starts with this key. */
export const REPORTS_KEY_PREFIX = ['/api/admin/reports'] as const;

export const reportsQueryOptions = (status: 'open' | 'closed') =>
  queryOptions({
    queryKey: [...REPORTS_KEY_PREFIX, status] as const,
    queryFn: ({ signal }) => getJson<AdminReport[]>(`/api/admin/reports?status=${status}`, signal),
    staleTime: 0,
  });

export function useReports(status: 'open' | 'closed') {
  return useQuery(reportsQueryOptions(status));
}
