import { formatDate } from '@academy/shared/calendar';
import type { Language } from '@academy/shared/languages';
import { amountInWords } from '@academy/shared/money';
import { RECEIPT_MODE_LABELS, type ReceiptMode, type Receipt } from '@academy/shared/schemas/fees';
import { word, wordTable, type CatalogText } from '@academy/shared/i18n/server-catalog';
import { GST_STATES } from '@academy/shared/gst';
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
  billTitle: 'Fee receipt cum bill of supply',
  mixedTitle: 'Fee receipt cum invoice-cum-bill of supply',
  billNumber: 'Bill number',
  recipient: 'Recipient',
  recipientGstin: "Recipient's GSTIN",
  state: 'State',
  roundOff: 'Round off',
  deposit: 'Refundable deposit (not a supply)',
  reverseCharge: 'Tax payable on reverse charge: No',
  signFor: 'For {name}',
  signatory: 'Authorised signatory',
  dueTitle: 'Tax invoice',
  dueFor: 'For the instalment due on {date}',
  payable: 'Amount payable',
  against: 'Against invoice {number} dated {date}',
  againstNote: 'The tax on this money is on the invoice named; this receipt is not a tax invoice.',
});

/** A state's name in the reader's language with its code, "Karnataka (29)" (CGST rule 46(e) and (n): the state's name and code). */
export function stateText(code: string, language: Language): string {
  const name = GST_STATES[code];
  return name ? `${word('states', name as CatalogText<'states'>, language)} (${code})` : code;
}

const MODE_LABELS: Record<Language, Record<ReceiptMode, string>> = wordTable('receipt', RECEIPT_MODE_LABELS);

const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * The printable receipt (A4): academy header, student, batch, amount in figures and words, mode and
 * reference, what it paid, balance after (not on a cancelled one). Under GST it is also the document
 * the law names (decision 062): a tax invoice with what CGST rule 46 asks (supplier and recipient with
 * GSTINs, addresses and states, place of supply, SAC, taxable value, the heads, reverse charge, a
 * signature line), an invoice-cum-bill of supply when it also carries exempt money (rule 46A), a bill
 * of supply when nothing is taxable (rule 49); a refundable deposit stands apart, no supply.
 */
export async function renderReceiptPdf(input: { header: AcademyHeader; receipt: Receipt & { batches: string[]; invoice?: PrintableInvoice | undefined }; language: Language }): Promise<Buffer> {
  const { receipt, language } = input;
  const label = LABELS[language];
  const taxLabel = TAX_LABELS[language];
  const tax = receipt.tax;
  // A revised invoice (CGST Rule 53(1)(a): "Revised Invoice" prominently) carries its own number and date and names the receipt it revises.
  const revised = tax?.kind === 'revised-invoice';
  const bill = tax?.kind === 'bill-of-supply';
  // A tax invoice issued on an instalment's due date, paid or not (decision 070): no payment on it.
  const dueInvoice = 'dueInvoice' in receipt ? (receipt as { dueInvoice?: { dueDate: string } }).dueInvoice : undefined;
  const title = dueInvoice ? taxLabel.dueTitle : !tax ? label.title : revised ? taxLabel.revisedTitle : bill ? taxLabel.billTitle : tax.exempt > 0 ? taxLabel.mixedTitle : taxLabel.title;
  const pdf = await createAcademyPdf({ header: input.header, title, language, info: { Title: `${title} ${receipt.number}`, Subject: receipt.number } });
  if (receipt.cancelled) pdf.text(`${label.cancelled}: ${receipt.cancelled.reason}`, { bold: true, color: '#c92a2a', align: 'center', size: 13 });
  if (receipt.creditNote) pdf.text(taxLabel.creditNote.replace('{number}', receipt.creditNote.number).replace('{date}', formatDate(receipt.creditNote.date)), { bold: true, color: '#c92a2a', align: 'center' });
  pdf.doc.moveDown(0.5);
  if (revised) {
    pdf.row(taxLabel.revisedNumber, tax.number, { bold: true });
    pdf.row(label.date, formatDate(tax.date));
    pdf.row(taxLabel.revises, taxLabel.receiptOf.replace('{number}', receipt.number).replace('{date}', formatDate(receipt.date)));
  } else {
    pdf.row(!tax ? label.number : bill ? taxLabel.billNumber : taxLabel.number, receipt.number, { bold: true });
    pdf.row(label.date, formatDate(receipt.date));
  }
  const supplier = receipt.invoice;
  if (tax) {
    const name = [supplier?.legalName, supplier?.tradeName && supplier.tradeName !== supplier.legalName ? `(${supplier.tradeName})` : null].filter(Boolean).join(' ');
    if (name) pdf.row(taxLabel.supplier, name);
    if (supplier?.address) pdf.row('', supplier.address);
    pdf.row(taxLabel.gstin, tax.gstin, { bold: true });
    pdf.row(taxLabel.state, stateText(tax.gstin.slice(0, 2), language));
  }
  if (tax?.payer) {
    // A registered recipient: its own name, address and GSTIN (rule 46(d)); the student is whom the coaching is for.
    pdf.rule();
    if (tax.payer.name) pdf.row(taxLabel.recipient, tax.payer.name, { bold: true });
    if (tax.payer.address) pdf.row(taxLabel.studentAddress, tax.payer.address);
    pdf.row(taxLabel.recipientGstin, tax.payer.gstin, { bold: true });
    pdf.row(taxLabel.state, stateText(tax.payer.gstin.slice(0, 2), language));
    pdf.row(label.student, receipt.student.name);
  } else {
    pdf.row(label.student, receipt.student.name);
    if (tax && supplier?.recipientAddress) pdf.row(taxLabel.studentAddress, supplier.recipientAddress);
    if (tax && supplier?.recipientState) pdf.row(taxLabel.state, stateText(supplier.recipientState, language));
  }
  if (tax) pdf.row(taxLabel.placeOfSupply, stateText(tax.placeOfSupply, language));
  if (receipt.batches.length > 0) pdf.row(label.batch, receipt.batches.join(', '));
  pdf.rule();
  const amountPaise = toPaise(receipt.amount);
  if (tax) {
    const percent = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
    if (!bill) {
      pdf.row(`${taxLabel.sac} ${tax.sac} · ${taxLabel.taxable}`, rupeesText(toPaise(tax.taxable)));
      if (tax.placeOfSupply !== tax.gstin.slice(0, 2)) pdf.row(`${taxLabel.igst} @ ${percent(tax.rate)}`, rupeesText(toPaise(tax.igst)));
      else {
        pdf.row(`${taxLabel.cgst} @ ${percent(tax.rate / 2)}`, rupeesText(toPaise(tax.cgst)));
        pdf.row(`${taxLabel.sgst} @ ${percent(tax.rate / 2)}`, rupeesText(toPaise(tax.sgst)));
      }
      if (tax.roundOff !== 0) pdf.row(taxLabel.roundOff, `${tax.roundOff > 0 ? '+' : '−'}${rupeesText(toPaise(Math.abs(tax.roundOff)))}`);
    }
    if (tax.exempt > 0) pdf.row(bill ? `${taxLabel.sac} ${tax.sac} · ${taxLabel.exempt}` : taxLabel.exempt, rupeesText(toPaise(tax.exempt)));
    if (tax.deposit > 0) pdf.row(taxLabel.deposit, rupeesText(toPaise(tax.deposit)));
    pdf.rule();
  }
  // Money against invoices issued on due dates (decision 070): their own lines, outside this document's tax.
  for (const invoice of receipt.settlesInvoices) pdf.row(taxLabel.against.replace('{number}', invoice.number).replace('{date}', formatDate(invoice.date)), rupeesText(toPaise(invoice.amount)));
  if (receipt.settlesInvoices.length > 0) {
    if (!tax) pdf.text(taxLabel.againstNote, { size: 9 });
    pdf.rule();
  }
  pdf.row(dueInvoice ? taxLabel.payable : tax ? taxLabel.total : label.amount, rupeesText(amountPaise), { bold: true });
  pdf.row(label.inWords, amountInWords(amountPaise, language));
  if (!dueInvoice) pdf.row(label.mode, MODE_LABELS[language][receipt.mode]);
  if (receipt.reference) pdf.row(label.reference, receipt.reference);
  if (receipt.note) pdf.row(label.note, receipt.note);
  // Rule 46(p): whether tax is payable on reverse charge — never, for coaching supplied by the academy.
  if (tax && !bill) pdf.text(taxLabel.reverseCharge, { size: 9 });
  pdf.rule();
  pdf.text(dueInvoice ? taxLabel.dueFor.replace('{date}', formatDate(dueInvoice.dueDate)) : label.paidFor, { bold: true });
  pdf.doc.moveDown(0.3);
  for (const allocation of receipt.allocations) pdf.row(allocation.label, rupeesText(toPaise(allocation.amount)));
  pdf.rule();
  // A cancelled receipt paid nothing: a "balance after this payment" on it would be a wrong figure; an invoice records no payment.
  if (!receipt.cancelled && !dueInvoice) pdf.row(label.balance, rupeesText(toPaise(receipt.balanceAfter)), { bold: true });
  if (tax) {
    // Rules 46(q) and 49: the supplier's signature — here the line an authorised signatory signs, under the legal name.
    pdf.doc.moveDown(1.5);
    if (supplier?.legalName) pdf.text(taxLabel.signFor.replace('{name}', supplier.legalName), { align: 'right', bold: true });
    pdf.doc.moveDown(2);
    pdf.text(taxLabel.signatory, { align: 'right' });
  }
  pdf.doc.moveDown(2);
  pdf.text(label.footer, { size: 9, color: '#868e96', align: 'center' });
  return pdf.end();
}
