/**
 * Request a song: search the catalogue (the app's search API) and pick one, or paste a YouTube link when the host
 * allows it. The server's answer is said in words: queued, counted as an up-vote, or why it was refused.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link2, Plus, Search } from 'lucide-react';
import type { LiveRequestBody } from '@shared/schemas/live';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useSearchResults } from '../../search';
import { useRequestSong } from '../api/patron';
import { SongThumb } from './song-thumb';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function RequestSong({
  venueId,
  allowLinks,
  disabledReason,
}: {
  venueId: number;
  allowLinks: boolean;
  /** Requests are not possible (not joined, locked, not live): the reason, shown instead of the buttons. */
  disabledReason: string | null;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const [link, setLink] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const text = useDebounced(q, 250);
  const results = useSearchResults(text, 8);
  const request = useRequestSong(venueId);

  const send = (body: LiveRequestBody, onDone?: () => void) => {
    setAnswer(null);
    request.mutate(body, {
      onSuccess: (r) => {
        setAnswer({ ok: true, text: r.message });
        onDone?.();
      },
      onError: (err) =>
        setAnswer({ ok: false, text: errorMessage(err, 'The request was not sent. Please try again.') }),
    });
  };
  const sendLink = (e: FormEvent) => {
    e.preventDefault();
    if (!link.trim()) return;
    send({ youtubeUrl: link.trim() }, () => setLink(''));
  };

  const songs = text.trim() ? (results.data?.songs ?? []) : [];
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>Search for a song</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <Input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Title or artist"
            maxLength={100}
            className="h-11 pl-9"
          />
        </div>
      </div>
      {answer && (
        <p
          role={answer.ok ? 'status' : 'alert'}
          data-testid="request-answer"
          className={cn(
            'rounded-xl px-3 py-2 text-sm',
            answer.ok ? 'bg-green-500/15 text-green-200' : 'bg-red-500/15 text-red-200',
          )}
        >
          {answer.text}
        </p>
      )}
      {text.trim() && (
        <ul className="space-y-1.5" aria-label="Search results" aria-busy={results.isFetching}>
          {results.isError && (
            <li className="text-sm text-red-300">Search failed: {errorMessage(results.error, 'try again')}</li>
          )}
          {!results.isFetching && !results.isError && songs.length === 0 && (
            <li className="text-sm text-muted">No songs match “{text.trim()}”.</li>
          )}
          {songs.map((song) => (
            <li key={song.id} className="flex items-center gap-3 rounded-xl bg-surface-2/60 p-2">
              <SongThumb song={song} className="size-10 rounded-lg" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{song.title}</p>
                <p className="truncate text-xs text-muted">{song.artist}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                className="h-11"
                aria-label={`Request ${song.title} by ${song.artist}`}
                disabled={Boolean(disabledReason) || request.isPending || !song.youtubeId}
                title={disabledReason ?? (song.youtubeId ? undefined : 'No video, so the venue cannot play it')}
                onClick={() => send({ songId: song.id })}
              >
                <Plus aria-hidden /> Request
              </Button>
            </li>
          ))}
        </ul>
      )}
      {allowLinks && (
        <form onSubmit={sendLink} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-link`}>Or paste a YouTube link</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-link`}
              type="url"
              inputMode="url"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              placeholder="https://www.youtube.com/watch?v=…"
              maxLength={300}
              className="h-11"
            />
            <Button
              type="submit"
              variant="secondary"
              className="h-11"
              disabled={Boolean(disabledReason) || request.isPending}
            >
              <Link2 aria-hidden /> Request
            </Button>
          </div>
        </form>
      )}
      {disabledReason && <p className="text-sm text-muted">{disabledReason}</p>}
    </div>
  );
}
