/** A song's artwork: its thumbnail, the video's thumbnail, or (also when the image fails) a note on a gradient. */
import { useState } from 'react';
import { Music } from 'lucide-react';
import type { LiveSong } from '@shared/schemas/live';
import { cn } from '../../../lib/utils';

const ytThumb = (id: string) => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;

export function SongThumb({ song, className }: { song: LiveSong; className?: string }) {
  const src = song.thumbnailUrl ?? (song.youtubeId ? ytThumb(song.youtubeId) : null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <span
        aria-hidden="true"
        className={cn(
          'flex shrink-0 items-center justify-center bg-gradient-to-br from-purple-500 to-pink-500',
          className,
        )}
      >
        <Music className="size-1/2 text-white" />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      onError={() => setFailed(src)}
      className={cn('shrink-0 bg-surface-2 object-cover', className)}
    />
  );
}
