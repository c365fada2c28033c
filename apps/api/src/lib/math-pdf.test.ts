import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfTextAsRead } from '../../test/pdf-text';
import { drawMathMarkdown } from './math-pdf';
import { createPdfDocument, documentStructure, pdfToBuffer } from './pdf';

/** A tiny valid PNG: width × height pixels of one grey. */
function png(width: number, height: number): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function draw(source: string, loadImage?: (url: string) => Promise<Buffer | null>): Promise<{ text: string; pdf: Buffer }> {
  const doc = await createPdfDocument('Maths');
  await drawMathMarkdown(doc, source, { x: 40, width: 515, fontSize: 11, missingPicture: 'picture: see it in the app', loadImage });
  const pdf = await pdfToBuffer(doc);
  return { text: pdfTextAsRead(pdf), pdf };
}

describe('Markdown with math on paper (issue 40)', () => {
  it('typesets $…$ and $$…$$ as drawings among the words, in Marathi too', async () => {
    const { text } = await draw('समीकरण $x^2 - 5x + 6 = 0$ ची मुळे कोणती?\n\n$$x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}$$\n\nThen **check** both.');
    expect(text).toContain('समीकरण');
    expect(text).toContain('ची मुळे कोणती?');
    expect(text).toMatch(/Then\s+check\s+both\./);
    // The LaTeX is drawn, not printed: no $ on the page.
    expect(text).not.toContain('$');
  });

  it('gives each formula its LaTeX as the text a reader copies (ActualText, issue 53), and tags the blocks when asked', async () => {
    const doc = await createPdfDocument('Maths', { language: 'mr' });
    const tag = documentStructure(doc);
    await drawMathMarkdown(doc, 'समीकरण $x^2 - 5x + 6 = 0$ ची मुळे कोणती?\n\n$$x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}$$', { x: 40, width: 515, fontSize: 11, missingPicture: 'picture', tag });
    const pdf = await pdfToBuffer(doc);
    const text = pdfTextAsRead(pdf);
    expect(text).toContain('x^2 - 5x + 6 = 0');
    expect(text).toContain('x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}');
    expect(text).toContain('समीकरण');
    const file = pdf.toString('latin1');
    for (const mark of ['/MarkInfo', '/Marked true', '/StructTreeRoot', '/Lang (mr)', '/S /Document', '/S /P', '/S /Formula', '/Alt (x = \\\\frac']) expect(file).toContain(mark);
  });

  it('prints what MathJax cannot read as it was written, and characters the font lacks in a built-in one', async () => {
    const { text } = await draw('Broken $\\frac{1}{2$ here; g is 9.8 m/s² at 25 °C, 3 × 4');
    expect(text).toContain('$\\frac{1}{2$');
    expect(text).toContain('9.8 m/s² at 25 °C, 3 × 4');
  });

  it('wraps long text within the width and breaks pages, keeping every word', async () => {
    const long = Array.from({ length: 1200 }, (_, index) => `word${index}`).join(' ');
    const { text } = await draw(`${long} $\\alpha$ end`);
    // pdftotext ends each page with a form feed.
    expect(text.split('\f').filter((page) => page.trim()).length).toBeGreaterThan(1);
    for (const index of [0, 599, 1199]) expect(text).toContain(`word${index}`);
    expect(text).toContain('end');
  });

  it('draws PNG pictures and names the ones it cannot print; lists keep their numbers', async () => {
    const asked: string[] = [];
    const { text, pdf } = await draw('1. first\n2. second\n\n![graph](/api/questions/images/a.png)\n\n![chart](/api/questions/images/b.webp)', async (url) => {
      asked.push(url);
      return url.endsWith('.png') ? png(40, 20) : null;
    });
    expect(asked).toEqual(['/api/questions/images/a.png', '/api/questions/images/b.webp']);
    expect(text).toMatch(/1\.\s+first/);
    expect(text).toMatch(/2\.\s+second/);
    expect(text).toContain('[picture: see it in the app: chart]');
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });
});
