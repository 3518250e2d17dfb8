/** GET /api/blocks (the people one blocked), and blocking or unblocking someone. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Block } from '@shared/schemas/safety';
import { getJson, sendJson } from '../../../lib/api-client';

export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/blocks'] as const,
    queryFn: ({ signal }) => getJson<Block[]>('/api/blocks', signal),
  });

export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQueryOptions(), enabled });
}

/** The ids of the people one blocked (empty while loading). */
export function useBlockedIds(enabled = true): Set<string> {
  const blocks = useBlocks(enabled).data;
  return new Set((blocks ?? []).map((b) => b.user.id));
}

export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => sendJson<Block>('POST', '/api/blocks', { userId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: blocksQueryOptions().queryKey }),
  });
}

export function useUnblock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => sendJson<void>('DELETE', `/api/blocks/${encodeURIComponent(userId)}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: blocksQueryOptions().queryKey }),
  });
}
