/** Play All (n), Mix / Shuffle and Share for a mix: the list goes to the player, the share dialog gets the tracks. */
import { Play, Share2, Shuffle } from 'lucide-react';
import type { Song } from '@shared/schemas/song';
import { Button } from '../../../components/ui/button';
import { usePlayerActions } from '../../player';
import { ShareDialog } from './share-dialog';
import { ExportMenu } from '../../exports';

export function MixActions({
  songs,
  title,
  totalDuration,
  venueId,
  shuffleLabel = 'Mix',
  variant = 'onGradient',
}: {
  songs: Song[];
  title: string;
  totalDuration: number;
  venueId?: number | null;
  shuffleLabel?: string;
  variant?: 'onGradient' | 'plain';
}) {
  const player = usePlayerActions();
  const playable = songs.filter((s) => s.youtubeId).length;
  const secondary = variant === 'onGradient' ? 'border-white/30 bg-white/10 text-white hover:bg-white/20' : undefined;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        onClick={() => player.playAll(songs)}
        disabled={playable === 0}
        className={
          variant === 'onGradient' ? 'bg-none bg-white text-purple-800 shadow-black/20 hover:bg-white/90' : undefined
        }
      >
        <Play className="fill-current" aria-hidden /> Play All ({songs.length})
      </Button>
      <Button
        variant="outline"
        onClick={() => player.shuffleAll(songs)}
        disabled={playable === 0}
        className={secondary}
      >
        <Shuffle aria-hidden /> {shuffleLabel}
      </Button>
      <ShareDialog
        defaultTitle={title}
        tracks={songs}
        totalDuration={totalDuration}
        venueId={venueId}
        trigger={
          <Button variant="outline" className={secondary}>
            <Share2 aria-hidden /> Share
          </Button>
        }
      />
      <ExportMenu
        basePath={venueId ? `/api/mix/venue/${venueId}/export` : '/api/mix/global/export'}
        title={title}
        className={secondary}
        disabled={songs.length === 0}
      />
    </div>
  );
}
