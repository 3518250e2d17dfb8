/** Renders the PDF viewer when a song is opened; pdf.js loads only then, keeping it out of the first bundle. */
import { lazy, Suspense } from 'react';
import { closePdfViewer, usePdfViewerSong } from './pdf-viewer-store';

const PdfViewerDialog = lazy(async () => ({ default: (await import('./pdf-viewer-dialog')).PdfViewerDialog }));

/** Mounted once by <PlayerProvider>. */
export function PdfViewerHost() {
  const song = usePdfViewerSong();
  if (!song) return null;
  return (
    <Suspense fallback={null}>
      <PdfViewerDialog song={song} onClose={closePdfViewer} />
    </Suspense>
  );
}
