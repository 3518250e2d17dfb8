/** A playlist in the grid: gradient, name, description, counts, mode, threshold, creator and last update. */
import { Link } from 'wouter';
import { Calendar, Music, Users } from 'lucide-react';
import type { Playlist } from '@shared/schemas/playlist';
import { href } from '../../../app/routes';
import { Badge } from '../../../components/ui/badge';
import { formatDay } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import { DEFAULT_PLAYLIST_DESCRIPTION, votesToAdd } from './format';
import { ModeBadge } from './mode-badge';

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  return (
    <Link
      href={href.playlist(playlist.id)}
      className="group flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-surface/80 shadow-xl shadow-black/20 transition hover:-translate-y-0.5 hover:border-purple-400/50 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className={cn('relative flex h-28 items-end bg-gradient-to-br p-4', playlist.gradient)}>
        <Music className="absolute top-4 right-4 size-8 text-white/50" aria-hidden />
        <h2 className="line-clamp-2 text-xl font-bold text-white drop-shadow">{playlist.name}</h2>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="line-clamp-2 text-sm text-muted">{playlist.description || DEFAULT_PLAYLIST_DESCRIPTION}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1.5">
            <Users className="size-4 text-purple-300" aria-hidden /> {playlist.memberCount}{' '}
            {playlist.memberCount === 1 ? 'member' : 'members'}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Music className="size-4 text-pink-300" aria-hidden /> {playlist.songCount}{' '}
            {playlist.songCount === 1 ? 'song' : 'songs'}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <ModeBadge mode={playlist.collaborativeMode} />
          <Badge>{votesToAdd(playlist.voteThreshold)}</Badge>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-xs text-muted">
          <span>by {playlist.creatorName ?? 'Anonymous User'}</span>
          <span className="inline-flex items-center gap-1">
            <Calendar className="size-3.5" aria-hidden /> Updated {formatDay(playlist.updatedAt)}
          </span>
        </div>
      </div>
    </Link>
  );
}
