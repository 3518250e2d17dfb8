/**
 * The venue's player on the host device: keeps the app's player (YouTube adapter) on the song the server says is
 * playing, reports started / paused / resumed / ended / unplayable, sends a heartbeat every few seconds, and stops
 * at once when another device takes over (a `live_host_takeover` event, or a 409 on a report or heartbeat).
 *
 * The player is given the server's song and the next waiting one, so at the end of a song it goes straight on to
 * the song the server will most likely pick; when the server picks another one, the player switches to it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LivePlaybackReport, LiveSong, LiveState } from '@shared/schemas/live';
import { LIVE_MESSAGES, LIVE_TIMING, UNPLAYABLE_YOUTUBE_ERRORS } from '@shared/schemas/live-constants';
import { ApiError } from '../../../lib/api-client';
import { onPlayerReport, usePlayerActions, usePlayerState, type PlayableSong } from '../../player';
import { applyLiveState } from '../api/get-live-view';
import { sendHeartbeat, sendPlayback } from '../api/host';
import { liveKeys } from '../api/keys';

const playable = (s: LiveSong): PlayableSong => ({ ...s });
const isFatal = (code: number) => (UNPLAYABLE_YOUTUBE_ERRORS as readonly number[]).includes(code);
/** The provider's errors worth one retry (the player retries once before giving up). */
const TRANSIENT = [2, 5];

export function useHostPlayback({
  venueId,
  deviceId,
  active,
  state,
  onLost,
}: {
  venueId: number;
  deviceId: string;
  /** This device started (or took over) the session and plays it. */
  active: boolean;
  state: LiveState | null;
  /** Another device took over, or the session is gone: stop. */
  onLost: (reason: string) => void;
}) {
  const qc = useQueryClient();
  const player = usePlayerState();
  const actions = usePlayerActions();
  const np = active ? (state?.nowPlaying ?? null) : null;
  const npRef = useRef(np);
  const playerRef = useRef(player);
  const onLostRef = useRef(onLost);
  /** Entries whose end (or failure) was reported: the player waits for the server's next song. */
  const finished = useRef(new Set<number>());
  const started = useRef(new Set<number>());
  const pausedReported = useRef(false);
  /** The first sync after becoming active always (re)loads the song, from the server's position. */
  const synced = useRef(false);
  useEffect(() => {
    npRef.current = np;
    playerRef.current = player;
    onLostRef.current = onLost;
  });

  const report = useCallback(
    (body: Omit<LivePlaybackReport, 'deviceId'>) => {
      sendPlayback(venueId, { ...body, deviceId }).then(
        (s) => applyLiveState(qc, s),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 409 && err.serverMessage === LIVE_MESSAGES.notHostDevice)
            onLostRef.current(err.serverMessage);
        },
      );
    },
    [venueId, deviceId, qc],
  );

  useEffect(() => {
    if (!active) synced.current = false;
  }, [active]);

  // Keep the player on the server's song.
  const entryId = np?.entryId;
  const songId = np?.song.id;
  const playerSongId = player.currentSong?.id;
  useEffect(() => {
    const now = npRef.current;
    if (!active || !now || finished.current.has(now.entryId)) return;
    if (!now.song.youtubeId) {
      finished.current.add(now.entryId);
      report({ entryId: now.entryId, event: 'unplayable' });
      return;
    }
    if (synced.current && playerRef.current.currentSong?.id === now.song.id) return;
    synced.current = true;
    pausedReported.current = false;
    const next = state?.queue[0]?.song;
    actions.playSong(playable(now.song), next ? [playable(now.song), playable(next)] : [playable(now.song)]);
    if (now.positionMs > 3000) actions.seek(now.positionMs / 1000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the queue only matters when a song is loaded
  }, [active, entryId, songId, playerSongId, actions, report]);

  // 'started' once the player plays the server's song.
  const isPlaying = player.isPlaying;
  useEffect(() => {
    const now = npRef.current;
    if (!active || !now || !isPlaying || playerSongId !== now.song.id) return;
    if (started.current.has(now.entryId) || finished.current.has(now.entryId)) return;
    started.current.add(now.entryId);
    report({
      entryId: now.entryId,
      event: 'started',
      positionMs: Math.round(playerRef.current.currentTime * 1000),
    });
  }, [active, entryId, isPlaying, playerSongId, report]);

  // The adapter's reports: ended, failed, paused, resumed.
  useEffect(() => {
    if (!active) return;
    return onPlayerReport((r, before) => {
      const now = npRef.current;
      if (!now || before.currentSong?.id !== now.song.id || finished.current.has(now.entryId)) return;
      const positionMs = Math.round(before.currentTime * 1000);
      if (r.type === 'ended') {
        finished.current.add(now.entryId);
        report({ entryId: now.entryId, event: 'ended' });
      } else if (r.type === 'error') {
        if (isFatal(r.code) || !TRANSIENT.includes(r.code) || before.retries >= 1) {
          finished.current.add(now.entryId);
          report({ entryId: now.entryId, event: 'unplayable', errorCode: r.code });
        }
      } else if (r.type === 'playerPaused' && started.current.has(now.entryId) && !pausedReported.current) {
        pausedReported.current = true;
        report({ entryId: now.entryId, event: 'paused', positionMs });
      } else if (r.type === 'playerPlaying' && pausedReported.current) {
        pausedReported.current = false;
        report({ entryId: now.entryId, event: 'resumed', positionMs });
      }
    });
  }, [active, report]);

  // The heartbeat.
  useEffect(() => {
    if (!active) return;
    const beat = () =>
      sendHeartbeat(venueId, deviceId).then(
        (r) => {
          const cached = qc.getQueryData<{ state: LiveState }>(liveKeys.view(venueId));
          if (!cached || r.version > cached.state.version)
            void qc.invalidateQueries({ queryKey: liveKeys.view(venueId) });
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 409) onLostRef.current(err.serverMessage);
        },
      );
    void beat();
    const id = window.setInterval(() => void beat(), LIVE_TIMING.heartbeatMs);
    return () => window.clearInterval(id);
  }, [active, venueId, deviceId, qc]);
}
