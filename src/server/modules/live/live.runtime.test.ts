/**
 * Venue Live's changes reach a room by a signal that each instance turns into a snapshot, and into nothing while the
 * room is empty. A socket joining that room later must still be told the room was not quiet (ADR 040): found when the
 * TV of a server up for minutes kept the state it read before a change made while its join was on its way.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { RealtimeHub } from '../../realtime/hub';
import { LiveRuntime } from './live.runtime';
import type { CoreDeps } from '../../deps';

describe('LiveRuntime and a room nobody watches', () => {
  it("counts a change of an empty room as the room's event, without reading its state", async () => {
    let clock = 0;
    const hub = new RealtimeHub(null, { warn: vi.fn() } as unknown as FastifyBaseLogger, undefined, () => clock);
    const db = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the state of an empty room was read');
        },
      },
    );
    const runtime = new LiveRuntime({ db, hub, now: () => 0, log: hub as never } as unknown as CoreDeps);
    clock = 120_000;
    expect(hub.quietMs('live:7')).toBe(120_000);
    await hub.signal('live_changed', '7');
    await runtime.idle();
    clock = 120_400;
    expect(hub.quietMs('live:7')).toBe(400);
    expect(hub.quietMs('live:8')).toBe(120_400);
  });
});
