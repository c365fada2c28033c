import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditNoteLastDate } from '@academy/shared/gst';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { pdfTextAsRead } from '../../../test/pdf-text';

/**
 * Credit notes as documents (decision 063): their own PDF (CGST Rule 53(1A)) and the last date the law
 * allows one (CGST Act s.34(2): 30 November after the end of the supply's financial year). "Today" is
 * the clock's, moved in the tests.
 */
const GSTIN = '27AAPFU0939F1ZV';
const t = shareSignedInTestApp();
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t.adminCookie, method, url, payload);
const at = (date: string) => vi.setSystemTime(new Date(`${date}T12:00:00+05:30`));
afterEach(() => vi.useRealTimers());

async function studentOwing(name: string, amount = 59000) {
  const batch = await buildBatch(t.database.db, { name });
  const plan = await asAdmin('POST', '/api/fee-plans', { name: `${name} fees`, batch: batch.id, amount, instalments: [{ dueDate: '2024-06-01', amount }] });
  expect(plan.statusCode, plan.body).toBe(201);
  const student = await buildStudent(t.database.db, { name });
  expect((await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add`)).statusCode).toBe(200);
  return student;
}
const pay = async (studentId: string, amount: number, date: string) => {
  const response = await asAdmin('POST', `/api/students/${studentId}/payments`, { amount, date, mode: 'cash' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};

describe('credit notes', () => {
  it('the last date is 30 November after the financial year of the supply', () => {
    expect(creditNoteLastDate('2025-04-01')).toBe('2026-11-30');
    expect(creditNoteLastDate('2026-03-31')).toBe('2026-11-30');
    expect(creditNoteLastDate('2025-03-31')).toBe('2025-11-30');
  });

  it('a credit note is its own PDF for the office and the family; another family, a teacher and a wrong number get nothing; refused after 30 November', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2025-11-28');
    const saved = await asAdmin('PUT', '/api/admin/settings/tax', { gst: { registered: true, gstin: GSTIN, legalName: 'Shree Classes LLP', address: 'Station Road, Latur 413512', from: '2024-04-01' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const older = await studentOwing('Older Year');
    const oldInvoice = await pay(older.id, 11800, '2025-03-20'); // FY 2024-25
    const student = await studentOwing('Aarav Credit');
    const invoice = await pay(student.id, 11800, '2025-06-10'); // FY 2025-26
    expect(invoice.tax).toMatchObject({ kind: 'tax-invoice', number: invoice.number, date: '2025-06-10' });

    // 28 November 2026: FY 2025-26 may still be credited (until 30-11-2026); FY 2024-25 may not (until 30-11-2025).
    at('2026-11-28');
    const late = await asAdmin('POST', `/api/receipts/${oldInvoice._id}/cancel`, { reason: 'Left the course' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A credit note for a supply of the financial year 2024-25 could be issued until 30-11-2025 (CGST Act section 34(2)); this invoice can no longer be cancelled');
    const cancelled = await asAdmin('POST', `/api/receipts/${invoice._id}/cancel`, { reason: 'Left the course' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const number: string = cancelled.json().data.creditNote.number;
    expect(number).toBe('CN/2026-27/0001');

    const url = `/api/fees/credit-notes/${encodeURIComponent(number)}.pdf`;
    const pdf = await asAdmin('GET', url);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('credit-note-CN-2026-27-0001.pdf');
    const text = pdfTextAsRead(pdf.rawPayload);
    for (const expected of ['Credit note', number, '28-11-2026', `${invoice.number} dated 10-06-2025`, 'Shree Classes LLP', GSTIN, 'Aarav Credit', 'Maharashtra (27)', 'Left the course', '10,000', '900', '11,800']) {
      expect(text).toContain(expected);
    }
    // The family reads it as its receipt; in Marathi when asked.
    const studentCookie = await loginAs(t.app, student.user.email);
    expect((await call(studentCookie, 'GET', url)).statusCode).toBe(200);
    const parent = await buildParent(t.database.db, { studentIds: [student.id], language: 'mr' });
    const parentCookie = await loginAs(t.app, parent.user.email);
    const marathi = await t.app.inject({ method: 'GET', url, headers: { cookie: parentCookie } });
    expect(marathi.statusCode).toBe(200);
    expect(pdfTextAsRead(marathi.rawPayload)).toContain('क्रेडिट नोट');
    const other = await buildStudent(t.database.db, { name: 'Other Family' });
    expect((await call(await loginAs(t.app, other.user.email), 'GET', url)).statusCode).toBe(404);
    expect((await call(await loginAs(t.app, (await buildTeacher(t.database.db)).user.email), 'GET', url)).statusCode).toBe(403);
    expect((await asAdmin('GET', `/api/fees/credit-notes/${encodeURIComponent('CN/2026-27/0099')}.pdf`)).statusCode).toBe(404);

    // 1 December 2026: FY 2025-26 is past its last date too.
    const another = await pay(student.id, 1180, '2026-01-15');
    at('2026-12-01');
    const refused = await asAdmin('POST', `/api/receipts/${another._id}/cancel`, { reason: 'Typed twice' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2025-26 could be issued until 30-11-2026');
    // A receipt is unchanged by a refusal.
    expect((await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data.payments.find((entry: { _id: string }) => entry._id === another._id).cancelled).toBeNull();
  });
});
