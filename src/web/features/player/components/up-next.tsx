/** 'Up Next': the queued songs and the next songs of the list (3 shown, then '+N more songs'). */
import { ListMusic, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { UP_NEXT_COUNT } from '@shared/constants';
import { usePlayerInternals, usePlayerState, usePlayerActions } from '../player-context';
import { upcoming } from '../player-reducer';
import { ControlButton } from './control-button';
import { SongArt } from './song-art';

/** The button and popover of the bar. */
export function UpNext() {
  const state = usePlayerState();
  const actions = usePlayerActions();
  const { dispatch } = usePlayerInternals();
  const items = upcoming(state);
  const shown = items.slice(0, UP_NEXT_COUNT);
  const more = items.length - shown.length;

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <ControlButton label={`Up Next (${items.length})`}>
          <ListMusic />
        </ControlButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Up Next"
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-2xl border border-border bg-surface p-3 shadow-2xl"
        >
          <h2 className="px-1 pb-2 text-sm font-semibold">Up Next</h2>
          {shown.length === 0 ? (
            <p className="px-1 pb-1 text-sm text-muted">Nothing after this song. Next starts the list again.</p>
          ) : (
            <ol className="flex flex-col gap-1" aria-label="Next songs">
              {shown.map((item) => (
                <li
                  key={item.queued ? `q-${item.entryId}` : `l-${item.index}-${item.song.id}`}
                  className="flex items-center gap-1"
                >
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-lg p-1.5 text-left hover:bg-white/5"
                    onClick={() =>
                      item.queued
                        ? dispatch({ type: 'playFromQueue', entryId: item.entryId })
                        : actions.jump(item.index)
                    }
                  >
                    <SongArt song={item.song} className="size-9 rounded-md" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm">{item.song.title}</span>
                      <span className="block truncate text-xs text-muted">
                        {item.queued ? <span className="mr-1 text-accent">Queued ·</span> : null}
                        {item.song.artist}
                      </span>
                    </span>
                    <span className="sr-only">, play now</span>
                  </button>
                  {item.queued ? (
                    <ControlButton
                      label={`Remove ${item.song.title} from the queue`}
                      size="icon-sm"
                      onClick={() => actions.removeFromQueue(item.entryId)}
                    >
                      <X />
                    </ControlButton>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {more > 0 ? (
            <p className="px-1 pt-2 text-xs text-muted">
              +{more} more {more === 1 ? 'song' : 'songs'}
            </p>
          ) : null}
          {state.shuffle && state.songs.length > 1 ? (
            <p className="px-1 pt-2 text-xs text-muted">Shuffle is on: after the queue, songs play in random order.</p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
