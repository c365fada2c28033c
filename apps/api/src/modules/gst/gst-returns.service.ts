import type ExcelJS from 'exceljs';
import { and, asc, between, eq, isNotNull, or } from 'drizzle-orm';
import { gstinState, gstPeriodRange } from '@academy/shared/gst';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { GST_MESSAGES, type GstMonth } from '@academy/shared/schemas/gst';
import type { DbExecutor } from '../../db/client';
import { feeDueInvoices, feeReceipts, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { formulaSafe } from '../../lib/csv';
import { DOC_NATURES, gstr1Json, gstr1TableOf, placeOfSupplyLabel, summariseGstr1, type TaxDocument } from './gstr1';
import { getTaxSettings } from './tax-settings.service';
import { joinOn } from '../../db/same-academy';

/** Fees → GST (issue 57): a month's or a quarter's tax invoices and credit notes, GSTR-1 as JSON and XLSX. */

type MonthDocument = TaxDocument & { receiptId: string; dueInvoiceId: string | null; invoiceNumber: string | null; studentId: string; studentName: string; payerName: string | null };

/** The invoices dated in the period and the credit notes made in it (one query, the two date indexes); `period` is validated by the route. */
async function monthDocuments(db: DbExecutor, period: string): Promise<MonthDocument[]> {
  const { first, last } = gstPeriodRange(period)!;
  const rows = await db
    .select({ receipt: feeReceipts, studentName: users.name })
    .from(feeReceipts)
    .innerJoin(students, joinOn(students.id, feeReceipts.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(isNotNull(feeReceipts.taxRateBp), or(between(feeReceipts.date, first, last), between(feeReceipts.revisedDate, first, last), between(feeReceipts.creditNoteDate, first, last))))
    .orderBy(asc(feeReceipts.financialYear), asc(feeReceipts.seq));
  const documents: MonthDocument[] = [];
  for (const { receipt, studentName } of rows) {
    const common = {
      receiptId: receipt.id,
      dueInvoiceId: null,
      studentId: receipt.studentId,
      studentName,
      placeOfSupply: receipt.placeOfSupply!,
      supplierState: gstinState(receipt.gstin!),
      sac: receipt.sac!,
      rateBp: receipt.taxRateBp!,
      // A refundable deposit is no supply (decision 062): it is in no figure of GSTR-1, not even the invoice's value.
      // Money against invoices issued on due dates (decision 070) was reported with those invoices: never twice.
      value: receipt.amountPaise - (receipt.depositPaise ?? 0) - (receipt.settledPaise ?? 0),
      taxable: receipt.taxablePaise!,
      cgst: receipt.cgstPaise!,
      sgst: receipt.sgstPaise!,
      igst: receipt.igstPaise!,
      exempt: receipt.exemptPaise ?? 0,
      payerGstin: receipt.payerGstin,
      payerName: receipt.payerName,
    };
    if (receipt.revisedNumber) {
      // A revised invoice (decision 063) is reported on its own date, in its own series; it names the receipt it revises.
      if (receipt.revisedDate! >= first && receipt.revisedDate! <= last) {
        documents.push({ ...common, kind: 'revised_invoice', number: receipt.revisedNumber, series: `RI/${receipt.revisedFinancialYear}`, seq: receipt.revisedSeq!, date: receipt.revisedDate!, invoiceNumber: receipt.number });
      }
    } else if (receipt.date >= first && receipt.date <= last) {
      documents.push({ ...common, kind: 'invoice', number: receipt.number, series: receipt.financialYear, seq: receipt.seq, date: receipt.date, invoiceNumber: null });
    }
    if (receipt.creditNoteDate && receipt.creditNoteDate >= first && receipt.creditNoteDate <= last) {
      documents.push({ ...common, kind: 'credit_note', number: receipt.creditNoteNumber!, series: receipt.creditNoteFinancialYear!, seq: receipt.creditNoteSeq!, date: receipt.creditNoteDate, invoiceNumber: receipt.number });
    }
  }
  // Invoices issued on instalments' due dates (decision 070), paid or not, in the period of their date;
  // their credit notes in the period they were made. One series with the receipts (the numbers interleave).
  const dueInvoices = await db
    .select({ invoice: feeDueInvoices, studentName: users.name })
    .from(feeDueInvoices)
    .innerJoin(students, joinOn(students.id, feeDueInvoices.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(or(between(feeDueInvoices.date, first, last), between(feeDueInvoices.creditNoteDate, first, last)));
  for (const { invoice, studentName } of dueInvoices) {
    const common = {
      receiptId: invoice.id,
      dueInvoiceId: invoice.id,
      studentId: invoice.studentId,
      studentName,
      placeOfSupply: invoice.placeOfSupply,
      supplierState: gstinState(invoice.gstin),
      sac: invoice.sac,
      rateBp: invoice.taxRateBp,
      value: invoice.amountPaise,
      taxable: invoice.taxablePaise,
      cgst: invoice.cgstPaise,
      sgst: invoice.sgstPaise,
      igst: invoice.igstPaise,
      exempt: 0,
      payerGstin: invoice.payerGstin,
      payerName: invoice.payerName,
    };
    if (invoice.date >= first && invoice.date <= last) documents.push({ ...common, kind: 'invoice', number: invoice.number, series: invoice.financialYear, seq: invoice.seq, date: invoice.date, invoiceNumber: null });
    if (invoice.creditNoteDate && invoice.creditNoteDate >= first && invoice.creditNoteDate <= last) {
      documents.push({ ...common, kind: 'credit_note', number: invoice.creditNoteNumber!, series: invoice.creditNoteFinancialYear!, seq: invoice.creditNoteSeq!, date: invoice.creditNoteDate, invoiceNumber: invoice.number });
    }
  }
  return documents;
}

/** GET /api/fees/gst?period=YYYY-MM: the month's documents with their tax and the totals (credit notes subtract). */
export async function gstMonth(db: DbExecutor, period: string): Promise<GstMonth> {
  const [settings, documents] = await Promise.all([getTaxSettings(db), monthDocuments(db, period)]);
  const { totals } = summariseGstr1(period, documents);
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
      dueInvoiceId: doc.dueInvoiceId,
      student: { _id: doc.studentId, name: doc.studentName },
      placeOfSupply: doc.placeOfSupply,
      value: rupees(doc.value),
      taxable: rupees(doc.taxable),
      cgst: rupees(doc.cgst),
      sgst: rupees(doc.sgst),
      igst: rupees(doc.igst),
      exempt: rupees(doc.exempt),
      rate: doc.rateBp / 100,
      payerGstin: doc.payerGstin,
      table: gstr1TableOf(doc),
    })),
    totals: { taxable: rupees(totals.taxable), cgst: rupees(totals.cgst), sgst: rupees(totals.sgst), igst: rupees(totals.igst), exempt: rupees(totals.exempt), value: rupees(totals.value) },
  };
}

/** The GSTIN the month's return is filed under: the invoices' own, else the latest saved; none refuses (409). */
async function filingGstin(db: DbExecutor, documents: readonly { receiptId: string; dueInvoiceId: string | null }[]): Promise<string> {
  const first = documents.find((doc) => doc.dueInvoiceId === null);
  if (first) {
    const [row] = await db.select({ gstin: feeReceipts.gstin }).from(feeReceipts).where(eq(feeReceipts.id, first.receiptId)).limit(1);
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
  return { json: gstr1Json(gstin, summariseGstr1(period, documents)), fileName: `GSTR1_${gstin}_${period}.json` };
}

/**
 * GET /api/fees/gst/gstr1.xlsx?period=YYYY-MM: the offline tool's sheets laid out as its Excel
 * template (title, summary labels, summary figures, then the column headers on row 4; decision 063),
 * the month's documents one per row, and GSTR-3B's outward taxable supplies.
 */
export async function gstr1Workbook(db: DbExecutor, period: string): Promise<{ file: Buffer; fileName: string }> {
  const documents = await monthDocuments(db, period);
  const gstin = await filingGstin(db, documents);
  const summary = summariseGstr1(period, documents);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const names = new Map(documents.map((doc) => [doc.number, doc.payerName]));
  invoiceSheets(workbook, summary, names);
  noteSheets(workbook, summary, names);
  exemptHsnAndDocsSheets(workbook, summary);
  documentList(workbook, documents);
  gstr3bSheet(workbook, summary);
  workbook.creator = gstin;
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  return { file, fileName: `GSTR1_${gstin}_${period}.xlsx` };
}

type Gstr1Summary = ReturnType<typeof summariseGstr1>;
type PayerNames = ReadonlyMap<string, string | null>;

/** A sheet of our own: the column headers in row 1, frozen. */
function sheet(workbook: ExcelJS.Workbook, name: string, columns: [string, number][]) {
  const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columns.map(([header, width]) => ({ header, width }));
  worksheet.getRow(1).font = { bold: true };
  return worksheet;
}

/**
 * A sheet as the offline tool's Excel template has it, so the tool imports it as it is: row 1 the
 * section's title ("Summary For B2CS(7)"), row 2 the summary's labels over their columns, row 3 the
 * summary's figures, row 4 the column headers, the rows from 5 (frozen above). `summary` maps a
 * column (1-based) to its label and figure.
 */
function templateSheet(workbook: ExcelJS.Workbook, name: string, title: string, summary: Record<number, [string, number]>, columns: [string, number][]) {
  const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 4 }] });
  worksheet.columns = columns.map(([, width]) => ({ width }));
  worksheet.getCell(1, 1).value = title;
  for (const [column, [label, figure]] of Object.entries(summary)) {
    worksheet.getCell(2, Number(column)).value = label;
    worksheet.getCell(3, Number(column)).value = figure;
  }
  worksheet.getRow(4).values = columns.map(([header]) => header);
  for (const row of [1, 2, 4]) worksheet.getRow(row).font = { bold: true };
  return worksheet;
}

const count = <T>(rows: readonly T[]) => rows.length;
const sum = <T>(rows: readonly T[], figure: (row: T) => number) => rupees(rows.reduce((total, row) => total + figure(row), 0));
/** The offline tool's Excel template: its sheet names and column headers, dates as dd-mmm-yyyy. */
const templateDate = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${day}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month) - 1]}-${year}`;
};

/** The invoices' sheets: to registered recipients (b2b), large inter-state (b2cl), the rest by place and rate (b2cs). */
function invoiceSheets(workbook: ExcelJS.Workbook, summary: Gstr1Summary, names: PayerNames) {
  const b2b = templateSheet(workbook, 'b2b,sez,de', 'Summary For B2B, SEZ, DE (4A, 4B, 6B, 6C)', { 1: ['No. of Recipients', new Set(summary.b2b.map((doc) => doc.payerGstin)).size], 3: ['No. of Invoices', count(summary.b2b)], 5: ['Total Invoice Value', sum(summary.b2b, (doc) => doc.value)], 12: ['Total Taxable Value', sum(summary.b2b, (doc) => doc.taxable)], 13: ['Total Cess', 0] }, [
    ['GSTIN/UIN of Recipient', 18],
    ['Receiver Name', 24],
    ['Invoice Number', 16],
    ['Invoice date', 12],
    ['Invoice Value', 14],
    ['Place Of Supply', 24],
    ['Reverse Charge', 8],
    ['Applicable % of Tax Rate', 10],
    ['Invoice Type', 14],
    ['E-Commerce GSTIN', 16],
    ['Rate', 8],
    ['Taxable Value', 14],
    ['Cess Amount', 10],
  ]);
  for (const doc of summary.b2b) {
    b2b.addRow([doc.payerGstin, formulaSafe(names.get(doc.number) ?? ''), doc.number, templateDate(doc.date), rupees(doc.value), placeOfSupplyLabel(doc.placeOfSupply), 'N', '', 'Regular B2B', '', doc.rateBp / 100, rupees(doc.taxable), 0]);
  }
  const b2cl = templateSheet(workbook, 'b2cl', 'Summary For B2CL(5)', { 1: ['No. of Invoices', count(summary.b2cl)], 3: ['Total Inv Value', sum(summary.b2cl, (doc) => doc.value)], 7: ['Total Taxable Value', sum(summary.b2cl, (doc) => doc.taxable)], 8: ['Total Cess', 0] }, [
    ['Invoice Number', 16],
    ['Invoice date', 12],
    ['Invoice Value', 14],
    ['Place Of Supply', 24],
    ['Applicable % of Tax Rate', 10],
    ['Rate', 8],
    ['Taxable Value', 14],
    ['Cess Amount', 10],
    ['E-Commerce GSTIN', 16],
  ]);
  for (const doc of summary.b2cl) b2cl.addRow([doc.number, templateDate(doc.date), rupees(doc.value), placeOfSupplyLabel(doc.placeOfSupply), '', doc.rateBp / 100, rupees(doc.taxable), 0, '']);
  const b2cs = templateSheet(workbook, 'b2cs', 'Summary For B2CS(7)', { 5: ['Total Taxable  Value', sum(summary.b2cs, (row) => row.taxable)], 6: ['Total Cess', 0] }, [
    ['Type', 8],
    ['Place Of Supply', 28],
    ['Applicable % of Tax Rate', 12],
    ['Rate', 8],
    ['Taxable Value', 16],
    ['Cess Amount', 12],
    ['E-Commerce GSTIN', 18],
  ]);
  for (const row of summary.b2cs) b2cs.addRow(['OE', placeOfSupplyLabel(row.placeOfSupply), '', row.rateBp / 100, rupees(row.taxable), 0, '']);
}

/** The credit notes' sheets: to registered recipients (cdnr) and to the others (cdnur). */
function noteSheets(workbook: ExcelJS.Workbook, summary: Gstr1Summary, names: PayerNames) {
  const cdnr = templateSheet(workbook, 'cdnr', 'Summary For CDNR(9B)', { 1: ['No. of Recipients', new Set(summary.cdnr.map((doc) => doc.payerGstin)).size], 3: ['No. of Notes', count(summary.cdnr)], 9: ['Total Note Value', sum(summary.cdnr, (doc) => doc.value)], 12: ['Total Taxable Value', sum(summary.cdnr, (doc) => doc.taxable)], 13: ['Total Cess', 0] }, [
    ['GSTIN/UIN of Recipient', 18],
    ['Receiver Name', 24],
    ['Note Number', 18],
    ['Note Date', 12],
    ['Note Type', 8],
    ['Place Of Supply', 24],
    ['Reverse Charge', 8],
    ['Note Supply Type', 14],
    ['Note Value', 14],
    ['Applicable % of Tax Rate', 10],
    ['Rate', 8],
    ['Taxable Value', 14],
    ['Cess Amount', 10],
  ]);
  for (const doc of summary.cdnr) {
    cdnr.addRow([doc.payerGstin, formulaSafe(names.get(doc.number) ?? ''), doc.number, templateDate(doc.date), 'C', placeOfSupplyLabel(doc.placeOfSupply), 'N', 'Regular B2B', rupees(doc.value), '', doc.rateBp / 100, rupees(doc.taxable), 0]);
  }
  const cdnur = templateSheet(workbook, 'cdnur', 'Summary For CDNUR(9B)', { 2: ['No. of Notes/Vouchers', count(summary.cdnur)], 6: ['Total Note Value', sum(summary.cdnur, (doc) => doc.value)], 9: ['Total Taxable Value', sum(summary.cdnur, (doc) => doc.taxable)], 10: ['Total Cess', 0] }, [
    ['UR Type', 8],
    ['Note Number', 18],
    ['Note Date', 12],
    ['Note Type', 8],
    ['Place Of Supply', 24],
    ['Note Value', 14],
    ['Applicable % of Tax Rate', 10],
    ['Rate', 8],
    ['Taxable Value', 14],
    ['Cess Amount', 10],
  ]);
  for (const doc of summary.cdnur) cdnur.addRow(['B2CL', doc.number, templateDate(doc.date), 'C', placeOfSupplyLabel(doc.placeOfSupply), rupees(doc.value), '', doc.rateBp / 100, rupees(doc.taxable), 0]);
}

/** Exempt supplies (8), the SAC summaries (12) and the documents issued (13). */
function exemptHsnAndDocsSheets(workbook: ExcelJS.Workbook, summary: Gstr1Summary) {
  const exemp = templateSheet(workbook, 'exemp', 'Summary For Nil rated, exempted and non GST outward supplies (8)', { 2: ['Total Nil Rated Supplies', 0], 3: ['Total Exempted Supplies', sum(summary.nil, (row) => row.exempt)], 4: ['Total Non-GST Supplies', 0] }, [
    ['Description', 44],
    ['Nil Rated Supplies', 14],
    ['Exempted(other than nil rated/non GST supply)', 18],
    ['Non-GST Supplies', 14],
  ]);
  const nilLabels = { INTRB2B: 'Inter-State supplies to registered persons', INTRAB2B: 'Intra-State supplies to registered persons', INTRB2C: 'Inter-State supplies to unregistered persons', INTRAB2C: 'Intra-State supplies to unregistered persons' };
  for (const row of summary.nil) exemp.addRow([nilLabels[row.supplyType], 0, rupees(row.exempt), 0]);
  const hsnColumns: [string, number][] = [
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
  ];
  for (const [name, rows] of [['hsn(b2b)', summary.hsnB2b], ['hsn(b2c)', summary.hsnB2c]] as const) {
    const hsn = templateSheet(workbook, name, 'Summary For HSN(12)', { 1: ['No. of HSN', new Set(rows.map((row) => row.sac)).size], 5: ['Total Value', sum(rows, (row) => row.value)], 7: ['Total Taxable Value', sum(rows, (row) => row.taxable)], 8: ['Total Integrated Tax', sum(rows, (row) => row.igst)], 9: ['Total Central Tax', sum(rows, (row) => row.cgst)], 10: ['Total State/UT Tax', sum(rows, (row) => row.sgst)], 11: ['Total Cess', 0] }, hsnColumns);
    for (const row of rows) hsn.addRow([row.sac, 'Coaching services', 'NA-NOT APPLICABLE', 0, rupees(row.value), row.rateBp / 100, rupees(row.taxable), rupees(row.igst), rupees(row.cgst), rupees(row.sgst), 0]);
  }
  const docs = templateSheet(workbook, 'docs', 'Summary of documents issued during the tax period (13)', { 4: ['Total Number', summary.docs.reduce((total, series) => total + series.total, 0)], 5: ['Total Cancelled', summary.docs.reduce((total, series) => total + series.cancelled, 0)] }, [
    ['Nature of Document', 34],
    ['Sr. No. From', 18],
    ['Sr. No. To', 18],
    ['Total Number', 12],
    ['Cancelled', 10],
  ]);
  for (const series of summary.docs) docs.addRow([DOC_NATURES[series.nature].label, series.from, series.to, series.total, series.cancelled]);
}

/** Every document of the month, one row each (a credit note's figures negative). */
function documentList(workbook: ExcelJS.Workbook, documents: readonly MonthDocument[]) {
  const list = sheet(workbook, 'Documents', [
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
    ['Exempt', 12],
    ['Value', 14],
    ['GSTR-1 table', 10],
    ['Payer GSTIN', 18],
  ]);
  for (const doc of documents) {
    const sign = doc.kind === 'credit_note' ? -1 : 1;
    list.addRow([
      { invoice: 'Invoice', revised_invoice: 'Revised invoice', credit_note: 'Credit note' }[doc.kind],
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
      rupees(sign * doc.exempt),
      rupees(sign * doc.value),
      gstr1TableOf(doc),
      doc.payerGstin ?? '',
    ]);
  }
}

/** GSTR-3B table 3.1 from the same figures. */
function gstr3bSheet(workbook: ExcelJS.Workbook, summary: Gstr1Summary) {
  const gstr3b = sheet(workbook, 'GSTR-3B 3.1', [
    ['Nature of Supplies', 44],
    ['Total Taxable Value', 18],
    ['Integrated Tax', 16],
    ['Central Tax', 16],
    ['State/UT Tax', 16],
    ['Cess', 10],
  ]);
  gstr3b.addRow(['(a) Outward taxable supplies (other than zero rated, nil rated and exempted)', rupees(summary.totals.taxable), rupees(summary.totals.igst), rupees(summary.totals.cgst), rupees(summary.totals.sgst), 0]);
  gstr3b.addRow(['(c) Other outward supplies (nil rated, exempted)', rupees(summary.totals.exempt), 0, 0, 0, 0]);
}
