import { formatIndianPhone } from '@academy/shared/phone-format';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
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
export async function createPdfDocument(title: string, options: { margin?: number; subject?: string; creator?: string; language?: Language } = {}): Promise<PdfDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin ?? 40,
    info: { Title: title, Subject: options.subject ?? title, Creator: options.creator ?? 'Academy', Producer: 'Academy' },
    // For screen readers (issue 53): a tagged PDF (MarkInfo and a structure tree) in its language,
    // whose window shows the title rather than the file name.
    tagged: true,
    displayTitle: true,
    // ActualText (a formula's LaTeX, shaped Devanagari's logical text) is PDF 1.5.
    pdfVersion: '1.5',
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
  type Internals = { _fragment: (text: string, x: number, y: number, options: unknown) => void };
  const internals = doc as unknown as Internals;
  const drawLine = internals._fragment;
  internals._fragment = function (this: Internals, text, x, y, options) {
    const logical = `${text}`.replace(/\n/g, '');
    if (!DEVANAGARI.test(logical)) return drawLine.call(this, text, x, y, options);
    withActualText(doc, logical, () => drawLine.call(this, text, x, y, options));
  };
}

/**
 * Runs `draw` (which draws one line of text, one BT…ET) with its glyphs in a Span whose ActualText is
 * `actual`, opened right after BT and closed right before ET (see keepLogicalText: the reader must meet
 * the end of the span under the glyphs' own coordinates).
 */
function withActualText(doc: PdfDocument, actual: string, draw: () => void): void {
  type Internals = { addContent: (data: string) => unknown };
  const target = doc as unknown as Internals;
  const addContent = target.addContent;
  target.addContent = function (this: Internals, data: string) {
    if (data === 'ET') addContent.call(this, 'EMC');
    addContent.call(this, data);
    if (data === 'BT') addContent.call(this, `/Span <</ActualText ${pdfUnicodeString(actual)}>> BDC`);
    return this;
  };
  try {
    draw();
  } finally {
    // Back to the prototype's addContent.
    delete (target as Partial<Internals>).addContent;
  }
}

/** The structure types this app tags (PDF 1.7, 14.8.4): what a screen reader announces and jumps by. */
export type StructureType = 'H1' | 'H2' | 'H3' | 'P' | 'Formula' | 'Figure' | 'Div';

/**
 * Tags what `draw` draws (synchronously) as one structure element of the document (issue 53): a
 * heading, a paragraph, a formula or a figure, in reading order, so a screen reader reads the PDF as
 * a document rather than as loose text. `alt` (a formula's LaTeX, a picture's description) is what a
 * reader says for content that is not text. Page breaks inside `draw` are carried by pdfkit.
 */
export type Tagger = <T>(type: StructureType, draw: () => T, options?: { alt?: string }) => T;

/** The document's structure root ('Document') and the tagger that adds elements to it, in order. */
export function documentStructure(doc: PdfDocument): Tagger {
  type Element = { add(child: unknown): Element; end(): void };
  type Marking = {
    struct(type: string, options?: object): Element;
    addStructure(element: Element): unknown;
    markStructureContent(type: string, options?: object): unknown;
    endMarkedContent(): unknown;
  };
  // @types/pdfkit does not declare pdfkit's marking API (pdfkit 0.13+, docs/accessibility.md).
  const marking = doc as unknown as Marking;
  const root = marking.struct('Document');
  marking.addStructure(root);
  return (type, draw, options) => {
    const element = marking.struct(type, options?.alt ? { alt: options.alt } : {});
    root.add(element);
    const content = marking.markStructureContent(type);
    try {
      return draw();
    } finally {
      marking.endMarkedContent();
      element.add(content);
      element.end();
    }
  };
}

/**
 * Gives what `draw` draws (a formula: paths, no text) its text for readers (issue 53): one invisible
 * copy of `text` (the LaTeX) over it, in a Span whose ActualText is `text`. Poppler's pdftotext, a
 * phone's viewer and a screen reader then read the formula's LaTeX in its place, and selecting it
 * copies it; the page looks the same. The copy sits on the line's baseline at its font size (so a
 * reader keeps it in its line), squeezed to the formula's width.
 */
export function drawWithActualText(doc: PdfDocument, text: string, at: { x: number; baseline: number; width: number; fontSize: number }, draw: () => void): void {
  draw();
  // The copy in the built-in Helvetica, ASCII only: the ActualText carries the real text.
  const { x, y } = doc;
  const invisible = text.replace(/[^\x20-\x7e]/g, '?') || '?';
  doc.save();
  doc.font('Helvetica').fontSize(at.fontSize);
  const natural = Math.max(doc.widthOfString(invisible), 0.01);
  const horizontalScaling = Math.max(1, Math.min(100, (at.width / natural) * 100));
  doc.fillOpacity(0);
  withActualText(doc, text, () => doc.text(invisible, at.x, at.baseline, { lineBreak: false, baseline: 'alphabetic', horizontalScaling } as PDFKit.Mixins.TextOptions));
  doc.restore();
  doc.x = x;
  doc.y = y;
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
export type AcademyHeader = {
  name: string;
  address: string;
  phones: string[];
  email?: string;
  /** The academy's logo (issue 78): a PNG at most 360 × 120 pixels, drawn above the name at half that in points. */
  logo?: Buffer | undefined;
  /** The academy's main colour (#rrggbb, dark enough for white text, so for text on white too): the name's colour. */
  colour?: string | undefined;
};

/** The academy's logo (when it has one), name, address and contacts, centred, then a rule across the page. */
export function drawAcademyHeader(doc: PdfDocument, academy: AcademyHeader): void {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  if (academy.logo) {
    // At most 180 × 60 points (the stored PNG is twice that, sharp on paper); centred, then the name below.
    const top = doc.y;
    try {
      doc.image(academy.logo, doc.page.margins.left + (width - 180) / 2, top, { fit: [180, 60], align: 'center', valign: 'center' });
      doc.y = top + 64;
    } catch {
      // A picture pdfkit cannot read leaves the header as it was before logos: the name says who it is.
      doc.y = top;
    }
    doc.x = doc.page.margins.left;
  }
  doc.font('bold').fontSize(18).fillColor(academy.colour ?? '#1c7ed6').text(academy.name, { width, align: 'center' });
  doc.font('regular').fontSize(9).fillColor('#495057');
  if (academy.address) doc.text(academy.address, { width, align: 'center' });
  const contacts = [academy.phones.filter(Boolean).map(formatIndianPhone).join(' · '), academy.email].filter(Boolean).join(' · ');
  if (contacts) doc.text(contacts, { width, align: 'center' });
  const y = doc.y + 6;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).strokeColor('#ced4da').lineWidth(1).stroke();
  doc.fillColor('#212529').moveDown(1);
}

/**
 * The same header on one line, inside a box a tight page keeps for it (issue 78: the OMR sheet, whose
 * corner marks, QR code and bubbles the reader finds by position): the logo at most `logoSize` points
 * square at the box's left, the name in the academy's colour beside it. Returns where the text may go
 * on (the box's left when no logo). Nothing is drawn outside the box.
 */
export function drawAcademyHeaderLine(doc: PdfDocument, academy: Pick<AcademyHeader, 'name' | 'logo' | 'colour'>, box: { x: number; y: number; width: number; logoSize: number; fontSize: number }): number {
  let left = box.x;
  if (academy.logo) {
    try {
      doc.image(academy.logo, box.x, box.y, { fit: [box.logoSize, box.logoSize] });
      left = box.x + box.logoSize + 8;
    } catch {
      // A picture pdfkit cannot read: the name alone, as before logos.
    }
  }
  doc.font('bold').fontSize(box.fontSize).fillColor(academy.colour ?? '#1c7ed6').text(academy.name, left, box.y, { width: box.x + box.width - left, lineBreak: false, ellipsis: true });
  doc.fillColor('#212529');
  return left;
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
  /** Tags what a drawing draws as a heading, paragraph, formula or figure (papers and answer keys, issue 53). */
  tag: Tagger;
  /** The finished file. */
  end(): Promise<Buffer>;
};

const MARGIN = 50;

/** An A4 document with the academy's header (name, address, phones) and a title. */
export async function createAcademyPdf(input: { header: AcademyHeader; title: string; language: Language; info?: { Title?: string; Subject?: string } }): Promise<PdfWriter> {
  const doc = await createPdfDocument(input.info?.Title ?? input.title, { margin: MARGIN, subject: input.info?.Subject ?? input.title, creator: input.header.name, language: input.language });
  const width = doc.page.width - 2 * MARGIN;

  const text: PdfWriter['text'] = (value, options = {}) => {
    doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size ?? 11).fillColor(options.color ?? '#212529');
    const x = options.x ?? doc.x;
    const y = options.y ?? doc.y;
    doc.text(value || ' ', x, y, { width: options.width ?? width - (x - MARGIN), align: options.align ?? 'left', lineGap: 2 });
    doc.x = MARGIN;
  };

  // A row never splits across pages (issue 73: a payslip's row cut in two, page 2 almost empty): when the
  // taller of its label and value does not fit above the bottom margin, the row starts the next page.
  const row: PdfWriter['row'] = (label, value, options = {}) => {
    doc.fontSize(options.size ?? 11);
    const height = Math.max(
      doc.font(options.bold ? 'bold' : 'regular').heightOfString(label || ' ', { width: width * 0.45, lineGap: 2 }),
      doc.font(options.bold ? 'bold' : 'regular').heightOfString(value || ' ', { width: width * 0.55, lineGap: 2 }),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
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

  const tag = documentStructure(doc);
  tag('Div', () => drawAcademyHeader(doc, input.header));
  tag('H1', () => text(input.title, { size: 16, bold: true, align: 'center' }));
  doc.moveDown(0.5);

  return { doc, text, row, rule, tag, end: () => pdfToBuffer(doc) };
}

/**
 * A QR code drawn as vector squares (sharp at any print size: a fee slip's UPI link, an OMR sheet's
 * test and student), its top-left corner at (x, y), `size` wide with a 2-module quiet zone. `overlap`
 * widens each square a little so a camera sees no hairline between neighbours (the OMR reader's QR).
 */
export function drawQrCode(doc: PdfDocument, text: string, x: number, y: number, size: number, overlap = 0): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell + overlap, cell + overlap);
    }
  }
  doc.fillColor('#000000').fill();
}
