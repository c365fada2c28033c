import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financialYearOf, formatDate, shiftDate } from '@academy/shared/calendar';
import { previousFinancialYearStart } from '@academy/shared/money';
import { feeDues, feeReceipts, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, buildUser, loginAs } from '../../../test/factories';
import { statementsSentDuring } from '../../../test/statements-sent';
import { academySql } from '../../db/same-academy';

/*
 * Issue 35's fee findings: concurrent payments must not deadlock (2), payment dates stay within the
 * previous financial year or the office's lock date (4), an Idempotency-Key reused for another
 * payment is refused (5).
 */

const t = shareSignedInTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object, headers?: Record<string, string>) => call(t.adminCookie, method, url, payload, headers);

/** A student owing ₹5,000 in each of `batches` batches (one instalment each, due on `dueDate`). */
async function studentOwing(name: string, batches = 1, dueDate = t.today) {
  const student = await buildStudent(t.database.db, { name });
  for (let n = 1; n <= batches; n += 1) {
    // Enrolled directly: the batches' times overlap, and the enrol route would ask to confirm the clash.
    const batch = await buildBatch(t.database.db, { name: `${name} ${n}`, studentIds: [student.id] });
    const plan = await asAdmin('POST', '/api/fee-plans', { name: `${name} fees ${n}`, batch: batch.id, amount: 5000, instalments: [{ dueDate, amount: 5000 }] });
    expect(plan.statusCode).toBe(201);
  }
  return student;
}

/** Every due's paid amount is what its receipts that are not cancelled paid to it. */
async function paidMatchesAllocations(studentId: string) {
  const { rows } = await t.database.db.execute<{ id: string; paid: string; allocated: string }>(sql`
    select d.id, d.paid_paise as paid,
      coalesce((select sum(a.amount_paise) from fee_allocations a join fee_receipts r on r.academy_id = a.academy_id and r.id = a.receipt_id
                where a.academy_id = ${academySql()} and r.academy_id = ${academySql()} and a.due_id = d.id and r.cancelled_at is null), 0) as allocated
    from fee_dues d where d.academy_id = ${academySql()} and d.student_id = ${studentId}`);
  for (const row of rows) expect(Number(row.paid), row.id).toBe(Number(row.allocated));
}

/** Receipt numbers of a financial year are 1, 2, 3 … with nothing missing. */
async function gapFree(year: string) {
  const rows = await t.database.db.select({ seq: feeReceipts.seq }).from(feeReceipts).where(eq(feeReceipts.financialYear, year));
  const seqs = rows.map((row) => row.seq).sort((a, b) => a - b);
  expect(seqs).toEqual(seqs.map((_seq, index) => index + 1));
}

describe('payments at the same time (finding 2)', () => {
  it('records 50 payments sent at once for dues of two batches due the same day: no deadlock, no 500, gap-free numbers', async () => {
    const student = await studentOwing('Fifty Payments', 2);
    // Dues made in one transaction share created_at (now() is the transaction's start): with the same
    // due date and seq, only the id tells the two batches' dues apart. Locked in any other order, two
    // payments could each hold one and wait for the other.
    await t.database.db.update(feeDues).set({ createdAt: new Date('2026-06-01T04:30:00Z') }).where(eq(feeDues.studentId, student.id));

    const { result: answers, statements } = await statementsSentDuring(() =>
      Promise.all(Array.from({ length: 50 }, () => asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode: 'cash' }))),
    );

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).not.toBe(500);
      if (answer.statusCode === 503) expect(answer.headers['retry-after']).toBeDefined();
    }
    // Dues locked in one total order never deadlock: no transaction was rolled back (a deadlock is,
    // and then tried again), and every payment was recorded.
    expect(statements.filter((statement) => /^\s*rollback/i.test(statement.text))).toEqual([]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const receipts = await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, student.id));
    expect(receipts).toHaveLength(50);
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(ledger.totals).toMatchObject({ paid: 5000, balance: 5000 });
    await paidMatchesAllocations(student.id);
    await gapFree(financialYearOf(t.today));
  });

  it('cancels receipts while payments of the same student come in: every due still matches its live allocations', async () => {
    const student = await studentOwing('Cancel While Paying', 2);
    await t.database.db.update(feeDues).set({ createdAt: new Date('2026-06-01T04:30:00Z') }).where(eq(feeDues.studentId, student.id));
    const first = await Promise.all(Array.from({ length: 10 }, () => asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 700, date: t.today, mode: 'upi' })));
    expect(first.map((answer) => answer.statusCode)).toEqual(first.map(() => 201));
    const { result: answers, statements } = await statementsSentDuring(() =>
      Promise.all([
        ...first.map((answer) => asAdmin('POST', `/api/receipts/${answer.json().data._id}/cancel`, { reason: 'Entered twice' })),
        // ₹2,000 in all: less than what is left even if the concession comes first (₹3,000 less 10%).
        ...Array.from({ length: 10 }, () => asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 200, date: t.today, mode: 'cash' })),
        asAdmin('POST', `/api/students/${student.id}/concessions`, { kind: 'percent', percent: 10, reason: 'Sibling' }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([...first.map(() => 200), ...Array.from({ length: 10 }, () => 201), 201]);
    expect(statements.filter((statement) => /^\s*rollback/i.test(statement.text))).toEqual([]);
    await paidMatchesAllocations(student.id);
    await gapFree(financialYearOf(t.today));
  });
});

describe('payment dates (finding 4)', () => {
  const pay = (studentId: string, date: string, cookie = t.adminCookie) => call(cookie, 'POST', `/api/students/${studentId}/payments`, { amount: 10, date, mode: 'cash' });

  it('takes dates from the start of the previous financial year up to today, and refuses the rest under the date field', async () => {
    const student = await studentOwing('Dated Payments');
    const earliest = previousFinancialYearStart(t.today);
    const refused: [string, string][] = [
      ['1900-04-01', 'Enter a date in the year 2000 or later'],
      ['0001-04-01', 'Enter a date in the year 2000 or later'],
      ['2026-02-30', 'Enter a date as YYYY-MM-DD'],
      [shiftDate(t.today, 1), 'The payment date cannot be in the future'],
      [shiftDate(earliest, -1), `Payments dated before ${formatDate(earliest)} cannot be recorded`],
    ];
    for (const [date, message] of refused) {
      const answer = await pay(student.id, date);
      expect(answer.statusCode, date).toBe(400);
      expect(answer.json().errors, date).toEqual({ date: message });
    }
    expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, student.id))).toHaveLength(0);

    for (const date of [earliest, t.today]) {
      const answer = await pay(student.id, date);
      expect(answer.statusCode, date).toBe(201);
      expect(answer.json().data.number).toMatch(new RegExp(`^${financialYearOf(date)}/\\d{4}$`));
    }

    // In the caller's language.
    const marathiAdmin = await buildUser(t.database.db, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'mr' }).where(eq(users.id, marathiAdmin.id));
    const marathi = await pay(student.id, shiftDate(earliest, -1), await loginAs(t.app, marathiAdmin.email));
    expect(marathi.json().message).toBe(`${formatDate(earliest)} पूर्वीच्या तारखेचा भरणा नोंदवता येत नाही`);
  });

  it('follows the lock date the office sets in Settings, which may not be in the future', async () => {
    const student = await studentOwing('Locked Books');
    const settings = (await asAdmin('GET', '/api/admin/settings')).json().data;
    expect(settings.paymentsLockedBefore).toBeNull();
    const { name, tagline, address, phones, email, officeHours, socialLinks, timeZone } = settings;
    const saveLock = (paymentsLockedBefore: string | null | undefined) =>
      asAdmin('PUT', '/api/admin/settings', { name, tagline, address, phones, email, officeHours, socialLinks, timeZone, paymentsLockedBefore });

    // Later than the default: a day between the two is refused now.
    const earliest = previousFinancialYearStart(t.today);
    const lock = shiftDate(earliest, 30);
    const saved = await saveLock(lock);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.paymentsLockedBefore).toBe(lock);
    const between = await pay(student.id, shiftDate(earliest, 10));
    expect(between.statusCode).toBe(400);
    expect(between.json().errors).toEqual({ date: `Payments dated before ${formatDate(lock)} cannot be recorded` });
    expect((await pay(student.id, lock)).statusCode).toBe(201);

    // Left out of a save: unchanged.
    expect((await saveLock(undefined)).json().data.paymentsLockedBefore).toBe(lock);
    // In the future, or not a real date: refused under its field, and the stored one stays.
    for (const [date, message] of [
      [shiftDate(t.today, 1), 'The payments lock date cannot be in the future'],
      ['0001-04-01', 'Enter a date in the year 2000 or later'],
    ] as const) {
      const refused = await saveLock(date);
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().errors, date).toEqual({ paymentsLockedBefore: message });
    }
    expect((await asAdmin('GET', '/api/admin/settings')).json().data.paymentsLockedBefore).toBe(lock);
    // Today is allowed (the books close up to yesterday).
    expect((await saveLock(t.today)).statusCode).toBe(200);
    expect((await pay(student.id, shiftDate(t.today, -1))).statusCode).toBe(400);

    // Cleared: back to the previous financial year's start.
    const cleared = await saveLock('');
    expect(cleared.json().data.paymentsLockedBefore).toBeNull();
    expect((await pay(student.id, shiftDate(earliest, 10))).statusCode).toBe(201);
  });
});

describe('Idempotency-Key with another payment (finding 5)', () => {
  it('answers the first receipt for the same payment again, and refuses another payment under the same key (422)', async () => {
    const student = await studentOwing('Key Reuse');
    const url = `/api/students/${student.id}/payments`;
    const key = { 'idempotency-key': `reuse-${student.id}` };
    const payment = { amount: 1500, date: t.today, mode: 'upi', reference: 'UPI-1' };
    const first = await asAdmin('POST', url, payment, key);
    expect(first.statusCode).toBe(201);

    // The same payment, written differently (rupees as text, an empty note): the first receipt, 200.
    const again = await asAdmin('POST', url, { ...payment, amount: '1500.00', note: '' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);

    for (const other of [{ ...payment, amount: 2500 }, { ...payment, mode: 'cash' }, { ...payment, date: shiftDate(t.today, -1) }, { ...payment, reference: 'UPI-2' }]) {
      const refused = await asAdmin('POST', url, other, key);
      expect(refused.statusCode, JSON.stringify(other)).toBe(422);
      expect(refused.json().message).toBe('This Idempotency-Key was already used for a different payment. Open the form again to record a new payment.');
    }
    const hindiAdmin = await buildUser(t.database.db, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'hi' }).where(eq(users.id, hindiAdmin.id));
    const hindi = await call(await loginAs(t.app, hindiAdmin.email), 'POST', url, { ...payment, amount: 2500 }, key);
    expect(hindi.statusCode).toBe(422);
    expect(hindi.json().message).toContain('नया भुगतान दर्ज करने के लिए');

    const receipts = await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, student.id));
    expect(receipts.map((receipt) => receipt.amountPaise)).toEqual([150000]);
    expect(receipts[0]!.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the other payment also when both taps arrive at the same instant', async () => {
    const student = await studentOwing('Key Race');
    const key = { 'idempotency-key': `race-${student.id}` };
    const [a, b] = await Promise.all([
      asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode: 'cash' }, key),
      asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 200, date: t.today, mode: 'cash' }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const rows = await t.database.db.select().from(feeReceipts).where(and(eq(feeReceipts.studentId, student.id), eq(feeReceipts.idempotencyKey, key['idempotency-key'])));
    expect(rows).toHaveLength(1);
  });
});
