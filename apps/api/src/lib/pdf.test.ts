import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText, pdfTextAsRead } from '../../test/pdf-text';
import { createAcademyPdf, createPdfDocument, PDF_FONTS, rupeesText } from './pdf';

describe('the shared PDF parts', () => {
  it('writes money in Indian grouping and finds its fonts in node_modules', () => {
    expect(rupeesText(12500000)).toBe('₹1,25,000');
    expect(Object.values(PDF_FONTS).every((file) => file.endsWith('.ttf') && fs.existsSync(file))).toBe(true);
  });
  it('makes a PDF with mixed scripts on one line', async () => {
    const pdf = await createAcademyPdf({ header: { name: 'Academy', address: 'Latur', phones: ['9876543210'] }, title: 'पावती 2026-27/0001', language: 'mr' });
    pdf.row('रक्कम', rupeesText(150050));
    const bytes = await pdf.end();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
  it('shows the academy’s phones in the header as people read them (issue 42)', async () => {
    const pdf = await createAcademyPdf({ header: { name: 'Academy', address: 'Latur', phones: ['+919876543210', '+919822012345'] }, title: 'Fee receipt', language: 'en' });
    const text = await pdfText(await pdf.end());
    expect(text).toContain('+91 98765 43210 · +91 98220 12345');
  });
  it('never splits a row across pages: a row that does not fit starts the next page whole (issue 73)', async () => {
    const pdf = await createAcademyPdf({ header: { name: 'Academy', address: 'Latur', phones: [] }, title: 'Payslip', language: 'en' });
    const bottom = pdf.doc.page.height - pdf.doc.page.margins.bottom;
    pdf.doc.y = bottom - 20;
    let added = 0;
    pdf.doc.on('pageAdded', () => (added += 1));
    // On which page the label and the value each begin.
    const begun: number[] = [];
    const write = pdf.doc.text.bind(pdf.doc);
    pdf.doc.text = ((...args: Parameters<typeof write>) => {
      begun.push(added);
      return write(...args);
    }) as typeof pdf.doc.text;
    pdf.row('Correction: an extra doubt-clearing session on a Sunday afternoon before the board examination, asked for by the parents', '90 min · ₹500', { size: 9 });
    expect(added).toBe(1);
    expect(begun).toEqual([1, 1]);
    // Label and value were both written from the top of page 2.
    expect(pdf.doc.y).toBeLessThan(pdf.doc.page.margins.top + 60);
    const text = pdfTextAsRead(await pdf.end());
    expect(text).toMatch(/asked for by the parents\s+90 min · ₹500|90 min · ₹500/);
  });
  it('gives shaped Marathi and Hindi their logical text, so copying and searching read right (issue 42, point 16)', async () => {
    const pdf = await createAcademyPdf({ header: { name: 'ज्ञानदीप अकॅडमी', address: 'लातूर', phones: [] }, title: 'प्रगतिपत्रक', language: 'mr' });
    pdf.row('विद्यार्थी', 'आरव पाटील');
    pdf.text('हिंदी में लिखी टिप्पणी, जो कई पंक्तियों में बँट जाती है क्योंकि वह पृष्ठ की चौड़ाई से बहुत लंबी है, फिर भी सही पढ़ी जानी चाहिए।');
    pdf.text('English stays as it is');
    const text = pdfTextAsRead(await pdf.end());
    expect(text).toContain('प्रगतिपत्रक');
    expect(text).toContain('ज्ञानदीप अकॅडमी');
    expect(text).toMatch(/विद्यार्थी\s+आरव पाटील/);
    expect(text).toContain('हिंदी में लिखी टिप्पणी');
    expect(text).toContain('सही पढ़ी जानी चाहिए।');
    expect(text.indexOf('English stays as it is')).toBeGreaterThan(text.indexOf('सही पढ़ी'));
  });
});

describe('PDFs for screen readers', () => {
  it('are tagged, in their language, and show their title', async () => {
    const doc = await createPdfDocument('Receipt R-2026-0001', { language: 'mr' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => doc.on('end', resolve));
    doc.text('पावती');
    doc.end();
    await done;
    const pdf = Buffer.concat(chunks).toString('latin1');
    expect(pdf).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(pdf).toContain('/Marked true');
    expect(pdf).toContain('/StructTreeRoot');
    expect(pdf).toMatch(/\/Lang \(mr\)/);
    expect(pdf).toMatch(/\/DisplayDocTitle true/);
  });
});
