/** Which PDF song the in-app viewer shows; any screen opens it with openPdfViewer(song). */
import { useSyncExternalStore } from 'react';

/** What the viewer needs of a song. */
export interface PdfSong {
  id: number;
  title: string;
  artist: string;
  pdfUrl?: string | null;
}

let current: PdfSong | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opens a PDF song in the viewer dialog (does nothing for a song without a PDF). */
export function openPdfViewer(song: PdfSong): void {
  if (!song.pdfUrl) return;
  current = song;
  emit();
}

/** Closes the viewer. */
export function closePdfViewer(): void {
  current = null;
  emit();
}

/** The song shown in the viewer, or null. */
export function usePdfViewerSong(): PdfSong | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
