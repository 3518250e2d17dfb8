/**
 * Export menu for a mix or a playlist: M3U, CSV and JSON files download straight from the server (which names them);
 * the YouTube choice opens a dialog with the play link(s), one per part of at most 50 videos. The page loads only
 * the button: the items and the dialog load when the menu first opens (export-menu-content.tsx, ADR 031).
 */
import { lazy, Suspense, useState } from 'react';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useYoutubeLinks } from '../api/get-youtube-links';

const ExportMenuItems = lazy(async () => ({ default: (await import('./export-menu-content')).ExportMenuItems }));
const YoutubeLinksDialog = lazy(async () => ({
  default: (await import('./export-menu-content')).YoutubeLinksDialog,
}));

/** `basePath` is the export route without the query, e.g. `/api/mix/global/export`. */
export function ExportMenu({
  basePath,
  title,
  className,
  disabled,
}: {
  basePath: string;
  title: string;
  className?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The dialog stays mounted once opened, so that closing it animates as every dialog does.
  const [opened, setOpened] = useState(false);
  const links = useYoutubeLinks(basePath);

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild disabled={disabled}>
          <Button variant="outline" className={className}>
            <Download aria-hidden /> <span className="max-sm:sr-only">Export</span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <Suspense fallback={null}>
            <ExportMenuItems
              basePath={basePath}
              onYoutube={() => {
                setOpen(true);
                setOpened(true);
                links.mutate();
              }}
            />
          </Suspense>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {opened ? (
        <Suspense fallback={null}>
          <YoutubeLinksDialog title={title} links={links} open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
