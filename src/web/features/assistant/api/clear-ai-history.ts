/** DELETE /api/ai/history: starts the conversation over. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { getAiHistoryQueryOptions } from './get-ai-history';

export const clearAiHistory = () => sendJson<void>('DELETE', '/api/ai/history');

export function useClearAiHistory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearAiHistory,
    onSuccess: () => qc.setQueryData(getAiHistoryQueryOptions().queryKey, []),
  });
}
