/** Administrators' actions: resolve a report, suspend a person, restore what was hidden or suspended. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveReportInput } from '@shared/schemas/safety';
import { sendJson } from '../../../lib/api-client';
import { auditQueryOptions } from './get-audit';
import { REPORTS_KEY_PREFIX } from './get-reports';

function useRefreshAdmin() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: REPORTS_KEY_PREFIX });
    void qc.invalidateQueries({ queryKey: auditQueryOptions().queryKey });
  };
}

export function useResolveReport() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, ...input }: ResolveReportInput & { id: number }) =>
      sendJson<void>('POST', `/api/admin/reports/${id}/resolve`, input),
    onSuccess: refresh,
  });
}

export function useRestore() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (input: { targetType: 'song' | 'playlist' | 'venue' | 'user'; targetId: string; reason: string }) =>
      sendJson<void>('POST', '/api/admin/restore', input),
    onSuccess: refresh,
  });
}
