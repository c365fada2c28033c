import { academyInLanguage } from '@academy/shared/schemas/settings';
import { eq } from 'drizzle-orm';
import { formatDate } from '@academy/shared/calendar';
import type { Language } from '@academy/shared/languages';
import { amountInWords } from '@academy/shared/money';
import { FEE_MESSAGES } from '@academy/shared/schemas/fees';
import { PAYMENT_SETTINGS_MESSAGES } from '@academy/shared/schemas/payments';
import { word, wordTable } from '@academy/shared/i18n/server-catalog';
import { upiReference } from '@academy/shared/upi';
import type { DbExecutor } from '../../db/client';
import { batches, feeDues, students, users } from '../../db/schema';
import { mayReadFeesOf } from '../../access/fees';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { createAcademyPdf, drawQrCode, rupeesText } from '../../lib/pdf';
import { academyHeaderLogo, academyToday, getAcademySettings, upiPayee } from '../../academy-settings';
import { registrationOn, taxOnTopOf } from '../gst';
import { dueUpiRequest } from './dues.service';
import { dueDeliverySql, dueDepositSql, dueTaxableSql } from './fee-queries';
import { dueInvoicesOf, invoicedDueGst } from './due-invoices.service';
import { joinOn } from '../../db/same-academy';

/**
 * The printed fee slip of one due (issue 38): what is left to pay, the due's reference, and the UPI
 * request as a QR code any UPI app scans, so a family without the app on a phone, or paying from
 * another phone, pays the right amount to the right account with the reference the bank statement
 * matches. Without a UPI ID in Settings the slip asks to pay at the office, with the reference.
 */
const LABELS = wordTable('feeSlip', {
  title: 'Fee slip',
  student: 'Student',
  studentId: 'Student ID',
  batch: 'Batch',
  fee: 'Fee',
  dueDate: 'Due date',
  amount: 'Amount to pay',
  base: 'Balance (excluding GST)',
  inWords: 'In words',
  reference: 'Reference',
});

const QR_SIZE = 170;

/** GET /api/dues/{id}/slip.pdf: the office, the student and their parents (another family's due answers 404). */
export async function feeSlipFor(db: DbExecutor, actor: Actor, dueId: string, language: Language): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await db
    .select({ due: feeDues, code: students.studentCode, name: users.name, state: students.state, batchName: batches.name, taxable: dueTaxableSql().mapWith(Boolean), deposit: dueDepositSql().mapWith(Boolean), delivery: dueDeliverySql() })
    .from(feeDues)
    .innerJoin(students, joinOn(students.id, feeDues.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(batches, joinOn(batches.id, feeDues.batchId))
    .where(eq(feeDues.id, dueId))
    .limit(1);
  if (!row || !mayReadFeesOf(actor, row.due.studentId)) throw new AppError('NOT_FOUND', FEE_MESSAGES.dueNotFound);
  const balance = row.due.status === 'open' ? row.due.amountPaise - row.due.concessionPaise - row.due.paidPaise : 0;
  if (balance <= 0) throw new AppError('CONFLICT', PAYMENT_SETTINGS_MESSAGES.nothingToPay);
  const [settings, payee, today, logo] = await Promise.all([getAcademySettings(db), upiPayee(db), academyToday(db), academyHeaderLogo(db)]);
  // With fee plans quoted excluding GST the slip shows balance + GST = what is paid, as the ledger and its UPI request do.
  const registration = await registrationOn(db, today);
  // A due invoiced on its due date (decision 070): what is left on its invoice, as the ledger.
  const invoice = (await dueInvoicesOf(db, { dueIds: [dueId] })).get(dueId);
  const gst = invoice ? invoicedDueGst(invoice, balance) : taxOnTopOf(registration, { balance, taxable: row.taxable, deposit: row.deposit, delivery: row.delivery }, row.state);
  const toPay = gst?.total ?? balance;
  const reference = upiReference(row.code, row.due.number);
  const label = LABELS[language];

  const pdf = await createAcademyPdf({
    header: { name: settings.name, address: academyInLanguage(settings, language).address, phones: settings.phones, email: settings.email, logo, colour: settings.brand.colour },
    title: label.title,
    language,
    info: { Title: `${label.title} ${reference}`, Subject: reference },
  });
  pdf.doc.moveDown(0.5);
  pdf.row(label.student, row.name, { bold: true });
  pdf.row(label.studentId, row.code);
  if (row.batchName) pdf.row(label.batch, row.batchName);
  pdf.rule();
  pdf.row(label.fee, row.due.label);
  pdf.row(label.dueDate, formatDate(row.due.dueDate));
  if (gst && registration) {
    pdf.row(label.base, rupeesText(balance));
    pdf.row(word('feeSlip', 'GST {rate}%', language, { rate: registration.rateBp / 100 }), rupeesText(gst.tax));
  }
  pdf.row(label.amount, rupeesText(toPay), { bold: true });
  pdf.row(label.inWords, amountInWords(toPay, language));
  pdf.row(label.reference, reference, { bold: true });
  pdf.rule();
  if (payee) {
    const { link } = dueUpiRequest(payee, { code: row.code, name: row.name }, { number: row.due.number, label: row.due.label, balancePaise: toPay });
    const x = (pdf.doc.page.width - QR_SIZE) / 2;
    const y = pdf.doc.y;
    drawQrCode(pdf.doc, link, x, y, QR_SIZE);
    pdf.doc.y = y + QR_SIZE + 6;
    pdf.text(word('feeSlip', 'Scan this code with any UPI app (GPay, PhonePe, Paytm, BHIM) to pay {payee}.', language, { payee: payee.payeeName }), { align: 'center' });
    pdf.text(word('feeSlip', 'UPI ID: {vpa}', language, { vpa: payee.vpa }), { align: 'center', color: '#495057', size: 10 });
    pdf.doc.moveDown(0.5);
    pdf.text(word('feeSlip', 'If you pay another way, write the reference {reference} with the payment.', language, { reference }), { align: 'center', size: 10 });
  } else {
    pdf.text(word('feeSlip', 'Please pay at the office and mention the reference {reference}.', language, { reference }), { align: 'center' });
  }
  pdf.doc.moveDown(2);
  pdf.text(word('feeSlip', 'This is a computer-generated slip. The amount is what was left to pay on {date}.', language, { date: formatDate(today) }), { size: 9, color: '#868e96', align: 'center' });
  return { pdf: await pdf.end(), fileName: `fee-slip-${reference}.pdf` };
}
