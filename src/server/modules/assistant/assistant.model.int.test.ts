/**
 * The optional language model, against a small OpenAI-compatible stand-in on loopback that answers well,
 * slowly, with an error, with garbage or with songs it made up. Every failure falls back to the engine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSong, createUser } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import { messages } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { RATE_RULES } from '../../lib/rate-limiter';

type Mode = 'good' | 'slow' | 'error' | 'garbage' | 'invented' | 'no-json-mode';
let mode: Mode = 'good';
const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];

const standIn = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw) as { messages: { role: string; content: string }[]; response_format?: unknown };
    received.push({ headers: req.headers, body });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.url !== '/v1/chat/completions') return reply(404, { error: 'not found' });
    if (mode === 'error') return reply(500, { error: { message: 'model crashed' } });
    if (mode === 'no-json-mode' && body.response_format)
      return reply(400, { error: { message: 'response_format is not supported' } });
    const last = body.messages[body.messages.length - 1].content;
    const candidates = JSON.parse(last.slice(last.indexOf('CANDIDATES (JSON): ') + 'CANDIDATES (JSON): '.length)) as {
      songId: number;
      title: string;
    }[];
    const picks = candidates.slice(0, 3).map((c) => ({
      songId: c.songId,
      reason: `Model says ${c.title} glows`,
      confidence: 0.9,
      title: 'Made Up Title',
    }));
    const content =
      mode === 'garbage'
        ? 'lol, here are some songs: Wonderwall!'
        : mode === 'invented'
          ? JSON.stringify({
              message: 'Trust me',
              recommendations: [{ songId: 987654, reason: 'I made it up', confidence: 1 }],
            })
          : '```json\n' +
            JSON.stringify({ message: 'Model in the mix, picks that stick!', recommendations: picks }) +
            '\n```';
    const send = () =>
      reply(200, {
        id: 'x',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content } }],
      });
    if (mode === 'slow') setTimeout(() => !res.destroyed && send(), 8000);
    else send();
  });
});

let t: TestApp;
let user: TestUser;
let client: ReturnType<typeof api>;
let secretTitle: string;
let ownPrivateTitle: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await createTestApp({
    AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    AI_MODEL: 'stand-in-model',
    AI_API_KEY: 'sk-stand-in',
    AI_TIMEOUT_MS: '2500',
  });
  client = api(t.app);
  await seedDemoData(t.database.db);
  user = await registerUser(t.app, { firstName: 'Ada' });
  const other = await createUser(t.database.db);
  secretTitle = 'Top Secret Indie Folk Demo';
  ownPrivateTitle = 'Ada Private Indie Folk Sketch';
  await createSong(t.database.db, {
    title: secretTitle,
    artist: 'Hidden Hand',
    genre: 'Indie Folk',
    isPrivate: true,
    uploaderId: other.id,
  });
  await createSong(t.database.db, {
    title: ownPrivateTitle,
    artist: 'Ada Herself',
    genre: 'Indie Folk',
    isPrivate: true,
    uploaderId: user.id,
  });
  await t.database.db
    .insert(messages)
    .values({ senderId: other.id, receiverId: user.id, content: 'PRIVATE-DM-do-not-leak', messageType: 'private' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  standIn.closeAllConnections();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  t.deps.limiter.reset(RATE_RULES.aiMinute, user.id);
});

async function ask(message: string) {
  const res = await client.post('/api/ai/chat', { as: user, body: { message } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    message: string;
    source: string;
    recommendations: { songId: number; title: string; reason: string; confidence: number }[];
  };
}

describe('with a language model configured', () => {
  it('uses a good answer, mapped onto catalogue songs from the shortlist', async () => {
    mode = 'good';
    const reply = await ask('chill indie folk songs');
    expect(reply.source).toBe('model');
    expect(reply.message).toBe('Model in the mix, picks that stick!');
    expect(reply.recommendations).toHaveLength(3);
    for (const c of reply.recommendations) {
      expect(c.reason).toBe(`Model says ${c.title} glows`);
      expect(c.title).not.toBe('Made Up Title'); // titles come from the catalogue, not the model
      expect(c.confidence).toBeGreaterThan(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
    const [call] = received;
    expect(call.headers.authorization).toBe('Bearer sk-stand-in');
    expect(call.body.model).toBe('stand-in-model');
    expect(call.body.response_format).toEqual({ type: 'json_object' });
    // The stored turn is the model's.
    const history = (await client.get('/api/ai/history', { as: user })).json();
    expect(history[history.length - 1].response).toBe('Model in the mix, picks that stick!');
  });

  it('asks again without response_format when the server refuses it', async () => {
    mode = 'no-json-mode';
    const reply = await ask('jazz');
    expect(reply.source).toBe('model');
    expect(received).toHaveLength(2);
    expect(received[1].body.response_format).toBeUndefined();
  });

  it.each([
    ['slow', /did not answer within 2500 ms/],
    ['error', /HTTP 500/],
    ['garbage', /not JSON/],
    ['invented', /not on the shortlist/],
  ] as const)('falls back to the offline engine when the model is %s, and logs why', async (m, why) => {
    mode = m;
    const warn = vi.spyOn(t.deps.log, 'warn');
    const started = Date.now();
    const reply = await ask('workout music');
    expect(reply.source).toBe('engine');
    expect(reply.recommendations.length).toBeGreaterThan(0);
    expect(reply.recommendations.every((c) => c.reason && !c.reason.startsWith('Model says'))).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: expect.stringMatching(why) }),
      expect.stringMatching(/fell back to the offline engine/),
    );
    if (m === 'slow') expect(Date.now() - started).toBeLessThan(7000);
    warn.mockRestore();
  });

  it("sends only songs the user may see and nothing from private messages or other users' chats", async () => {
    mode = 'good';
    const other = await (async () => {
      t.deps.limiter.reset(RATE_RULES.register, '127.0.0.1');
      return registerUser(t.app);
    })();
    await client.post('/api/ai/chat', { as: other, body: { message: 'OTHER-USER-QUESTION about indie folk' } });
    received.length = 0;
    await ask('10 indie folk songs');
    const sent = JSON.stringify(received.map((r) => r.body));
    expect(sent).not.toContain(secretTitle);
    expect(sent).not.toContain('Hidden Hand');
    expect(sent).not.toContain('PRIVATE-DM-do-not-leak');
    expect(sent).not.toContain('OTHER-USER-QUESTION');
    expect(sent).not.toMatch(/uploaderId|isPrivate|@example\.test|crowdmix\.local/);
    // The user's own private upload is theirs to be recommended.
    expect(sent).toContain(ownPrivateTitle);
    // The user's own earlier turns are the conversation.
    expect(sent).toContain('chill indie folk songs');
  });
});
