/**
 * pdf.js, loaded on demand (never part of the first bundle). The worker is a file of our own origin, so it
 * runs under the CSP's worker-src 'self'; eval stays off (isEvalSupported: false) for script-src 'self'.
 */
import {
  getDocument,
  GlobalWorkerOptions,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy, PDFPageProxy };

/** Starts loading a PDF from our own API; the caller destroys the task when done. */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({ url, isEvalSupported: false, withCredentials: true });
}

/**
 * Draws one page into `canvas` at `scale` (CSS pixels), sharp on high-density screens.
 * Returns a cancel function for when the page changes before drawing finishes.
 */
export function renderPage(
  page: PDFPageProxy,
  canvas: HTMLCanvasElement,
  scale: number,
): { promise: Promise<void>; cancel: () => void } {
  const ratio = Math.min(window.devicePixelRatio || 1, 3);
  const viewport = page.getViewport({ scale });
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const task = page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
  return { promise: task.promise, cancel: () => task.cancel() };
}
