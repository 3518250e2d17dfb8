/**
 * Loads the PDF thumbnail's module alone, for a song row that shows a PDF song: most mixes have none, and their
 * first load does not carry it (ADR 032). Its own file, not the feature's index (see safety/lib/load-report-dialog.ts).
 */
export const loadPdfThumbnail = () => import('./pdf-thumbnail');
