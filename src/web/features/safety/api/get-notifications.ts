/** GET /api/notifications (notices: reports handled, mutes, removals) and marking them read. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notifications } from '@shared/schemas/safety';
import { getJson, sendJson } from '../../../lib/api-client';

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/notifications'] as const,
    queryFn: ({ signal }) => getJson<Notifications>('/api/notifications', signal),
  });

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<{ updated: number }>('POST', '/api/notifications/read'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
