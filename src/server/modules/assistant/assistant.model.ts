/**
 * The optional language model: an OpenAI-compatible chat completions endpoint (OpenAI, Ollama, llama.cpp,
 * vLLM). It only ever sees the engine's shortlist — songs this user may see — and the user's own DJ Verse
 * conversation, and must answer in the card schema. Any failure is reported as a reason, never thrown.
 */
import { ModelAnswerSchema, type Recommendation } from '../../../shared/schemas/assistant';
import type { Config } from '../../config';
import type { ScoredSong } from './engine/engine';
import { primaryArtist } from './engine/text';

export type ModelConfig = NonNullable<Config['ai']>;

export interface ModelRequest {
  message: string;
  /** Earlier turns of this user's DJ Verse chat, oldest first. */
  history: { message: string; response: string }[];
  shortlist: ScoredSong[];
  count: number;
  /** The offline engine's reasons by song id, offered to the model as facts it may use. */
  facts: Map<number, string>;
}

export type ModelOutcome =
  { ok: true; message: string; recommendations: Recommendation[] } | { ok: false; reason: string };

const SYSTEM = [
  'You are DJ Verse, the music assistant of CrowdMix: a friendly MC who answers in two or three short rhyming lines.',
  'Recommend ONLY songs from the CANDIDATES list, naming each by its songId. Never invent songs.',
  'If no candidate fits the request, say so honestly, offer the closest candidates and invite the listener to upload a track.',
  'Each reason must be specific and grounded in the candidate data (genre, votes, venue rank, the facts given), one sentence.',
  'Confidence is 0 to 1: how well the song answers the request. Never put two songs by the same artist next to each other.',
  'Reply with a JSON object only: {"message": string, "recommendations": [{"songId": number, "reason": string, "confidence": number}]}.',
].join(' ');

/** Builds the chat-completions body; exported so tests can check exactly what leaves the server. */
export function buildPrompt(cfg: ModelConfig, req: ModelRequest, jsonMode: boolean) {
  const candidates = req.shortlist.map((c) => ({
    songId: c.song.id,
    title: c.song.title,
    artist: c.song.artist,
    genre: c.song.genre,
    upVotes: c.song.up,
    downVotes: c.song.down,
    fitsRequest: c.fits,
    facts: req.facts.get(c.song.id) ?? null,
  }));
  const messages = [
    { role: 'system', content: SYSTEM },
    ...req.history.slice(-6).flatMap((t) => [
      { role: 'user', content: t.message },
      { role: 'assistant', content: t.response },
    ]),
    {
      role: 'user',
      content: `Request: ${req.message}\nRecommend at most ${req.count} songs.\nCANDIDATES (JSON): ${JSON.stringify(candidates)}`,
    },
  ];
  return {
    model: cfg.model,
    messages,
    temperature: 0.4,
    ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
  };
}

/** Asks the model; on timeout, an error status or output that does not validate, returns why. */
export async function askModel(
  cfg: ModelConfig,
  req: ModelRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<ModelOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), cfg.timeoutMs);
  try {
    let res = await post(cfg, buildPrompt(cfg, req, true), controller.signal, fetchImpl);
    // Some servers (older llama.cpp, some vLLM builds) refuse response_format: ask once more without it.
    if (res.status === 400) res = await post(cfg, buildPrompt(cfg, req, false), controller.signal, fetchImpl);
    if (!res.ok) return { ok: false, reason: `the model answered HTTP ${res.status}` };
    const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return { ok: false, reason: 'the model reply had no message content' };
    return validate(content, req);
  } catch (err) {
    if (controller.signal.aborted) return { ok: false, reason: `the model did not answer within ${cfg.timeoutMs} ms` };
    return { ok: false, reason: `the model could not be reached (${(err as Error).message})` };
  } finally {
    clearTimeout(timer);
  }
}

function post(cfg: ModelConfig, body: object, signal: AbortSignal, fetchImpl: typeof fetch) {
  return fetchImpl(`${cfg.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
}

/** Validates the model's JSON against the card schema and maps it back onto the shortlist. */
export function validate(content: string, req: ModelRequest): ModelOutcome {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the model reply was not JSON' };
  }
  const parsed = ModelAnswerSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      reason: `the model reply did not match the card schema (${parsed.error.issues[0]?.path.join('.') || 'root'}: ${parsed.error.issues[0]?.message})`,
    };
  const byId = new Map(req.shortlist.map((c) => [c.song.id, c]));
  const seen = new Set<number>();
  const recommendations: Recommendation[] = [];
  let lastArtist: string | null = null;
  let unknown = 0;
  for (const r of parsed.data.recommendations) {
    const c = byId.get(r.songId);
    if (!c) {
      unknown++;
      continue;
    }
    const artist = primaryArtist(c.song.artist);
    if (seen.has(r.songId) || artist === lastArtist) continue;
    seen.add(r.songId);
    lastArtist = artist;
    // The model's confidence is blended with the engine's, which is calibrated on the catalogue.
    const confidence = Math.round((0.5 * r.confidence + 0.5 * c.confidence) * 100) / 100;
    recommendations.push({
      songId: c.song.id,
      title: c.song.title,
      artist: c.song.artist,
      genre: c.song.genre,
      reason: r.reason,
      confidence,
    });
    if (recommendations.length >= req.count) break;
  }
  if (unknown && !recommendations.length)
    return { ok: false, reason: `the model recommended ${unknown} song(s) that are not on the shortlist` };
  if (!recommendations.length && req.shortlist.some((c) => c.fits))
    return { ok: false, reason: 'the model recommended nothing although songs fit' };
  return { ok: true, message: parsed.data.message, recommendations };
}
