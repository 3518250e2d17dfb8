/** A list of song cards voting in one context (global, or a venue's mix); ranked lists render as <ol>. */
import type { ReactNode } from 'react';
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
}: {
  songs: CardSong[];
  venueId?: number | null;
  ranked?: boolean;
  compact?: boolean;
  label: string;
  actions?: (song: CardSong) => ReactNode;
  className?: string;
}) {
  const { vote, pendingSongId } = useVote(venueId);
  const List = ranked ? 'ol' : 'ul';
  return (
    <List aria-label={label} className={cn('flex flex-col gap-3', className)}>
      {songs.map((song) => (
        <li key={song.id} className="@container">
          <SongCard
            song={song}
            list={songs as Song[]}
            compact={compact}
            onVote={(t) => vote(song.id, t)}
            votePending={pendingSongId === song.id}
            actions={actions?.(song)}
          />
        </li>
      ))}
    </List>
  );
}
