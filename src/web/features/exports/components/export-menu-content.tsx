/**
 * What the export menu shows once opened: its items and the YouTube links dialog. Loaded when the menu first
 * opens, not with the page (ADR 031): a list's first paint needs only the menu's button.
 */
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { ExternalLink, FileJson, FileSpreadsheet, ListMusic, MonitorPlay } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import type { useYoutubeLinks } from '../api/get-youtube-links';

const item =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-purple-500/25 data-[highlighted]:text-foreground';

/** The menu's items: Play on YouTube (`onYoutube`), then the M3U, CSV and JSON downloads of `basePath`. */
export function ExportMenuItems({ basePath, onYoutube }: { basePath: string; onYoutube: () => void }) {
  const file = (format: 'm3u' | 'csv' | 'json') => `${basePath}?format=${format}`;
  return (
    <DropdownMenu.Content
      align="end"
      sideOffset={6}
      className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1 shadow-2xl shadow-black/40"
    >
      <DropdownMenu.Item className={item} onSelect={onYoutube}>
        <MonitorPlay className="size-4 text-red-400" aria-hidden /> Play on YouTube
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={item}>
        <a href={file('m3u')} download>
          <ListMusic className="size-4 text-muted" aria-hidden /> M3U playlist
        </a>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={item}>
        <a href={file('csv')} download>
          <FileSpreadsheet className="size-4 text-muted" aria-hidden /> CSV spreadsheet
        </a>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild className={item}>
        <a href={file('json')} download>
          <FileJson className="size-4 text-muted" aria-hidden /> JSON
        </a>
      </DropdownMenu.Item>
    </DropdownMenu.Content>
  );
}

/** The list's YouTube play links (one per part of at most 50 videos), as `links` has them. */
export function YoutubeLinksDialog({
  title,
  links,
  open,
  setOpen,
}: {
  title: string;
  links: ReturnType<typeof useYoutubeLinks>;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const data = links.data;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title="Play on YouTube"
        description={`Opens ${title} as a YouTube play queue (up to 50 videos per link).`}
      >
        {links.isPending ? (
          <p className="text-muted" role="status">
            Preparing the links…
          </p>
        ) : links.isError ? (
          <p role="alert" className="text-red-300">
            Could not prepare the links: {errorMessage(links.error, 'Please try again.')}
          </p>
        ) : data && data.links.length === 0 ? (
          <p className="text-muted">There are no YouTube songs to play in this list.</p>
        ) : data ? (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-col gap-2">
              {data.links.map((l) => (
                <li key={l.part}>
                  <a
                    href={l.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={cn(
                      'flex items-center justify-between gap-3 rounded-xl border border-border bg-white/5 px-4 py-3 hover:border-purple-400/50 focus-visible:outline-2 focus-visible:outline-accent',
                    )}
                  >
                    <span className="font-medium">
                      {data.links.length > 1
                        ? `Part ${l.part}: ${l.songCount} songs`
                        : `Play ${l.songCount} ${l.songCount === 1 ? 'song' : 'songs'}`}
                    </span>
                    <ExternalLink className="size-4 shrink-0 text-muted" aria-hidden />
                    <span className="sr-only">(opens YouTube in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            {data.skippedSongs > 0 ? (
              <p className="text-sm text-muted">{`${data.skippedSongs} PDF ${data.skippedSongs === 1 ? 'song is' : 'songs are'} not on YouTube and left out.`}</p>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
