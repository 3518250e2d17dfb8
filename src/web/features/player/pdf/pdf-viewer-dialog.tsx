/** The in-app PDF viewer: one page at a time, page navigation, zoom and download. Loaded on demand. */
import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, ZoomIn, ZoomOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { openPdf, renderPage, type PDFDocumentProxy } from './pdfjs';
import type { PdfSong } from './pdf-viewer-store';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const DEFAULT_ZOOM_INDEX = 2;

/** The file name offered by Download: the song's title, made safe for file systems. */
export function pdfFileName(song: PdfSong): string {
  const base = `${song.artist} - ${song.title}`
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'song'}.pdf`;
}

/** A modal showing `song`'s PDF; `onClose` when the user closes it. */
export function PdfViewerDialog({ song, onClose }: { song: PdfSong; onClose: () => void }) {
  const url = song.pdfUrl ?? '';
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoomIndex, setZoomIndex] = useState(DEFAULT_ZOOM_INDEX);
  const [rendering, setRendering] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const zoom = ZOOM_STEPS[zoomIndex];

  useEffect(() => {
    let cancelled = false;
    const task = openPdf(url);
    task.promise.then(
      (loaded) => {
        if (!cancelled) setDoc(loaded);
      },
      (err: unknown) => {
        if (cancelled) return;
        const status = (err as { status?: number })?.status;
        setError(
          status === 404
            ? 'This PDF was not found. It may have been removed.'
            : status === 401 || status === 403
              ? 'You are not allowed to open this PDF.'
              : 'This PDF could not be opened.',
        );
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvasRef.current) return;
    let cancelled = false;
    let cancelRender: (() => void) | null = null;
    setRendering(true);
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled || !canvasRef.current) return;
        const job = renderPage(page, canvasRef.current, zoom * 1.25);
        cancelRender = job.cancel;
        return job.promise;
      })
      .then(
        () => !cancelled && setRendering(false),
        (err: unknown) => {
          if (cancelled || (err as { name?: string })?.name === 'RenderingCancelledException') return;
          setRendering(false);
          setError('This page could not be displayed.');
        },
      );
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [doc, pageNumber, zoom]);

  const pages = doc?.numPages ?? 0;
  const goTo = (n: number) => setPageNumber((p) => (pages ? Math.min(pages, Math.max(1, n)) : p));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={song.title} description={song.artist} className="flex max-w-4xl flex-col">
        <div
          className="flex flex-wrap items-center justify-between gap-2"
          role="toolbar"
          aria-label="PDF controls"
          onKeyDown={(e) => {
            if (e.key === 'PageDown') goTo(pageNumber + 1);
            if (e.key === 'PageUp') goTo(pageNumber - 1);
          }}
        >
          <div className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="icon-sm"
              aria-label="Previous page"
              title="Previous page"
              disabled={!doc || pageNumber <= 1}
              onClick={() => goTo(pageNumber - 1)}
            >
              <ChevronLeft />
            </Button>
            <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
              {pages ? `Page ${pageNumber} of ${pages}` : 'Loading…'}
            </span>
            <Button
              variant="secondary"
              size="icon-sm"
              aria-label="Next page"
              title="Next page"
              disabled={!doc || pageNumber >= pages}
              onClick={() => goTo(pageNumber + 1)}
            >
              <ChevronRight />
            </Button>
          </div>
          <div className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="icon-sm"
              aria-label="Zoom out"
              title="Zoom out"
              disabled={zoomIndex === 0}
              onClick={() => setZoomIndex((z) => Math.max(0, z - 1))}
            >
              <ZoomOut />
            </Button>
            <span className="w-14 text-center text-sm tabular-nums">{Math.round(zoom * 100)}%</span>
            <Button
              variant="secondary"
              size="icon-sm"
              aria-label="Zoom in"
              title="Zoom in"
              disabled={zoomIndex === ZOOM_STEPS.length - 1}
              onClick={() => setZoomIndex((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))}
            >
              <ZoomIn />
            </Button>
            <Button variant="secondary" size="sm" asChild>
              <a href={url} download={pdfFileName(song)}>
                <Download /> Download
              </a>
            </Button>
          </div>
        </div>
        <div
          className="mt-3 max-h-[70vh] min-h-48 overflow-auto rounded-xl bg-white/5 p-2"
          tabIndex={0}
          role="region"
          aria-label={`Page ${pageNumber} of ${song.title}`}
        >
          {error ? (
            <p role="alert" className="p-6 text-center text-danger">
              {error}
            </p>
          ) : (
            <canvas
              ref={canvasRef}
              data-testid="pdf-page"
              className="mx-auto block bg-white shadow-lg"
              aria-busy={rendering}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
