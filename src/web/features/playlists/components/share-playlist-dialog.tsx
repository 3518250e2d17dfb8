/** Share a playlist: its link (/community-playlists/{id}), a share text with the first 3 tracks, X and Facebook. */
import { useState, type ReactNode } from 'react';
import { Copy, Link2 } from 'lucide-react';
import { href } from '../../../app/routes';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';

/** The share text: the playlist, its song count, the first 3 tracks and the link. */
export function playlistShareText(
  name: string,
  tracks: ReadonlyArray<{ title: string; artist: string }>,
  url: string,
): string {
  const lines = [
    `🎵 ${name} — a community playlist with ${tracks.length} ${tracks.length === 1 ? 'song' : 'songs'} on CrowdMix`,
  ];
  tracks.slice(0, 3).forEach((t, i) => lines.push(`${i + 1}. ${t.title} — ${t.artist}`));
  lines.push('', `Join in and vote: ${url}`);
  return lines.join('\n');
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', description: what, variant: 'success' });
  } catch {
    toast({ title: 'Copy failed', description: 'Please copy the text manually.', variant: 'destructive' });
  }
}

function openShareWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer,width=600,height=400');
}

export function SharePlaylistDialog({
  trigger,
  url: givenUrl,
  playlistId,
  name,
  tracks,
}: {
  trigger: ReactNode;
  /** The link to share (a member's invite link); the playlist's page by default. */
  url?: string;
  playlistId: number;
  name: string;
  tracks: ReadonlyArray<{ title: string; artist: string }>;
}) {
  const [open, setOpen] = useState(false);
  const url = givenUrl ?? `${window.location.origin}${href.playlist(playlistId)}`;
  const text = playlistShareText(name, tracks, url);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Share Playlist" description="Invite friends to listen, join and vote.">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2 rounded-xl border border-border bg-surface-2 p-2">
            <Link2 className="size-4 shrink-0 text-muted" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-sm" data-testid="share-url">
              {url}
            </span>
            <Button size="sm" variant="outline" onClick={() => void copy(url, 'Playlist link copied!')}>
              <Copy aria-hidden /> Copy link
            </Button>
          </div>
          <pre className="max-h-48 overflow-auto rounded-xl border border-border bg-surface-2 p-3 font-sans text-sm whitespace-pre-wrap">
            {text}
          </pre>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => openShareWindow(`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}`)}
            >
              Share on X
            </Button>
            <Button
              variant="secondary"
              onClick={() => openShareWindow(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`)}
            >
              Share on Facebook
            </Button>
            <Button onClick={() => void copy(text, 'Share text copied successfully!')}>
              <Copy aria-hidden /> Copy Share Text
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
