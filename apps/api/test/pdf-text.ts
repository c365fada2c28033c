import { execFileSync } from 'node:child_process';

/** The text of a PDF's first page (pdfjs-dist reads the ToUnicode maps pdfkit writes), for tests that read what a PDF says. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
}

/**
 * Every page's text as a reader copying from the file gets it: poppler's pdftotext, which reads the
 * logical text pdfkit's shaped Devanagari lines carry (pdfjs-dist ignores it). Needs poppler-utils (README).
 */
export function pdfTextAsRead(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
}
