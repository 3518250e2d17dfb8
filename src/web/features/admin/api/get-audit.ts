/** GET /api/admin/audit: every moderation action, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@shared/schemas/safety';
import { getJson } from '../../../lib/api-client';

export const auditQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/audit'] as const,
    queryFn: ({ signal }) => getJson<AuditEntry[]>('/api/admin/audit', signal),
    staleTime: 0,
  });

export function useAudit() {
  return useQuery(auditQueryOptions());
}
