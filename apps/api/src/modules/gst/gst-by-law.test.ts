import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { financialYearOf, shiftDate } from '@academy/shared/calendar';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { withTwoAcademies } from '../../../test/second-academy';
import { academyToday } from '../../academy-settings';
import { feeDepositReceiptCounters } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { pdfText, pdfTextAsRead } from '../../../test/pdf-text';
import { printableReceipt } from '../fees/payments.service';
import { receiptPdfIn } from '../fees/receipt-mail';

/**
 * GST by law (issue 72, docs/decisions/062-gst-by-law.md): a CA's worked examples through the API on
 * real PostgreSQL — place of supply by IGST Act s.12, equal CGST and SGST with exact totals, what
 * each document carries (CGST rule 46), bills of supply (rule 49) and deposits that are no supply.
 */
const GSTIN = '27AAPFU0939F1ZV';
const COMPANY_GSTIN = '29AAGCB7383J1Z4';

const t = shareSignedInTestApp();
type Method = 'GET' | 'POST' | 'PUT';
const asAdmin = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });
const paise = (rupees: number) => Math.round(rupees * 100);

beforeAll(async () => {
  const saved = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512', from: t.today } });
  expect(saved.statusCode, saved.body).toBe(200);
});

/** A batch (taught as `delivery`) with a one-instalment plan of `amount`, and a student enrolled (of `state`, with or without an address). */
async function studentIn(name: string, options: { amount: number; delivery?: 'classroom' | 'online'; state?: string; address?: string | null; plan?: object }) {
  const batch = await buildBatch(t.database.db, { name: `${name} batch` });
  if (options.delivery) {
    const current = (await asAdmin('GET', `/api/batches/${batch.id}`)).json().data;
    const body = { name: current.name, standard: current.standard._id, subject: current.subject._id, teacher: current.teacher._id, schedule: current.schedule, startDate: current.startDate, endDate: current.endDate, capacity: current.capacity, delivery: options.delivery };
    const put = await asAdmin('PUT', `/api/batches/${batch.id}`, body);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.delivery).toBe(options.delivery);
  }
  const plan = await asAdmin('POST', '/api/fee-plans', { name: `${name} fees`, batch: batch.id, amount: options.amount, instalments: [{ dueDate: t.today, amount: options.amount }], ...options.plan });
  expect(plan.statusCode, plan.body).toBe(201);
  const student = await buildStudent(t.database.db, { name });
  expect((await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add`)).statusCode).toBe(200);
  const update = await asAdmin('PUT', `/api/students/${student.id}`, { state: options.state ?? null, address: options.address === undefined ? 'Somewhere, Latur' : options.address });
  expect(update.statusCode, update.body).toBe(200);
  return { batch, student };
}
const payment = (studentId: string, amount: number, extra: object = {}) => asAdmin('POST', `/api/students/${studentId}/payments`, { amount, date: t.today, mode: 'cash', ...extra });
async function pay(studentId: string, amount: number, extra: object = {}) {
  const response = await payment(studentId, amount, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
/** The parts of a tax, in paise, adding up to what was paid. */
const partsAddUp = (tax: { taxable: number; cgst: number; sgst: number; igst: number; roundOff: number; exempt: number; deposit: number }) =>
  paise(tax.taxable) + paise(tax.cgst) + paise(tax.sgst) + paise(tax.igst) + paise(tax.roundOff) + paise(tax.exempt) + paise(tax.deposit);

describe('place of supply (IGST Act s.12)', () => {
  it('a batch is taught in the classroom unless it says online; a wrong delivery is refused', async () => {
    const batch = await buildBatch(t.database.db, { name: 'Delivery check' });
    expect((await asAdmin('GET', `/api/batches/${batch.id}`)).json().data.delivery).toBe('classroom');
    const current = (await asAdmin('GET', `/api/batches/${batch.id}`)).json().data;
    const wrong = await asAdmin('PUT', `/api/batches/${batch.id}`, { name: current.name, standard: current.standard._id, subject: current.subject._id, teacher: current.teacher._id, schedule: current.schedule, startDate: current.startDate, endDate: current.endDate, capacity: current.capacity, delivery: 'by post' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.delivery).toBe('Delivery must be classroom or online');
  });

  it('a Karnataka student in a Latur classroom pays CGST + SGST (s.12(5)(b)): Maharashtra', async () => {
    const { student } = await studentIn('Kavya Classroom', { amount: 59000, state: '29' });
    const receipt = await pay(student.id, 59000);
    expect(receipt.tax).toMatchObject({ kind: 'tax-invoice', placeOfSupply: '27', placeOfSupplyName: 'Maharashtra', taxable: 50000, cgst: 4500, sgst: 4500, igst: 0, roundOff: 0 });
  });

  it('an online batch’s student in Karnataka pays IGST (s.12(2)(b)(i)); with no state on record, the academy’s (s.12(2)(b)(ii))', async () => {
    const { student } = await studentIn('Kavya Online', { amount: 59000, delivery: 'online', state: '29' });
    expect((await pay(student.id, 59000)).tax).toMatchObject({ placeOfSupply: '29', taxable: 50000, cgst: 0, sgst: 0, igst: 9000 });
    const { student: nowhere } = await studentIn('Nowhere Online', { amount: 1180, delivery: 'online', state: undefined });
    expect((await pay(nowhere.id, 1180)).tax).toMatchObject({ placeOfSupply: '27', cgst: 90, sgst: 90, igst: 0 });
  });

  it('a company with a Karnataka GSTIN gets IGST and its own name and address on the invoice (s.12(5)(a), rule 46(d)); its name and address are required', async () => {
    const { student } = await studentIn('Sponsored Classroom', { amount: 59000, state: '27' });
    const noAddress = await payment(student.id, 11800, { payerGstin: COMPANY_GSTIN, payerName: 'Bright Tech Pvt Ltd' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors.payerAddress).toContain('payer’s address');
    const noName = await payment(student.id, 11800, { payerGstin: COMPANY_GSTIN, payerAddress: 'MG Road, Bengaluru 560001' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.payerName).toContain('payer’s name');
    const receipt = await pay(student.id, 11800, { payerGstin: COMPANY_GSTIN, payerName: 'Bright Tech Pvt Ltd', payerAddress: 'MG Road, Bengaluru 560001' });
    expect(receipt.tax).toMatchObject({ kind: 'tax-invoice', placeOfSupply: '29', taxable: 10000, igst: 1800, cgst: 0, sgst: 0, payer: { gstin: COMPANY_GSTIN, name: 'Bright Tech Pvt Ltd', address: 'MG Road, Bengaluru 560001' } });
    const printable = await printableReceipt(t.database.db, receipt._id);
    const text = await pdfText(await receiptPdfIn(t.database.db, printable!, 'en'));
    expect(text).toContain('Bright Tech Pvt Ltd');
    expect(text).toContain('MG Road, Bengaluru 560001');
    expect(text).toContain(COMPANY_GSTIN);
    // The invoice is the company's: the student's own address is not the recipient's.
    expect(text).not.toContain('Somewhere, Latur');
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('Tax payable on reverse charge: No');
    expect(text).toContain('Authorised signatory');
    expect(text).toContain('For Shree Classes LLP');
  });
});

describe('equal heads, exact totals', () => {
  it('₹1, ₹1,000.03 and ₹99,999.99 give CGST = SGST and the amount to the paisa', async () => {
    const { student } = await studentIn('Paise Check', { amount: 101001.02 });
    const expected = [
      [1, { taxable: 0.84, cgst: 0.08, sgst: 0.08, roundOff: 0 }],
      [1000.03, { taxable: 847.49, cgst: 76.27, sgst: 76.27, roundOff: 0 }],
      [99999.99, { taxable: 84745.75, cgst: 7627.12, sgst: 7627.12, roundOff: 0 }],
    ] as const;
    for (const [amount, split] of expected) {
      const receipt = await pay(student.id, amount);
      expect(receipt.tax).toMatchObject({ ...split, igst: 0 });
      expect(receipt.tax.cgst).toBe(receipt.tax.sgst);
      expect(partsAddUp(receipt.tax)).toBe(paise(amount));
    }
    // GSTR-1's b2cs therefore has equal camt and samt.
    const gstr1 = (await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${t.today.slice(0, 7)}`)).json();
    for (const row of gstr1.b2cs.filter((entry: { sply_ty: string }) => entry.sply_ty === 'INTRA')) expect(row.camt).toBe(row.samt);
  });

  it('an amount no taxable value meets takes a paisa of round-off, printed on the invoice', async () => {
    const { student } = await studentIn('Round Off', { amount: 100 });
    const receipt = await pay(student.id, 0.19);
    expect(receipt.tax).toMatchObject({ taxable: 0.16, cgst: 0.01, sgst: 0.01, roundOff: 0.01 });
    const printable = await printableReceipt(t.database.db, receipt._id);
    expect(await pdfText(await receiptPdfIn(t.database.db, printable!, 'en'))).toContain('Round off');
  });
});

describe('what each document carries (CGST rule 46)', () => {
  it('₹50,000 or more to a student without an address: asked for at payment, kept on the invoice and printed with the state', async () => {
    const { student } = await studentIn('No Address', { amount: 70000, address: null, state: '27' });
    const refused = await payment(student.id, 59000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.studentAddress).toContain('₹50,000 or more');
    // Below ₹50,000 of taxable value it is not asked for.
    const small = await pay(student.id, 1180);
    expect(small.tax.taxable).toBe(1000);
    const receipt = await pay(student.id, 59000, { studentAddress: 'Ganesh Nagar, Latur 413512' });
    expect(receipt.tax.taxable).toBe(50000);
    const printable = await printableReceipt(t.database.db, receipt._id);
    const text = await pdfText(await receiptPdfIn(t.database.db, printable!, 'en'));
    expect(text).toContain('Ganesh Nagar, Latur 413512');
    expect(text).toContain('Maharashtra (27)');
    // The invoice keeps the address as it was: a later change on the student does not reach it.
    expect((await asAdmin('PUT', `/api/students/${student.id}`, { address: 'Moved away, Pune' })).statusCode).toBe(200);
    const again = await printableReceipt(t.database.db, receipt._id);
    expect(await pdfText(await receiptPdfIn(t.database.db, again!, 'en'))).toContain('Ganesh Nagar, Latur 413512');
  });

  it('the state names are in the reader’s language', async () => {
    const { student } = await studentIn('Marathi Reader', { amount: 1180, state: '29', delivery: 'online' });
    const receipt = await pay(student.id, 1180);
    const printable = await printableReceipt(t.database.db, receipt._id);
    expect(pdfTextAsRead(await receiptPdfIn(t.database.db, printable!, 'mr'))).toContain('कर्नाटक (29)');
    expect(pdfTextAsRead(await receiptPdfIn(t.database.db, printable!, 'hi'))).toContain('कर्नाटक (29)');
  });
});

describe('exempt money and deposits (CGST rule 49, s.2(31))', () => {
  it('a fully exempt receipt is a bill of supply; a mixed one an invoice-cum-bill of supply with both parts', async () => {
    const { student } = await studentIn('Books Only', { amount: 3000, plan: { taxable: false } });
    const bill = await pay(student.id, 3000);
    expect(bill.tax).toMatchObject({ kind: 'bill-of-supply', taxable: 0, cgst: 0, sgst: 0, igst: 0, exempt: 3000 });
    const printable = await printableReceipt(t.database.db, bill._id);
    const text = await pdfText(await receiptPdfIn(t.database.db, printable!, 'en'));
    expect(text).toContain('Fee receipt cum bill of supply');
    expect(text).not.toContain('tax invoice');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('reverse charge');

    // Tuition and books in one payment: an invoice-cum-bill of supply (rule 46A) with the taxable and the exempt part.
    const { batch, student: both } = await studentIn('Tuition And Books', { amount: 1180 });
    const books = await asAdmin('POST', '/api/fee-plans', { name: 'Books', batch: batch.id, amount: 500, taxable: false, instalments: [{ dueDate: shiftDate(t.today, 1), amount: 500 }] });
    expect(books.statusCode, books.body).toBe(201);
    const mixed = await pay(both.id, 1680);
    expect(mixed.tax).toMatchObject({ kind: 'tax-invoice', taxable: 1000, cgst: 90, sgst: 90, exempt: 500 });
    const mixedText = await pdfText(await receiptPdfIn(t.database.db, (await printableReceipt(t.database.db, mixed._id))!, 'en'));
    expect(mixedText).toContain('Fee receipt cum invoice-cum-bill of supply');
    expect(mixedText).toContain('Exempt (no GST)');
    expect(mixedText).toContain('CGST @ 9 %');
  });

  it('a refundable deposit is no supply: out of the invoice’s tax and out of GSTR-1; a deposit alone is a plain receipt', async () => {
    const { batch, student } = await studentIn('Deposit Payer', { amount: 11800 });
    const deposit = await asAdmin('POST', '/api/fee-plans', { name: 'Library deposit', batch: batch.id, amount: 5000, deposit: true, instalments: [{ dueDate: shiftDate(t.today, 1), amount: 5000 }] });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json().data).toMatchObject({ deposit: true, taxable: false });
    const mixed = await pay(student.id, 16800);
    expect(mixed.tax).toMatchObject({ kind: 'tax-invoice', taxable: 10000, cgst: 900, sgst: 900, exempt: 0, deposit: 5000 });
    const printable = await printableReceipt(t.database.db, mixed._id);
    expect(await pdfText(await receiptPdfIn(t.database.db, printable!, 'en'))).toContain('Refundable deposit (not a supply)');

    const { batch: depositBatch, student: depositOnly } = await studentIn('Deposit Only', { amount: 2000, plan: { deposit: true } });
    expect(depositBatch.id).toBeTruthy();
    const plain = await pay(depositOnly.id, 2000);
    expect(plain.tax).toBeNull();

    const gstr1 = (await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${t.today.slice(0, 7)}`)).json();
    const exempt = (gstr1.nil?.inv ?? []).reduce((sum: number, row: { expt_amt: number }) => sum + row.expt_amt, 0);
    // Only the books (₹3,000 and ₹500, the test above) are exempt: no deposit reaches nil, b2cs or the SAC summary.
    expect(exempt).toBe(3500);
    const month = (await asAdmin('GET', `/api/fees/gst?period=${t.today.slice(0, 7)}`)).json().data;
    const row = month.documents.find((doc: { number: string }) => doc.number === mixed.number);
    expect(row.value).toBe(11800);
    expect(month.documents.some((doc: { number: string }) => doc.number === plain.number)).toBe(false);
  });

  it('a deposit-only receipt takes the deposit receipts’ series, DR/…, so the tax invoices’ numbers stay consecutive in Table 13', async () => {
    const { student: first } = await studentIn('Series Invoice One', { amount: 1180 });
    const { student: depositor } = await studentIn('Series Deposit', { amount: 2000, plan: { deposit: true } });
    const { student: second } = await studentIn('Series Invoice Two', { amount: 1180 });
    const before = await pay(first.id, 1180);
    const deposit = await pay(depositor.id, 2000);
    const after = await pay(second.id, 1180);
    expect(deposit.tax).toBeNull();
    const year = before.number.slice(0, 7);
    expect(deposit.number).toMatch(new RegExp(`^DR/${year}/\\d{4}$`));
    // The invoice after the deposit follows the one before it: no number of the series went to the deposit.
    expect(Number(after.number.slice(-4))).toBe(Number(before.number.slice(-4)) + 1);
    const gstr1 = (await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${t.today.slice(0, 7)}`)).json();
    const invoices = gstr1.doc_issue.doc_det.find((entry: { doc_num: number }) => entry.doc_num === 1).docs;
    expect(invoices.every((doc: { from: string; to: string }) => !doc.from.startsWith('DR/') && !doc.to.startsWith('DR/'))).toBe(true);
    // Every number from the first to the last of the series is a tax document (totnum is the range's length).
    for (const doc of invoices as { from: string; to: string; totnum: number }[]) expect(doc.totnum).toBe(Number(doc.to.slice(-4)) - Number(doc.from.slice(-4)) + 1);
  });
});

describe('deposit receipts’ series per academy (decision 071, migration 0081)', () => {
  it('academy B neither sees nor advances academy A’s DR/ counter', async () => {
    const A = '00000000-0000-4000-8000-0000000008a1';
    const B = '00000000-0000-4000-8000-0000000008b1';
    await withTwoAcademies([{ id: A, slug: 'dr-a', name: 'A Classes' }, { id: B, slug: 'dr-b', name: 'B Classes' }], async (db, many) => {
      const year = financialYearOf(await withAcademy(A, () => academyToday(db)));
      await withAcademy(A, () => db.insert(feeDepositReceiptCounters).values({ financialYear: year, lastSeq: 3 }));
      /** An academy's admin signed in at its own address, with a deposit-only student owing ₹2,000; answers a payment of it. */
      const depositPaidAt = async (academyId: string, slug: string) => {
        const admin = await withAcademy(academyId, () => buildUser(db, { role: 'admin' }));
        const login = await many.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: `${slug}.localhost` }, payload: { email: admin.email, password: TEST_PASSWORD } });
        const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
        const headers = { host: `${slug}.localhost`, cookie: `${cookie.name}=${cookie.value}` };
        const call = (method: Method, url: string, payload?: object) => many.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect((await call('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: `${slug} Classes`, address: 'Latur' } })).statusCode).toBe(200);
        const { batch, student } = await withAcademy(academyId, async () => ({ batch: await buildBatch(db, { name: `${slug} library` }), student: await buildStudent(db, { name: `${slug} depositor` }) }));
        const today = await withAcademy(academyId, () => academyToday(db));
        expect((await call('POST', '/api/fee-plans', { name: 'Library deposit', batch: batch.id, amount: 2000, deposit: true, instalments: [{ dueDate: today, amount: 2000 }] })).statusCode).toBe(201);
        expect((await call('PUT', `/api/batches/${batch.id}/students/${student.id}/add`)).statusCode).toBe(200);
        const paid = await call('POST', `/api/students/${student.id}/payments`, { amount: 2000, date: today, mode: 'cash' });
        expect(paid.statusCode, paid.body).toBe(201);
        return paid.json().data as { number: string; tax: unknown };
      };
      // B's first deposit receipt is B's 0001: A's counter (at 3) is not B's to see or take from.
      const inB = await depositPaidAt(B, 'dr-b');
      expect(inB).toMatchObject({ number: `DR/${year}/0001`, tax: null });
      expect((await withAcademy(B, () => db.execute(sql`select last_seq from fee_deposit_receipt_counters`))).rows).toEqual([{ last_seq: 1 }]);
      expect((await withAcademy(A, () => db.execute(sql`select last_seq from fee_deposit_receipt_counters`))).rows).toEqual([{ last_seq: 3 }]);
      // A's next one follows A's own series.
      expect((await depositPaidAt(A, 'dr-a')).number).toBe(`DR/${year}/0004`);
      expect((await withAcademy(B, () => db.execute(sql`select last_seq from fee_deposit_receipt_counters`))).rows).toEqual([{ last_seq: 1 }]);
    });
  });
});
