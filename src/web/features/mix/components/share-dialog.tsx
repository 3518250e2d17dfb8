/** 'Share Your Mix': editable title and description, X / Facebook / Instagram, copy, the PNG card and a preview. */
import { useId, useState, type ReactNode } from 'react';
import { Camera, Copy, Download, Music2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CopyLinkField, NativeShareButton } from '../../../components/ui/copy-link-field';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import {
  buildShareText,
  defaultShareDescription,
  downloadFileName,
  mixSummary,
  shareUrl,
  socialShareUrl,
  type ShareTrack,
} from '../lib/share';
import { drawShareCard } from './share-card-canvas';

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 fill-current">
      <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.8-6.3L6.4 22H3.3l7.3-8.3L1 2h6.3l4.4 5.8L18.9 2Zm-1.1 18h1.7L6.3 3.9H4.5L17.8 20Z" />
    </svg>
  );
}

function FacebookLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 fill-current">
      <path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2A21 21 0 0 0 14.7 2C12.4 2 10.8 3.4 10.8 6v2.5H8.2V12h2.6v10H14V12h2.7l.4-3.5H14Z" />
    </svg>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareDialog({
  trigger,
  defaultTitle,
  tracks,
  totalDuration,
  venueId,
}: {
  trigger: ReactNode;
  defaultTitle: string;
  tracks: ShareTrack[];
  totalDuration: number;
  venueId?: number | null;
}) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(defaultTitle);
  const [description, setDescription] = useState(() => defaultShareDescription(tracks.length));
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const url = shareUrl(window.location.origin, venueId);
  const text = buildShareText({ title, description, tracks, url });
  const summary = mixSummary(tracks.length, totalDuration);

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the mix as it is now; edits live while the dialog is open.
    if (next) {
      setTitle(defaultTitle);
      setDescription(defaultShareDescription(tracks.length));
    }
    setOpen(next);
  };

  const openShareWindow = (network: 'x' | 'facebook') => {
    window.open(socialShareUrl(network, text, url), '_blank', 'noopener,noreferrer,width=600,height=400');
  };

  const copy = async () => {
    if (await copyText(text))
      toast({ title: 'Copied to clipboard', description: 'Share text copied successfully!', variant: 'success' });
    else toast({ title: 'Copy failed', description: 'Please copy the text manually.', variant: 'destructive' });
  };

  const instagram = async () => {
    if (await copyText(text))
      toast({
        title: 'Ready for Instagram',
        description: 'Text copied! Paste it in your Instagram story or post.',
        variant: 'success',
      });
    else toast({ title: 'Copy failed', description: 'Please copy the text manually.', variant: 'destructive' });
  };

  const download = async () => {
    setBusy(true);
    try {
      const blob = await drawShareCard({ title, description, tracks, summary });
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = downloadFileName(title);
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
      toast({ title: 'Download started', description: 'Your mix preview card is downloading!', variant: 'success' });
    } catch (err) {
      toast({
        title: 'Download failed',
        description: err instanceof Error ? err.message : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Share Your Mix"
        description="Tell your friends what the crowd is playing."
        className="max-w-xl"
      >
        <div className="space-y-4">
          {/* Copy link first: the quickest share, and the dialog's first focus (no keyboard pops up on a phone). */}
          <div className="space-y-2">
            <CopyLinkField url={url} copied="Paste it anywhere to share the mix." label="Link to the mix" primary />
            <NativeShareButton url={url} title={title} text={description} />
          </div>
          <div className="grid grid-cols-3 gap-2">
            <Button variant="secondary" size="sm" onClick={() => openShareWindow('x')} aria-label="Share on X">
              <XLogo /> X
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => openShareWindow('facebook')}
              aria-label="Share on Facebook"
            >
              <FacebookLogo /> Facebook
            </Button>
            <Button variant="secondary" size="sm" onClick={instagram} aria-label="Copy for Instagram">
              <Camera aria-hidden /> Instagram
            </Button>
          </div>
          <details open className="group rounded-card border border-border">
            <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">Share as an image</summary>
            <div className="space-y-3 border-t border-border p-3">
              <div className="space-y-1.5">
                <Label htmlFor={`${ids}-title`}>Mix Title</Label>
                <Input id={`${ids}-title`} value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${ids}-desc`}>Description</Label>
                <Textarea
                  id={`${ids}-desc`}
                  value={description}
                  maxLength={300}
                  onChange={(e) => setDescription(e.target.value)}
                />
              </div>

              <section
                aria-label="Preview"
                className="overflow-hidden rounded-card bg-gradient-to-br from-purple-800 via-purple-700 to-pink-700 p-4 text-white"
              >
                <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-white/80 uppercase">
                  <Music2 className="size-3.5" aria-hidden /> CrowdMix
                </p>
                <p className="mt-2 truncate text-xl font-bold">{title.trim() || 'My CrowdMix'}</p>
                {description.trim() ? <p className="mt-1 line-clamp-2 text-sm text-white/90">{description}</p> : null}
                <p className="mt-1 text-xs text-white/80">{summary}</p>
                <ol className="mt-3 space-y-1.5">
                  {tracks.slice(0, 5).map((t, i) => (
                    <li
                      key={`${i}-${t.title}`}
                      className="flex items-baseline gap-2 rounded-lg bg-black/20 px-3 py-1.5 text-sm"
                    >
                      <span className="font-bold text-pink-200">{i + 1}</span>
                      <span className="truncate font-medium">{t.title}</span>
                      <span className="truncate text-white/80">{t.artist}</span>
                    </li>
                  ))}
                </ol>
              </section>

              <div className="grid gap-2 sm:grid-cols-2">
                <Button variant="outline" onClick={copy}>
                  <Copy aria-hidden /> Copy Share Text
                </Button>
                <Button variant="secondary" onClick={download} disabled={busy}>
                  <Download aria-hidden /> {busy ? 'Preparing...' : 'Download'}
                </Button>
              </div>
            </div>
          </details>
        </div>
      </DialogContent>
    </Dialog>
  );
}
