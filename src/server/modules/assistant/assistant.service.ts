/** DJ Verse: rate limits, the offline engine or the configured model, and the stored conversation. */
import type { AiChatReply, Recommendation, RecommendationCard } from '../../../shared/schemas/assistant';
import { RecommendationSchema } from '../../../shared/schemas/assistant';
import type { AppDeps } from '../../deps';
import { AppError, unauthorized } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';
import type { SessionUser } from '../../plugins/session';
import { askModel } from './assistant.model';
import * as repo from './assistant.repository';
import { CONVERSATION_WINDOW, plan, recommend, type EngineData } from './engine/engine';

export { suggestAttributes } from './engine/attribute-suggestions';

const HISTORY_LIMIT = 100;

/** Throws 429 with Retry-After when the user is over 10 a minute or 100 a day; otherwise counts this request. */
export function checkLimits(deps: Pick<AppDeps, 'limiter'>, userId: string) {
  const minute = deps.limiter.check(RATE_RULES.aiMinute, userId);
  const day = deps.limiter.check(RATE_RULES.aiDay, userId);
  if (day > 0) throw new AppError(429, RATE_RULES.aiDay.message, 'RATE_LIMITED', { retryAfterSeconds: day });
  if (minute > 0) throw new AppError(429, RATE_RULES.aiMinute.message, 'RATE_LIMITED', { retryAfterSeconds: minute });
  deps.limiter.record(RATE_RULES.aiMinute, userId);
  deps.limiter.record(RATE_RULES.aiDay, userId);
}

/** Reads the stored recommendations of a turn, dropping anything that no longer validates. */
export function storedCards(value: unknown): Recommendation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const r = RecommendationSchema.safeParse(v);
    return r.success ? [r.data] : [];
  });
}

/** Answers one message and stores the turn. */
export async function chat(deps: AppDeps, caller: SessionUser, message: string): Promise<AiChatReply> {
  checkLimits(deps, caller.id);
  const { db } = deps;
  const user = await repo.listener(db, caller.id);
  if (!user) throw unauthorized();
  const songs = await repo.visibleSongs(db, user.id);
  const venues = await repo.activeVenues(db);
  const votes = await repo.userVotes(db, user.id);
  const turns = await repo.recentTurns(db, user.id, CONVERSATION_WINDOW);
  const data: EngineData = {
    user: { id: user.id, firstName: user.firstName, currentMood: user.currentMood },
    songs,
    venues,
    userVotes: votes,
    history: turns.map((t) => ({ message: t.message, songIds: storedCards(t.recommendations).map((r) => r.songId) })),
    listeners: await repo.listenerCount(db),
  };
  const p = plan(message, data);
  const co = await repo.coVotes(db, p.seeds, user.id);
  const result = recommend(message, data, p, co);

  let reply: { message: string; recommendations: Recommendation[]; source: AiChatReply['source'] } = {
    message: result.message,
    recommendations: result.recommendations,
    source: 'engine',
  };
  const modelCase = result.replyCase.kind === 'picks' || result.replyCase.kind === 'alternatives';
  if (deps.config.ai && modelCase && result.shortlist.length) {
    const facts = new Map(result.recommendations.map((r) => [r.songId, r.reason]));
    const outcome = await askModel(deps.config.ai, {
      message,
      history: turns.map((t) => ({ message: t.message, response: t.response })),
      shortlist: result.shortlist,
      count: result.intent.count,
      facts,
    });
    if (outcome.ok) reply = { message: outcome.message, recommendations: outcome.recommendations, source: 'model' };
    else
      deps.log.warn(
        { reason: outcome.reason, userId: user.id },
        `DJ Verse fell back to the offline engine: ${outcome.reason}`,
      );
  }
  await repo.insertTurn(db, {
    userId: user.id,
    message,
    response: reply.message,
    recommendations: reply.recommendations,
  });
  const media = await repo.visibleMedia(
    db,
    user.id,
    reply.recommendations.map((r) => r.songId),
  );
  return { ...reply, recommendations: withMedia(reply.recommendations, media) };
}

/** Adds what the player needs to each card, leaving out songs the user can no longer see. */
function withMedia(cards: Recommendation[], media: Map<number, repo.SongMedia>): RecommendationCard[] {
  return cards.flatMap((c) => {
    const m = media.get(c.songId);
    return m ? [{ ...c, ...m }] : [];
  });
}

/** The user's stored conversation, oldest first; cards for songs they can no longer see are left out. */
export async function history(deps: AppDeps, userId: string) {
  const rows = await repo.recentTurns(deps.db, userId, HISTORY_LIMIT);
  const cards = rows.map((r) => storedCards(r.recommendations));
  const media = await repo.visibleMedia(deps.db, userId, [...new Set(cards.flat().map((c) => c.songId))]);
  return rows.map((r, i) => ({ row: r, recommendations: withMedia(cards[i], media) }));
}

/** Starts the conversation over. */
export async function clear(deps: AppDeps, userId: string) {
  await repo.deleteTurns(deps.db, userId);
}
