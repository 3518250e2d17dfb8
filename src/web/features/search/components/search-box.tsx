/**
 * The navigation's search box: a combobox (ARIA 1.2 pattern) with grouped suggestions fetched as the user types
 * (debounced), arrow keys / Home / End to move, Enter to open the active suggestion or the full results page,
 * Escape to close. `/` focuses it from anywhere on the page except while typing in a field.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Loader2, ListMusic, MapPin, Music2, Search, User } from 'lucide-react';
import type { SearchResponse } from '@shared/schemas/search';
import { href } from '../../../app/routes';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useSearchResults } from '../api/search';

const SUGGESTIONS_PER_GROUP = 4;
const DEBOUNCE_MS = 200;

interface Option {
  key: string;
  group: 'Songs' | 'Artists' | 'Venues' | 'Playlists' | 'All';
  label: string;
  detail?: string;
  to: string;
}

/** The suggestions in display order: songs, artists, venues, playlists, then "all results". */
function toOptions(data: SearchResponse | undefined, text: string): Option[] {
  const out: Option[] = [];
  if (data) {
    for (const s of data.songs)
      out.push({ key: `song-${s.id}`, group: 'Songs', label: s.title, detail: s.artist, to: href.search(s.title) });
    for (const a of data.artists)
      out.push({
        key: `artist-${a.name}`,
        group: 'Artists',
        label: a.name,
        detail: `${a.songCount} ${a.songCount === 1 ? 'song' : 'songs'}`,
        to: href.search(a.name),
      });
    for (const v of data.venues)
      out.push({ key: `venue-${v.id}`, group: 'Venues', label: v.name, detail: v.location, to: href.venueMix(v.id) });
    for (const p of data.playlists)
      out.push({
        key: `playlist-${p.id}`,
        group: 'Playlists',
        label: p.name,
        detail: `${p.memberCount} ${p.memberCount === 1 ? 'member' : 'members'}`,
        to: href.playlist(p.id),
      });
  }
  const none = data && out.length === 0;
  out.push({
    key: 'all',
    group: 'All',
    label: none ? `No suggestions — search everything for “${text}”` : `See all results for “${text}”`,
    to: href.search(text),
  });
  return out;
}

const ICONS = { Songs: Music2, Artists: User, Venues: MapPin, Playlists: ListMusic, All: Search } as const;

function isTypingTarget(el: EventTarget | null) {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Debounces a value. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function SearchBox({
  id,
  className,
  shortcut,
  onNavigate,
}: {
  id: string;
  className?: string;
  shortcut?: boolean;
  onNavigate?: () => void;
}) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  /**
   * The highlighted suggestion, by key: it stays highlighted when the results for the text arrive after those for a
   * shorter text (shown meanwhile) and it is still among them, instead of the highlight — and Enter — falling back to
   * the full results page under the user's finger.
   */
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const debounced = useDebounced(text.trim(), DEBOUNCE_MS);
  const query = useSearchResults(debounced, SUGGESTIONS_PER_GROUP);
  const trimmed = text.trim();
  const options = useMemo(
    () => (trimmed ? toOptions(debounced ? query.data : undefined, trimmed) : []),
    [query.data, trimmed, debounced],
  );
  const expanded = open && options.length > 0;
  const loading = expanded && (query.isFetching || debounced !== trimmed);
  const active = activeKey === null ? -1 : options.findIndex((o) => o.key === activeKey);

  useEffect(() => setActiveKey(null), [trimmed]);

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      const input = inputRef.current;
      if (!input || input.offsetParent === null) return; // hidden at this width
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcut]);

  const go = (to: string) => {
    setOpen(false);
    setActiveKey(null);
    inputRef.current?.blur();
    onNavigate?.();
    navigate(to);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      setOpen(true);
      const n = options.length;
      const next = e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1;
      setActiveKey(options[next].key);
    } else if ((e.key === 'Home' || e.key === 'End') && expanded && active >= 0) {
      e.preventDefault();
      setActiveKey(options[e.key === 'Home' ? 0 : options.length - 1].key);
    } else if (e.key === 'Enter') {
      if (!trimmed) return;
      e.preventDefault();
      go(expanded && active >= 0 ? options[active].to : href.search(trimmed));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActiveKey(null);
      } else if (text) {
        setText('');
      }
    }
  };

  const activeId = expanded && active >= 0 ? `${listId}-${options[active].key}` : undefined;
  const groups = (['Songs', 'Artists', 'Venues', 'Playlists', 'All'] as const).map((g) => ({
    g,
    items: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g),
  }));

  return (
    <div className={cn('relative', className)} role="search">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <Input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={shortcut ? `${id}-hint` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder="Search songs, artists, venues..."
        className="pr-8 pl-9"
      />
      {shortcut ? (
        <span id={`${id}-hint`} className="sr-only">
          Press slash to search from anywhere
        </span>
      ) : null}
      {loading ? (
        <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted" aria-hidden />
      ) : null}
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] min-w-72 overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-2xl shadow-black/40"
      >
        {groups.map(({ g, items }) =>
          items.length ? (
            <div key={g} role="group" aria-labelledby={`${listId}-${g}`}>
              {g !== 'All' ? (
                <div
                  id={`${listId}-${g}`}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase"
                >
                  {g}
                </div>
              ) : (
                <span id={`${listId}-${g}`} className="sr-only">
                  All results
                </span>
              )}
              {items.map(({ o, i }) => {
                const Icon = ICONS[o.group];
                return (
                  <div
                    key={o.key}
                    id={`${listId}-${o.key}`}
                    role="option"
                    aria-selected={i === active}
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      go(o.to);
                    }}
                    onMouseMove={() => setActiveKey(o.key)}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm',
                      i === active ? 'bg-purple-500/25 text-foreground' : 'text-foreground/90',
                    )}
                  >
                    <Icon className="size-4 shrink-0 text-muted" aria-hidden />
                    <span className="min-w-0 flex-1 truncate">{o.label}</span>
                    {o.detail ? (
                      <span className="max-w-[40%] shrink-0 truncate text-xs text-muted">{o.detail}</span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ) : null,
        )}
      </div>
    </div>
  );
}
