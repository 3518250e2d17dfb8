/**
 * A venue owner's tools on the venue's mix: edit, deactivate or reactivate the venue, and remove a song from the
 * mix. Loaded for the owner only (venue-mix-page.tsx), not with every patron's mix (ADR 031).
 */
import type { RefObject } from 'react';
import { Pencil, Power, PowerOff } from 'lucide-react';
import type { Song } from '@shared/schemas/song';
import type { Venue } from '@shared/schemas/venue';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, ConfirmQuestion } from '../../../components/ui/confirm-dialog';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { useUpdateVenue } from '../api/update-venue';

const VenueFormDialog = lazyDialog(async () => (await import('./venue-form-dialog')).VenueFormDialog);

export function OwnerTools({ venue }: { venue: Venue }) {
  const update = useUpdateVenue();
  const onError = (err: unknown) => notifyError(err, 'Error', 'Failed to update venue. Please try again.');
  const reactivate = () =>
    update.mutate(
      { id: venue.id, isActive: true },
      {
        onSuccess: () =>
          toast({ title: 'Venue reactivated', description: `${venue.name} takes songs and votes again.` }),
        onError,
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <VenueFormDialog
        venue={venue}
        trigger={
          <Button variant="outline" size="sm" className="border-white/30 bg-black/20 text-white hover:bg-black/30">
            <Pencil aria-hidden /> Edit Venue
          </Button>
        }
      />
      {venue.isActive ? (
        <ConfirmDialog
          title="Deactivate this venue?"
          description="It disappears from the venue list and its mix stops taking new songs and votes; the mix can still be played. Its songs stay with their uploaders, and you can reactivate it at any time."
          confirmLabel="Deactivate"
          onConfirm={() =>
            update.mutate(
              { id: venue.id, isActive: false },
              {
                onSuccess: () =>
                  toast({
                    title: 'Venue deactivated',
                    description: `${venue.name} is no longer listed and takes no new songs or votes.`,
                  }),
                onError,
              },
            )
          }
          trigger={
            <Button variant="outline" size="sm" className="border-white/30 bg-black/20 text-white hover:bg-black/30">
              <PowerOff aria-hidden /> Deactivate
            </Button>
          }
        />
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="border-white/30 bg-black/20 text-white hover:bg-black/30"
          disabled={update.isPending}
          onClick={reactivate}
        >
          <Power aria-hidden /> Reactivate
        </Button>
      )}
    </div>
  );
}

/**
 * The question before the owner removes a song from the venue's mix, asked from the row's menu ("Remove from the
 * mix"). The page runs the removal (`onConfirm`): the row leaves the list when it succeeds, and a mutation's
 * callbacks die with the component that started it.
 */
export function RemoveFromMix({
  venue: v,
  song,
  onConfirm,
  onClose,
  returnFocusTo,
}: {
  venue: Venue;
  song: Pick<Song, 'id' | 'title'>;
  onConfirm: () => void;
  onClose: () => void;
  /** The row's menu button the question was asked from. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ConfirmQuestion
      title="Remove from this mix?"
      description={`“${song.title}” leaves ${v.name}'s mix, with the votes cast here. The song itself stays with its uploader.`}
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}
