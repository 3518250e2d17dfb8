/**
 * A list of track rows voting in one context (global, or a venue's mix); ranked lists render as <ol>.
 *
 * Re-ranking (docs/design.md, "Motion"): when a vote moves songs, each row glides from where it was to where it
 * is (FLIP; no motion under prefers-reduced-motion) and the song that climbed says where it went ("↑ #1") for
 * a few seconds. While a mouse is over the list the rows hold their places (numbers and "↑ #n" change at once)
 * and move when it leaves, so the song someone just voted on never jumps away from under their pointer.
 */
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Song, VoteType } from '@shared/schemas/song';
import { prefersReducedMotion } from '../../../lib/motion';
import { onIdle } from '../../../lib/preload';
import { cn } from '../../../lib/utils';
import { SongCard, type CardSong, type RowMenuAction } from './song-card';
import { useVote } from './use-vote';

/**
 * Rows rendered in the first, blocking render; the rest follow in background (interruptible) renders, one per task,
 * each adding as many rows as fit in CHUNK_BUDGET_MS on this device (at least one, at most RENDER_CHUNK_CARDS).
 * A mix is 100 rows: rendering them in one go blocked the main thread for about a second on a mid-range phone, and
 * even eight rows at a time made tasks of a quarter of a second there. The first rows fill more than a screen, so
 * the page looks the same; taps and scrolling get in between the chunks.
 */
export const FIRST_RENDER_CARDS = 12;
/** The most rows a background render adds (a fast machine reaches it; a phone adds one or two per task). */
export const RENDER_CHUNK_CARDS = 8;
/** What one background chunk may cost (render and commit, ms): a phone's task stays well under 50 ms. */
export const CHUNK_BUDGET_MS = 8;
/** How long a moved song shows its "↑ #n". */
export const RANK_CHANGE_MS = 4000;

type RankChanges = Record<number, { up: boolean; to: number }>;

/**
 * The order shown: the list's own, except while the pointer is over the list, when a re-rank waits (the rows keep
 * their places, their numbers and "↑ #n" change at once) until the pointer leaves. New songs join at the end,
 * removed ones go, at once.
 */
function useHeldOrder(songs: CardSong[], hold: boolean): CardSong[] {
  const ids = songs.map((s) => s.id);
  const [order, setOrder] = useState<number[]>(ids);
  const same = order.length === ids.length && order.every((id, i) => id === ids[i]);
  let next = order;
  if (!hold && !same) next = ids;
  else if (hold) {
    const present = new Set(ids);
    const kept = order.filter((id) => present.has(id));
    const known = new Set(kept);
    const merged = [...kept, ...ids.filter((id) => !known.has(id))];
    if (merged.length !== order.length || merged.some((id, i) => id !== order[i])) next = merged;
  }
  if (next !== order) setOrder(next); // adjusting state while rendering: React re-renders before committing
  const byId = new Map(songs.map((s) => [s.id, s]));
  return next.flatMap((id) => byId.get(id) ?? []);
}

/** True when `next` is `prev` with ids added at its end (a list growing chunk by chunk): no row moved. */
function onlyAppended(prev: readonly number[], next: readonly number[]): boolean {
  return prev.length <= next.length && prev.every((id, i) => id === next[i]);
}

/**
 * The FLIP half: rows by id and their last tops (relative to the list, so scrolling or the page above the list
 * changing does not read as a move); and which songs just climbed ("↑ #n").
 *
 * Reading the rows' tops forces a layout of the whole list. A list that only grew (the chunks of its first render,
 * a new song at the end) moved no row, so its tops are read when the browser is idle rather than in that commit:
 * measured in every chunk's commit, they were the largest script cost of a venue mix's first seconds on a phone.
 */
function useRerankMotion(songs: CardSong[], ranked: boolean | undefined) {
  const list = useRef<HTMLOListElement & HTMLUListElement>(null);
  const rows = useRef(new Map<number, HTMLLIElement>());
  const tops = useRef(new Map<number, number>());
  const positions = useRef(new Map<number, number>());
  const lastOrder = useRef<number[]>([]);
  const [changes, setChanges] = useState<RankChanges>({});
  const order = songs.map((s) => s.id).join(',');

  useLayoutEffect(() => {
    const ids = order ? order.split(',').map(Number) : [];
    const prev = lastOrder.current;
    lastOrder.current = ids;
    const measure = () => {
      const origin = list.current?.getBoundingClientRect().top ?? 0;
      const after = new Map<number, number>();
      for (const [id, el] of rows.current) after.set(id, el.getBoundingClientRect().top - origin);
      return after;
    };
    if (onlyAppended(prev, ids)) return onIdle(() => (tops.current = measure()), 1000);
    const before = tops.current;
    const after = measure();
    if (before.size > 0 && !prefersReducedMotion()) {
      for (const [id, el] of rows.current) {
        const from = before.get(id);
        const to = after.get(id);
        if (from === undefined || to === undefined) continue;
        const delta = from - to;
        if (Math.abs(delta) < 2 || Math.abs(delta) > window.innerHeight * 2) continue;
        el.animate([{ transform: `translateY(${delta}px)` }, { transform: 'translateY(0)' }], {
          duration: 320,
          easing: 'cubic-bezier(0.2, 0, 0, 1)',
        });
      }
    }
    tops.current = after;
  }, [order]);

  // Which songs climbed since the last list: their "↑ #n" for a few seconds.
  useEffect(() => {
    if (!ranked) return;
    const prev = positions.current;
    const moved: RankChanges = {};
    for (const s of songs) {
      if (s.position == null) continue;
      const was = prev.get(s.id);
      if (was !== undefined && s.position < was) moved[s.id] = { up: true, to: s.position };
    }
    positions.current = new Map(songs.flatMap((s) => (s.position == null ? [] : [[s.id, s.position] as const])));
    const ids = Object.keys(moved).map(Number);
    if (ids.length === 0) return;
    setChanges((c) => ({ ...c, ...moved }));
    const timer = setTimeout(() => {
      setChanges((c) => {
        const next = { ...c };
        for (const id of ids) delete next[id];
        return next;
      });
    }, RANK_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [songs, ranked]);

  const register = (id: number) => (el: HTMLLIElement | null) => {
    if (el) rows.current.set(id, el);
    else rows.current.delete(id);
  };
  return { list, register, changes };
}

/**
 * How many rows to render: FIRST_RENDER_CARDS at first, then more per task, each in a transition, until all `total`
 * are there (and from then on all of them, as the list grows). Each chunk's size follows what the last one cost per
 * row, timed from its task's start to its commit, so each task stays within CHUNK_BUDGET_MS on this device.
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_RENDER_CARDS);
  const chunk = useRef({ size: 1, started: 0, added: 0 });
  useLayoutEffect(() => {
    const c = chunk.current;
    if (!c.started) return;
    const perRow = (performance.now() - c.started) / Math.max(1, c.added);
    c.size = Math.max(1, Math.min(RENDER_CHUNK_CARDS, Math.floor(CHUNK_BUDGET_MS / Math.max(perRow, 0.01))));
    c.started = 0;
  }, [count]);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => {
      const c = chunk.current;
      c.started = performance.now();
      c.added = Math.min(c.size, total - count);
      startTransition(() => setCount((n) => n + c.added));
    }, 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}

export function SongList({
  songs,
  venueId = null,
  ranked,
  compact,
  label,
  menuActions,
  className,
  votingClosed,
}: {
  songs: CardSong[];
  venueId?: number | null;
  ranked?: boolean;
  compact?: boolean;
  label: string;
  /** Entries of every row's menu after the song's own (one array for all rows: see RowMenuAction). */
  menuActions?: readonly RowMenuAction[];
  className?: string;
  /** Why this list takes no votes (a deactivated venue's mix); the vote buttons are disabled with it as their title. */
  votingClosed?: string;
}) {
  const { vote, pendingSongId } = useVote(venueId);
  // One function for every row and render, calling the latest `vote`: the rows are memoized (SongCard).
  const latestVote = useRef(vote);
  useLayoutEffect(() => {
    latestVote.current = vote;
  });
  const onVote = useCallback((songId: number, voteType: VoteType) => latestVote.current(songId, voteType), []);
  const rendered = useProgressiveCount(songs.length);
  const [hold, setHold] = useState(false);
  const ordered = useHeldOrder(songs, hold && Boolean(ranked));
  const shown = rendered >= ordered.length ? ordered : ordered.slice(0, rendered);
  const { list, register, changes } = useRerankMotion(shown, ranked);
  const List = ranked ? 'ol' : 'ul';
  return (
    <List
      ref={list}
      aria-label={label}
      className={cn('flex flex-col', className)}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHold(true)}
      onPointerMove={(e) => !hold && e.pointerType === 'mouse' && setHold(true)}
      onPointerLeave={() => setHold(false)}
    >
      {shown.map((song) => (
        // content-visibility: the browser skips style, layout and paint of the rows off screen (most of a
        // 100-row mix) until they scroll near; the intrinsic size keeps the scrollbar honest meanwhile.
        <li
          key={song.id}
          ref={register(song.id)}
          className="@container [contain-intrinsic-size:auto_60px] [content-visibility:auto] [overflow-clip-margin:1rem]"
        >
          <SongCard
            song={song}
            list={songs as Song[]}
            compact={compact}
            onVote={onVote}
            votePending={pendingSongId === song.id}
            menuActions={menuActions}
            votingClosed={votingClosed}
            rankChange={changes[song.id] ?? null}
          />
        </li>
      ))}
    </List>
  );
}
