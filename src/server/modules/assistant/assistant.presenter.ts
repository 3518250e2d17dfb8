/** The API shapes of DJ Verse's stored turns. */
import type { AiChatTurn, RecommendationCard } from '../../../shared/schemas/assistant';
import type { ChatRow } from './assistant.repository';

/** One stored turn as GET /api/ai/history presents it. */
export function presentTurn(row: ChatRow, recommendations: RecommendationCard[]): AiChatTurn {
  return {
    id: row.id,
    message: row.message,
    response: row.response,
    recommendations,
    createdAt: row.createdAt.toISOString(),
  };
}
