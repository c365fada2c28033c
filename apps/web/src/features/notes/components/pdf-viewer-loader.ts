/** The PDF viewer's code (pdf.js, about 120 KB gzipped): loaded only when a note is opened or about to be. */
export const loadPdfViewer = () => import('./pdf-document-view');

/**
 * Starts fetching the viewer's code when a note is about to be opened (a finger or the pointer on
 * its Open button), so on slow data part of it has arrived by the time the dialog opens.
 */
export function preloadPdfViewer() {
  void loadPdfViewer();
}
