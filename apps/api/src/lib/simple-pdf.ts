/**
 * Writes a small, valid one-page-per-entry PDF by hand (text in Helvetica, A4), with a correct
 * cross-reference table: the demo academy's notes and the tests' uploads, without binary files in git.
 */
export type SimplePdfPage = { heading: string; lines: string[] };

/** PDF string literal: only printable ASCII, with \ ( ) escaped. */
function pdfText(value: string): string {
  return value
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (char) => `\\${char}`);
}

export function buildSimplePdf(pages: SimplePdfPage[]): Buffer {
  const objects: string[] = [];
  const pageCount = Math.max(1, pages.length);
  const list = pages.length > 0 ? pages : [{ heading: '', lines: [] }];
  // 1: catalog, 2: pages, 3: font, then for each page: page object, content stream.
  const pageObjectNumber = (index: number) => 4 + index * 2;
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Count ${pageCount} /Kids [${list.map((_page, index) => `${pageObjectNumber(index)} 0 R`).join(' ')}] >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  list.forEach((page, index) => {
    const number = pageObjectNumber(index);
    const body = [
      'BT',
      '/F1 22 Tf',
      '56 780 Td',
      `(${pdfText(page.heading)}) Tj`,
      '/F1 12 Tf',
      '0 -36 Td',
      ...page.lines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -18 Td']),
      'ET',
    ].join('\n');
    objects[number] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${number + 1} 0 R >>`;
    objects[number + 1] = `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
  });

  let output = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let number = 1; number < objects.length; number += 1) {
    offsets[number] = Buffer.byteLength(output, 'latin1');
    output += `${number} 0 obj\n${objects[number]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(output, 'latin1');
  output += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let number = 1; number < objects.length; number += 1) output += `${String(offsets[number]).padStart(10, '0')} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(output, 'latin1');
}
