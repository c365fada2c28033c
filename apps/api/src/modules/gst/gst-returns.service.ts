import ExcelJS from 'exceljs';
import { and, asc, between, eq, isNotNull, or } from 'drizzle-orm';
import { gstinState } from '@academy/shared/gst';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { GST_MESSAGES, type GstMonth } from '@academy/shared/schemas/gst';
import type { DbExecutor } from '../../db/client';
import { feeReceipts, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { formulaSafe } from '../../lib/csv';
import { gstr1Json, placeOfSupplyLabel, summariseGstr1, type TaxDocument } from './gstr1';
import { getTaxSettings } from './tax-settings.service';

/** Fees → GST (issue 57): the month's tax invoices and credit notes, GSTR-1 as JSON and XLSX. */

function monthRange(period: string): { first: string; last: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${period}-01`, last: `${period}-${String(lastDay).padStart(2, '0')}` };
}

type MonthDocument = TaxDocument & { receiptId: string; invoiceNumber: string | null; studentId: string; studentName: string };

/** The invoices dated in the month and the credit notes made in it (one query, the two date indexes). */
async function monthDocuments(db: DbExecutor, period: string): Promise<MonthDocument[]> {
  const { first, last } = monthRange(period);
  const rows = await db
    .select({ receipt: feeReceipts, studentName: users.name })
    .from(feeReceipts)
    .innerJoin(students, eq(students.id, feeReceipts.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(isNotNull(feeReceipts.taxRateBp), or(between(feeReceipts.date, first, last), between(feeReceipts.creditNoteDate, first, last))))
    .orderBy(asc(feeReceipts.financialYear), asc(feeReceipts.seq));
  const documents: MonthDocument[] = [];
  for (const { receipt, studentName } of rows) {
    const common = {
      receiptId: receipt.id,
      studentId: receipt.studentId,
      studentName,
      placeOfSupply: receipt.placeOfSupply!,
      supplierState: gstinState(receipt.gstin!),
      sac: receipt.sac!,
      rateBp: receipt.taxRateBp!,
      value: receipt.amountPaise,
      taxable: receipt.taxablePaise!,
      cgst: receipt.cgstPaise!,
      sgst: receipt.sgstPaise!,
      igst: receipt.igstPaise!,
    };
    if (receipt.date >= first && receipt.date <= last) {
      documents.push({ ...common, kind: 'invoice', number: receipt.number, series: receipt.financialYear, seq: receipt.seq, date: receipt.date, invoiceNumber: null });
    }
    if (receipt.creditNoteDate && receipt.creditNoteDate >= first && receipt.creditNoteDate <= last) {
      documents.push({ ...common, kind: 'credit_note', number: receipt.creditNoteNumber!, series: receipt.creditNoteFinancialYear!, seq: receipt.creditNoteSeq!, date: receipt.creditNoteDate, invoiceNumber: receipt.number });
    }
  }
  return documents;
}

/** GET /api/fees/gst?period=YYYY-MM: the month's documents with their tax and the totals (credit notes subtract). */
export async function gstMonth(db: DbExecutor, period: string): Promise<GstMonth> {
  const [settings, documents] = await Promise.all([getTaxSettings(db), monthDocuments(db, period)]);
  const { totals } = summariseGstr1(documents);
  return {
    period,
    registered: settings.gst.registered,
    gstin: settings.gst.gstin,
    documents: documents.map((doc) => ({
      kind: doc.kind,
      number: doc.number,
      date: doc.date,
      invoiceNumber: doc.invoiceNumber,
      receiptId: doc.receiptId,
      student: { _id: doc.studentId, name: doc.studentName },
      placeOfSupply: doc.placeOfSupply,
      value: rupees(doc.value),
      taxable: rupees(doc.taxable),
      cgst: rupees(doc.cgst),
      sgst: rupees(doc.sgst),
      igst: rupees(doc.igst),
      rate: doc.rateBp / 100,
    })),
    totals: { taxable: rupees(totals.taxable), cgst: rupees(totals.cgst), sgst: rupees(totals.sgst), igst: rupees(totals.igst), value: rupees(totals.value) },
  };
}

/** The GSTIN the month's return is filed under: the invoices' own, else the latest saved; none refuses (409). */
async function filingGstin(db: DbExecutor, documents: readonly { receiptId: string }[]): Promise<string> {
  if (documents.length > 0) {
    const [row] = await db.select({ gstin: feeReceipts.gstin }).from(feeReceipts).where(eq(feeReceipts.id, documents[0]!.receiptId)).limit(1);
    if (row?.gstin) return row.gstin;
  }
  const settings = await getTaxSettings(db);
  if (!settings.gst.gstin) throw new AppError('CONFLICT', GST_MESSAGES.notRegistered);
  return settings.gst.gstin;
}

/** GET /api/fees/gst/gstr1.json?period=YYYY-MM. */
export async function gstr1JsonFor(db: DbExecutor, period: string) {
  const documents = await monthDocuments(db, period);
  const gstin = await filingGstin(db, documents);
  return { json: gstr1Json(gstin, period, summariseGstr1(documents)), fileName: `GSTR1_${gstin}_${period}.json` };
}

/**
 * GET /api/fees/gst/gstr1.xlsx?period=YYYY-MM: the offline tool's sheets (b2cs, hsn, docs, with its
 * column headers), the month's documents one per row, and GSTR-3B's outward taxable supplies.
 */
export async function gstr1Workbook(db: DbExecutor, period: string): Promise<{ file: Buffer; fileName: string }> {
  const documents = await monthDocuments(db, period);
  const gstin = await filingGstin(db, documents);
  const summary = summariseGstr1(documents);
  const workbook = new ExcelJS.Workbook();
  const sheet = (name: string, columns: [string, number][]) => {
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map(([header, width]) => ({ header, width }));
    worksheet.getRow(1).font = { bold: true };
    return worksheet;
  };
  const b2cs = sheet('b2cs', [
    ['Type', 8],
    ['Place Of Supply', 28],
    ['Applicable % of Tax Rate', 12],
    ['Rate', 8],
    ['Taxable Value', 16],
    ['Cess Amount', 12],
    ['E-Commerce GSTIN', 18],
  ]);
  for (const row of summary.b2cs) b2cs.addRow(['OE', placeOfSupplyLabel(row.placeOfSupply), '', row.rateBp / 100, rupees(row.taxable), 0, '']);
  const hsn = sheet('hsn', [
    ['HSN', 10],
    ['Description', 22],
    ['UQC', 8],
    ['Total Quantity', 10],
    ['Total Value', 16],
    ['Rate', 8],
    ['Taxable Value', 16],
    ['Integrated Tax Amount', 16],
    ['Central Tax Amount', 16],
    ['State/UT Tax Amount', 16],
    ['Cess Amount', 12],
  ]);
  for (const row of summary.hsn) hsn.addRow([row.sac, 'Coaching services', 'NA-NOT APPLICABLE', 0, rupees(row.value), row.rateBp / 100, rupees(row.taxable), rupees(row.igst), rupees(row.cgst), rupees(row.sgst), 0]);
  const docs = sheet('docs', [
    ['Nature of Document', 34],
    ['Sr. No. From', 18],
    ['Sr. No. To', 18],
    ['Total Number', 12],
    ['Cancelled', 10],
  ]);
  for (const series of summary.docs) docs.addRow([series.nature === 'invoice' ? 'Invoices for outward supply' : 'Credit Note', series.from, series.to, series.total, series.cancelled]);
  const list = sheet('Documents', [
    ['Kind', 12],
    ['Number', 18],
    ['Date', 12],
    ['Invoice', 18],
    ['Student', 26],
    ['Place Of Supply', 24],
    ['Rate', 8],
    ['Taxable Value', 14],
    ['CGST', 12],
    ['SGST', 12],
    ['IGST', 12],
    ['Value', 14],
  ]);
  for (const doc of documents) {
    const sign = doc.kind === 'credit_note' ? -1 : 1;
    list.addRow([
      doc.kind === 'invoice' ? 'Invoice' : 'Credit note',
      doc.number,
      doc.date,
      doc.invoiceNumber ?? '',
      formulaSafe(doc.studentName),
      placeOfSupplyLabel(doc.placeOfSupply),
      doc.rateBp / 100,
      rupees(sign * doc.taxable),
      rupees(sign * doc.cgst),
      rupees(sign * doc.sgst),
      rupees(sign * doc.igst),
      rupees(sign * doc.value),
    ]);
  }
  const gstr3b = sheet('GSTR-3B 3.1(a)', [
    ['Nature of Supplies', 44],
    ['Total Taxable Value', 18],
    ['Integrated Tax', 16],
    ['Central Tax', 16],
    ['State/UT Tax', 16],
    ['Cess', 10],
  ]);
  gstr3b.addRow(['(a) Outward taxable supplies (other than zero rated, nil rated and exempted)', rupees(summary.totals.taxable), rupees(summary.totals.igst), rupees(summary.totals.cgst), rupees(summary.totals.sgst), 0]);
  workbook.creator = gstin;
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  return { file, fileName: `GSTR1_${gstin}_${period}.xlsx` };
}

