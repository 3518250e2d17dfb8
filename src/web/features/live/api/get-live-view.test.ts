import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveMe, LiveQueueEntry, LiveState } from '@shared/schemas/live';
import { applyLiveMe, applyLiveState, skipVotedNow, withMine, type LiveViewData } from './get-live-view';
import { liveKeys } from './keys';

const song = {
  id: 7,
  title: 'Freebird',
  artist: 'Lynyrd Skynyrd',
  youtubeId: 'abc',
  thumbnailUrl: null,
  duration: 548,
};
const entry = (id: number, requesterId: string | null): LiveQueueEntry => ({
  id,
  song,
  requester: requesterId ? { id: requesterId, name: 'Sam K.' } : null,
  requestedAt: '2026-11-24T20:00:00.000Z',
  netVotes: 0,
  myVote: null,
  mine: false,
  startsInSeconds: null,
});
const state = (version: number, queue: LiveQueueEntry[] = []): LiveState => ({
  venueId: 3,
  venueName: 'The Dive Bar',
  gradient: 'from-blue-500 to-purple-600',
  sessionId: 1,
  status: 'live',
  version,
  serverNow: '2026-11-24T20:00:00.000Z',
  nowPlaying: null,
  queue,
  queueLength: queue.length,
  skip: { votes: 0, needed: 2 },
  requestsLocked: false,
  presentCount: 2,
  rules: { requestCap: 3, maxSongSeconds: 600, noRepeatHours: 3, allowYoutubeLinks: false, skipRule: '' },
});
const me: LiveMe = {
  userId: 'u1',
  present: true,
  presentUntil: null,
  isHost: false,
  isOwner: false,
  votes: [{ entryId: 2, value: -1 }],
  skipVoted: false,
  waiting: 1,
};

describe('the live view cache', () => {
  it('takes a snapshot that is not older and drops an older one, keeping the caller’s own part', () => {
    const qc = new QueryClient();
    const key = liveKeys.view(3);
    qc.setQueryData<LiveViewData>(key, { state: state(5), me, receivedAt: 0, meEntryId: null });
    expect(applyLiveState(qc, state(4))).toBe(false);
    expect(qc.getQueryData<LiveViewData>(key)?.state.version).toBe(5);
    expect(applyLiveState(qc, state(6))).toBe(true);
    const after = qc.getQueryData<LiveViewData>(key)!;
    expect(after.state.version).toBe(6);
    expect(after.me).toBe(me);
    expect(after.receivedAt).toBeGreaterThan(0);
  });

  it('writes a fresh `me` over the cached one', () => {
    const qc = new QueryClient();
    qc.setQueryData<LiveViewData>(liveKeys.view(3), { state: state(1), me: null, receivedAt: 1, meEntryId: null });
    applyLiveMe(qc, 3, me);
    expect(qc.getQueryData<LiveViewData>(liveKeys.view(3))?.me).toBe(me);
  });

  it('lays the caller’s votes and requests over the shared entries of an event', () => {
    expect(withMine(entry(1, 'u1'), me)).toMatchObject({ mine: true, myVote: null });
    expect(withMine(entry(2, 'u9'), me)).toMatchObject({ mine: false, myVote: -1 });
    expect(withMine(entry(3, null), me)).toMatchObject({ mine: false, myVote: null });
    expect(withMine(entry(1, 'u1'), null)).toMatchObject({ mine: false });
  });

  it('counts the caller’s skip vote only for the song it was cast on', () => {
    const np = (entryId: number) => ({
      entryId,
      song,
      requester: null,
      startedAt: '2026-11-24T20:00:00.000Z',
      pausedAt: null,
      positionMs: 0,
    });
    const voted = { ...me, skipVoted: true };
    const playing9 = { ...state(2), nowPlaying: np(9) };
    expect(skipVotedNow({ state: playing9, me: voted, receivedAt: 0, meEntryId: 9 })).toBe(true);
    // The song was skipped and another one plays: the vote was for the old one.
    const qc = new QueryClient();
    qc.setQueryData<LiveViewData>(liveKeys.view(3), { state: playing9, me: voted, receivedAt: 0, meEntryId: 9 });
    applyLiveState(qc, { ...state(3), nowPlaying: np(10) });
    expect(skipVotedNow(qc.getQueryData<LiveViewData>(liveKeys.view(3))!)).toBe(false);
  });
});
