/** One DJ Verse pick: title, artist, reason, genre and percent match with its colour dot, plus what to do with it. */
import { CheckCircle2, ListEnd, Play } from 'lucide-react';
import type { RecommendationCard as Card } from '@shared/schemas/assistant';
import { CONFIDENCE_GREEN, CONFIDENCE_YELLOW } from '@shared/schemas/assistant-constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { usePlayerActions, type PlayableSong } from '../../player';
import { ProposeToPlaylistDialog } from './propose-to-playlist-dialog';

/** Spec section 9: green at 0.8 or more, yellow at 0.6 or more, red below. */
export function confidenceColour(confidence: number): 'green' | 'yellow' | 'red' {
  if (confidence >= CONFIDENCE_GREEN) return 'green';
  if (confidence >= CONFIDENCE_YELLOW) return 'yellow';
  return 'red';
}

const DOT = { green: 'bg-green-400', yellow: 'bg-yellow-300', red: 'bg-red-400' } as const;

/** The card's song in the player's shape. */
export const toPlayable = (c: Card): PlayableSong => ({
  id: c.songId,
  title: c.title,
  artist: c.artist,
  youtubeId: c.youtubeId,
  thumbnailUrl: c.thumbnailUrl,
  duration: c.duration,
  pdfUrl: c.pdfUrl,
  genre: c.genre,
});

export function RecommendationCard({ card, list }: { card: Card; list: Card[] }) {
  const player = usePlayerActions();
  const colour = confidenceColour(card.confidence);
  const percent = Math.round(card.confidence * 100);
  const playable = Boolean(card.youtubeId || card.pdfUrl);

  return (
    <article
      className="min-w-0 rounded-xl border border-border bg-surface-2/70 p-3 sm:p-4"
      aria-label={`${card.title} by ${card.artist}`}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{card.title}</h3>
          <p className="truncate text-sm text-muted">{card.artist}</p>
        </div>
        <div
          className="flex shrink-0 items-center gap-1.5 text-xs font-medium"
          title={`Confidence ${card.confidence.toFixed(2)}`}
        >
          <span
            className={cn('size-2.5 rounded-full', DOT[colour])}
            aria-hidden
            data-testid="confidence-dot"
            data-colour={colour}
          />
          <span>{percent}% match</span>
        </div>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-foreground/90">{card.reason}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {card.genre ? <Badge variant="secondary">{card.genre}</Badge> : null}
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Why ${card.title}?`}
            title="Why this pick?"
            onClick={() => toast({ title: card.title, description: `${card.artist} — ${card.reason}` })}
          >
            <CheckCircle2 aria-hidden />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Play ${card.title}`}
            disabled={!playable}
            onClick={() => player.playSong(toPlayable(card), list.filter((c) => c.youtubeId).map(toPlayable))}
          >
            <Play aria-hidden />
            Play
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Add ${card.title} to queue`}
            disabled={!card.youtubeId}
            onClick={() => {
              player.addToQueue(toPlayable(card));
              toast({ title: 'Added to queue', description: `${card.title} by ${card.artist}` });
            }}
          >
            <ListEnd aria-hidden />
            <span className="hidden sm:inline">Add to queue</span>
            <span className="sm:hidden">Queue</span>
          </Button>
          <ProposeToPlaylistDialog songId={card.songId} title={card.title} />
        </div>
      </div>
    </article>
  );
}
