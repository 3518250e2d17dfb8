/** Share a playlist: its link (/community-playlists/{id}), a share text with the first 3 tracks, X and Facebook. */
import { useState, type ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { href } from '../../../app/routes';
import { Button } from '../../../components/ui/button';
import { CopyLinkField, NativeShareButton, copyWithToast } from '../../../components/ui/copy-link-field';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';

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
          <div className="space-y-2">
            <CopyLinkField url={url} copied="Playlist link copied!" label="Playlist link" testId="share-url" primary />
            <NativeShareButton url={url} title={name} text={`${name} — a community playlist on CrowdMix`} />
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
            <Button
              variant="outline"
              onClick={() => void copyWithToast(text, { description: 'Share text copied successfully!' })}
            >
              <Copy aria-hidden /> Copy Share Text
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
