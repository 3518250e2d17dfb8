/** A list of song cards voting in one context (global, or a venue's mix); ranked lists render as <ol>. */

/**
 * Cards rendered in the first, blocking render; the rest follow at once in a background (interruptible)
 * render. A mix is 100 cards, and rendering them in one go blocked the main thread for about a second on a
 * mid-range phone; the first cards fill more than a screen, so the page looks the same.
 */
export const FIRST_RENDER_CARDS = 6;
import { useDeferredValue, type ReactNode } from 'react';
import type { Song } from '@shared/schemas/song';
import { cn } from '../../../lib/utils';
import { SongCard, type CardSong } from './song-card';
import { useVote } from './use-vote';

export function SongList({
  songs,
  venueId = null,
  ranked,
  compact,
  label,
  actions,
  className,
  votingClosed,
}: {
  songs: CardSong[];
  venueId?: number | null;
  ranked?: boolean;
  compact?: boolean;
  label: string;
  actions?: (song: CardSong) => ReactNode;
  className?: string;
  /** Why this list takes no votes (a deactivated venue's mix); the vote buttons are disabled with it as their title. */
  votingClosed?: string;
}) {
  const { vote, pendingSongId } = useVote(venueId);
  // false in the first render, true right after, in a transition (and from then on).
  const renderAll = useDeferredValue(true, false);
  const shown = renderAll ? songs : songs.slice(0, FIRST_RENDER_CARDS);
  const List = ranked ? 'ol' : 'ul';
  return (
    <List aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {shown.map((song) => (
        // content-visibility: the browser skips style, layout and paint of the cards off screen (most of a
        // 100-card mix) until they scroll near; the intrinsic size keeps the scrollbar honest meanwhile. It
        // clips paint to the item, so the clip margin leaves room for the current card's shadow.
        <li
          key={song.id}
          className="@container [contain-intrinsic-size:auto_150px] [content-visibility:auto] [overflow-clip-margin:2rem]"
        >
          <SongCard
            song={song}
            list={songs as Song[]}
            compact={compact}
            onVote={(t) => vote(song.id, t)}
            votePending={pendingSongId === song.id}
            actions={actions?.(song)}
            votingClosed={votingClosed}
          />
        </li>
      ))}
    </List>
  );
}
