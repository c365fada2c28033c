import { formatDate } from '@academy/shared/calendar';
import type { Language } from '@academy/shared/languages';
import { amountInWords } from '@academy/shared/money';
import { RECEIPT_MODE_LABELS, type ReceiptMode, type Receipt } from '@academy/shared/schemas/fees';
import { wordTable } from '@academy/shared/i18n/server-catalog';
import { createAcademyPdf, rupeesText, type AcademyHeader } from '../../lib/pdf';
import type { PrintableInvoice } from './payments.service';

/** A receipt's labels in the recipient's language (the server catalog's `receipt` section; docs/glossary.md). */
const LABELS = wordTable('receipt', {
  title: 'Fee receipt',
  number: 'Receipt number',
  date: 'Date',
  student: 'Student',
  batch: 'Batch',
  amount: 'Amount received',
  inWords: 'In words',
  mode: 'Paid by',
  reference: 'Reference',
  paidFor: 'Paid towards',
  balance: 'Balance after this payment',
  cancelled: 'CANCELLED',
  note: 'Note',
  footer: 'This is a computer-generated receipt.',
});

/** A tax invoice's labels (issue 57; the server catalog's `receipt` section). */
const TAX_LABELS = wordTable('receipt', {
  title: 'Fee receipt cum tax invoice',
  number: 'Invoice number',
  supplier: 'Supplier',
  gstin: 'GSTIN',
  studentAddress: 'Address',
  placeOfSupply: 'Place of supply',
  sac: 'SAC',
  taxable: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  total: 'Total',
  payer: 'Payer',
  payerGstin: "Payer's GSTIN",
  exempt: 'Exempt (no GST)',
  creditNote: 'Credit note {number} dated {date} cancels this invoice.',
  revisedTitle: 'Revised tax invoice',
  revisedNumber: 'Revised invoice number',
  revises: 'Revises receipt',
  receiptOf: '{number} dated {date}',
});

const MODE_LABELS: Record<Language, Record<ReceiptMode, string>> = wordTable('receipt', RECEIPT_MODE_LABELS);

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** The printable receipt (A4): academy header, student, batch, amount in figures and words, mode and reference, what it paid, balance after (not on a cancelled one). */
export function renderReceiptPdf(input: { header: AcademyHeader; receipt: Receipt & { batches: string[]; invoice?: PrintableInvoice | undefined }; language: Language }): Promise<Buffer> {
  const { receipt, language } = input;
  const label = LABELS[language];
  const taxLabel = TAX_LABELS[language];
  const tax = receipt.tax;
  // A revised invoice (CGST Rule 53(1)(a): "Revised Invoice" prominently) carries its own number and date and names the receipt it revises.
  const revised = tax?.kind === 'revised-invoice';
  const title = revised ? taxLabel.revisedTitle : tax ? taxLabel.title : label.title;
  const pdf = createAcademyPdf({ header: input.header, title, language, info: { Title: `${title} ${receipt.number}`, Subject: receipt.number } });
  if (receipt.cancelled) pdf.text(`${label.cancelled}: ${receipt.cancelled.reason}`, { bold: true, color: '#c92a2a', align: 'center', size: 13 });
  if (receipt.creditNote) pdf.text(taxLabel.creditNote.replace('{number}', receipt.creditNote.number).replace('{date}', formatDate(receipt.creditNote.date)), { bold: true, color: '#c92a2a', align: 'center' });
  pdf.doc.moveDown(0.5);
  if (revised) {
    pdf.row(taxLabel.revisedNumber, tax.number, { bold: true });
    pdf.row(label.date, formatDate(tax.date));
    pdf.row(taxLabel.revises, taxLabel.receiptOf.replace('{number}', receipt.number).replace('{date}', formatDate(receipt.date)));
  } else {
    pdf.row(tax ? taxLabel.number : label.number, receipt.number, { bold: true });
    pdf.row(label.date, formatDate(receipt.date));
  }
  if (tax) {
    const supplier = receipt.invoice;
    const name = [supplier?.legalName, supplier?.tradeName && supplier.tradeName !== supplier.legalName ? `(${supplier.tradeName})` : null].filter(Boolean).join(' ');
    if (name) pdf.row(taxLabel.supplier, name);
    if (supplier?.address) pdf.row('', supplier.address);
    pdf.row(taxLabel.gstin, tax.gstin, { bold: true });
  }
  pdf.row(label.student, receipt.student.name);
  if (tax && receipt.invoice?.studentAddress) pdf.row(taxLabel.studentAddress, receipt.invoice.studentAddress);
  if (tax?.payer) {
    if (tax.payer.name) pdf.row(taxLabel.payer, tax.payer.name);
    pdf.row(taxLabel.payerGstin, tax.payer.gstin, { bold: true });
  }
  if (tax) pdf.row(taxLabel.placeOfSupply, `${tax.placeOfSupplyName} (${tax.placeOfSupply})`);
  if (receipt.batches.length > 0) pdf.row(label.batch, receipt.batches.join(', '));
  pdf.rule();
  const amountPaise = toPaise(receipt.amount);
  if (tax) {
    const percent = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
    pdf.row(`${taxLabel.sac} ${tax.sac} · ${taxLabel.taxable}`, rupeesText(toPaise(tax.taxable)));
    if (tax.placeOfSupply !== tax.gstin.slice(0, 2)) pdf.row(`${taxLabel.igst} @ ${percent(tax.rate)}`, rupeesText(toPaise(tax.igst)));
    else {
      pdf.row(`${taxLabel.cgst} @ ${percent(tax.rate / 2)}`, rupeesText(toPaise(tax.cgst)));
      pdf.row(`${taxLabel.sgst} @ ${percent(tax.rate / 2)}`, rupeesText(toPaise(tax.sgst)));
    }
    if (tax.exempt > 0) pdf.row(taxLabel.exempt, rupeesText(toPaise(tax.exempt)));
    pdf.rule();
  }
  pdf.row(tax ? taxLabel.total : label.amount, rupeesText(amountPaise), { bold: true });
  pdf.row(label.inWords, amountInWords(amountPaise, language));
  pdf.row(label.mode, MODE_LABELS[language][receipt.mode]);
  if (receipt.reference) pdf.row(label.reference, receipt.reference);
  if (receipt.note) pdf.row(label.note, receipt.note);
  pdf.rule();
  pdf.text(label.paidFor, { bold: true });
  pdf.doc.moveDown(0.3);
  for (const allocation of receipt.allocations) pdf.row(allocation.label, rupeesText(toPaise(allocation.amount)));
  pdf.rule();
  // A cancelled receipt paid nothing: a "balance after this payment" on it would be a wrong figure.
  if (!receipt.cancelled) pdf.row(label.balance, rupeesText(toPaise(receipt.balanceAfter)), { bold: true });
  pdf.doc.moveDown(2);
  pdf.text(label.footer, { size: 9, color: '#868e96', align: 'center' });
  return pdf.end();
}
