import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { financialYearOf, shiftDate } from '@academy/shared/calendar';
import { gstinCheckCharacter } from '@academy/shared/gst';
import { formatPaise } from '@academy/shared/money';
import { TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { withTwoAcademies } from '../../../test/second-academy';
import { pdfText, pdfTextAsRead } from '../../../test/pdf-text';
import { printableReceipt } from '../fees/payments.service';
import { receiptPdfIn } from '../fees/receipt-mail';
import { payLinkToken } from '../fees/pay-link';
import { upiQrSvg } from '../fees/upi-qr';
import { withAcademy } from '../../lib/tenancy';
import { getTaxSettings, updateTaxSettings } from './tax-settings.service';

/** GST (issue 57): Settings → Tax, tax invoices, credit notes and GSTR-1, through the API on real PostgreSQL. */
const GSTIN = '27AAPFU0939F1ZV';

const t = shareSignedInTestApp();
let teacherCookie: string;
beforeAll(async () => {
  teacherCookie = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(t.adminCookie, method, url, payload);

/** A batch with a ₹59,000 plan in two instalments, and students enrolled in it (taught online: the place of supply follows the student's state, IGST Act s.12(2)). */
async function batchWithPlan(name: string, amount = 59000, delivery: 'classroom' | 'online' = 'classroom') {
  const batch = await buildBatch(t.database.db, { name, delivery });
  const plan = await asAdmin('POST', '/api/fee-plans', { name: `${name} fees`, batch: batch.id, amount, instalments: [{ dueDate: t.today, amount: amount / 2 }, { dueDate: shiftDate(t.today, 30), amount: amount / 2 }] });
  expect(plan.statusCode, plan.body).toBe(201);
  return batch;
}
async function enrolled(batchId: string, name: string) {
  const student = await buildStudent(t.database.db, { name });
  expect((await asAdmin('PUT', `/api/batches/${batchId}/students/${student.id}/add`)).statusCode).toBe(200);
  return student;
}
const pay = async (studentId: string, amount: number | string, date = t.today) => {
  const response = await asAdmin('POST', `/api/students/${studentId}/payments`, { amount, date, mode: 'cash' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};

describe('Settings → Tax', () => {
  it('answers GST off by default; refuses a bad GSTIN, a missing one, a bad rate and a teacher', async () => {
    const initial = await asAdmin('GET', '/api/admin/settings/tax');
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data.gst).toMatchObject({ registered: false, gstin: null, rate: 18, sac: '999293', pricesIncludeTax: true, from: null });

    const wrongCheck = GSTIN.slice(0, 14) + (GSTIN.endsWith('A') ? 'B' : 'A');
    const bad = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: wrongCheck, legalName: 'Shree Classes LLP' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['gst.gstin']).toContain('Enter a valid GSTIN');
    const missing = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, legalName: 'Shree' } });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().errors)).toContain('GSTIN to turn GST on');
    const rate = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree', rate: 18.005 } });
    expect(rate.statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/admin/settings/tax', { gst: 'on' })).statusCode).toBe(400);
    expect((await call(teacherCookie, 'GET', '/api/admin/settings/tax')).statusCode).toBe(403);
    expect((await call(teacherCookie, 'PUT', '/api/admin/settings/tax', { gst: { registered: false } })).statusCode).toBe(403);
  });

  it('a state is a name or a code on the student; a wrong one is refused', async () => {
    const student = await buildStudent(t.database.db, { name: 'State Check' });
    const byName = await asAdmin('PUT', `/api/students/${student.id}`, { state: 'Karnataka' });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.state).toBe('29');
    expect((await asAdmin('PUT', `/api/students/${student.id}`, { state: '27' })).json().data.state).toBe('27');
    expect((await asAdmin('PUT', `/api/students/${student.id}`, { state: null })).json().data.state).toBeNull();
    const wrong = await asAdmin('PUT', `/api/students/${student.id}`, { state: 'Atlantis' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.state).toContain('two-digit GST code');
  });
});

describe('tax invoices, credit notes and GSTR-1', () => {
  it('a ₹59,000 inclusive plan: CGST+SGST in Maharashtra, IGST to Karnataka online, parts adding up; a credit note on cancel; GSTR-1 carries them', async () => {
    const batch = await batchWithPlan('JEE 2027');
    const local = await enrolled(batch.id, 'Aarav Local');
    const away = await enrolled((await batchWithPlan('JEE 2027 online', 59000, 'online')).id, 'Kavya Away');
    expect((await asAdmin('PUT', `/api/students/${away.id}`, { state: 'Karnataka', address: 'Jayanagar, Bengaluru 560041' })).statusCode).toBe(200);

    // Before registration: a plain receipt, which stays one.
    const before = await pay(local.id, 1000, shiftDate(t.today, -1));
    expect(before.tax).toBeNull();

    const saved = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN.toLowerCase(), legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512', rate: 18, sac: '999293', pricesIncludeTax: true, from: t.today } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.gst).toMatchObject({ registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', rate: 18, sac: '999293', pricesIncludeTax: true, from: t.today, state: { code: '27', name: 'Maharashtra' } });
    expect((await asAdmin('GET', '/api/admin/settings/tax')).json().data).toEqual(saved.json().data);
    // Never backwards (only a registration dated back over days without GST may be: decision 076, revised-invoices.test.ts).
    const backwards = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: false, from: shiftDate(t.today, -5) } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors['from']).toContain('never backwards');

    // A payment dated before the registration date is still a plain receipt.
    expect((await pay(local.id, 1000, shiftDate(t.today, -1))).tax).toBeNull();

    const first = await pay(local.id, '29500.01');
    const second = await pay(local.id, 27499.99);
    const inter = await pay(away.id, 59000);
    for (const [receipt, amount] of [[first, 29500.01], [second, 27499.99], [inter, 59000]] as const) {
      const { taxable, cgst, sgst, igst, roundOff } = receipt.tax;
      expect(Math.round(taxable * 100) + Math.round(cgst * 100) + Math.round(sgst * 100) + Math.round(igst * 100) + Math.round(roundOff * 100)).toBe(Math.round(amount * 100));
      expect(cgst).toBe(sgst);
      expect(receipt.tax.rate).toBe(18);
      expect(receipt.tax.number).toBe(receipt.number);
      expect(receipt.number.length).toBeLessThanOrEqual(16);
    }
    expect(first.tax).toMatchObject({ placeOfSupply: '27', igst: 0, taxable: 25000.01, cgst: 2250, sgst: 2250 });
    expect(inter.tax).toEqual({ kind: 'tax-invoice', number: inter.number, date: inter.date, gstin: GSTIN, sac: '999293', taxable: 50000, cgst: 0, sgst: 0, igst: 9000, rate: 18, placeOfSupply: '29', placeOfSupplyName: 'Karnataka', exempt: 0, deposit: 0, settled: 0, roundOff: 0, payer: null });

    // The ledger carries the tax on each payment; the earlier receipt is unchanged.
    const ledger = (await asAdmin('GET', `/api/students/${local.id}/fees`)).json().data;
    const byNumber = new Map(ledger.payments.map((payment: { number: string }) => [payment.number, payment]));
    expect((byNumber.get(before.number) as { tax: unknown }).tax).toBeNull();
    expect((byNumber.get(first.number) as { tax: unknown }).tax).toEqual(first.tax);

    // The tax invoice PDF.
    const pdf = await asAdmin('GET', `/api/receipts/${inter._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Fee receipt cum tax invoice');
    expect(text).toContain(GSTIN);
    expect(text).toContain('IGST @ 18 %');
    expect(text).toContain('Karnataka (29)');
    const localText = await pdfText((await asAdmin('GET', `/api/receipts/${first._id}/pdf`)).rawPayload);
    expect(localText).toContain('CGST @ 9 %');
    expect(localText).toContain('SGST @ 9 %');
    // In the reader's language, as receipts already are.
    const printable = (await printableReceipt(t.database.db, inter._id))!;
    const marathi = pdfTextAsRead(await receiptPdfIn(t.database.db, printable, 'mr'));
    expect(marathi).toContain('फी पावती तथा कर बीजक');
    expect(marathi).toContain('पुरवठ्याचे ठिकाण');
    const hindi = pdfTextAsRead(await receiptPdfIn(t.database.db, printable, 'hi'));
    expect(hindi).toContain('फीस रसीद सह कर बीजक');
    expect(hindi).toContain('कर योग्य मूल्य');
    const plainText = await pdfText((await asAdmin('GET', `/api/receipts/${before._id}/pdf`)).rawPayload);
    expect(plainText).not.toContain('tax invoice');
    expect(plainText).toContain('Fee receipt');

    // Cancelling makes a credit note in its own series; the invoice stays with its tax.
    const cancelled = await asAdmin('POST', `/api/receipts/${second._id}/cancel`, { reason: 'Cheque bounced' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const year = financialYearOf(t.today);
    expect(cancelled.json().data.creditNote).toEqual({ number: `CN/${year}/0001`, date: t.today });
    expect(cancelled.json().data.tax).toEqual(second.tax);
    // A plain receipt's cancellation makes none.
    expect((await asAdmin('POST', `/api/receipts/${before._id}/cancel`, { reason: 'Typed twice' })).json().data.creditNote).toBeNull();

    // The month.
    const period = t.today.slice(0, 7);
    const month = (await asAdmin('GET', `/api/fees/gst?period=${period}`)).json().data;
    expect(month.documents.map((doc: { kind: string; number: string }) => `${doc.kind} ${doc.number}`)).toEqual([
      `invoice ${first.number}`,
      `invoice ${second.number}`,
      `credit_note CN/${year}/0001`,
      `invoice ${inter.number}`,
    ]);
    expect(month.totals.value).toBe(29500.01 + 59000);

    // GSTR-1 JSON: b2cs by place of supply, the SAC summary, the documents issued.
    const json = await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${period}`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toContain('.json');
    const gstr1 = JSON.parse(json.body);
    expect(gstr1.gstin).toBe(GSTIN);
    expect(gstr1.fp).toBe(`${period.slice(5)}${period.slice(0, 4)}`);
    expect(gstr1.b2cs).toEqual([
      { sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 25000.01, iamt: 0, camt: 2250, samt: 2250, csamt: 0 },
      { sply_ty: 'INTER', rt: 18, typ: 'OE', pos: '29', txval: 50000, iamt: 9000, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(gstr1.version).toBe('GST3.2.4');
    expect(gstr1.hsn).toEqual({ hsn_b2b: [], hsn_b2c: [{ num: 1, hsn_sc: '999293', desc: 'Coaching services', uqc: 'NA', qty: 0, rt: 18, txval: 75000.01, iamt: 9000, camt: 2250, samt: 2250, csamt: 0 }] });
    expect(gstr1).not.toHaveProperty('b2b');
    expect(gstr1).not.toHaveProperty('b2cl');
    expect(gstr1.doc_issue.doc_det).toEqual([
      { doc_num: 1, docs: [{ num: 1, from: first.number, to: inter.number, totnum: 3, cancel: 0, net_issue: 3 }] },
      { doc_num: 5, docs: [{ num: 1, from: `CN/${year}/0001`, to: `CN/${year}/0001`, totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);

    // GSTR-1 XLSX: the offline tool's sheets.
    const xlsx = await asAdmin('GET', `/api/fees/gst/gstr1.xlsx?period=${period}`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['b2b,sez,de', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn(b2b)', 'hsn(b2c)', 'docs', 'Documents', 'GSTR-3B 3.1']);
    // Each template sheet as the offline tool's Excel template has it: title, summary labels, totals, headers, rows from 5.
    const b2csSheet = workbook.getWorksheet('b2cs')!;
    expect(b2csSheet.getRow(1).getCell(1).value).toBe('Summary For B2CS(7)');
    expect(b2csSheet.getRow(2).values).toEqual([undefined, undefined, undefined, undefined, undefined, 'Total Taxable  Value', 'Total Cess']);
    expect(b2csSheet.getRow(3).getCell(5).value).toBe(75000.01);
    expect(b2csSheet.getRow(4).values).toEqual([undefined, 'Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN']);
    expect(b2csSheet.getRow(5).values).toEqual([undefined, 'OE', '27-Maharashtra', '', 18, 25000.01, 0, '']);
    expect(b2csSheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    const titles = Object.fromEntries(workbook.worksheets.slice(0, 9).map((sheet) => [sheet.name, sheet.getRow(1).getCell(1).value]));
    expect(titles).toEqual({
      'b2b,sez,de': 'Summary For B2B, SEZ, DE (4A, 4B, 6B, 6C)',
      b2cl: 'Summary For B2CL(5)',
      b2cs: 'Summary For B2CS(7)',
      cdnr: 'Summary For CDNR(9B)',
      cdnur: 'Summary For CDNUR(9B)',
      exemp: 'Summary For Nil rated, exempted and non GST outward supplies (8)',
      'hsn(b2b)': 'Summary For HSN(12)',
      'hsn(b2c)': 'Summary For HSN(12)',
      docs: 'Summary of documents issued during the tax period (13)',
    });
    expect(workbook.getWorksheet('hsn(b2c)')!.getRow(2).values).toEqual([undefined, 'No. of HSN', undefined, undefined, undefined, 'Total Value', undefined, 'Total Taxable Value', 'Total Integrated Tax', 'Total Central Tax', 'Total State/UT Tax', 'Total Cess']);
    expect(workbook.getWorksheet('cdnr')!.getRow(4).getCell(3).value).toBe('Note Number');
    const docsSheet = workbook.getWorksheet('docs')!;
    expect(docsSheet.getRow(3).values).toEqual([undefined, undefined, undefined, undefined, 4, 0]);
    expect(docsSheet.getRow(4).values).toEqual([undefined, 'Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled']);
    expect(docsSheet.getRow(6).getCell(2).value).toBe(`CN/${year}/0001`);
    expect(workbook.getWorksheet('Documents')!.rowCount).toBe(5);

    // Bad period; a teacher gets nothing.
    const badPeriod = await asAdmin('GET', '/api/fees/gst/gstr1.json?period=2026-13');
    expect(badPeriod.statusCode).toBe(400);
    expect(JSON.stringify(badPeriod.json().errors)).toContain('YYYY-MM');
    expect((await asAdmin('GET', '/api/fees/gst?period=2026-28-Q1')).statusCode).toBe(400);
    for (const url of [`/api/fees/gst?period=${period}`, `/api/fees/gst/gstr1.json?period=${period}`, `/api/fees/gst/gstr1.xlsx?period=${period}`]) {
      expect((await call(teacherCookie, 'GET', url)).statusCode).toBe(403);
    }
  });

  it('a payer with a GSTIN makes a B2B invoice (place of supply its state), its credit note cdnr; a large inter-state invoice is b2cl; the quarter carries them', async () => {
    const company = `29AAGCB7383J1Z${gstinCheckCharacter('29AAGCB7383J1Z')}`;
    const batch = await batchWithPlan('Sponsored', 236000, 'online');
    const sponsored = await enrolled(batch.id, 'Sponsored Student');
    // A wrong GSTIN is refused with the payer's message; nothing is recorded.
    const wrong = await asAdmin('POST', `/api/students/${sponsored.id}/payments`, { amount: 1000, date: t.today, mode: 'cash', payerGstin: company.slice(0, 14) + (company.endsWith('A') ? 'B' : 'A') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.payerGstin).toContain('payer’s GSTIN');
    const b2b = await asAdmin('POST', `/api/students/${sponsored.id}/payments`, { amount: 1000, date: t.today, mode: 'bank_transfer', payerGstin: company.toLowerCase(), payerName: 'Bright Tech Pvt Ltd', payerAddress: 'MG Road, Bengaluru 560001' });
    expect(b2b.statusCode, b2b.body).toBe(201);
    expect(b2b.json().data.tax).toMatchObject({ placeOfSupply: '29', igst: 152.54, cgst: 0, payer: { gstin: company, name: 'Bright Tech Pvt Ltd' } });
    const pdf = await pdfText((await asAdmin('GET', `/api/receipts/${b2b.json().data._id}/pdf`)).rawPayload);
    expect(pdf).toContain(company);
    expect(pdf).toContain('Bright Tech Pvt Ltd');
    // An unregistered family in Karnataka paying ₹1,18,000 at once: B2C large.
    const away = await enrolled(batch.id, 'Large Away');
    expect((await asAdmin('PUT', `/api/students/${away.id}`, { state: '29', address: 'Jayanagar, Bengaluru 560041' })).statusCode).toBe(200);
    const large = await pay(away.id, 118000);
    expect(large.tax).toMatchObject({ taxable: 100000, igst: 18000, payer: null });
    expect((await asAdmin('POST', `/api/receipts/${b2b.json().data._id}/cancel`, { reason: 'Sponsor paid twice' })).statusCode).toBe(200);

    const month = (await asAdmin('GET', `/api/fees/gst?period=${t.today.slice(0, 7)}`)).json().data;
    const tableOf = (number: string, kind = 'invoice') => month.documents.find((doc: { number: string; kind: string }) => doc.number === number && doc.kind === kind)?.table;
    expect(tableOf(b2b.json().data.number)).toBe('b2b');
    expect(tableOf(large.number)).toBe('b2cl');
    const gstr1 = JSON.parse((await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${t.today.slice(0, 7)}`)).body);
    expect(gstr1.b2b).toEqual([{ ctin: company, inv: [expect.objectContaining({ inum: b2b.json().data.number, val: 1000, pos: '29', itms: [{ num: 1, itm_det: { rt: 18, txval: 847.46, iamt: 152.54, csamt: 0 } }] })] }]);
    expect(gstr1.cdnr[0].ctin).toBe(company);
    expect(gstr1.cdnr[0].nt[0]).toMatchObject({ ntty: 'C', val: 1000, pos: '29' });
    expect(gstr1.b2cl).toEqual([{ pos: '29', inv: [expect.objectContaining({ inum: large.number, val: 118000 })] }]);
    expect(gstr1.hsn.hsn_b2b).toEqual([expect.objectContaining({ txval: 0, iamt: 0 })]);

    // The quarter (QRMP) holds the month's documents and files under its last month.
    const year = financialYearOf(t.today);
    const month0 = Number(t.today.slice(5, 7));
    const quarter = `${year}-Q${month0 >= 4 ? Math.floor((month0 - 4) / 3) + 1 : 4}`;
    const quarterly = JSON.parse((await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${quarter}`)).body);
    expect(quarterly.fp.slice(2)).toBe(String(month0 >= 4 ? Number(year.slice(0, 4)) : Number(year.slice(0, 4)) + 1));
    expect(quarterly.b2b).toEqual(gstr1.b2b);
    const quarterMonth = (await asAdmin('GET', `/api/fees/gst?period=${quarter}`)).json().data;
    expect(quarterMonth.documents.length).toBeGreaterThanOrEqual(month.documents.length);
  });

  it('a plan that is not taxable: what goes to it carries no GST and is reported as exempt', async () => {
    const batch = await buildBatch(t.database.db, { name: 'Books extra' });
    const plan = await asAdmin('POST', '/api/fee-plans', { name: 'Study material', batch: batch.id, amount: 3000, taxable: false, instalments: [{ dueDate: t.today, amount: 3000 }] });
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json().data.taxable).toBe(false);
    const tuition = await asAdmin('POST', '/api/fee-plans', { name: 'Books extra tuition', batch: batch.id, amount: 11800, instalments: [{ dueDate: shiftDate(t.today, 1), amount: 11800 }] });
    expect(tuition.json().data.taxable).toBe(true);
    const student = await enrolled(batch.id, 'Books Buyer');
    const receipt = await pay(student.id, 14800);
    expect(receipt.tax).toMatchObject({ taxable: 10000, cgst: 900, sgst: 900, igst: 0, exempt: 3000 });
    const pdf = await pdfText((await asAdmin('GET', `/api/receipts/${receipt._id}/pdf`)).rawPayload);
    expect(pdf).toContain('Exempt (no GST)');
    const gstr1 = JSON.parse((await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${t.today.slice(0, 7)}`)).body);
    expect(gstr1.nil.inv).toEqual(expect.arrayContaining([expect.objectContaining({ sply_ty: 'INTRAB2C', expt_amt: 3000 })]));
    const month = (await asAdmin('GET', `/api/fees/gst?period=${t.today.slice(0, 7)}`)).json().data;
    expect(month.totals.exempt).toBeGreaterThanOrEqual(3000);
  });

  it('prices quoted excluding GST: the family pays the dues plus 18 %, and the taxable value pays the dues', async () => {
    const saved = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', pricesIncludeTax: false, from: t.today } });
    expect(saved.statusCode, saved.body).toBe(200);
    const batch = await batchWithPlan('NEET plus GST', 50000);
    const student = await enrolled(batch.id, 'Plus Gst');
    const tooMuch = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 59000.01, date: t.today, mode: 'cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('59,000');
    const receipt = await pay(student.id, 29500);
    expect(receipt.tax).toMatchObject({ taxable: 25000, cgst: 2250, sgst: 2250, igst: 0 });
    expect(receipt.allocations.map((allocation: { amount: number }) => allocation.amount)).toEqual([25000]);
    expect(receipt.balanceAfter).toBe(25000);
    // The dues screens show base + GST = total: the family's ledger and the office's dues list.
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(ledger.gst).toEqual({ rate: 18, tax: 4500, total: 29500 });
    expect(ledger.dues.find((due: { balance: number }) => due.balance > 0).gst).toEqual({ tax: 4500, total: 29500 });
    const list = (await asAdmin('GET', `/api/fees/dues?search=${encodeURIComponent('Plus Gst')}`)).json().data;
    expect(list.dues[0].gst).toEqual({ tax: 4500, total: 29500 });
    // Back to inclusive prices for what follows.
    expect((await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', pricesIncludeTax: true, from: t.today } })).statusCode).toBe(200);
  });

  it('prices quoted excluding GST: the pay link’s page, its QR code and the fee slip ask for balance + GST, as the UPI request does', async () => {
    expect((await asAdmin('PUT', '/api/admin/settings/payments', { upi: { vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' } })).statusCode).toBe(200);
    expect((await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', pricesIncludeTax: false, from: t.today } })).statusCode).toBe(200);
    const batch = await batchWithPlan('JEE plus GST', 50000);
    const student = await enrolled(batch.id, 'Pay Link Gst');
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    const due = ledger.dues.find((one: { dueDate: string }) => one.dueDate === t.today);
    expect(due.gst).toEqual({ tax: 4500, total: 29500 });
    expect(due.upi.link).toContain('&am=29500.00&');

    // The server's page: the Pay button, the line "base + GST = total" and the page's total all say what the UPI request asks.
    const token = payLinkToken(TEST_SERVER_KEYS.key('pay-links'), student.id);
    const data = (await t.app.inject({ method: 'GET', url: `/api/pay/${token}` })).json().data;
    expect(data.dues.find((one: { _id: string }) => one._id === due._id).gst).toEqual({ tax: 4500, total: 29500 });
    const taxOnPage = data.dues.reduce((sum: number, one: { gst: { tax: number } }) => sum + one.gst.tax, 0);
    expect(data.gst).toEqual({ tax: taxOnPage, total: data.total + taxOnPage });
    const english = (await t.app.inject({ method: 'GET', url: `/pay/${token}` })).body;
    expect(english).toContain('am=29500.00&amp;');
    expect(english).toContain('Pay ₹29,500 by UPI');
    expect(english).toContain('₹25,000 + GST ₹4,500 = ₹29,500');
    expect(english).toContain(`<b data-total>₹${formatPaise(Math.round(data.gst.total * 100))}</b>`);
    expect(english).toContain('Fees are quoted excluding GST:');
    expect((await t.app.inject({ method: 'GET', url: `/mr/pay/${token}` })).body).toContain('₹25,000 + GST ₹4,500 = एकूण ₹29,500');
    expect((await t.app.inject({ method: 'GET', url: `/hi/pay/${token}` })).body).toContain('₹25,000 + GST ₹4,500 = कुल ₹29,500');
    // The QR code (the page's and the office's) is the UPI request for the total.
    const qr = await t.app.inject({ method: 'GET', url: `/api/pay/${token}/dues/${due._id}/upi-qr.svg` });
    expect(qr.body).toBe(await upiQrSvg(due.upi.link));
    expect((await asAdmin('GET', `/api/dues/${due._id}/upi-qr.svg`)).body).toBe(qr.body);

    // The printed slip: the balance, the GST and the amount to pay (in words too).
    const slip = await pdfText((await asAdmin('GET', `/api/dues/${due._id}/slip.pdf`)).rawPayload);
    for (const expected of ['Balance (excluding GST) ₹25,000', 'GST 18% ₹4,500', 'Amount to pay ₹29,500', 'Rupees Twenty-Nine Thousand Five Hundred Only']) expect(slip).toContain(expected);

    // Prices including GST again: the page and the slip show the balance alone.
    expect((await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', pricesIncludeTax: true, from: t.today } })).statusCode).toBe(200);
    const inclusive = (await t.app.inject({ method: 'GET', url: `/pay/${token}` })).body;
    expect(inclusive).toContain('Pay ₹25,000 by UPI');
    expect(inclusive).not.toContain('data-gst');
    const plainSlip = await pdfText((await asAdmin('GET', `/api/dues/${due._id}/slip.pdf`)).rawPayload);
    expect(plainSlip).not.toContain('GST 18%');
    expect(plainSlip).toContain('Amount to pay ₹25,000');
  });

  it('with GST off again, receipts are plain; a payer GSTIN is refused', async () => {
    expect((await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: false, from: t.today } })).statusCode).toBe(200);
    const batch = await batchWithPlan('Foundation', 10000);
    const student = await enrolled(batch.id, 'Plain Again');
    const refused = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 5000, date: t.today, mode: 'cash', payerGstin: GSTIN, payerName: 'Shree', payerAddress: 'Latur' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.payerGstin).toContain('GST is not turned on');
    expect((await pay(student.id, 5000)).tax).toBeNull();
  });
});

describe('GST per academy', () => {
  it("one academy's tax settings are not another's", async () => {
    const A = '00000000-0000-4000-8000-0000000000a7';
    const B = '00000000-0000-4000-8000-0000000000b7';
    await withTwoAcademies([{ id: A, slug: 'gst-a', name: 'A' }, { id: B, slug: 'gst-b', name: 'B' }], async (db) => {
      const other = `29AAGCB7383J1Z${gstinCheckCharacter('29AAGCB7383J1Z')}`;
      await withAcademy(A, () => updateTaxSettings(db, null, { gst: { registered: true, gstin: GSTIN, legalName: 'A LLP', rate: 18, sac: '999293', pricesIncludeTax: true } }));
      await withAcademy(B, async () => {
        expect((await getTaxSettings(db)).gst.registered).toBe(false);
        const rows = await db.execute(sql`select count(*)::int as n from gst_registrations`);
        expect(rows.rows[0]).toEqual({ n: 0 });
        await updateTaxSettings(db, null, { gst: { registered: true, gstin: other, legalName: 'B Pvt Ltd', rate: 18, sac: '999293', pricesIncludeTax: true } });
      });
      expect((await withAcademy(A, () => getTaxSettings(db))).gst.gstin).toBe(GSTIN);
    });
  });
});
