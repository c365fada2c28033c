import type * as fontkit from 'fontkit';
import type { MarkdownIt } from 'markdown-it';
import type SVGtoPDF from 'svg-to-pdfkit';
import { drawWithActualText, PDF_FONTS, type PdfDocument, type Tagger } from './pdf';

/*
 * Markdown with LaTeX math drawn into a PDF (issue 40: a question paper and its answer key): the same
 * Markdown the phone renders with KaTeX (components/ui/math-markdown-render.ts), parsed by the same
 * markdown-it and math plugin, so `$…$`, `$$…$$`, **bold**, lists and pictures mean the same on paper.
 *
 * KaTeX writes HTML for a browser to lay out; a PDF needs drawn shapes. The formulas are typeset by
 * MathJax into SVG paths (its TeX input reads the same LaTeX) and drawn with svg-to-pdfkit: no fonts,
 * no browser (decision 038). The words around them are laid out here, word by word, so a formula sits
 * on the line's baseline and a line wraps before it runs past the margin.
 */

type Token = ReturnType<MarkdownIt['parse']>[number];
let parser: Promise<MarkdownIt> | undefined;

/** markdown-it with the math plugin, loaded on the first paper (as every package only some requests need). */
function markdownParser(): Promise<MarkdownIt> {
  parser ??= (async () => {
    const [{ default: MarkdownItClass }, { default: katexPlugin }] = await Promise.all([import('markdown-it'), import('@vscode/markdown-it-katex')]);
    const markdown = new MarkdownItClass('default', { html: false, linkify: false, typographer: false, breaks: true });
    // The plugin is a CommonJS module: its function is `default` under Node's own loader.
    const plugin = (katexPlugin as unknown as { default?: typeof katexPlugin }).default ?? katexPlugin;
    // Only its parsing is used here (the tokens it makes); KaTeX's HTML is never rendered on the server.
    return markdown.use(plugin, { throwOnError: false });
  })();
  return parser;
}

/** A formula as MathJax's SVG and its size in ems of the surrounding text. */
type Formula = { svg: string; width: number; ascent: number; descent: number };

type MathJaxConverter = (tex: string, display: boolean) => Formula;
let converter: Promise<MathJaxConverter> | undefined;

/** MathJax's TeX-to-SVG, loaded on the first formula (it is large; most requests never need it). */
function mathJax(): Promise<MathJaxConverter> {
  converter ??= (async () => {
    const [{ mathjax }, { TeX }, { SVG }, { liteAdaptor }, { RegisterHTMLHandler }, { AllPackages }] = await Promise.all([
      import('mathjax-full/js/mathjax.js'),
      import('mathjax-full/js/input/tex.js'),
      import('mathjax-full/js/output/svg.js'),
      import('mathjax-full/js/adaptors/liteAdaptor.js'),
      import('mathjax-full/js/handlers/html.js'),
      import('mathjax-full/js/input/tex/AllPackages.js'),
    ]);
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    // Only packages that draw: nothing that loads files or links out (as KaTeX runs untrusted on the phone).
    const packages = AllPackages.filter((name: string) => !['html', 'require', 'autoload', 'setoptions'].includes(name));
    const document = mathjax.document('', { InputJax: new TeX({ packages }), OutputJax: new SVG({ fontCache: 'none' }) });
    return (tex, display) => {
      const svg = adaptor.innerHTML(document.convert(tex, { display }));
      // The viewBox is in thousandths of an em: "minX minY width height", minY the height above the baseline (negative).
      const box = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/.exec(svg);
      const [, , minY, width, height] = (box ?? ['', '0', '0', '0', '0']).map(Number);
      return { svg, width: width! / 1000, ascent: -minY! / 1000, descent: (height! + minY!) / 1000 };
    };
  })();
  return converter;
}

/** A formula MathJax cannot read is printed as its source, so the paper still says what was written. */
function isError(formula: Formula): boolean {
  return formula.svg.includes('data-mjx-error') || formula.svg.includes('data-mml-node="merror"');
}

/**
 * MathJax sizes its SVG in ex, which svg-to-pdfkit would guess at: without a size of its own the SVG fills
 * the viewport it is given (width and height in points, in the formula's proportions).
 */
function unsized(svg: string): string {
  return svg.replace(/^<svg[^>]*?>/, (open) => open.replace(/\s(width|height|style)="[^"]*"/g, ''));
}

// ------------------------------------------------------------------ the pieces of a paragraph

type Piece =
  | { kind: 'word'; text: string; bold: boolean }
  | { kind: 'space' }
  | { kind: 'break' }
  | { kind: 'math'; formula: Formula; tex: string };

type Block =
  | { kind: 'paragraph'; pieces: Piece[]; prefix: string; indent: number; bold?: boolean }
  | { kind: 'display'; formula: Formula | null; source: string }
  | { kind: 'image'; url: string; alt: string };

function words(text: string, bold: boolean, into: Piece[]): void {
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    into.push(/^\s+$/.test(part) ? { kind: 'space' } : { kind: 'word', text: part, bold });
  }
}

/** Markdown's blocks, with each formula already typeset. */
async function blocksOf(source: string): Promise<Block[]> {
  const tokens = (await markdownParser()).parse(source, {});
  const needsMath = tokens.some((token) => token.type === 'math_block' || token.children?.some((child) => child.type.startsWith('math_')));
  const convert = needsMath ? await mathJax() : null;
  const typeset = (tex: string, display: boolean): Formula | null => {
    const formula = convert!(tex, display);
    return isError(formula) ? null : formula;
  };

  const blocks: Block[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let prefix = '';
  let heading = false;
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        prefix = list.ordered ? `${list.next++}.` : '•';
        break;
      }
      case 'heading_open':
        heading = true;
        break;
      case 'heading_close':
        heading = false;
        break;
      case 'math_block':
        blocks.push({ kind: 'display', formula: typeset(token.content.trim(), true), source: token.content.trim() });
        break;
      case 'code_block':
      case 'fence':
        blocks.push({ kind: 'paragraph', pieces: textPieces(token.content), prefix: '', indent: lists.length });
        break;
      case 'inline':
        inlineBlocks(token.children ?? [], { prefix, indent: lists.length, bold: heading }, typeset, blocks);
        prefix = '';
        break;
      default:
        break;
    }
  }
  return blocks;
}

function textPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) pieces.push({ kind: 'break' });
    words(line, false, pieces);
  });
  return pieces;
}

/** One paragraph's inline tokens; a picture or a $$…$$ inside it starts a block of its own. */
function inlineBlocks(
  children: Token[],
  paragraph: { prefix: string; indent: number; bold: boolean },
  typeset: (tex: string, display: boolean) => Formula | null,
  blocks: Block[],
): void {
  let pieces: Piece[] = [];
  let bold = paragraph.bold;
  const flush = () => {
    if (pieces.some((piece) => piece.kind === 'word' || piece.kind === 'math')) blocks.push({ kind: 'paragraph', pieces, prefix: paragraph.prefix, indent: paragraph.indent });
    pieces = [];
    paragraph = { ...paragraph, prefix: '' };
  };
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        words(child.content, bold, pieces);
        break;
      case 'softbreak':
      case 'hardbreak':
        pieces.push({ kind: 'break' });
        break;
      case 'strong_open':
        bold = true;
        break;
      case 'strong_close':
        bold = paragraph.bold;
        break;
      case 'math_inline': {
        const formula = typeset(child.content, false);
        if (formula) pieces.push({ kind: 'math', formula, tex: child.content });
        else words(`$${child.content}$`, bold, pieces);
        break;
      }
      case 'math_block':
      case 'math_inline_bare_block':
        flush();
        blocks.push({ kind: 'display', formula: typeset(child.content.trim(), true), source: child.content.trim() });
        break;
      case 'image':
        flush();
        blocks.push({ kind: 'image', url: String(child.attrGet('src') ?? ''), alt: child.content });
        break;
      default:
        break;
    }
  }
  flush();
}

// ------------------------------------------------------------------ drawing

/**
 * The text font (for its height above and below the baseline, and which characters it has) and svg-to-pdfkit
 * (draws a formula's SVG), loaded on the first paper.
 */
type DrawingTools = { font: fontkit.Font; svgToPdf: typeof SVGtoPDF };
let drawingTools: Promise<DrawingTools> | undefined;
function loadDrawingTools(): Promise<DrawingTools> {
  drawingTools ??= (async () => {
    const [{ openSync }, { default: svgToPdf }] = await Promise.all([import('fontkit'), import('svg-to-pdfkit')]);
    return { font: openSync(PDF_FONTS.regular) as fontkit.Font, svgToPdf };
  })();
  return drawingTools;
}

/**
 * A word cut where the text font lacks a character: Noto Sans Devanagari has no "²", "°", "×" or "µ",
 * which science questions write. Those are drawn in the PDF's built-in Helvetica (it has them), so
 * "m/s²" does not print a blank box.
 */
function runsOf(font: fontkit.Font, text: string): { text: string; fallback: boolean }[] {
  const runs: { text: string; fallback: boolean }[] = [];
  for (const char of text) {
    const fallback = !font.hasGlyphForCodePoint(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (last && last.fallback === fallback) last.text += char;
    else runs.push({ text: char, fallback });
  }
  return runs;
}

// MathJax's TeX fonts are smaller to the eye than Noto at the same size.
const MATH_SCALE = 1.1;
const IMAGE_MAX_HEIGHT = 220;

export type MathMarkdownOptions = {
  /** Where the text starts and how wide it may run. */
  x: number;
  width: number;
  fontSize: number;
  color?: string;
  /** A picture's bytes by its address (PNG or JPEG), or null when it cannot be printed. */
  loadImage?: (url: string) => Promise<Buffer | null>;
  /** Printed in place of a picture that cannot be (a WebP, a missing file). */
  missingPicture: string;
  /** Tags each block (paragraph, formula, picture) for screen readers, in a tagged document (issue 53). */
  tag?: Tagger;
};

const untagged: Tagger = (_type, draw) => draw();

/** Starts a new page when `height` more points do not fit; answers the y to draw at. */
export function room(doc: PdfDocument, height: number): number {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  return doc.y;
}

/** An inline formula on its baseline, its LaTeX as the text readers get (issue 53). */
function drawFormula(doc: PdfDocument, svgToPdf: typeof SVGtoPDF, formula: Formula, tex: string, x: number, baseline: number, fontSize: number): void {
  const size = fontSize * MATH_SCALE;
  const width = formula.width * size;
  const height = (formula.ascent + formula.descent) * size;
  const y = baseline - formula.ascent * size;
  drawWithActualText(doc, tex, { x, baseline, width, fontSize }, () => svgToPdf(doc as never, unsized(formula.svg), x, y, { width, height }));
}

type Placed = { piece: Piece; width: number };

/**
 * A paragraph's pieces in lines at most `width` wide (a piece wider than a line has one of its own);
 * a line starts with no space and ends with none where it breaks.
 */
function breakLines(pieces: Piece[], width: number, space: number, widthOf: (piece: Extract<Piece, { kind: 'word' | 'math' }>) => number): Placed[][] {
  const lines: Placed[][] = [[]];
  let used = 0;
  for (const piece of pieces) {
    const line = lines.at(-1)!;
    if (piece.kind === 'break') {
      lines.push([]);
      used = 0;
      continue;
    }
    if (piece.kind === 'space') {
      if (line.length > 0) {
        line.push({ piece, width: space });
        used += space;
      }
      continue;
    }
    const pieceWidth = widthOf(piece);
    if (used + pieceWidth > width && line.some((placed) => placed.piece.kind !== 'space')) {
      while (line.at(-1)?.piece.kind === 'space') line.pop();
      lines.push([{ piece, width: pieceWidth }]);
      used = pieceWidth;
    } else {
      line.push({ piece, width: pieceWidth });
      used += pieceWidth;
    }
  }
  return lines;
}

/**
 * Draws Markdown with math at doc.y, from `x` across `width`, breaking lines and pages; leaves doc.y
 * below it. Pictures are loaded first (`loadImage`), then everything is drawn in one pass.
 */
export async function drawMathMarkdown(doc: PdfDocument, source: string, options: MathMarkdownOptions): Promise<void> {
  const blocks = await blocksOf(source);
  const { font, svgToPdf } = await loadDrawingTools();
  const pictures = new Map<string, Buffer | null>();
  for (const block of blocks) if (block.kind === 'image' && !pictures.has(block.url)) pictures.set(block.url, (await options.loadImage?.(block.url)) ?? null);

  const { fontSize } = options;
  const tag = options.tag ?? untagged;
  const color = options.color ?? '#212529';
  const ascent = (font.ascent / font.unitsPerEm) * fontSize;
  const descent = (-font.descent / font.unitsPerEm) * fontSize;
  const lineGap = fontSize * 0.25;
  const setFont = (bold: boolean, fallback = false) =>
    doc.font(fallback ? (bold ? 'Helvetica-Bold' : 'Helvetica') : bold ? 'bold' : 'regular').fontSize(fontSize).fillColor(color);
  const wordWidth = (text: string, bold: boolean) => runsOf(font, text).reduce((sum, run) => sum + setFont(bold, run.fallback).widthOfString(run.text), 0);
  const drawWord = (text: string, bold: boolean, x: number, baseline: number) => {
    for (const run of runsOf(font, text)) {
      setFont(bold, run.fallback).text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      x += doc.widthOfString(run.text);
    }
  };

  for (const [index, block] of blocks.entries()) {
    if (index > 0) doc.y += fontSize * 0.35;
    if (block.kind === 'display') {
      if (!block.formula) {
        drawParagraph({ kind: 'paragraph', pieces: textPieces(`$$${block.source}$$`), prefix: '', indent: 0 });
        continue;
      }
      const size = fontSize * MATH_SCALE;
      const width = Math.min(block.formula.width * size, options.width);
      const scale = width / (block.formula.width * size);
      const height = (block.formula.ascent + block.formula.descent) * size * scale;
      const y = room(doc, height);
      const x = options.x + (options.width - width) / 2;
      const svg = unsized(block.formula.svg);
      // The copy for readers on the formula's middle line, at the text's size.
      const at = { x, baseline: y + height / 2 + fontSize / 3, width, fontSize };
      tag('Formula', () => drawWithActualText(doc, block.source, at, () => svgToPdf(doc as never, svg, x, y, { width, height })), { alt: block.source });
      doc.y = y + height;
      continue;
    }
    if (block.kind === 'image') {
      const bytes = pictures.get(block.url);
      if (!bytes) {
        drawParagraph({ kind: 'paragraph', pieces: textPieces(`[${options.missingPicture}${block.alt ? `: ${block.alt}` : ''}]`), prefix: '', indent: 0 });
        continue;
      }
      try {
        // pdfkit reads a picture's size when it opens it (its types leave openImage out).
        const image = (doc as unknown as { openImage(source: Buffer): { width: number; height: number } }).openImage(bytes);
        const scale = Math.min(1, options.width / image.width, IMAGE_MAX_HEIGHT / image.height);
        const y = room(doc, image.height * scale);
        tag('Figure', () => doc.image(image as never, options.x, y, { width: image.width * scale, height: image.height * scale }), { alt: block.alt || options.missingPicture });
        doc.y = y + image.height * scale;
      } catch {
        drawParagraph({ kind: 'paragraph', pieces: textPieces(`[${options.missingPicture}]`), prefix: '', indent: 0 });
      }
      continue;
    }
    drawParagraph(block);
  }

  function drawParagraph(paragraph: Extract<Block, { kind: 'paragraph' }>): void {
    tag('P', () => drawLines(paragraph));
  }

  function drawLines(paragraph: Extract<Block, { kind: 'paragraph' }>): void {
    const indent = paragraph.indent * fontSize * 1.2 + (paragraph.prefix ? fontSize * 1.4 : 0);
    const left = options.x + indent;
    const width = options.width - indent;
    const space = setFont(false).widthOfString(' ');
    const lines = breakLines(paragraph.pieces, width, space, (piece) =>
      piece.kind === 'word' ? wordWidth(piece.text, piece.bold || Boolean(paragraph.bold)) : piece.formula.width * fontSize * MATH_SCALE,
    );
    let first = true;
    for (const line of lines) {
      const above = Math.max(ascent, ...line.map(({ piece }) => (piece.kind === 'math' ? piece.formula.ascent * fontSize * MATH_SCALE : 0)));
      const below = Math.max(descent, ...line.map(({ piece }) => (piece.kind === 'math' ? piece.formula.descent * fontSize * MATH_SCALE : 0)));
      const top = room(doc, above + below);
      const baseline = top + above;
      if (first && paragraph.prefix) drawWord(paragraph.prefix, false, options.x + paragraph.indent * fontSize * 1.2, baseline);
      first = false;
      let x = left;
      for (const { piece, width: pieceWidth } of line) {
        if (piece.kind === 'word') drawWord(piece.text, piece.bold || Boolean(paragraph.bold), x, baseline);
        else if (piece.kind === 'math') drawFormula(doc, svgToPdf, piece.formula, piece.tex, x, baseline, fontSize);
        x += pieceWidth;
      }
      doc.x = options.x;
      doc.y = top + above + below + lineGap;
    }
  }
}
