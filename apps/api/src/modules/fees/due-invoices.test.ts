import { afterEach, describe, expect, it, vi } from 'vitest';
import { shiftDate, todayIn } from '@academy/shared/calendar';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildAcademies, buildBatch, buildStudent } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { feeDueInvoices } from '../../db/schema';
import { upiQrSvg } from './upi-qr';
import { carryOverBalances } from './carry-over';
import { withAcademy } from '../../lib/tenancy';

/**
 * Instalments as a continuous supply (CGST Act s.31(5), decision 070): with "on each due date" an
 * instalment of ₹6,000 at 18 % is invoiced on its due date unpaid and listed in that month's GSTR-1; a
 * payment the next month is a receipt naming the invoice, never a second invoice.
 */
const GSTIN = '27AAPFU0939F1ZV';
const t = shareSignedInTestApp();
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });
afterEach(() => vi.useRealTimers());

const today = () => todayIn('Asia/Kolkata');
const month = (date: string) => date.slice(0, 7);

async function settings(pricesIncludeTax: boolean, instalmentInvoicing?: 'due-date' | 'when-paid') {
  const saved = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', pricesIncludeTax, ...(instalmentInvoicing ? { instalmentInvoicing } : {}) } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data.gst;
}

/** A student enrolled today in a batch whose plan has an instalment of `amount` due today (and, optionally, one next month). */
async function studentOwing(name: string, amount = 6000, later?: number) {
  const batch = await buildBatch(t.database.db, { name });
  const instalments = [{ dueDate: today(), amount }, ...(later ? [{ dueDate: shiftDate(today(), 40), amount: later }] : [])];
  const plan = await asAdmin('POST', '/api/fee-plans', { name: `${name} fees`, batch: batch.id, amount: amount + (later ?? 0), instalments });
  expect(plan.statusCode, plan.body).toBe(201);
  const student = await buildStudent(t.database.db, { name });
  expect((await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add`)).statusCode).toBe(200);
  return student;
}
const ledger = async (studentId: string) => (await asAdmin('GET', `/api/students/${studentId}/fees`)).json().data;
const issue = async () => {
  const response = await asAdmin('POST', '/api/fees/due-invoices/issue');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.issued as number;
};

describe('instalments invoiced on their due dates', () => {
  it('₹6,000 + 18 % is invoiced on its due date unpaid, in that month’s GSTR-1; paid next month it is a receipt, not a new invoice; the job run twice issues once', async () => {
    expect((await settings(false)).instalmentInvoicing).toBe('due-date');
    const student = await studentOwing('Due Date Excl');
    expect(await issue()).toBe(1);
    expect(await issue()).toBe(0);
    const due = (await ledger(student.id)).dues[0];
    expect(due.invoice).toMatchObject({ date: today(), amount: 7080, taxable: 6000, tax: 1080, left: 7080 });
    expect(due.paid).toBe(0);
    // The office's dues list shows the same invoice and owes what is left on it, as the ledger.
    expect(due.gst).toEqual({ tax: 1080, total: 7080 });
    const listRow = (await asAdmin('GET', '/api/fees/dues?search=Due%20Date%20Excl')).json().data.dues[0];
    expect(listRow).toMatchObject({ _id: due._id, invoice: due.invoice, gst: { tax: 1080, total: 7080 } });
    // The UPI request, its QR code and the printed slip ask for the same ₹7,080, even once today's settings quote prices including GST.
    await settings(true);
    expect((await asAdmin('PUT', '/api/admin/settings/payments', { upi: { vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' } })).statusCode).toBe(200);
    const upi = (await ledger(student.id)).dues[0].upi;
    expect(upi.link).toContain('am=7080.00&');
    expect((await asAdmin('GET', `/api/dues/${due._id}/upi-qr.svg`)).body).toBe(await upiQrSvg(upi.link));
    expect(await pdfText((await asAdmin('GET', `/api/dues/${due._id}/slip.pdf`)).rawPayload)).toContain('Amount to pay ₹7,080');
    await settings(false);

    const gst = (await asAdmin('GET', `/api/fees/gst?period=${month(today())}`)).json().data;
    const listed = gst.documents.filter((doc: { dueInvoiceId: string | null }) => doc.dueInvoiceId === due.invoice._id);
    expect(listed).toEqual([expect.objectContaining({ kind: 'invoice', number: due.invoice.number, value: 7080, taxable: 6000, cgst: 540, sgst: 540, igst: 0, table: 'b2cs' })]);
    const json = (await asAdmin('GET', `/api/fees/gst/gstr1.json?period=${month(today())}`)).json();
    expect(json.doc_issue.doc_det[0].doc_num).toBe(1);

    // The next month: paid in full, a receipt naming the invoice (tax: null), the due paid.
    vi.useFakeTimers({ toFake: ['Date'] });
    const next = shiftDate(today(), 35);
    vi.setSystemTime(new Date(`${next}T12:00:00+05:30`));
    const paid = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 7080, date: next, mode: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = paid.json().data;
    expect(receipt.tax).toBeNull();
    expect(receipt.settlesInvoices).toEqual([{ _id: due.invoice._id, number: due.invoice.number, date: due.invoice.date, amount: 7080 }]);
    expect(receipt.allocations).toEqual([expect.objectContaining({ amount: 6000 })]);
    expect(receipt.balanceAfter).toBe(0);
    const after = await ledger(student.id);
    expect(after.dues[0]).toMatchObject({ paid: 6000, balance: 0, invoice: { left: 0 } });
    // Not in the next month's GSTR-1 as a new invoice.
    const nextMonth = (await asAdmin('GET', `/api/fees/gst?period=${month(next)}`)).json().data;
    expect(nextMonth.documents.filter((doc: { student: { _id: string } }) => doc.student._id === student.id)).toEqual([]);
    // The invoice opens as its PDF; the receipt's PDF names the invoice.
    const pdf = await asAdmin('GET', `/api/fees/due-invoices/${due.invoice._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('prices including GST: ₹6,000 is 5,084.74 + 457.63 + 457.63; a part payment and a payment over an invoiced and an un-invoiced instalment split clearly', async () => {
    await settings(true, 'due-date');
    const student = await studentOwing('Due Date Incl', 6000, 1000);
    expect(await issue()).toBe(1);
    const due = (await ledger(student.id)).dues[0];
    expect(due.invoice).toMatchObject({ amount: 6000, taxable: 5084.74, tax: 915.26 });
    const part = (await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 3000, date: today(), mode: 'cash' })).json().data;
    expect(part.tax).toBeNull();
    expect(part.settlesInvoices[0]).toMatchObject({ amount: 3000 });
    // ₹3,000 left on the invoice and ₹1,000 of next month's instalment, not yet invoiced: one receipt, two parts.
    const mixed = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 4000, date: today(), mode: 'cash' });
    expect(mixed.statusCode, mixed.body).toBe(201);
    const receipt = mixed.json().data;
    expect(receipt.settlesInvoices[0]).toMatchObject({ number: due.invoice.number, amount: 3000 });
    expect(receipt.tax).toMatchObject({ kind: 'tax-invoice', taxable: 847.46, cgst: 76.27, sgst: 76.27, settled: 3000 });
    const gst = (await asAdmin('GET', `/api/fees/gst?period=${month(today())}`)).json().data;
    const mine = gst.documents.filter((doc: { student: { _id: string } }) => doc.student._id === student.id);
    // The invoice of the due date (₹6,000) and the tax invoice of the un-invoiced ₹1,000: the tax is counted once.
    expect(mine.map((doc: { value: number }) => doc.value).sort()).toEqual([1000, 6000]);
  });

  it('“when paid” keeps invoicing each payment; an invoiced due is never lowered silently, removed it gets a credit note; academy B sees none of it', async () => {
    await settings(true, 'when-paid');
    const plain = await studentOwing('When Paid');
    expect(await issue()).toBe(0);
    const paid = (await asAdmin('POST', `/api/students/${plain.id}/payments`, { amount: 6000, date: today(), mode: 'cash' })).json().data;
    expect(paid.tax).toMatchObject({ kind: 'tax-invoice', taxable: 5084.74, cgst: 457.63, sgst: 457.63 });
    expect(paid.settlesInvoices).toEqual([]);

    await settings(true, 'due-date');
    const student = await studentOwing('Credit Due');
    expect(await issue()).toBe(1);
    const due = (await ledger(student.id)).dues[0];
    const concession = await asAdmin('POST', `/api/students/${student.id}/concessions`, { kind: 'amount', amount: 500, reason: 'Sibling' });
    expect(concession.statusCode).toBe(409);
    expect(concession.json().message).toContain(`tax invoice ${due.invoice.number}`);
    const cancelled = await asAdmin('POST', `/api/fees/due-invoices/${due.invoice._id}/cancel`, { reason: 'Sibling concession' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const creditNote: string = cancelled.json().data.creditNote;
    expect(creditNote).toMatch(/^CN\//);
    expect((await asAdmin('GET', `/api/fees/credit-notes/${encodeURIComponent(creditNote)}.pdf`)).statusCode).toBe(200);
    expect((await ledger(student.id)).dues[0].invoice).toBeNull();

    const B = '00000000-0000-4000-8000-0000000007b0';
    await buildAcademies(t.database.db, { id: B, slug: 'due-b', name: 'B Classes' });
    expect(await withAcademy(B, () => t.database.db.select().from(feeDueInvoices))).toEqual([]);
    expect((await t.database.db.select().from(feeDueInvoices)).length).toBeGreaterThan(0);
  });

  it('the new year’s carry-over leaves an invoiced due as it is (its invoice stands and its payment settles it); an un-invoiced one is carried', async () => {
    await settings(false, 'due-date');
    const invoiced = await studentOwing('Carry Invoiced');
    // (The earlier test's due, its invoice cancelled, is invoiced again with it.)
    expect(await issue()).toBeGreaterThanOrEqual(1);
    const due = (await ledger(invoiced.id)).dues[0];
    await settings(false, 'when-paid');
    const plain = await studentOwing('Carry Plain');
    const tomorrow = shiftDate(today(), 1);
    const carried = await t.database.db.transaction((tx) => carryOverBalances(tx, { before: tomorrow, dueDate: tomorrow, label: 'Previous year balance 2026-27' }));
    expect(carried.carriedDueIds).not.toContain(due._id);
    expect(carried.carriedDueIds).toContain((await ledger(plain.id)).dues.find((row: { status: string }) => row.status === 'carried_over')?._id);
    // Never invoiced twice: the invoiced due is still open with its invoice, and its payment is a receipt naming it.
    const kept = await ledger(invoiced.id);
    expect(kept.dues).toHaveLength(1);
    expect(kept.dues[0]).toMatchObject({ _id: due._id, balance: 6000, invoice: { number: due.invoice.number, left: 7080 } });
    const paid = await asAdmin('POST', `/api/students/${invoiced.id}/payments`, { amount: 7080, date: today(), mode: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ tax: null, settlesInvoices: [expect.objectContaining({ number: due.invoice.number, amount: 7080 })] });
  });
});
