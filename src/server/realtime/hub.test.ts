/** The hub's delivery: audiences, the coalescing window, ordering with direct sends, and signals before events. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerEvent } from '../../shared/realtime';
import { COALESCE_WINDOW_MS, MAX_COALESCE_WINDOW_MS, RealtimeHub, type Client } from './hub';
import type { HubTransport } from './transport';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

/** A socket that records what was sent: each frame parsed back into its list of events. */
function fakeClient(id: string, userId: string | null = null) {
  const frames: ServerEvent[][] = [];
  const socket = {
    readyState: 1,
    send: (data: string | Buffer, opts?: { binary?: boolean }) => {
      // Bytes go out as text frames only when told: a browser would get a binary frame (a Blob) otherwise.
      if (typeof data !== 'string' && opts?.binary !== false) throw new Error('bytes sent as a binary frame');
      const parsed = JSON.parse(data.toString()) as ServerEvent | ServerEvent[];
      frames.push(Array.isArray(parsed) ? parsed : [parsed]);
    },
    close: vi.fn(),
  } as unknown as WebSocket;
  const client: Client = { socketId: id, userId, sid: null, rooms: new Set(), socket };
  return { client, frames, types: () => frames.map((f) => f.map((e) => e.type)) };
}

const vote = (songId: number): ServerEvent => ({
  type: 'vote_update',
  songId,
  venueId: null,
  voteCount: { upVotes: 1, downVotes: 0 },
});

describe('RealtimeHub delivery', () => {
  let hub: RealtimeHub;
  /** The hub's clock (ms): it stands still unless a test moves it. */
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
    hub = new RealtimeHub(null, log, undefined, () => clock);
  });
  afterEach(async () => {
    await hub.stop();
    vi.useRealTimers();
  });

  async function added(id: string, userId: string | null = null) {
    const c = fakeClient(id, userId);
    await hub.add(c.client);
    c.frames.length = 0; // forget 'hello'
    return c;
  }

  it('sends the first event after a quiet spell at once, and what follows within the window as one array frame', async () => {
    const a = await added('a');
    await hub.publish(vote(1));
    expect(a.frames).toEqual([[vote(1)]]);

    await hub.publish(vote(2));
    await hub.publish(vote(3));
    expect(a.frames).toHaveLength(1); // queued until the window ends
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(a.frames).toEqual([[vote(1)], [vote(2), vote(3)]]);

    // A window that gathered nothing (here the second, of 30 ms) ends the busy spell: the next event goes out at once.
    vi.advanceTimersByTime(2 * COALESCE_WINDOW_MS);
    await hub.publish(vote(4));
    expect(a.frames.at(-1)).toEqual([vote(4)]);
  });

  it('makes each window of a long burst twice as long as the last, up to 60 ms, and starts at 15 ms again after it', async () => {
    const a = await added('a');
    // An event every 5 ms for 600 ms: the frames go out at 0 (the first event), then at 15, 45, 105, 165… ms.
    const sentAt: number[] = [];
    const seen = () => {
      while (sentAt.length < a.frames.length) sentAt.push(clock);
    };
    for (let t = 0; t < 600; t += 5) {
      await hub.publish(vote(t));
      seen();
      vi.advanceTimersByTime(5);
      clock += 5;
      seen();
    }
    expect(sentAt).toEqual([0, 15, 45, 105, 165, 225, 285, 345, 405, 465, 525, 585]);
    // The rest of the last window's events go when it ends.
    vi.advanceTimersByTime(MAX_COALESCE_WINDOW_MS);
    // Every event, in order, in 13 frames instead of the 41 that 15 ms windows would have taken.
    expect(a.frames.flat().map((e) => (e.type === 'vote_update' ? e.songId : -1))).toEqual(
      Array.from({ length: 120 }, (_, i) => i * 5),
    );
    expect(a.frames.length).toBe(13);

    // After a window that gathered nothing, the next event goes out at once and the windows start at 15 ms again.
    vi.advanceTimersByTime(MAX_COALESCE_WINDOW_MS);
    await hub.publish(vote(1000));
    expect(a.frames.at(-1)).toEqual([vote(1000)]);
    await hub.publish(vote(1001));
    vi.advanceTimersByTime(COALESCE_WINDOW_MS - 1);
    expect(a.frames.at(-1)).toEqual([vote(1000)]);
    vi.advanceTimersByTime(1);
    expect(a.frames.at(-1)).toEqual([vote(1001)]);
  });

  it('coalesces a burst of a hundred events into a few frames per socket, in order, losing none', async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, (_, i) => added(`s${i}`)));
    for (let i = 0; i < 100; i++) {
      await hub.publish(vote(i));
      if (i % 25 === 24) vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    }
    vi.advanceTimersByTime(MAX_COALESCE_WINDOW_MS);
    for (const s of sockets) {
      expect(s.frames.length).toBeLessThanOrEqual(6);
      expect(s.frames.flat().map((e) => (e.type === 'vote_update' ? e.songId : -1))).toEqual(
        Array.from({ length: 100 }, (_, i) => i),
      );
    }
  });

  it('holds an event whose publisher has more in flight, and sends all of them with the last one (ADR 048)', async () => {
    const sockets = await Promise.all(Array.from({ length: 5 }, (_, i) => added(`s${i}`)));
    // A burst of 100 votes, 6 at a time: each vote but the last knows that others follow it.
    for (let i = 0; i < 99; i++) await hub.publish(vote(i), undefined, [], { moreFollow: true });
    vi.advanceTimersByTime(MAX_COALESCE_WINDOW_MS - 1);
    expect(sockets[0].frames).toEqual([]);
    await hub.publish(vote(99));
    for (const s of sockets) {
      expect(s.frames).toHaveLength(1);
      expect(s.frames[0].map((e) => (e.type === 'vote_update' ? e.songId : -1))).toEqual(
        Array.from({ length: 100 }, (_, i) => i),
      );
    }
    // Quiet afterwards: the next event goes out at once, as after any spell.
    vi.advanceTimersByTime(2 * MAX_COALESCE_WINDOW_MS);
    await hub.publish(vote(100));
    expect(sockets[0].frames.at(-1)).toEqual([vote(100)]);
  });

  it('sends a held event after the longest window when nothing follows it (a vote in flight failed)', async () => {
    const a = await added('a');
    await hub.publish(vote(1), undefined, [], { moreFollow: true });
    vi.advanceTimersByTime(MAX_COALESCE_WINDOW_MS - 1);
    expect(a.frames).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.frames).toEqual([[vote(1)]]);
  });

  it('ends a held wait early for any event published without the hint, and keeps order', async () => {
    const a = await added('a');
    await hub.publish(vote(1), undefined, [], { moreFollow: true });
    await hub.publish({ type: 'songs_changed', venueId: null });
    expect(a.types()).toEqual([['vote_update', 'songs_changed']]);
  });

  it('keeps audiences apart while coalescing: a room, some users, everyone', async () => {
    const inRoom = await added('r', 'u1');
    const outside = await added('o', 'u2');
    hub.handle(inRoom.client, { type: 'subscribe', room: 'global' });
    await vi.runAllTimersAsync();
    await hub.publish(vote(1)); // opens a window
    const message = {
      id: 1,
      senderId: 'u1',
      receiverId: null,
      venueId: null,
      content: 'hi',
      messageType: 'global' as const,
      isRead: false,
      createdAt: new Date(0).toISOString(),
      senderName: null,
      senderImage: null,
    };
    await hub.publish({ type: 'chat_message', room: 'global', message }, { kind: 'room', room: 'global' });
    await hub.publish({ type: 'messages_read', otherUserId: 'u9' }, { kind: 'users', userIds: ['u2'] });
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(inRoom.types()).toEqual([['subscribed'], ['vote_update'], ['chat_message']]);
    expect(outside.types()).toEqual([['vote_update'], ['messages_read']]);
  });

  it("interleaves a socket's own events with everyone's in the order they were published, superseded ones in place", async () => {
    const a = await added('a', 'u1');
    const b = await added('b', 'u2');
    hub.handle(a.client, { type: 'subscribe', room: 'live:1' });
    await vi.runAllTimersAsync();
    a.frames.length = 0;
    const snapshot = (version: number) => ({ type: 'live_state', venueId: 1, version }) as unknown as ServerEvent;
    await hub.publish(vote(1)); // opens a window
    await hub.publish(snapshot(1), { kind: 'room', room: 'live:1' });
    await hub.publish(vote(2));
    await hub.publish({ type: 'messages_read', otherUserId: 'u9' }, { kind: 'users', userIds: ['u1'] });
    await hub.publish(vote(3));
    await hub.publish(snapshot(2), { kind: 'room', room: 'live:1' }); // takes the first snapshot's place
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(a.frames).toEqual([
      [vote(1)],
      [snapshot(2), vote(2), { type: 'messages_read', otherUserId: 'u9' }, vote(3)],
    ]);
    expect(b.frames).toEqual([[vote(1)], [vote(2), vote(3)]]);
  });

  it("queues everyone's events once for all sockets, not once per socket (ADR 049)", async () => {
    let looks = 0;
    const sockets = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const c = await added(`s${i}`);
        const socket = c.client.socket as unknown as { readyState: number };
        Object.defineProperty(socket, 'readyState', { get: () => (looks++, 1) });
        return c;
      }),
    );
    await hub.publish(vote(0)); // opens a window: sent to each at once
    looks = 0;
    for (let i = 1; i < 100; i++) await hub.publish(vote(i), undefined, [], { moreFollow: i < 99 });
    // One look at each socket when the window ends, instead of one per socket and event (19,800).
    expect(looks).toBeLessThanOrEqual(2 * sockets.length);
    for (const s of sockets) expect(s.frames.flat()).toHaveLength(100);
  });

  it("gives a socket that joins during a window only everyone's events published after its hello", async () => {
    const a = await added('a');
    await hub.publish(vote(1)); // opens a window
    await hub.publish(vote(2));
    const late = fakeClient('late');
    await hub.add(late.client);
    await hub.publish(vote(3));
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(late.types()).toEqual([['hello'], ['vote_update']]);
    expect(late.frames[1]).toEqual([vote(3)]);
    expect(a.frames).toEqual([[vote(1)], [vote(2), vote(3)]]);
  });

  it('confirms a subscription once the socket is in the room, after the events queued before it; a refused one is not', async () => {
    const a = await added('a');
    hub.authorizeRooms('venue:', async (_client, room) => room !== 'venue:2');
    await hub.publish(vote(1)); // opens a window: queued for a
    await hub.handle(a.client, { type: 'subscribe', room: 'venue:1' });
    await hub.handle(a.client, { type: 'subscribe', room: 'venue:2' });
    expect(a.frames).toEqual([
      [vote(1)],
      [{ type: 'subscribed', room: 'venue:1', quietMs: 0 }],
      [{ type: 'error', message: 'Not allowed to join venue:2' }],
    ]);
    await hub.publish({ type: 'songs_changed', venueId: 1 }, { kind: 'room', room: 'venue:1' });
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(a.types().at(-1)).toEqual(['songs_changed']);
  });

  it("tells a joining socket how long its room has been quiet: since the room's last event, the start, or a resync", async () => {
    const a = await added('a');
    const quiet = async (room: string) => {
      await hub.handle(a.client, { type: 'subscribe', room });
      await hub.handle(a.client, { type: 'unsubscribe', room });
      await vi.runAllTimersAsync();
      const joined = a.frames.flat().findLast((e) => e.type === 'subscribed');
      return joined?.type === 'subscribed' ? joined.quietMs : undefined;
    };
    clock = 60_000;
    expect(await quiet('playlist:1')).toBe(60_000); // nothing since the hub started
    await hub.publish({ type: 'playlist_changed', playlistId: 1 }, { kind: 'room', room: 'playlist:1' });
    await hub.publish(vote(1)); // to every socket, not to a room: the rooms stay quiet
    clock = 61_500;
    expect(await quiet('playlist:1')).toBe(1_500);
    expect(await quiet('playlist:2')).toBe(61_500);
    // An event relayed from another instance counts the same (deliver is its way in).
    hub.deliver({ type: 'playlist_changed', playlistId: 2 }, { kind: 'room', room: 'playlist:2' });
    clock = 62_000;
    expect(await quiet('playlist:2')).toBe(500);
    // After a gap in the channel between instances, no room is known to be quiet for longer than since then.
    hub.resync();
    clock = 62_250;
    expect(await quiet('playlist:1')).toBe(250);
    expect(await quiet('playlist:9')).toBe(250);
  });

  it('forgets the oldest rooms past its bound, and never counts a forgotten room as quiet for longer than it was', async () => {
    const a = await added('a');
    for (let i = 0; i < 20_001; i++) {
      clock = i;
      hub.deliver({ type: 'playlist_changed', playlistId: i }, { kind: 'room', room: `playlist:${i}` });
    }
    clock = 30_000;
    await hub.handle(a.client, { type: 'subscribe', room: 'playlist:0' });
    await vi.runAllTimersAsync();
    const joined = a.frames.flat().findLast((e) => e.type === 'subscribed');
    // playlist:0 was dropped with the oldest (down to 18,000 rooms: the newest dropped, playlist:2000, at 2,000 ms): it
    // counts as quiet since then at most, never since the hub's start.
    expect(joined).toEqual({ type: 'subscribed', room: 'playlist:0', quietMs: 30_000 - 2_000 });
  });

  it("sends a room's socket only the newest of the live snapshots queued in one window (they supersede)", async () => {
    const tv = await added('tv');
    const elsewhere = await added('x');
    hub.handle(tv.client, { type: 'subscribe', room: 'live:1' });
    hub.handle(elsewhere.client, { type: 'subscribe', room: 'live:2' });
    await vi.runAllTimersAsync();
    const live = (venueId: number, version: number) =>
      ({ type: 'live_state', state: { venueId, version } }) as unknown as ServerEvent;
    await hub.publish(vote(1)); // opens a window
    for (let v = 1; v <= 9; v++) {
      await hub.publish(live(1, v), { kind: 'room', room: 'live:1' });
      if (v === 5) await hub.publish(vote(2));
    }
    await hub.publish(live(2, 1), { kind: 'room', room: 'live:2' });
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    // One snapshot per room and window, the newest, in the place of the first; other events are all kept.
    const joined = (room: string) => ({ type: 'subscribed', room, quietMs: 0 });
    expect(tv.frames).toEqual([[joined('live:1')], [vote(1)], [live(1, 9), vote(2)]]);
    expect(elsewhere.frames).toEqual([[joined('live:2')], [vote(1)], [vote(2), live(2, 1)]]);
  });

  it("answers a direct send (a 'pong') after the events queued before it", async () => {
    const a = await added('a');
    await hub.publish(vote(1));
    await hub.publish(vote(2));
    await hub.handle(a.client, { type: 'ping' });
    expect(a.types()).toEqual([['vote_update'], ['vote_update'], ['pong']]);
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(a.frames).toHaveLength(3); // nothing sent twice
  });

  it('drops the queue of a socket that went away, and sends nothing to a closed socket', async () => {
    const a = await added('a');
    const b = await added('b');
    await hub.publish(vote(1));
    await hub.publish(vote(2));
    await hub.remove(a.client);
    (b.client.socket as unknown as { readyState: number }).readyState = 3;
    vi.advanceTimersByTime(COALESCE_WINDOW_MS);
    expect(a.frames).toEqual([[vote(1)]]);
    expect(b.frames).toEqual([[vote(1)]]);
  });

  it("handles a publish's signals before its event, here as on the other instances", async () => {
    const order: string[] = [];
    hub.onSignal('votes_changed', (key) => order.push(`signal ${key}`));
    hub.onEvent((e) => order.push(`event ${e.type}`));
    await hub.publish(vote(1), { kind: 'all' }, [{ kind: 'votes_changed', key: 'u1' }]);
    expect(order).toEqual(['signal u1', 'event vote_update']);
  });
});

/** A transport in memory: every hub on the same bus hears what any of them publishes (its own included). */
function memoryBus(maxPayload = 7900) {
  const receivers: ((payload: string) => void)[] = [];
  const resyncs: (() => void)[] = [];
  const sent: string[] = [];
  const transport = (): HubTransport => ({
    name: 'redis',
    maxPayload,
    async start(onPayload, onResync) {
      receivers.push(onPayload);
      resyncs.push(onResync);
    },
    async publish(payload) {
      sent.push(payload);
      for (const r of receivers) r(payload);
    },
    async stop() {},
  });
  return { transport, sent, resyncAll: () => resyncs.forEach((r) => r()) };
}

describe('RealtimeHub across instances (any transport)', () => {
  it("delivers an event once to each instance's sockets, signals first, and drops its own echo", async () => {
    const bus = memoryBus();
    const [a, b] = [new RealtimeHub(bus.transport(), log), new RealtimeHub(bus.transport(), log)];
    await a.start();
    await b.start();
    const onA = fakeClient('a');
    const onB = fakeClient('b');
    await a.add(onA.client);
    await b.add(onB.client);
    const heard: string[] = [];
    b.onSignal('votes_changed', (key) => heard.push(`signal ${key}`));
    b.onEvent((e) => heard.push(`event ${e.type}`));

    await a.publish(vote(7), { kind: 'all' }, [{ kind: 'votes_changed', key: 'u1' }]);
    expect(onA.types()).toEqual([['hello'], ['vote_update']]); // once: its own echo from the bus is dropped
    expect(onB.types()).toEqual([['hello'], ['vote_update']]);
    expect(heard).toEqual(['signal u1', 'event vote_update']);
    await a.stop();
    await b.stop();
  });

  it('keeps an event larger than the transport carries on its own instance, and resyncs when told', async () => {
    const bus = memoryBus(200);
    const [a, b] = [new RealtimeHub(bus.transport(), log), new RealtimeHub(bus.transport(), log)];
    await a.start();
    await b.start();
    const onB = fakeClient('b');
    await b.add(onB.client);
    const big: ServerEvent = { type: 'error', message: 'x'.repeat(300) };
    await a.publish(big);
    expect(bus.sent).toHaveLength(0);
    expect(onB.types()).toEqual([['hello']]);

    bus.resyncAll();
    expect(onB.types()).toEqual([['hello'], ['resync']]);
    await a.stop();
    await b.stop();
  });
});
