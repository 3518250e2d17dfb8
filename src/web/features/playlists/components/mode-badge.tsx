/** The collaboration mode as a badge, with the spec's meaning in its title. */
import { ShieldCheck, Unlock, Vote } from 'lucide-react';
import type { CollaborativeMode } from '@shared/constants';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

export const MODE_INFO: Record<CollaborativeMode, { label: string; description: string }> = {
  democratic: { label: 'Democratic', description: 'Members vote; a song is added once it receives enough votes.' },
  moderated: { label: 'Moderated', description: 'The creator or moderators approve each song.' },
  open: { label: 'Open', description: 'Anyone in the playlist adds songs immediately.' },
};

const ICONS = { democratic: Vote, moderated: ShieldCheck, open: Unlock } as const;

export function ModeBadge({ mode, className }: { mode: CollaborativeMode; className?: string }) {
  const Icon = ICONS[mode];
  return (
    <Badge variant="secondary" className={cn('capitalize', className)} title={MODE_INFO[mode].description}>
      <Icon className="size-3.5" aria-hidden /> {MODE_INFO[mode].label}
    </Badge>
  );
}
