/** A venue in the list: gradient, name, type, location, description, song count, badge and 'Join Mix'. */
import { Link } from 'wouter';
import { MapPin, Music } from 'lucide-react';
import { VENUE_TYPE_LABELS } from '@shared/constants';
import type { Venue } from '@shared/schemas/venue';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { href } from '../../../app/routes';
import { cn } from '../../../lib/utils';

/** Hot above 100 songs, Live above 50, otherwise New (spec section 9). */
export function venueBadge(songCount: number): 'Hot' | 'Live' | 'New' {
  if (songCount > 100) return 'Hot';
  if (songCount > 50) return 'Live';
  return 'New';
}

export function VenueCard({ venue }: { venue: Partial<Venue> | null | undefined }) {
  if (!venue || venue.id == null || !venue.name) {
    return (
      <Card role="alert" className="flex min-h-48 items-center justify-center p-6 text-center text-red-300">
        Error: Venue data missing
      </Card>
    );
  }
  const count = venue.songCount ?? 0;
  const badge = venueBadge(count);
  const headingId = `venue-${venue.id}-name`;
  return (
    <Card
      className="group flex flex-col overflow-hidden transition-transform hover:-translate-y-0.5"
      aria-labelledby={headingId}
      role="article"
    >
      <div className={cn('relative h-28 bg-gradient-to-br', venue.gradient || 'from-purple-500 to-pink-500')}>
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(255,255,255,0.25),transparent_55%)]"
        />
        <Badge
          variant={badge === 'Hot' ? 'hot' : 'secondary'}
          className={cn('absolute top-3 right-3', badge !== 'Hot' && 'border-white/20 bg-black/40 text-white')}
        >
          {badge}
        </Badge>
        <span className="absolute bottom-3 left-4 rounded-full bg-black/40 px-2.5 py-0.5 text-xs font-medium text-white">
          {venue.type ? (VENUE_TYPE_LABELS[venue.type] ?? venue.type) : 'Venue'}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 id={headingId} className="truncate text-lg font-semibold">
          {venue.name}
        </h2>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{venue.location}</span>
        </p>
        <p className="mt-3 line-clamp-2 min-h-10 text-sm text-foreground/80">
          {venue.description || 'A place where the crowd picks the music.'}
        </p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <span className="flex items-center gap-1.5 text-sm text-muted">
            <Music className="size-4" aria-hidden />
            {count} {count === 1 ? 'song' : 'songs'} in mix
          </span>
          <Button asChild size="sm">
            <Link href={href.venueMix(venue.id)} aria-label={`Join Mix at ${venue.name}`}>
              Join Mix
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
