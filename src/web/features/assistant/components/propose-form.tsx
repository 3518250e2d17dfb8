/** The form of 'Propose to playlist' (./propose-to-playlist-dialog.tsx): loaded when the dialog opens (ADR 024). */
import { useState } from 'react';
import { Link } from 'wouter';
import { Loader2 } from 'lucide-react';
import { playlistPermissions } from '@shared/schemas/playlist-constants';
import { href } from '../../../app/routes';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { handleUnauthorized } from '../../../lib/auth-redirect';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { usePlaylist } from '../../playlists';
import { usePlaylists } from '../../playlists';
import { useProposeSong } from '../../playlists';

export function ProposeForm({ songId, onDone }: { songId: number; onDone: () => void }) {
  const { data: playlists, isLoading, isError } = usePlaylists();
  const [chosen, setChosen] = useState<number | null>(null);
  const detail = usePlaylist(chosen ?? 0);
  const propose = useProposeSong(chosen ?? 0);
  const membership = detail.data?.membership ?? null;
  const mayPropose = detail.data ? playlistPermissions(membership).canPropose : false;

  const submit = () => {
    if (chosen === null) return;
    propose.mutate(
      { songId },
      {
        onSuccess: () => {
          toast({
            title: 'Song Proposed!',
            description: `Proposed to ${detail.data?.name ?? 'the playlist'}.`,
            variant: 'success',
          });
          onDone();
        },
        onError: (err) => {
          if (handleUnauthorized(err)) return;
          toast({
            title: 'Proposal Failed',
            description: errorMessage(err, 'Failed to add song'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (isLoading) return <p className="text-sm text-muted">Loading playlists...</p>;
  if (isError) return <p className="text-sm text-red-300">Could not load the playlists. Please try again.</p>;
  if (!playlists?.length) {
    return (
      <p className="text-sm text-muted">
        No community playlists yet.{' '}
        <Link href="/community-playlists" className="text-pink-300 underline">
          Create the first one
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="sr-only">Playlist</legend>
        <ul className="max-h-72 space-y-2 overflow-y-auto pr-1">
          {playlists.map((p) => (
            <li key={p.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border border-border p-3 hover:bg-white/5',
                  chosen === p.id && 'border-pink-400/70 bg-white/5',
                )}
              >
                <input
                  type="radio"
                  name="playlist"
                  value={p.id}
                  checked={chosen === p.id}
                  onChange={() => setChosen(p.id)}
                  className="accent-pink-500"
                />
                <span className={cn('size-8 shrink-0 rounded-lg bg-gradient-to-br', p.gradient)} aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{p.name}</span>
                  <span className="block text-xs text-muted">
                    {p.songCount} songs · {p.memberCount} members · {p.collaborativeMode}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {chosen !== null && detail.data && !mayPropose ? (
        <p className="text-sm text-yellow-100" role="status">
          Only members can propose songs here.{' '}
          <Link href={href.playlist(chosen)} className="text-pink-300 underline">
            Open the playlist to join
          </Link>
          .
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={chosen === null || propose.isPending || detail.isLoading || !mayPropose}>
          {propose.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Propose Song
        </Button>
      </div>
    </div>
  );
}
