/**
 * The first page of a PDF song, drawn small for song cards. pdf.js loads only when the card scrolls into view,
 * and a music-sheet tile stands in while it loads or if the file cannot be read.
 */
import { useEffect, useRef, useState } from 'react';
import { FileText } from 'lucide-react';
import { cn } from '../../../lib/utils';

export interface PdfThumbnailProps {
  /** The song's pdfUrl (our own API). */
  url: string;
  /** Alternative text, e.g. 'First page of Clair de Lune'; leave empty when the card names the song already. */
  alt?: string;
  /** Width to draw at, in CSS pixels (the canvas then scales to its box). */
  width?: number;
  className?: string;
}

/** A canvas with the PDF's first page, fitted to `width`. */
export function PdfThumbnail({ url, alt = '', width = 320, className }: PdfThumbnailProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [status, setStatus] = useState<'idle' | 'ready' | 'failed'>('idle');

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let cleanup: (() => void) | null = null;
    void (async () => {
      try {
        const { openPdf, renderPage } = await import('./pdfjs');
        if (cancelled) return;
        const task = openPdf(url);
        cleanup = () => void task.destroy();
        const doc = await task.promise;
        const page = await doc.getPage(1);
        if (cancelled || !canvasRef.current) return;
        const scale = width / page.getViewport({ scale: 1 }).width;
        const canvas = canvasRef.current;
        const job = renderPage(page, canvas, scale);
        // Fill the card's box, showing the top of the page (object-fit works on canvas).
        canvas.style.width = '100%';
        canvas.style.height = '100%';
        const previous = cleanup;
        cleanup = () => {
          job.cancel();
          previous();
        };
        await job.promise;
        if (!cancelled) setStatus('ready');
      } catch {
        if (!cancelled) setStatus('failed');
      }
    })();
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [visible, url, width]);

  return (
    <div
      ref={boxRef}
      className={cn('relative overflow-hidden bg-surface-3', className)}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
    >
      <canvas
        ref={canvasRef}
        data-testid="pdf-thumbnail"
        aria-hidden="true"
        className={cn('size-full bg-white object-cover object-top', status === 'ready' ? 'block' : 'hidden')}
      />
      {status !== 'ready' ? (
        <FileText
          aria-hidden="true"
          className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-1/2 text-pink-200/80"
        />
      ) : null}
    </div>
  );
}
