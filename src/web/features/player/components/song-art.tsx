/** A song's square artwork: its thumbnail, the video's thumbnail, or a music note on a gradient. */
import { Music } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { PlayableSong } from '../player-reducer';
import { youtubeThumbnailUrl } from '../youtube';

export function SongArt({ song, className }: { song: PlayableSong; className?: string }) {
  const src = song.thumbnailUrl ?? (song.youtubeId ? youtubeThumbnailUrl(song.youtubeId) : null);
  if (!src) {
    return (
      <span
        className={cn(
          'flex shrink-0 items-center justify-center bg-gradient-to-br from-purple-500 to-pink-500',
          className,
        )}
        aria-hidden="true"
      >
        <Music className="size-1/2 text-white" />
      </span>
    );
  }
  return <img src={src} alt="" className={cn('shrink-0 object-cover', className)} loading="lazy" />;
}
