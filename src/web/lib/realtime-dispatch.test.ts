/**
 * How the socket client checks and dispatches what the server sends (ADR 039): signals at once without the event
 * schema (zod), the schema loaded by the first event with a payload, frames kept in order meanwhile, and a schema that
 * cannot load ending in a resync. `@shared/realtime` is replaced by a counting wrapper, so this file runs on its own
 * (vitest.config.ts, `mocksModules`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '@shared/realtime';
import { FakeSocket } from '../test/fake-socket';

const schemaLoads = { count: 0, fail: false };

/** A fresh client module (its schema cache empty), connected, with a listener recording every event. */
async function connected() {
  vi.resetModules();
  vi.doMock('@shared/realtime', async (importOriginal) => {
    schemaLoads.count += 1;
    if (schemaLoads.fail) throw new Error('chunk failed to load');
    return importOriginal();
  });
  const { RealtimeClient } = await import('./realtime');
  const client = new RealtimeClient(() => 'ws://test/ws');
  const got: ServerEvent[] = [];
  client.on((e) => got.push(e));
  client.connect();
  const socket = FakeSocket.opened.at(-1)!;
  socket.open();
  return { socket, got };
}

const vote = { type: 'vote_update', songId: 4, venueId: null, voteCount: { upVotes: 3, downVotes: 1 } };

describe('RealtimeClient dispatch', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    schemaLoads.count = 0;
    schemaLoads.fail = false;
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('dispatches signals as they come, without loading the event schema', async () => {
    const { socket, got } = await connected();
    socket.frame({ type: 'hello', socketId: 's1', userId: null });
    socket.frame([
      { type: 'subscribed', room: 'playlist:3', extra: 'dropped' },
      { type: 'playlist_changed', playlistId: 3 },
    ]);
    // Synchronously, in order, with unknown keys dropped as the schema does.
    expect(got).toEqual([
      { type: 'hello', socketId: 's1', userId: null },
      { type: 'subscribed', room: 'playlist:3' },
      { type: 'playlist_changed', playlistId: 3 },
    ]);
    socket.frame({ type: 'playlist_changed', playlistId: 'three' });
    await vi.waitFor(() => expect(got).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toHaveLength(3);
    expect(schemaLoads.count).toBe(0);
  });

  it('loads the schema for the first event with a payload, and keeps the frames behind it in order', async () => {
    const { socket, got } = await connected();
    socket.frame({ type: 'subscribed', room: 'global' });
    socket.frame(vote);
    socket.frame([
      { type: 'songs_changed', venueId: null },
      { ...vote, voteCount: { upVotes: 'many' } },
    ]);
    socket.frame({ type: 'presence_changed' });
    expect(got.map((e) => e.type)).toEqual(['subscribed']);
    await vi.waitFor(() => expect(got).toHaveLength(4));
    // The invalid vote is dropped; everything else in the order it came.
    expect(got.map((e) => e.type)).toEqual(['subscribed', 'vote_update', 'songs_changed', 'presence_changed']);
    expect(got[1]).toEqual(vote);
    // Loaded once; from now on events with a payload are dispatched at once.
    socket.frame({ ...vote, songId: 5 });
    expect(got.at(-1)).toEqual({ ...vote, songId: 5 });
    expect(schemaLoads.count).toBe(1);
  });

  it('refetches everything (a resync) when the schema cannot load, and tries again with the next payload', async () => {
    schemaLoads.fail = true;
    const { socket, got } = await connected();
    socket.frame(vote);
    socket.frame({ type: 'subscribed', room: 'global' });
    await vi.waitFor(() => expect(got).toEqual([{ type: 'resync' }]));
    schemaLoads.fail = false;
    socket.frame(vote);
    await vi.waitFor(() => expect(got).toEqual([{ type: 'resync' }, vote]));
    expect(schemaLoads.count).toBe(2);
  });
});
