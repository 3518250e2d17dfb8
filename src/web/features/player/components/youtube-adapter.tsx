/**
 * The YouTube adapter: one YT.Player on the privacy-enhanced host, driven by the reducer's state, reporting
 * back only through reducer actions (ready, state changes, ended, errors, position every second, duration).
 */
import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { POLL } from '@shared/constants';
import { isMobileBrowser } from '../../../lib/utils';
import { usePlayerInternals, usePlayerState } from '../player-context';
import { loadYouTubeApi, YOUTUBE_HOST, YT_STATE, type YTPlayer } from '../youtube-api';

/** The element the provider's iframe lives in; the bar sizes it (video mode) or hides it (audio mode). */
export function YouTubeAdapter({
  hidden,
  onLoadError,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { hidden?: boolean; onLoadError?: (message: string) => void }) {
  const state = usePlayerState();
  const { dispatch, adapterRef } = usePlayerInternals();
  const hostRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<YTPlayer | null>(null);
  const stateRef = useRef(state);
  const [ready, setReady] = useState(false);
  const onLoadErrorRef = useRef(onLoadError);
  // Mobile browsers refuse autoplay: until the user taps play once, songs are only cued.
  const userStartedRef = useRef(!isMobileBrowser());
  const hasSong = Boolean(state.currentSong?.youtubeId);

  useEffect(() => {
    stateRef.current = state;
    onLoadErrorRef.current = onLoadError;
  });

  // Create the one player when there is first something to play.
  useEffect(() => {
    if (!hasSong || playerRef.current) return;
    let cancelled = false;
    loadYouTubeApi().then(
      (YT) => {
        if (cancelled || !hostRef.current || playerRef.current) return;
        const mount = document.createElement('div');
        hostRef.current.replaceChildren(mount);
        playerRef.current = new YT.Player(mount, {
          width: '100%',
          height: '100%',
          host: YOUTUBE_HOST,
          playerVars: { playsinline: 1, rel: 0, origin: window.location.origin },
          events: {
            onReady: () => setReady(true),
            onStateChange: (e) => {
              if (e.data === YT_STATE.playing) {
                userStartedRef.current = true;
                dispatch({ type: 'playerPlaying' });
              } else if (e.data === YT_STATE.paused) dispatch({ type: 'playerPaused' });
              else if (e.data === YT_STATE.ended) dispatch({ type: 'ended', random: Math.random() });
            },
            onError: (e) => dispatch({ type: 'error', code: Number(e.data), random: Math.random() }),
            onAutoplayBlocked: () => dispatch({ type: 'autoplayBlocked' }),
          },
        });
      },
      (err: Error) => {
        if (!cancelled) onLoadErrorRef.current?.(err.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [hasSong, dispatch]);

  useEffect(
    () => () => {
      playerRef.current?.destroy();
      playerRef.current = null;
    },
    [],
  );

  // Let a tap start playback synchronously (mobile browsers play only inside the gesture).
  useEffect(() => {
    adapterRef.current = {
      playNow() {
        userStartedRef.current = true;
        if (ready) playerRef.current?.playVideo();
      },
    };
    return () => {
      adapterRef.current = null;
    };
  }, [adapterRef, ready]);

  // (Re)load the song whenever the reducer asks for it.
  const { loadToken } = state;
  useEffect(() => {
    const player = playerRef.current;
    const s = stateRef.current;
    const videoId = s.currentSong?.youtubeId;
    if (!ready || !player || !videoId) return;
    const startSeconds = Math.floor(s.currentTime);
    if (s.isPlaying && userStartedRef.current) {
      player.loadVideoById({ videoId, startSeconds });
    } else {
      player.cueVideoById({ videoId, startSeconds });
      if (s.isPlaying) dispatch({ type: 'pause' });
    }
  }, [ready, loadToken, dispatch]);

  // Play and pause follow the reducer.
  const { isPlaying } = state;
  useEffect(() => {
    const player = playerRef.current;
    if (!ready || !player || !stateRef.current.currentSong) return;
    const ytState = player.getPlayerState();
    // Before the first tap on a mobile browser only the tap itself may start playback (playNow).
    if (isPlaying && userStartedRef.current && ytState !== YT_STATE.playing && ytState !== YT_STATE.buffering)
      player.playVideo();
    if (!isPlaying && (ytState === YT_STATE.playing || ytState === YT_STATE.buffering)) player.pauseVideo();
  }, [ready, isPlaying]);

  const { seekToken } = state;
  useEffect(() => {
    if (ready && seekToken > 0) playerRef.current?.seekTo(stateRef.current.currentTime, true);
  }, [ready, seekToken]);

  const { volume } = state;
  useEffect(() => {
    const player = playerRef.current;
    if (!ready || !player) return;
    player.setVolume(Math.round(volume * 100));
    if (volume === 0) player.mute();
    else player.unMute();
  }, [ready, volume]);

  // Position (and the real duration) polled every second while playing.
  useEffect(() => {
    if (!ready || !isPlaying) return;
    const id = window.setInterval(() => {
      const player = playerRef.current;
      if (!player) return;
      const duration = player.getDuration();
      if (duration > 0 && Math.abs(duration - stateRef.current.duration) >= 1) dispatch({ type: 'duration', duration });
      dispatch({ type: 'position', time: player.getCurrentTime() });
    }, POLL.position);
    return () => window.clearInterval(id);
  }, [ready, isPlaying, dispatch]);

  return (
    <div {...rest} inert={hidden} aria-hidden={hidden || undefined}>
      <div ref={hostRef} className="size-full" />
    </div>
  );
}
