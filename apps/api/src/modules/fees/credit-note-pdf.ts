import { formatDate } from '@academy/shared/calendar';
import type { Language } from '@academy/shared/languages';
import { amountInWords } from '@academy/shared/money';
import { wordTable } from '@academy/shared/i18n/server-catalog';
import { createAcademyPdf, rupeesText, type AcademyHeader } from '../../lib/pdf';
import type { PrintableReceipt } from './printable-receipts';
import { stateText } from './receipt-pdf';

/**
 * A credit note's labels (decision 063; the server catalog's `receipt` section). Its contents follow
 * CGST Rule 53(1A): the supplier's name, address and GSTIN; the nature of the document; its number and
 * date; the recipient's name and address (and GSTIN when registered) with the place of supply; the
 * number and date of the invoice it answers; the taxable value, the rate and the tax credited.
 */
const LABELS = wordTable('receipt', {
  title: 'Credit note',
  number: 'Credit note number',
  date: 'Date',
  supplier: 'Supplier',
  gstin: 'GSTIN',
  recipient: 'Recipient',
  address: 'Address',
  payer: 'Payer',
  payerGstin: "Payer's GSTIN",
  placeOfSupply: 'Place of supply',
  invoice: 'Against invoice',
  invoiceOf: '{number} dated {date}',
  reason: 'Reason',
  sac: 'SAC',
  taxable: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  exempt: 'Exempt (no GST)',
  total: 'Total credited',
  inWords: 'In words',
  footer: 'This is a computer-generated credit note.',
});

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** A credit note (A4): the whole invoice it answers is reversed (one cancellation, one whole credit note; decision 057). */
export async function renderCreditNotePdf(input: { header: AcademyHeader; receipt: PrintableReceipt; language: Language }): Promise<Buffer> {
  const { receipt, language } = input;
  const label = LABELS[language];
  const tax = receipt.tax!;
  const note = receipt.creditNote!;
  const pdf = await createAcademyPdf({ header: input.header, title: label.title, language, info: { Title: `${label.title} ${note.number}`, Subject: note.number } });
  pdf.row(label.number, note.number, { bold: true });
  pdf.row(label.date, formatDate(note.date));
  pdf.row(label.invoice, label.invoiceOf.replace('{number}', tax.number).replace('{date}', formatDate(tax.date)), { bold: true });
  pdf.rule();
  const supplier = receipt.invoice;
  const name = [supplier?.legalName, supplier?.tradeName && supplier.tradeName !== supplier.legalName ? `(${supplier.tradeName})` : null].filter(Boolean).join(' ');
  if (name) pdf.row(label.supplier, name);
  if (supplier?.address) pdf.row('', supplier.address);
  pdf.row(label.gstin, tax.gstin, { bold: true });
  pdf.rule();
  pdf.row(label.recipient, receipt.student.name);
  if (supplier?.recipientAddress) pdf.row(label.address, supplier.recipientAddress);
  if (tax.payer) {
    if (tax.payer.name) pdf.row(label.payer, tax.payer.name);
    pdf.row(label.payerGstin, tax.payer.gstin, { bold: true });
  }
  // The state's name in the reader's language with its code (CGST rule 46(n)), as on the invoice.
  pdf.row(label.placeOfSupply, stateText(tax.placeOfSupply, language));
  if (receipt.cancelled?.reason) pdf.row(label.reason, receipt.cancelled.reason);
  pdf.rule();
  const percent = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
  pdf.row(`${label.sac} ${tax.sac} · ${label.taxable}`, rupeesText(toPaise(tax.taxable)));
  if (tax.placeOfSupply !== tax.gstin.slice(0, 2)) pdf.row(`${label.igst} @ ${percent(tax.rate)}`, rupeesText(toPaise(tax.igst)));
  else {
    pdf.row(`${label.cgst} @ ${percent(tax.rate / 2)}`, rupeesText(toPaise(tax.cgst)));
    pdf.row(`${label.sgst} @ ${percent(tax.rate / 2)}`, rupeesText(toPaise(tax.sgst)));
  }
  if (tax.exempt > 0) pdf.row(label.exempt, rupeesText(toPaise(tax.exempt)));
  pdf.rule();
  // Money a receipt paid against invoices issued on due dates is not this invoice's (decision 070): not credited here.
  const amountPaise = toPaise(receipt.amount) - toPaise(tax.settled);
  pdf.row(label.total, rupeesText(amountPaise), { bold: true });
  pdf.row(label.inWords, amountInWords(amountPaise, language));
  pdf.doc.moveDown(2);
  pdf.text(label.footer, { size: 9, color: '#868e96', align: 'center' });
  return pdf.end();
}

/** "credit-note-CN-2026-27-0001.pdf" */
export const creditNoteFileName = (number: string) => `credit-note-${number.replaceAll('/', '-')}.pdf`;
