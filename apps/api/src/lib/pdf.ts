import { formatIndianPhone } from '@academy/shared/phone-format';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPaise } from '@academy/shared/money';
import type { Language } from '@academy/shared/languages';

/**
 * The one PDF set-up for receipts and report cards, on pdfkit (its fontkit shapes Devanagari:
 * conjuncts and matras come out right, which pdf-lib cannot do). One font family, Noto Sans
 * Devanagari, has both Latin and Devanagari glyphs (and ₹), so an English, Marathi or Hindi line needs
 * no font switching. The TTF files come from an npm package, resolved at run time (also from the
 * bundled server, decision 004).
 */
const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-devanagari';
export const PDF_FONTS = {
  regular: require.resolve(`${FONT_PACKAGE}/400Regular/NotoSansDevanagari_400Regular.ttf`),
  bold: require.resolve(`${FONT_PACKAGE}/700Bold/NotoSansDevanagari_700Bold.ttf`),
};

export type PdfDocument = PDFKit.PDFDocument;

/** An A4 page, the regular font selected; `title` goes into the file's properties. */
export function createPdfDocument(title: string, options: { margin?: number; subject?: string; creator?: string; language?: Language } = {}): PdfDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin ?? 40,
    info: { Title: title, Subject: options.subject ?? title, Creator: options.creator ?? 'Academy', Producer: 'Academy' },
    // For screen readers (issue 53): a tagged PDF (MarkInfo and a structure tree) in its language,
    // whose window shows the title rather than the file name.
    tagged: true,
    displayTitle: true,
    lang: options.language ?? 'en',
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  doc.font('regular');
  keepLogicalText(doc);
  return doc;
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** A PDF text string in UTF-16BE with its byte-order mark, as hex: any script survives it. */
export function pdfUnicodeString(text: string): string {
  return `<${Buffer.from(`\ufeff${text}`, 'utf16le').swap16().toString('hex')}>`;
}

/**
 * Shaped Devanagari is drawn in visual order: the i-matra's glyph comes before its consonant, and
 * conjuncts are single glyphs. A reader copying or searching the PDF (pdftotext, a phone's viewer, a
 * screen reader) would get the matra in the wrong place in every word that has one (issue 42, point 16). Each line of such text
 * is marked with its logical text (a Span's ActualText, PDF 1.5), which readers use instead.
 *
 * pdfkit draws each line in `_fragment`, flipping the page's coordinates inside a save/restore around
 * its BT…ET. The mark goes inside BT…ET, so a reader meets its end under the same coordinates as the
 * glyphs (outside, poppler placed the text at the mirrored height). pdfkit offers no public hook for
 * this: a change to `_fragment` in a new pdfkit shows in pdf.test.ts, which reads the text back.
 */
function keepLogicalText(doc: PdfDocument): void {
  type Internals = { _fragment: (text: string, x: number, y: number, options: unknown) => void; addContent: (data: string) => unknown };
  const internals = doc as unknown as Internals;
  const drawLine = internals._fragment;
  internals._fragment = function (this: Internals, text, x, y, options) {
    const logical = `${text}`.replace(/\n/g, '');
    if (!DEVANAGARI.test(logical)) return drawLine.call(this, text, x, y, options);
    const addContent = this.addContent;
    this.addContent = function (this: Internals, data: string) {
      if (data === 'ET') addContent.call(this, 'EMC');
      addContent.call(this, data);
      if (data === 'BT') addContent.call(this, `/Span <</ActualText ${pdfUnicodeString(logical)}>> BDC`);
      return this;
    };
    try {
      drawLine.call(this, text, x, y, options);
    } finally {
      // Back to the prototype's addContent.
      delete (this as Partial<Internals>).addContent;
    }
  };
}

/** Ends the document and collects its bytes. */
export function pdfToBuffer(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The academy's details from Settings, as the top of every document shows them. */
export type AcademyHeader = { name: string; address: string; phones: string[]; email?: string };

/** The academy's name, address and contacts, centred, then a rule across the page. */
export function drawAcademyHeader(doc: PdfDocument, academy: AcademyHeader): void {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('bold').fontSize(18).fillColor('#1c7ed6').text(academy.name, { width, align: 'center' });
  doc.font('regular').fontSize(9).fillColor('#495057');
  if (academy.address) doc.text(academy.address, { width, align: 'center' });
  const contacts = [academy.phones.filter(Boolean).map(formatIndianPhone).join(' · '), academy.email].filter(Boolean).join(' · ');
  if (contacts) doc.text(contacts, { width, align: 'center' });
  const y = doc.y + 6;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).strokeColor('#ced4da').lineWidth(1).stroke();
  doc.fillColor('#212529').moveDown(1);
}

/** "₹1,25,000" / "₹1,500.50": money on paper, Indian grouping, from paise. */
export function rupeesText(paise: number): string {
  return `₹${formatPaise(paise)}`;
}

/** A document written line by line: the receipt's shape (labels and values in two columns). */
export type PdfWriter = {
  doc: PdfDocument;
  /** Writes a line (or a paragraph) at the current position. */
  text(value: string, options?: { size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' | 'center'; x?: number; y?: number; width?: number }): void;
  /** Two columns on one line: a label on the left, a value on the right part of the page. */
  row(label: string, value: string, options?: { bold?: boolean; size?: number }): void;
  rule(): void;
  /** The finished file. */
  end(): Promise<Buffer>;
};

const MARGIN = 50;

/** An A4 document with the academy's header (name, address, phones) and a title. */
export function createAcademyPdf(input: { header: AcademyHeader; title: string; language: Language; info?: { Title?: string; Subject?: string } }): PdfWriter {
  const doc = createPdfDocument(input.info?.Title ?? input.title, { margin: MARGIN, subject: input.info?.Subject ?? input.title, creator: input.header.name, language: input.language });
  const width = doc.page.width - 2 * MARGIN;

  const text: PdfWriter['text'] = (value, options = {}) => {
    doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size ?? 11).fillColor(options.color ?? '#212529');
    const x = options.x ?? doc.x;
    const y = options.y ?? doc.y;
    doc.text(value || ' ', x, y, { width: options.width ?? width - (x - MARGIN), align: options.align ?? 'left', lineGap: 2 });
    doc.x = MARGIN;
  };

  const row: PdfWriter['row'] = (label, value, options = {}) => {
    const y = doc.y;
    text(label, { x: MARGIN, y, width: width * 0.45, color: '#495057', bold: options.bold, size: options.size });
    const afterLabel = doc.y;
    text(value, { x: MARGIN + width * 0.45, y, width: width * 0.55, bold: options.bold, size: options.size });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  };

  const rule = () => {
    doc.moveDown(0.3);
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.7).strokeColor('#adb5bd').stroke();
    doc.moveDown(0.6);
  };

  drawAcademyHeader(doc, input.header);
  text(input.title, { size: 16, bold: true, align: 'center' });
  doc.moveDown(0.5);

  return { doc, text, row, rule, end: () => pdfToBuffer(doc) };
}
