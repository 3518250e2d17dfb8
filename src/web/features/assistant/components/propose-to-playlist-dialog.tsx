/** 'Propose to playlist' from a DJ Verse card: choose one of the community playlists and propose the song. */
import { lazy, Suspense, useState } from 'react';
import { ListPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { usePreload } from '../../../lib/preload';

/** The form (the playlists, their permissions, the proposal) loads when the dialog opens (ADR 024). */
const loadForm = () => import('./propose-form');
const LazyProposeForm = lazy(async () => ({ default: (await loadForm()).ProposeForm }));

export function ProposeToPlaylistDialog({ songId, title }: { songId: number; title: string }) {
  const [open, setOpen] = useState(false);
  usePreload(loadForm);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Propose ${title} to a playlist`}>
          <ListPlus aria-hidden />
          <span className="hidden sm:inline">Propose to playlist</span>
          <span className="sm:hidden">Propose</span>
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title="Propose to playlist" description={`Choose a community playlist for “${title}”.`}>
          <Suspense fallback={<Loading label="Loading the playlists..." />}>
            <LazyProposeForm songId={songId} onDone={() => setOpen(false)} />
          </Suspense>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
