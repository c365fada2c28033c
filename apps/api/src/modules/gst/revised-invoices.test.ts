import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { revisedInvoiceLastDate } from '@academy/shared/gst';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { withTwoAcademies } from '../../../test/second-academy';
import { pdfTextAsRead } from '../../../test/pdf-text';
import { feeRevisedInvoiceCounters } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';

/**
 * A registration dated back (decision 063; CGST Act s.31(3)(a), Rule 53(2)): the payments received
 * between the registration's effective date and the certificate, made plain receipts, get revised tax
 * invoices in their own series, previewed first, within one month of the certificate; GSTR-1 lists them.
 */
const GSTIN = '27AAPFU0939F1ZV';
const t = shareSignedInTestApp();
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t.adminCookie, method, url, payload);
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('revised invoices', () => {
  it('one month from the certificate', () => {
    expect(revisedInvoiceLastDate('2026-11-05')).toBe('2026-12-05');
    expect(revisedInvoiceLastDate('2026-01-31')).toBe('2026-02-28');
    expect(revisedInvoiceLastDate('2026-12-15')).toBe('2027-01-15');
  });

  it('previews the window’s plain receipts, issues RI/ invoices once, lists them in GSTR-1 (b2cs and Table 13 "Revised Invoice"); refused after a month', async () => {
    const today = t.today;
    const batch = await buildBatch(t.database.db, { name: 'Dated back' });
    const plan = await asAdmin('POST', '/api/fee-plans', { name: 'Dated back fees', batch: batch.id, amount: 59000, instalments: [{ dueDate: today, amount: 59000 }] });
    expect(plan.statusCode, plan.body).toBe(201);
    const student = await buildStudent(t.database.db, { name: 'Window Student' });
    expect((await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add`)).statusCode).toBe(200);
    const pay = async (amount: number, date: string) => {
      const response = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount, date, mode: 'cash' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    const before = await pay(1000, shift(today, -20)); // before the effective date: stays plain
    const first = await pay(11800, shift(today, -10));
    const second = await pay(5900, shift(today, -5));
    const cancelled = await pay(100, shift(today, -5));
    expect((await asAdmin('POST', `/api/receipts/${cancelled._id}/cancel`, { reason: 'Typed twice' })).statusCode).toBe(200);
    expect(first.tax).toBeNull();

    // The registration is granted from 15 days ago; the certificate was issued 2 days ago.
    const saved = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', from: shift(today, -15) } });
    expect(saved.statusCode, saved.body).toBe(200);
    const certificateDate = shift(today, -2);
    const url = `/api/fees/gst/revised-invoices?certificateDate=${certificateDate}`;
    const preview = await asAdmin('GET', url);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ certificateDate, lastDate: revisedInvoiceLastDate(certificateDate), allowed: true });
    expect(preview.json().data.invoices).toEqual([
      { receiptId: first._id, receiptNumber: first.number, date: first.date, student: { _id: student.id, name: 'Window Student' }, number: null, amount: 11800, taxable: 10000, cgst: 900, sgst: 900, igst: 0, exempt: 0, placeOfSupply: '27' },
      { receiptId: second._id, receiptNumber: second.number, date: second.date, student: { _id: student.id, name: 'Window Student' }, number: null, amount: 5900, taxable: 5000, cgst: 450, sgst: 450, igst: 0, exempt: 0, placeOfSupply: '27' },
    ]);
    // A preview writes nothing.
    expect((await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data.payments.find((entry: { _id: string }) => entry._id === first._id).tax).toBeNull();

    // Bad or future certificate date, a teacher: refused.
    expect((await asAdmin('GET', '/api/fees/gst/revised-invoices?certificateDate=yesterday')).statusCode).toBe(400);
    const future = await asAdmin('POST', '/api/fees/gst/revised-invoices', { certificateDate: shift(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.certificateDate).toContain('registration certificate');
    const teacher = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
    expect((await call(teacher, 'GET', url)).statusCode).toBe(403);
    expect((await call(teacher, 'POST', '/api/fees/gst/revised-invoices', { certificateDate })).statusCode).toBe(403);

    const issued = await asAdmin('POST', '/api/fees/gst/revised-invoices', { certificateDate });
    expect(issued.statusCode, issued.body).toBe(200);
    const fy = issued.json().data.invoices[0].number.slice(3, 10);
    expect(issued.json().data.invoices.map((entry: { number: string }) => entry.number)).toEqual([`RI/${fy}/0001`, `RI/${fy}/0002`]);
    const payments = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data.payments as { _id: string; number: string; tax: Record<string, unknown> | null }[];
    const revised = payments.find((entry) => entry._id === first._id)!;
    expect(revised.number).toBe(first.number);
    expect(revised.tax).toMatchObject({ kind: 'revised-invoice', number: `RI/${fy}/0001`, date: today, taxable: 10000, cgst: 900, sgst: 900, gstin: GSTIN });
    expect(payments.find((entry) => entry._id === before._id)!.tax).toBeNull();
    expect(payments.find((entry) => entry._id === cancelled._id)!.tax).toBeNull();
    // Issued once: again finds none.
    expect((await asAdmin('POST', '/api/fees/gst/revised-invoices', { certificateDate })).json().data.invoices).toEqual([]);

    // The PDF is a revised invoice naming the receipt it revises.
    const pdf = pdfTextAsRead((await asAdmin('GET', `/api/receipts/${first._id}/pdf`)).rawPayload);
    expect(pdf).toContain('Revised tax invoice');
    expect(pdf).toContain(`RI/${fy}/0001`);
    expect(pdf).toContain(`Revises receipt`);

    // GSTR-1 of this month: b2cs and Table 13's "Revised Invoice" (doc_num 3).
    const period = today.slice(0, 7);
    const json = (await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${period}`)).json();
    expect(json.b2cs).toEqual([{ sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 15000, iamt: 0, camt: 1350, samt: 1350, csamt: 0 }]);
    expect(json.doc_issue.doc_det).toEqual([{ doc_num: 3, docs: [{ num: 1, from: `RI/${fy}/0001`, to: `RI/${fy}/0002`, totnum: 2, cancel: 0, net_issue: 2 }] }]);
    const month = (await asAdmin('GET', `/api/fees/gst?period=${period}`)).json().data;
    expect(month.documents.map((doc: { kind: string; number: string; invoiceNumber: string }) => `${doc.kind} ${doc.number} ${doc.invoiceNumber}`)).toEqual([
      `revised_invoice RI/${fy}/0001 ${first.number}`,
      `revised_invoice RI/${fy}/0002 ${second.number}`,
    ]);

    // A certificate more than a month ago: the preview says so, issuing is refused.
    const old = shift(today, -40);
    expect((await asAdmin('GET', `/api/fees/gst/revised-invoices?certificateDate=${old}`)).json().data.allowed).toBe(false);
    const late = await asAdmin('POST', '/api/fees/gst/revised-invoices', { certificateDate: old });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('one month from the registration certificate (CGST Rule 53(2))');
  });
});

describe('revised invoice numbers per academy', () => {
  it("one academy's series is not another's", async () => {
    const A = '00000000-0000-4000-8000-0000000000a8';
    const B = '00000000-0000-4000-8000-0000000000b8';
    await withTwoAcademies([{ id: A, slug: 'ri-a', name: 'A' }, { id: B, slug: 'ri-b', name: 'B' }], async (db) => {
      await withAcademy(A, () => db.insert(feeRevisedInvoiceCounters).values({ financialYear: '2026-27', lastSeq: 3 }));
      await withAcademy(B, async () => {
        expect((await db.execute(sql`select count(*)::int as n from fee_revised_invoice_counters`)).rows[0]).toEqual({ n: 0 });
      });
      expect((await withAcademy(A, () => db.execute(sql`select last_seq from fee_revised_invoice_counters`))).rows).toEqual([{ last_seq: 3 }]);
    });
  });
});

describe('revised invoices and the dues screens follow the payments’ place of supply (decision 062)', () => {
  // A fresh academy: it saved "not registered" before its certificate came.
  const a = shareSignedInTestApp();
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => a.app.inject({ method, url, headers: { cookie: a.adminCookie }, ...(payload ? { payload } : {}) });
  const registration = { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512' };

  it('a Karnataka student in the Latur classroom: CGST + SGST; an online batch’s student in Karnataka: IGST — in the revised invoice, and in the “+ GST” of a due as in its payment', async () => {
    const today = a.today;
    expect((await admin('PUT', '/api/admin/settings/tax', { gst: { registered: false } })).statusCode).toBe(200);
    const classroom = await buildBatch(a.database.db, { name: 'Latur classroom' });
    const online = await buildBatch(a.database.db, { name: 'Online', delivery: 'online' });
    const enrol = async (batchId: string, name: string) => {
      const student = await buildStudent(a.database.db, { name });
      expect((await admin('PUT', `/api/batches/${batchId}/students/${student.id}/add`)).statusCode).toBe(200);
      expect((await admin('PUT', `/api/students/${student.id}`, { state: 'Karnataka' })).statusCode).toBe(200);
      return student;
    };
    const inClassroom = await enrol(classroom.id, 'Kavya Classroom');
    const taughtOnline = await enrol(online.id, 'Kavya Online');
    for (const batch of [classroom, online]) {
      const plan = await admin('POST', '/api/fee-plans', { name: `${batch.name} fees`, batch: batch.id, amount: 11800, instalments: [{ dueDate: shift(today, -5), amount: 11800 }] });
      expect(plan.statusCode, plan.body).toBe(201);
    }
    const pay = async (studentId: string, amount: number, date = today) => {
      const response = await admin('POST', `/api/students/${studentId}/payments`, { amount, date, mode: 'cash' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    const classroomReceipt = await pay(inClassroom.id, 11800, shift(today, -2));
    const onlineReceipt = await pay(taughtOnline.id, 11800, shift(today, -2));
    expect(classroomReceipt.tax).toBeNull();

    // The certificate: registered from three days ago. Dated back over days saved "not registered": accepted (decision 076) …
    const datedBack = await admin('PUT', '/api/admin/settings/tax', { gst: { ...registration, from: shift(today, -3) } });
    expect(datedBack.statusCode, datedBack.body).toBe(200);
    // … but never over days already registered, nor turning GST off backwards.
    const over = await admin('PUT', '/api/admin/settings/tax', { gst: { ...registration, rate: 12, from: shift(today, -2) } });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.from).toContain('never backwards');
    expect((await admin('PUT', '/api/admin/settings/tax', { gst: { registered: false, from: shift(today, -1) } })).statusCode).toBe(400);

    const preview = (await admin('GET', `/api/fees/gst/revised-invoices?certificateDate=${shift(today, -1)}`)).json().data;
    const revisedOf = (receipt: { _id: string }) => preview.invoices.find((entry: { receiptId: string }) => entry.receiptId === receipt._id);
    // IGST Act s.12(5)(b): the classroom is where coaching is performed, whatever the student's home state.
    expect(revisedOf(classroomReceipt)).toMatchObject({ placeOfSupply: '27', taxable: 10000, cgst: 900, sgst: 900, igst: 0 });
    // s.12(2)(b)(i): online, the recipient's location on record.
    expect(revisedOf(onlineReceipt)).toMatchObject({ placeOfSupply: '29', taxable: 10000, cgst: 0, sgst: 0, igst: 1800 });
    const issued = (await admin('POST', '/api/fees/gst/revised-invoices', { certificateDate: shift(today, -1) })).json().data;
    expect(issued.invoices.map((entry: { placeOfSupply: string }) => entry.placeOfSupply).sort()).toEqual(['27', '29']);

    // Prices excluding GST from today: a ₹1,000.03 due shows the tax its payment will charge — 2 × ₹90.00 in the
    // classroom, the rounded 18 % (₹180.01) online to Karnataka — on the ledger, the dues list and the payment.
    expect((await admin('PUT', '/api/admin/settings/tax', { gst: { ...registration, pricesIncludeTax: false, instalmentInvoicing: 'when-paid' } })).statusCode).toBe(200);
    for (const batch of [classroom, online]) {
      const plan = await admin('POST', '/api/fee-plans', { name: `${batch.name} test series`, batch: batch.id, amount: 1000.03, instalments: [{ dueDate: today, amount: 1000.03 }] });
      expect(plan.statusCode, plan.body).toBe(201);
    }
    const onTop = async (studentId: string) => {
      const ledger = (await admin('GET', `/api/students/${studentId}/fees`)).json().data;
      return { due: ledger.dues.find((due: { balance: number }) => due.balance > 0).gst, total: ledger.gst };
    };
    expect(await onTop(inClassroom.id)).toEqual({ due: { tax: 180, total: 1180.03 }, total: { rate: 18, tax: 180, total: 1180.03 } });
    expect(await onTop(taughtOnline.id)).toEqual({ due: { tax: 180.01, total: 1180.04 }, total: { rate: 18, tax: 180.01, total: 1180.04 } });
    const list = (await admin('GET', '/api/fees/dues?search=Kavya')).json().data.dues as { student: { name: string }; gst: unknown }[];
    expect(list.find((due) => due.student.name === 'Kavya Online')!.gst).toEqual({ tax: 180.01, total: 1180.04 });
    expect(list.find((due) => due.student.name === 'Kavya Classroom')!.gst).toEqual({ tax: 180, total: 1180.03 });
    // The payments charge exactly that: one paisa more is refused, the shown total is a whole invoice.
    const tooMuch = await admin('POST', `/api/students/${taughtOnline.id}/payments`, { amount: 1180.05, date: today, mode: 'cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect((await pay(taughtOnline.id, 1180.04)).tax).toMatchObject({ placeOfSupply: '29', taxable: 1000.03, igst: 180.01, cgst: 0, sgst: 0, roundOff: 0 });
    expect((await pay(inClassroom.id, 1180.03)).tax).toMatchObject({ placeOfSupply: '27', taxable: 1000.03, cgst: 90, sgst: 90, igst: 0, roundOff: 0 });
  });
});
