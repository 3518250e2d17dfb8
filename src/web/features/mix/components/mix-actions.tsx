/** Play All (n), Mix / Shuffle and Share for a mix: the list goes to the player, the share dialog gets the tracks. */
import { Play, Share2, Shuffle } from 'lucide-react';
import type { Song } from '@shared/schemas/song';
import { Button } from '../../../components/ui/button';
import { usePlayerActions } from '../../player';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { ExportMenu } from '../../exports';

/** The share dialog (its form, the share card's canvas drawing) loads after the mix paints. */
const ShareDialog = lazyDialog(async () => (await import('./share-dialog')).ShareDialog);

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
  // One look on every header now (docs/design.md: no gradient heroes); `variant` stays for callers.
  void variant;
  const secondary = 'h-9 px-3.5 sm:h-10 sm:px-4';
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => player.playAll(songs)} disabled={playable === 0} className={secondary}>
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
            <Share2 aria-hidden /> <span className="max-sm:sr-only">Share</span>
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
