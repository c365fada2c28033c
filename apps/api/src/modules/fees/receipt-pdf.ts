import { formatDate } from '@academy/shared/calendar';
import type { Language } from '@academy/shared/languages';
import { amountInWords } from '@academy/shared/money';
import { PAYMENT_MODE_LABELS, type PaymentMode, type Receipt } from '@academy/shared/schemas/fees';
import { createAcademyPdf, rupeesText, type AcademyHeader } from '../../lib/pdf';

/** A receipt's labels in the recipient's language (docs/glossary.md). */
const LABELS: Record<Language, Record<'title' | 'number' | 'date' | 'student' | 'batch' | 'amount' | 'inWords' | 'mode' | 'reference' | 'paidFor' | 'balance' | 'cancelled' | 'note' | 'footer', string>> = {
  en: {
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
  },
  mr: {
    title: 'फी पावती',
    number: 'पावती क्रमांक',
    date: 'दिनांक',
    student: 'विद्यार्थी',
    batch: 'बॅच',
    amount: 'मिळालेली रक्कम',
    inWords: 'अक्षरी',
    mode: 'भरण्याची पद्धत',
    reference: 'संदर्भ',
    paidFor: 'कशासाठी भरले',
    balance: 'या भरण्यानंतर उरलेली रक्कम',
    cancelled: 'रद्द',
    note: 'टीप',
    footer: 'ही संगणकाने तयार केलेली पावती आहे.',
  },
  hi: {
    title: 'फीस रसीद',
    number: 'रसीद क्रमांक',
    date: 'तारीख',
    student: 'छात्र',
    batch: 'बैच',
    amount: 'प्राप्त राशि',
    inWords: 'शब्दों में',
    mode: 'भुगतान का तरीका',
    reference: 'संदर्भ',
    paidFor: 'किसके लिए भुगतान',
    balance: 'इस भुगतान के बाद बाकी राशि',
    cancelled: 'रद्द',
    note: 'टिप्पणी',
    footer: 'यह कंप्यूटर से बनी रसीद है.',
  },
};

const MODE_LABELS: Record<Language, Record<PaymentMode, string>> = {
  en: PAYMENT_MODE_LABELS,
  mr: { cash: 'रोख', upi: 'UPI', cheque: 'चेक', bank_transfer: 'बँक ट्रान्सफर', card: 'कार्ड' },
  hi: { cash: 'नकद', upi: 'UPI', cheque: 'चेक', bank_transfer: 'बैंक ट्रांसफ़र', card: 'कार्ड' },
};

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** The printable receipt (A4): academy header, student, batch, amount in figures and words, mode and reference, what it paid, balance after. */
export function renderReceiptPdf(input: { header: AcademyHeader; receipt: Receipt & { batches: string[] }; language: Language }): Promise<Buffer> {
  const { receipt, language } = input;
  const label = LABELS[language];
  const pdf = createAcademyPdf({ header: input.header, title: label.title, language, info: { Title: `${label.title} ${receipt.number}`, Subject: receipt.number } });
  if (receipt.cancelled) pdf.text(`${label.cancelled}: ${receipt.cancelled.reason}`, { bold: true, color: '#c92a2a', align: 'center', size: 13 });
  pdf.doc.moveDown(0.5);
  pdf.row(label.number, receipt.number, { bold: true });
  pdf.row(label.date, formatDate(receipt.date));
  pdf.row(label.student, receipt.student.name);
  if (receipt.batches.length > 0) pdf.row(label.batch, receipt.batches.join(', '));
  pdf.rule();
  const amountPaise = toPaise(receipt.amount);
  pdf.row(label.amount, rupeesText(amountPaise), { bold: true });
  pdf.row(label.inWords, amountInWords(amountPaise, language));
  pdf.row(label.mode, MODE_LABELS[language][receipt.mode]);
  if (receipt.reference) pdf.row(label.reference, receipt.reference);
  if (receipt.note) pdf.row(label.note, receipt.note);
  pdf.rule();
  pdf.text(label.paidFor, { bold: true });
  pdf.doc.moveDown(0.3);
  for (const allocation of receipt.allocations) pdf.row(allocation.label, rupeesText(toPaise(allocation.amount)));
  pdf.rule();
  pdf.row(label.balance, rupeesText(toPaise(receipt.balanceAfter)), { bold: true });
  pdf.doc.moveDown(2);
  pdf.text(label.footer, { size: 9, color: '#868e96', align: 'center' });
  return pdf.end();
}
