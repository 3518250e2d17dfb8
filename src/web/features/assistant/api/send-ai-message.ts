/** POST /api/ai/chat: asks DJ Verse; a successful turn is appended to the cached history (once it has loaded). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiChatReply, AiChatTurn } from '@shared/schemas/assistant';
import { sendJson } from '../../../lib/api-client';
import { getAiHistoryQueryOptions } from './get-ai-history';

/** Spec section 8: what DJ Verse says when a reply arrives without text. */
export const EMPTY_REPLY = "I didn't get a proper response. Can you try again?";

/** The reply may carry `message` or `content` (spec section 3). */
export type AiReplyBody = Partial<AiChatReply> & { content?: string };

export const sendAiMessage = (message: string) => sendJson<AiReplyBody>('POST', '/api/ai/chat', { message });

/** The reply's text, or the spec's fallback when it is empty. */
export function replyText(body: AiReplyBody | undefined): string {
  const text = (body?.message ?? body?.content ?? '').trim();
  return text || EMPTY_REPLY;
}

export function useSendAiMessage() {
  const qc = useQueryClient();
  return useMutation({
    // The reply is appended to the cached conversation, so the conversation must have arrived first: a history read
    // still in flight would otherwise land after the reply and replace it (the reply vanished from the screen).
    mutationFn: async (message: string) => {
      await qc.ensureQueryData(getAiHistoryQueryOptions()).catch(() => undefined);
      return sendAiMessage(message);
    },
    onSuccess: (body, message) => {
      const turn: AiChatTurn = {
        id: -Date.now(),
        message,
        response: replyText(body),
        recommendations: body?.recommendations ?? [],
        createdAt: new Date().toISOString(),
      };
      qc.setQueryData(getAiHistoryQueryOptions().queryKey, (old) => [...(old ?? []), turn]);
    },
  });
}
