/** The socket client's reconnects: backoff after a drop, none after a limit close (1008) until resume(). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_LIMIT_CLOSE_CODE, SOCKET_MAX_RECONNECTS } from '@shared/constants';
import { FakeSocket } from '../test/fake-socket';
import { CATCH_UP_MARGIN_MS, mayHaveMissed, RealtimeClient } from './realtime';

describe('RealtimeClient reconnects', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reopens after a dropped connection with growing delays, a bounded number of times', async () => {
    const client = new RealtimeClient(() => 'ws://test/ws');
    client.connect();
    FakeSocket.opened[0].open();
    FakeSocket.opened[0].closedBy(1006);
    // Each attempt fails at once: 1, 2, 4, 8, 16 s, then no more.
    for (let i = 0; i < SOCKET_MAX_RECONNECTS; i++) {
      await vi.advanceTimersByTimeAsync(1000 * 2 ** i);
      expect(FakeSocket.opened).toHaveLength(i + 2);
      FakeSocket.opened.at(-1)!.closedBy(1006);
    }
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeSocket.opened).toHaveLength(SOCKET_MAX_RECONNECTS + 1);
  });

  it('does not reopen a socket the server closed for a limit (1008) until resume(), and then rejoins its rooms', async () => {
    const client = new RealtimeClient(() => 'ws://test/ws');
    client.connect();
    FakeSocket.opened[0].open();
    client.join('global');
    FakeSocket.opened[0].closedBy(SOCKET_LIMIT_CLOSE_CODE);
    expect(client.status).toBe('closed');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeSocket.opened).toHaveLength(1);

    client.resume();
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1].open();
    expect(client.status).toBe('open');
    expect(FakeSocket.opened[1].sent).toContain(JSON.stringify({ type: 'subscribe', room: 'global' }));
    // resume() on an open socket, or after a normal close, does nothing more.
    client.resume();
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it('does not reopen after sign-out, whatever the close', async () => {
    const client = new RealtimeClient(() => 'ws://test/ws');
    client.connect();
    FakeSocket.opened[0].open();
    client.disconnect();
    client.resume();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });
});

describe('mayHaveMissed (ADR 040)', () => {
  afterEach(() => vi.useRealTimers());

  it('is false only when the room has been quiet since before the read, with the margin for the read itself', () => {
    vi.useFakeTimers({ now: 100_000 });
    const readAt = 100_000 - 2_000; // answered two seconds ago
    expect(mayHaveMissed({ quietMs: 2_000 + CATCH_UP_MARGIN_MS + 1 }, readAt)).toBe(false);
    expect(mayHaveMissed({ quietMs: 2_000 + CATCH_UP_MARGIN_MS }, readAt)).toBe(true);
    expect(mayHaveMissed({ quietMs: 500 }, readAt)).toBe(true);
    // A read still on its way, or a server that does not say: maybe.
    expect(mayHaveMissed({ quietMs: 3_600_000 }, 0)).toBe(true);
    expect(mayHaveMissed({}, readAt)).toBe(true);
  });
});
