/** A song's square artwork: its thumbnail or the video's, and the song's generated cover when there is none or it fails. */
import { Artwork } from '../../../components/ui/cover-art';
import type { PlayableSong } from '../player-reducer';
import { youtubeThumbnailUrl } from '../youtube';

export function SongArt({ song, className, eager }: { song: PlayableSong; className?: string; eager?: boolean }) {
  const src = song.thumbnailUrl ?? (song.youtubeId ? youtubeThumbnailUrl(song.youtubeId) : null);
  return (
    <Artwork
      src={src}
      seed={{ kind: 'song', id: song.id, title: song.title, genre: song.genre }}
      className={className}
      eager={eager}
    />
  );
}
