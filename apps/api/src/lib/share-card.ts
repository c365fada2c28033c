import type * as fontkit from 'fontkit';
import { PDF_FONTS } from './pdf';

/*
 * The picture a shared link shows (issue 41; docs/decisions/036-found-and-shared-well.md): a 1200×630
 * PNG card with the academy's name, a title and a few lines, in English, Marathi or Hindi.
 *
 * The text is shaped here with fontkit (the shaper pdfkit uses for the receipts: conjuncts such as
 * ksha and jnya, the eyelash ra, matras and reph come out as a browser draws them) and written into
 * the SVG as glyph outlines; resvg only paints the outlines into a PNG. resvg's own text shaping was
 * tried and places Devanagari matras and spaces wrongly with this font. One font family, Noto Sans
 * Devanagari (also Latin, digits, ₹), the same files as the PDFs, from npm.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** What a card says; every text as shown (already in the reader's language). */
export interface ShareCard {
  /** The academy's name, on the band at the top. */
  header: string;
  /** The page's title or the course's name: large, at most two lines (smaller type when long). */
  title: string;
  /** Under the title, one line each (cut with "…" when too long). */
  lines: string[];
  /** At the bottom: what to do next, a phone number. */
  footer: string;
  /**
   * The academy's brand (issue 78): its colour for the band and the footer (dark enough for white text, so
   * for text on white too), and its logo for paper (a PNG at most 360 × 120, white behind it, base64) on a
   * white tile at the band's right. Without it the product's blue and no logo.
   */
  brand?: { colour: string; logo?: string | undefined } | undefined;
}

const MARGIN = 64;
const TEXT_WIDTH = SHARE_CARD_WIDTH - 2 * MARGIN;
const COLORS = { band: '#3b5bdb', bandText: '#ffffff', background: '#ffffff', title: '#1a1b1e', line: '#495057', footer: '#364fc7', rule: '#dee2e6' };
const ELLIPSIS = '…';

type Font = fontkit.Font;
let fonts: { regular: Font; bold: Font } | undefined;

/** The two faces, read once per process (about 100 ms; the first card pays it). */
async function loadFonts(): Promise<{ regular: Font; bold: Font }> {
  if (!fonts) {
    const { openSync } = await import('fontkit');
    fonts = { regular: openSync(PDF_FONTS.regular) as Font, bold: openSync(PDF_FONTS.bold) as Font };
  }
  return fonts;
}

/** A text's width in pixels at `size`, as shaped (a conjunct is one glyph, a matra may be none). */
export function textWidth(font: Font, text: string, size: number): number {
  const run = font.layout(text);
  return (run.positions.reduce((sum, position) => sum + position.xAdvance, 0) * size) / font.unitsPerEm;
}

/** The grapheme clusters of a text: a syllable (consonant, virama, consonant, matra) is never split. */
function clusters(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment);
}

/**
 * `text` in lines no wider than `maxWidth` (as `measure` gives widths), broken between words; a word
 * wider than a line is broken between its clusters. At most `maxLines`: what does not fit ends the
 * last line with "…".
 */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  const pushWord = (word: string) => {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (measure(candidate) <= maxWidth) {
      current = candidate;
      return;
    }
    if (current !== '') lines.push(current);
    current = '';
    if (measure(word) <= maxWidth) {
      current = word;
      return;
    }
    // A word longer than a line: as many clusters as fit, line after line.
    for (const cluster of clusters(word)) {
      if (current !== '' && measure(current + cluster) > maxWidth) {
        lines.push(current);
        current = '';
      }
      current += cluster;
    }
  };
  for (const word of words) pushWord(word);
  if (current !== '') lines.push(current);
  if (lines.length <= maxLines) return lines;

  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]!} ${lines.slice(maxLines).join(' ')}`;
  const parts = clusters(last);
  while (parts.length > 0 && measure(parts.join('').trimEnd() + ELLIPSIS) > maxWidth) parts.pop();
  last = parts.join('').trimEnd() + ELLIPSIS;
  kept[maxLines - 1] = last;
  return kept;
}

/** One line of text as an SVG path of its glyphs' outlines, its baseline starting at (x, y). */
function textPath(font: Font, text: string, x: number, y: number, size: number, fill: string): string {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const round = (value: number) => Math.round(value * 10) / 10;
  let pen = 0;
  let d = '';
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const originX = x + (pen + position.xOffset) * scale;
    const originY = y - position.yOffset * scale;
    for (const { command, args } of glyph.path.commands) {
      const points: string[] = [];
      for (let i = 0; i + 1 < args.length; i += 2) points.push(`${round(originX + args[i]! * scale)} ${round(originY - args[i + 1]! * scale)}`);
      d += { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' }[command] + points.join(' ');
    }
    pen += position.xAdvance;
  });
  return d === '' ? '' : `<path fill="${fill}" d="${d}"/>`;
}

/** Below this a line would touch the rule above the footer. */
const LAST_LINE_BASELINE = 500;

/** The title's size: the largest that fits in two lines. */
const TITLE_SIZES = [76, 64, 54];

/** The card as SVG: the band with the academy's name, the title, the lines, a rule and the footer. */
export async function shareCardSvg(card: ShareCard): Promise<string> {
  const { regular, bold } = await loadFonts();
  const accent = card.brand && /^#[0-9a-f]{6}$/i.test(card.brand.colour) ? card.brand.colour : undefined;
  const parts: string[] = [
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="${COLORS.background}"/>`,
    `<rect width="${SHARE_CARD_WIDTH}" height="120" fill="${accent ?? COLORS.band}"/>`,
  ];
  // The logo on a white tile at the band's right (at most 300 × 100 inside it); the name keeps the rest.
  let headerWidth = TEXT_WIDTH;
  if (card.brand?.logo) {
    const tile = { width: 316, height: 104, x: SHARE_CARD_WIDTH - MARGIN - 316, y: 8 };
    parts.push(`<rect x="${tile.x}" y="${tile.y}" width="${tile.width}" height="${tile.height}" rx="10" fill="#ffffff"/>`);
    parts.push(`<image x="${tile.x + 8}" y="${tile.y + 2}" width="${tile.width - 16}" height="${tile.height - 4}" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${card.brand.logo}"/>`);
    headerWidth = tile.x - MARGIN - 24;
  }
  const [header = ''] = wrapText(card.header, headerWidth, (text) => textWidth(bold, text, 44), 1);
  parts.push(textPath(bold, header, MARGIN, 78, 44, COLORS.bandText));

  let titleSize = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  let titleLines: string[] = [];
  for (const size of TITLE_SIZES) {
    titleSize = size;
    titleLines = wrapText(card.title, TEXT_WIDTH, (text) => textWidth(bold, text, size), 2);
    if (!titleLines.at(-1)?.endsWith(ELLIPSIS)) break;
  }
  let y = 120 + 48 + titleSize;
  titleLines.forEach((line, index) => {
    if (index > 0) y += Math.round(titleSize * 1.3);
    parts.push(textPath(bold, line, MARGIN, y, titleSize, COLORS.title));
  });
  // The lines under the title, as many as fit above the rule (three under a one-line title).
  y += 66;
  for (const text of card.lines) {
    if (y > LAST_LINE_BASELINE) break;
    const [line = ''] = wrapText(text, TEXT_WIDTH, (value) => textWidth(regular, value, 36), 1);
    parts.push(textPath(regular, line, MARGIN, y, 36, COLORS.line));
    y += 52;
  }

  parts.push(`<rect x="${MARGIN}" y="528" width="${TEXT_WIDTH}" height="2" fill="${COLORS.rule}"/>`);
  const [footer = ''] = wrapText(card.footer, TEXT_WIDTH, (text) => textWidth(bold, text, 34), 1);
  parts.push(textPath(bold, footer, MARGIN, 586, 34, accent ?? COLORS.footer));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">${parts.join('')}</svg>`;
}

/** The card as a PNG (about 40 kB: flat colours and text). */
export async function drawShareCard(card: ShareCard): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  // Only outlines: resvg needs no font, and is told to look for none on this machine.
  return new Resvg(await shareCardSvg(card), { font: { loadSystemFonts: false } }).render().asPng();
}
