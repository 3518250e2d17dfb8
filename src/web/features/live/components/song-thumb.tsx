/** A song's artwork on the live screens: its thumbnail or the video's, and its generated cover when there is none or it fails. */
import type { LiveSong } from '@shared/schemas/live';
import { Artwork } from '../../../components/ui/cover-art';

const ytThumb = (id: string) => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;

export function SongThumb({ song, className }: { song: LiveSong; className?: string }) {
  const src = song.thumbnailUrl ?? (song.youtubeId ? ytThumb(song.youtubeId) : null);
  return <Artwork src={src} seed={{ kind: 'song', id: song.id, title: song.title }} className={className} />;
}
