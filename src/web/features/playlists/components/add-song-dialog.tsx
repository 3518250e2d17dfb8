/**
 * 'Add Song to Playlist': browse the public catalogue page by page, or search all of it by title, artist or genre
 * (the server's search), pick a song and propose it.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Check, ExternalLink, Loader2, Search } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { CollaborativeMode } from '@shared/constants';
import { ProposeSongSchema } from '@shared/schemas/playlist';
import { Badge } from '../../../components/ui/badge';
import { Artwork } from '../../../components/ui/cover-art';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Loading } from '../../../components/ui/loading';
import { StateView } from '../../../components/ui/state-view';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useSearchResults } from '../../search';
import { songsOfPages, useSongs } from '../../mix';
import { useProposeSong } from '../api/propose-song';
import { formatSongLength } from './format';

/** Search results shown at most (the server's search limit). */
const SEARCH_LIMIT = 50;

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const PROPOSED_TEXT: Record<CollaborativeMode, string> = {
  democratic: 'It will be added once it receives enough votes.',
  moderated: 'A moderator will review it.',
  open: 'It is in the playlist now.',
};

/** Songs of the catalogue matching `query` in title, artist or genre (case-insensitive). */
export function filterSongs<T extends { title: string; artist: string; genre: string | null }>(
  songs: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...songs];
  return songs.filter(
    (s) =>
      s.title.toLowerCase().includes(q) ||
      s.artist.toLowerCase().includes(q) ||
      (s.genre ?? '').toLowerCase().includes(q),
  );
}

export function AddSongDialog({
  playlistId,
  mode,
  liveSongIds,
  open,
  onOpenChange,
}: {
  playlistId: number;
  mode: CollaborativeMode;
  /** Songs already pending or approved here; they cannot be proposed again. */
  liveSongIds: ReadonlySet<number>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const searchText = useDebounced(query.trim(), 250);
  const searching = query.trim().length > 0;
  // Without a search: the catalogue, a page at a time. With one: the server searches all of it.
  const songs = useSongs(open && !searching);
  const found = useSearchResults(searching ? searchText : '', SEARCH_LIMIT);
  const propose = useProposeSong(playlistId);
  const id = useId();

  const available = useMemo(() => songsOfPages(songs.data).filter((s) => !s.isPrivate), [songs.data]);
  const shown = useMemo(
    () =>
      searching
        ? filterSongs(
            (found.data?.songs ?? []).filter((s) => !s.isPrivate),
            query,
          )
        : available,
    [searching, found.data, query, available],
  );
  const loading = searching ? found.isLoading || searchText !== query.trim() : songs.isLoading;
  const failed = searching ? found.isError : songs.isError;
  const failure = searching ? found.error : songs.error;

  const change = (next: boolean) => {
    if (next) {
      setQuery('');
      setSelected(null);
      setError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProposeSongSchema.safeParse({ songId: selected ?? undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please select a song');
      return;
    }
    propose.mutate(parsed.data, {
      onSuccess: (entry) => {
        toast({
          title: 'Song Proposed!',
          description: `"${entry.title}" was proposed. ${PROPOSED_TEXT[mode]}`,
          variant: 'success',
        });
        onOpenChange(false);
      },
      onError: (err) => notifyError(err, 'Proposal Failed', 'Failed to add song'),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Add Song to Playlist"
        description="Pick a song from the community's uploads to propose it."
        className="max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-search`}>Search songs</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
                aria-hidden
              />
              <Input
                id={`${id}-search`}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Title, artist or genre"
                className="pl-9"
                autoComplete="off"
              />
            </div>
          </div>

          {loading && shown.length === 0 ? (
            <Loading label={searching ? 'Searching songs...' : 'Loading songs...'} />
          ) : failed ? (
            <StateView
              kind="error"
              compact
              title={searching ? 'The search failed' : 'Songs could not be loaded'}
              error={failure}
              onRetry={() => void (searching ? found.refetch() : songs.refetch())}
            />
          ) : !searching && available.length === 0 ? (
            <StateView kind="empty" compact title="No songs available to add." />
          ) : shown.length === 0 ? (
            <StateView
              kind="empty"
              compact
              title="No songs found matching your search."
              action={
                <Button variant="outline" size="sm" onClick={() => setQuery('')}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <RadioGroup.Root
              value={selected === null ? '' : String(selected)}
              onValueChange={(v) => {
                setSelected(Number(v));
                setError(null);
              }}
              aria-label="Songs"
              aria-describedby={error ? `${id}-error` : undefined}
              className="flex max-h-[45vh] flex-col gap-2 overflow-y-auto pr-1"
            >
              {shown.map((s) => {
                const taken = liveSongIds.has(s.id);
                const isSelected = selected === s.id;
                return (
                  <div
                    key={s.id}
                    className={cn(
                      'flex items-center gap-3 rounded-xl border p-2 transition-colors',
                      isSelected ? 'border-purple-300 bg-white/10' : 'border-border',
                      taken && 'opacity-60',
                    )}
                  >
                    <RadioGroup.Item
                      value={String(s.id)}
                      disabled={taken}
                      aria-label={`${s.title} by ${s.artist}${taken ? ' (already in this playlist)' : ''}`}
                      className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed"
                    >
                      <span className="relative flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-2">
                        <Artwork
                          src={s.thumbnailUrl}
                          seed={{ kind: 'song', id: s.id, title: s.title, genre: s.genre }}
                          className="absolute inset-0 size-full"
                        />
                        {isSelected ? (
                          <span className="absolute inset-0 flex items-center justify-center bg-accent/80">
                            <Check className="size-5 text-white" aria-hidden />
                          </span>
                        ) : null}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{s.title}</span>
                        <span className="block truncate text-sm text-muted">{s.artist}</span>
                        <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                          {s.genre ? <Badge variant="secondary">{s.genre}</Badge> : null}
                          <span className="tabular-nums">{formatSongLength(s.duration)}</span>
                          {taken ? <span>Already in this playlist</span> : null}
                        </span>
                      </span>
                    </RadioGroup.Item>
                    {s.youtubeUrl ? (
                      <a
                        href={s.youtubeUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Watch ${s.title} on YouTube (opens in a new tab)`}
                        className="rounded-lg p-2 text-muted hover:bg-white/10 hover:text-foreground"
                      >
                        <ExternalLink className="size-4" aria-hidden />
                      </a>
                    ) : null}
                  </div>
                );
              })}
              {!searching && songs.hasNextPage ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-center"
                  disabled={songs.isFetchingNextPage}
                  onClick={() => void songs.fetchNextPage()}
                >
                  {songs.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  Load more songs
                </Button>
              ) : null}
              {searching && (found.data?.songs.length ?? 0) >= SEARCH_LIMIT ? (
                <p className="text-center text-xs text-muted">
                  Showing the best {SEARCH_LIMIT} matches; type more to narrow the search.
                </p>
              ) : null}
            </RadioGroup.Root>
          )}
          <FieldError id={`${id}-error`}>{error}</FieldError>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={propose.isPending}>
              {propose.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Propose Song
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
