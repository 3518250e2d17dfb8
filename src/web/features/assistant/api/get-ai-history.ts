/** GET /api/ai/history: the signed-in user's DJ Verse conversation, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiChatTurn } from '@shared/schemas/assistant';
import { getJson } from '../../../lib/api-client';

export const getAiHistory = (signal?: AbortSignal) => getJson<AiChatTurn[]>('/api/ai/history', signal);

export const getAiHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['/api/ai/history'] as const, queryFn: ({ signal }) => getAiHistory(signal) });

export function useAiHistory(enabled = true) {
  return useQuery({ ...getAiHistoryQueryOptions(), enabled });
}
