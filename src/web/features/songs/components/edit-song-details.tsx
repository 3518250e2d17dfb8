/**
 * "Edit details" on one of the user's uploads (an entry of the row's menu in My uploads): the same fields as the upload form, loaded from
 * GET /api/songs/{id}/attributes when the dialog opens and saved with PATCH (an emptied field is cleared).
 */
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import type { Song } from '@shared/schemas/song';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePreload } from '../../../lib/preload';
import { useSongAttributes, useUpdateSongAttributes } from '../api/song-attributes';
import {
  checkDetails,
  loadSongSchemas,
  detailsFromAttributes,
  EMPTY_DETAILS,
  SongDetailsFields,
  type SongDetails,
  type SongDetailsErrors,
  type SongDetailsField,
} from './song-details-fields';

/** Open while mounted (the page mounts it from the row's menu); `onClose` when saved, cancelled or dismissed. */
export function EditSongDetails({
  song,
  onClose,
  returnFocusTo,
}: {
  song: Song;
  onClose: () => void;
  /** The row's menu button (see Dialog). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open
      returnFocusTo={returnFocusTo}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Song details"
        description={`What DJ Verse knows about “${song.title}”: it matches moods, tempo and eras on these.`}
      >
        <DetailsForm song={song} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function DetailsForm({ song, onDone }: { song: Song; onDone: () => void }) {
  const stored = useSongAttributes(song.id);
  const save = useUpdateSongAttributes(song.id);
  usePreload(loadSongSchemas);
  const [details, setDetails] = useState<SongDetails | null>(null);
  const [errors, setErrors] = useState<SongDetailsErrors>({});
  useEffect(() => {
    if (stored.data && details === null) setDetails(detailsFromAttributes(stored.data));
  }, [stored.data, details]);

  if (stored.isError)
    return (
      <p role="alert" className="text-sm text-red-300">
        Could not load the details: {errorMessage(stored.error, 'please try again.')}
      </p>
    );
  if (!details) return <Loading label="Loading the details..." />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = await checkDetails(details);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.attributes, {
      onSuccess: () => {
        toast({ title: 'Details saved', description: `DJ Verse now knows more about “${song.title}”.` });
        onDone();
      },
      onError: (err) => {
        // Nothing typed is lost: the dialog stays open with the server's message at its field.
        let field: SongDetailsField | undefined;
        if (err instanceof ApiError) {
          try {
            field = (JSON.parse(err.body) as { field?: SongDetailsField }).field;
          } catch {
            /* not our JSON error */
          }
        }
        const message = errorMessage(err, 'Could not save the details. Please try again.');
        if (field && field in EMPTY_DETAILS) setErrors({ [field]: message });
        else toast({ title: 'Not saved', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={save.isPending}>
      <SongDetailsFields value={details} onChange={setDetails} errors={errors} genre={song.genre ?? undefined} />
      <div className="mt-6 flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}
