/** /search?q=: full results in four groups — songs (play, queue, vote), artists, venues and public playlists. */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ListMusic, MapPin, Search, User, Users } from 'lucide-react';
import { href } from '../../../app/routes';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { SongList } from '../../mix';
import { useSearchResults } from '../api/search';
import { StateView } from '../../../components/ui/state-view';

const RESULTS_PER_GROUP = 20;

function Section({
  title,
  count,
  children,
  className,
}: {
  title: string;
  count: number;
  children: ReactNode;
  className?: string;
}) {
  const id = `results-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title} <span className="text-sm font-normal text-muted">({count})</span>
      </h2>
      {children}
    </section>
  );
}

const chip =
  'flex items-center gap-3 rounded-xl border border-border bg-surface/80 p-3 transition-colors hover:border-purple-400/50 focus-visible:outline-2 focus-visible:outline-accent';

export function SearchPage() {
  const params = new URLSearchParams(useSearch());
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const [, navigate] = useLocation();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const results = useSearchResults(q, RESULTS_PER_GROUP);
  const data = results.data;
  const total = data ? data.songs.length + data.artists.length + data.venues.length + data.playlists.length : 0;
  // Songs and artists found for corrected words: say so, or a song titled with another word looks like a mistake
  // (never the previous text's correction while the new text's results load).
  const corrected =
    !results.isPlaceholderData && data?.correctedQuery && (data.songs.length || data.artists.length)
      ? data.correctedQuery
      : null;

  return (
    <Page>
      <h1 className="text-3xl font-bold">{q ? <>Results for “{q}”</> : 'Search'}</h1>
      <form
        role="search"
        className="mt-4 flex max-w-xl gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) navigate(href.search(text.trim()));
        }}
      >
        <label htmlFor="search-page-input" className="sr-only">
          Search songs, artists, venues and playlists
        </label>
        <Input
          id="search-page-input"
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder="Song, artist, genre, venue, playlist…"
        />
        <Button type="submit">
          <Search aria-hidden /> Search
        </Button>
      </form>

      <div aria-live="polite" className="sr-only">
        {q && data && !results.isFetching ? `${total} results for ${corrected ?? q}` : ''}
      </div>
      {corrected && !results.isError ? (
        <p className="mt-3 text-sm text-muted" data-testid="search-corrected">
          Showing results for <span className="font-semibold text-foreground">“{corrected}”</span>
        </p>
      ) : null}

      {!q ? (
        <p className="mt-8 text-muted">
          Type a song, an artist, a genre, a venue or a playlist. Typos are fine. Tip: press / to search from any page.
        </p>
      ) : results.isError ? (
        <StateView
          className="mt-8"
          kind="error"
          title="Search failed"
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : !data ? (
        <div className="mt-8 flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading results">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-2xl" />
          ))}
        </div>
      ) : total === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-border p-8 text-center">
          <p className="text-lg font-semibold">No results for “{q}”</p>
          <p className="mt-1 text-muted">Check the spelling, try fewer words, or search for an artist or a venue.</p>
        </div>
      ) : (
        <div
          className={cn(
            'mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]',
            results.isFetching && 'opacity-70',
          )}
        >
          <div className="min-w-0">
            {data.songs.length ? (
              <Section title="Songs" count={data.songs.length}>
                <SongList songs={data.songs} label={`Songs matching ${q}`} />
              </Section>
            ) : (
              <Section title="Songs" count={0}>
                <p className="text-muted">No songs match.</p>
              </Section>
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-8">
            {data.artists.length ? (
              <Section title="Artists" count={data.artists.length}>
                <ul className="flex flex-col gap-2">
                  {data.artists.map((a) => (
                    <li key={a.name}>
                      <Link href={href.search(a.name)} className={chip}>
                        <User className="size-5 shrink-0 text-purple-300" aria-hidden />
                        <span className="min-w-0 flex-1 truncate font-medium">{a.name}</span>
                        <span className="shrink-0 text-sm text-muted">{`${a.songCount} ${a.songCount === 1 ? 'song' : 'songs'}`}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            {data.venues.length ? (
              <Section title="Venues" count={data.venues.length}>
                <ul className="flex flex-col gap-2">
                  {data.venues.map((v) => (
                    <li key={v.id}>
                      <Link href={href.venueMix(v.id)} className={chip}>
                        <span className={cn('size-10 shrink-0 rounded-lg bg-gradient-to-br', v.gradient)} aria-hidden />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium">{v.name}</span>
                          <span className="flex items-center gap-1 truncate text-sm text-muted">
                            <MapPin className="size-3.5 shrink-0" aria-hidden /> {v.location} ·{' '}
                            <span className="capitalize">{v.type}</span>
                          </span>
                        </span>
                        <span className="shrink-0 text-sm text-muted">{`${v.songCount} ${v.songCount === 1 ? 'song' : 'songs'}`}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            {data.playlists.length ? (
              <Section title="Playlists" count={data.playlists.length}>
                <ul className="flex flex-col gap-2">
                  {data.playlists.map((p) => (
                    <li key={p.id}>
                      <Link href={href.playlist(p.id)} className={chip}>
                        <ListMusic className="size-5 shrink-0 text-pink-300" aria-hidden />
                        <span className="min-w-0 flex-1 truncate font-medium">{p.name}</span>
                        <span className="flex shrink-0 items-center gap-1 text-sm text-muted">
                          <Users className="size-3.5" aria-hidden />
                          {`${p.memberCount} ${p.memberCount === 1 ? 'member' : 'members'} · ${p.songCount} ${p.songCount === 1 ? 'song' : 'songs'}`}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
          </div>
        </div>
      )}
    </Page>
  );
}
