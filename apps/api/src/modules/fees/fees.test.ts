import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf, shiftDate } from '@academy/shared/calendar';
import { auditLog, feeReceipts, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { monthsLeft } from '@academy/shared/late-join';

const t = shareSignedInTestApp();
let teacherCookie: string;
beforeAll(async () => {
  teacherCookie = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object, headers?: Record<string, string>) => call(t.adminCookie, method, url, payload, headers);


type Student = Awaited<ReturnType<typeof buildStudent>>;

/**
 * A batch with an ₹18,000 plan in three instalments: one long overdue, one due today, one later. The
 * students named here were in the batch before the plan was made, so its first instalment is overdue
 * for them (one who joins after it is a late joiner, overdue on no day one: decision 039).
 */
async function batchWithPlan<const Names extends string[]>(name = 'Maths 10', ...studentNames: Names) {
  const batch = await buildBatch(t.database.db, { name });
  const students = [] as Student[];
  for (const studentName of studentNames) students.push(await enrolledStudent(batch.id, studentName));
  const plan = await asAdmin('POST', '/api/fee-plans', {
    name: `${name} fees`,
    batch: batch.id,
    amount: 18000,
    instalments: [
      { dueDate: shiftDate(t.today, -40), amount: 6000 },
      { dueDate: t.today, amount: 6000 },
      { dueDate: shiftDate(t.today, 60), amount: '6000.00' },
    ],
  });
  expect(plan.statusCode).toBe(201);
  return { batch, plan: plan.json().data, students: students as { [K in keyof Names]: Student } };
}

/** A student enrolled today (after the batch's plan, if any: a late joiner). */
async function enrolledStudent(batchId: string, name = 'Riya Fees', query = '') {
  const student = await buildStudent(t.database.db, { name });
  const added = await asAdmin('PUT', `/api/batches/${batchId}/students/${student.id}/add${query}`);
  expect(added.statusCode, added.body).toBe(200);
  return student;
}

describe('fee plans', () => {
  it('refuses instalments that do not add up, three decimals, negatives and text, with clear messages', async () => {
    const batch = await buildBatch(t.database.db);
    const base = { name: 'Plan', batch: batch.id, amount: 1000, instalments: [{ dueDate: t.today, amount: 1000 }] };
    const cases: [object, string, string][] = [
      [{ ...base, instalments: [{ dueDate: t.today, amount: 999 }] }, 'instalments', 'The instalments must add up to the plan amount'],
      [{ ...base, amount: 10.005 }, 'amount', 'The amount can have at most two decimals (paise)'],
      [{ ...base, amount: -5 }, 'amount', 'The amount cannot be negative'],
      [{ ...base, amount: 'lots' }, 'amount', 'Enter an amount in rupees, for example 1500 or 1500.50'],
      [{ ...base, instalments: [] }, 'instalments', 'Add at least one instalment'],
      [{ ...base, showOnSite: 'yes' }, 'showOnSite', 'showOnSite must be true or false'],
      // Issue 73: no batch chosen says so, not "Invalid id".
      [{ ...base, batch: '' }, 'batch', 'Choose a batch'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await asAdmin('POST', '/api/fee-plans', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json().errors)).toContain(message);
      expect(Object.keys(response.json().errors).join()).toContain(field);
    }
    // In Marathi too, for an admin who reads Marathi.
    const marathiAdmin = await buildUser(t.database.db, { role: 'admin' });
    await t.database.db.update(users).set({ language: 'mr' }).where(eq(users.id, marathiAdmin.id));
    const marathi = await call(await loginAs(t.app, marathiAdmin.email), 'POST', '/api/fee-plans', cases[1]![0]);
    expect(JSON.stringify(marathi.json())).toContain('दशांशानंतर');
    const noBatch = await call(await loginAs(t.app, marathiAdmin.email), 'POST', '/api/fee-plans', { ...base, batch: '' });
    expect(noBatch.json().errors.batch).toBe('बॅच निवडा');
  });

  it('gives enrolled students their dues, keeps a plan in use, and moves future dues when asked', async () => {
    const { batch, plan, students: [student] } = await batchWithPlan('Science 9', 'Riya Fees');
    expect(plan.instalments).toEqual([
      { dueDate: shiftDate(t.today, -40), amount: 6000 },
      { dueDate: t.today, amount: 6000 },
      { dueDate: shiftDate(t.today, 60), amount: 6000 },
    ]);
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(ledger.dues.map((due: { status: string; balance: number }) => [due.status, due.balance])).toEqual([
      ['overdue', 6000],
      ['due', 6000],
      ['due', 6000],
    ]);
    expect(ledger.totals).toEqual({ due: 18000, concession: 0, paid: 0, balance: 18000, overdue: 6000, dueNow: 12000 });

    expect((await asAdmin('DELETE', `/api/fee-plans/${plan._id}`)).statusCode).toBe(409);
    const changed = await asAdmin('PUT', `/api/fee-plans/${plan._id}`, {
      name: plan.name,
      batch: batch.id,
      amount: 19000,
      applyToEnrolled: true,
      instalments: [
        { dueDate: shiftDate(t.today, -40), amount: 6000 },
        { dueDate: t.today, amount: 6000 },
        { dueDate: shiftDate(t.today, 60), amount: 7000 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const after = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(after.totals.balance).toBe(19000);
    expect(after.dues.filter((due: { status: string }) => due.status === 'cancelled')).toHaveLength(2);
  });

  it('deletes a plan nobody has dues from', async () => {
    const batch = await buildBatch(t.database.db);
    const plan = (await asAdmin('POST', '/api/fee-plans', { name: 'Unused', batch: batch.id, amount: 500, instalments: [{ dueDate: t.today, amount: 500 }] })).json().data;
    expect((await asAdmin('DELETE', `/api/fee-plans/${plan._id}`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/fee-plans/${plan._id}`)).statusCode).toBe(404);
  });
});

describe('payments and receipts', () => {
  it('pays the oldest dues first, answers a double tap with the same receipt, and numbers receipts per financial year', async () => {
    const { students: [student] } = await batchWithPlan('Physics 11', 'Kabir Payer');
    const payment = { amount: 7500.5, date: t.today, mode: 'upi', reference: 'UPI-4455' };
    const key = { 'idempotency-key': `tap-${student.id}` };
    // Two taps at the same instant.
    const [first, second] = await Promise.all([asAdmin('POST', `/api/students/${student.id}/payments`, payment, key), asAdmin('POST', `/api/students/${student.id}/payments`, payment, key)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().data._id).toBe(second.json().data._id);
    const receipt = first.json().data;
    expect(receipt.number).toMatch(new RegExp(`^${financialYearOf(t.today)}/\\d{4}$`));
    expect(receipt.allocations.map((entry: { amount: number }) => entry.amount)).toEqual([6000, 1500.5]);
    expect(receipt.balanceAfter).toBe(10499.5);
    const rows = await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, student.id));
    expect(rows).toHaveLength(1);
    // A third tap later: still the same receipt.
    const third = await asAdmin('POST', `/api/students/${student.id}/payments`, payment, key);
    expect(third.statusCode).toBe(200);
    expect(third.json().data._id).toBe(receipt._id);

    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(ledger.dues.map((due: { paid: number }) => due.paid)).toEqual([6000, 1500.5, 0]);
    expect(ledger.totals.balance).toBe(10499.5);
    expect(ledger.totals.overdue).toBe(0);

    // More than is due, or nothing sensible: refused, nothing recorded.
    const tooMuch = await asAdmin('POST', `/api/students/${student.id}/payments`, { ...payment, amount: 20000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('This payment is more than the ₹10,499.50 still due');
    for (const bad of [{ ...payment, amount: 1.234 }, { ...payment, amount: 0 }, { ...payment, mode: 'gold' }, { ...payment, date: shiftDate(t.today, 1) }]) {
      expect((await asAdmin('POST', `/api/students/${student.id}/payments`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.studentId, student.id))).toHaveLength(1);
  });

  it('pays the due the office chose first and the rest oldest first; another student’s due or a bad id is refused (issue 54)', async () => {
    const { students: [student, other] } = await batchWithPlan('Chemistry 11', 'Dues Chooser', 'Other Family');
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    const [oldest, current, later] = ledger.dues as { _id: string; label: string }[];
    // ₹7,000 for the instalment due in 60 days: ₹6,000 on it, the ₹1,000 left on the oldest.
    const paid = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 7000, date: t.today, mode: 'cash', dueId: later!._id });
    expect(paid.statusCode).toBe(201);
    // The receipt lists what it paid in the dues' order.
    expect(paid.json().data.allocations).toEqual([
      { dueId: oldest!._id, label: oldest!.label, amount: 1000 },
      { dueId: later!._id, label: later!.label, amount: 6000 },
    ]);
    const after = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(after.dues.map((due: { paid: number }) => due.paid)).toEqual([1000, 0, 6000]);
    // Another family's due, and not an id at all: refused under the field, nothing recorded.
    const theirs = (await asAdmin('GET', `/api/students/${other.id}/fees`)).json().data.dues[1]._id as string;
    const foreign = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode: 'cash', dueId: theirs });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.dueId).toBe('This due has nothing left to pay: choose another or leave it empty');
    const malformed = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode: 'cash', dueId: 'not-a-due' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(['dueId']);
    expect((await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data.payments).toHaveLength(1);
    expect(current).toBeDefined();
  });

  it('answers a double tap of the whole balance with the one receipt (the second tap finds nothing left to pay)', async () => {
    const { students: [student] } = await batchWithPlan('Full payment 10', 'Pays In Full');
    const payment = { amount: 18000, date: t.today, mode: 'bank_transfer', reference: 'NEFT-1' };
    const key = { 'idempotency-key': `full-${student.id}` };
    const answers = await Promise.all([1, 2, 3].map(() => asAdmin('POST', `/api/students/${student.id}/payments`, payment, key)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().data._id)).size).toBe(1);
  });

  it('mails the receipt with its PDF to each linked parent in their language, once for a double tap; without a parent, to the student', async () => {
    const { batch, students: [child] } = await batchWithPlan('Receipt mail 10', 'Meera Receipt');
    const mother = await buildParent(t.database.db, { name: 'Sunita Receipt', language: 'mr', studentIds: [child.id] });
    const key = { 'idempotency-key': `mail-${child.id}` };
    const payment = { amount: 6000, date: t.today, mode: 'upi', reference: 'UPI-MAIL-1' };
    const [first, second] = await Promise.all([asAdmin('POST', `/api/students/${child.id}/payments`, payment, key), asAdmin('POST', `/api/students/${child.id}/payments`, payment, key)]);
    const number = first.json().data.number as string;
    // The office is told where it goes (issue 42): the mother, by email (no WhatsApp or SMS set up here).
    expect(first.json().data.sentTo).toEqual([{ name: 'Sunita Receipt', channels: ['email'] }]);
    // Its mail queued once, in the payment's transaction (decision 083); the repeated tap queued nothing.
    const queued = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name = 'fee-receipt' and payload->>'receiptId' = ${first.json().data._id as string}`);
    expect(queued.rows[0]!.n).toBe(1);
    while ((await t.app.jobs.runDue()) > 0); // the mail job
    expect(second.json().data.number).toBe(number);
    const mails = await t.mailsTo(mother.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`: Meera Receipt यांची पावती ${number}`);
    expect(mails[0]!.text).toContain('₹6,000');
    expect(mails[0]!.text).toContain('₹12,000');
    const raw = fs.readFileSync(mails[0]!.file, 'utf8');
    const attachment = new RegExp(`filename="?receipt-${number.replace('/', '-')}\\.pdf"?[\\s\\S]*?\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`).exec(raw);
    expect(attachment).not.toBeNull();
    expect(Buffer.from(attachment![1]!.replace(/\s/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.mailsTo(child.user.email)).toHaveLength(0);

    // No parent linked: the student's own email, greeted by name.
    const adult = await enrolledStudent(batch.id, 'Adult Learner');
    const own = await asAdmin('POST', `/api/students/${adult.id}/payments`, { amount: 500, date: t.today, mode: 'cash' });
    expect(own.json().data.sentTo).toEqual([{ name: 'Adult Learner', channels: ['email'] }]);
    while ((await t.app.jobs.runDue()) > 0); // the mail job
    const ownMail = await t.latestMailTo(adult.user.email);
    expect(ownMail?.subject).toContain(`: receipt ${own.json().data.number} for Adult Learner`);
    expect(ownMail?.text).toContain('Hello Adult Learner,');

    // A receipt cancelled before its mail went out is not sent.
    const late = await asAdmin('POST', `/api/students/${adult.id}/payments`, { amount: 500, date: t.today, mode: 'cash' });
    expect((await asAdmin('POST', `/api/receipts/${late.json().data._id}/cancel`, { reason: 'Entered twice' })).statusCode).toBe(200);
    while ((await t.app.jobs.runDue()) > 0); // the mail job
    expect(await t.mailsTo(adult.user.email)).toHaveLength(1);
  });

  it('gives gap-free numbers to payments recorded at the same time', async () => {
    const { batch } = await batchWithPlan('Chemistry 12');
    const students = await Promise.all([1, 2, 3, 4, 5].map((n) => buildStudent(t.database.db, { name: `Parallel ${n}` })));
    for (const student of students) await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add`);
    const answers = await Promise.all(students.map((student) => asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode: 'cash' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const all = await t.database.db.select({ seq: feeReceipts.seq }).from(feeReceipts).where(eq(feeReceipts.financialYear, financialYearOf(t.today)));
    const seqs = all.map((row) => row.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_seq, index) => index + 1));
  });

  it('cancels a receipt with a reason: the number stays, the dues are unpaid again, and it is audited', async () => {
    const { students: [student] } = await batchWithPlan('Biology 12', 'Meera Cancel');
    const receipt = (await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 6000, date: t.today, mode: 'cash' })).json().data;
    expect((await asAdmin('POST', `/api/receipts/${receipt._id}/cancel`, { reason: '' })).statusCode).toBe(400);
    const cancelled = await asAdmin('POST', `/api/receipts/${receipt._id}/cancel`, { reason: 'Cheque bounced' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ number: receipt.number, cancelled: { reason: 'Cheque bounced' } });
    expect((await asAdmin('POST', `/api/receipts/${receipt._id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);
    // Its PDF says it was cancelled and why, and gives no "balance after this payment": it paid nothing.
    const printed = await pdfText((await asAdmin('GET', `/api/receipts/${receipt._id}/pdf`)).rawPayload);
    expect(printed).toContain('Cheque bounced');
    expect(printed).not.toContain('Balance after this payment');
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(ledger.totals.balance).toBe(18000);
    expect(ledger.payments).toHaveLength(1);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'fee_receipt'), eq(auditLog.entityId, receipt._id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'status']);
  });

  it('prints a PDF receipt for the admin and the student, not for another student or a teacher', async () => {
    const { students: [student] } = await batchWithPlan('English 10', 'Asha पाटील');
    const other = await buildStudent(t.database.db);
    const receipt = (await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 125000 / 100, date: t.today, mode: 'cheque', reference: '000123' })).json().data;
    const pdf = await asAdmin('GET', `/api/receipts/${receipt._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(receipt.number);
    const studentCookie = await loginAs(t.app, student.user.email);
    expect((await call(studentCookie, 'GET', `/api/receipts/${receipt._id}/pdf`)).statusCode).toBe(200);
    expect((await call(await loginAs(t.app, other.user.email), 'GET', `/api/receipts/${receipt._id}/pdf`)).statusCode).toBe(404);
    expect((await call(teacherCookie, 'GET', `/api/receipts/${receipt._id}/pdf`)).statusCode).toBe(403);
  });
});

describe('concessions', () => {
  it('takes a percentage off each open due, refuses an amount above what is due under its field, checks the input, and a teacher gets 403', async () => {
    const { students: [student] } = await batchWithPlan('Concessions 10', 'Concession Kiran');
    const url = `/api/students/${student.id}/concessions`;
    await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 1000, date: t.today, mode: 'cash' });

    // 10% of what is still due (5000 + 6000 + 6000): ₹1,700, each due's share rounded down to the paisa.
    const given = await asAdmin('POST', url, { kind: 'percent', percent: 10, reason: 'Sibling discount' });
    expect(given.statusCode).toBe(201);
    expect(given.json().message).toBe('Concession recorded');
    const ledger = given.json().data;
    expect(ledger.dues.map((due: { concession: number }) => due.concession)).toEqual([500, 600, 600]);
    expect(ledger.totals).toMatchObject({ concession: 1700, paid: 1000, balance: 15300 });
    expect(ledger.concessions).toEqual([expect.objectContaining({ kind: 'percent', value: 10, amount: 1700, reason: 'Sibling discount' })]);

    // An amount above the ₹15,300 still due: refused with the amount, under the amount field; nothing changes.
    const tooBig = await asAdmin('POST', url, { kind: 'amount', amount: 15300.01, reason: 'Scholarship' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ amount: 'The concession is more than the ₹15,300 still due' });
    // An amount is taken off the latest dues first.
    const amount = await asAdmin('POST', url, { kind: 'amount', amount: '5500.50', reason: 'Scholarship' });
    expect(amount.statusCode).toBe(201);
    expect(amount.json().data.dues.map((due: { balance: number }) => due.balance)).toEqual([4500, 5299.5, 0]);
    expect(amount.json().data.concessions.map((entry: { amount: number }) => entry.amount).sort()).toEqual([1700, 5500.5]);

    // Bad input, each under its field, in our words.
    const cases: [object, string, string][] = [
      [{ kind: 'percent', percent: 0, reason: 'x' }, 'percent', 'Enter a percentage between 1 and 100'],
      [{ kind: 'percent', percent: 101, reason: 'x' }, 'percent', 'Enter a percentage between 1 and 100'],
      [{ kind: 'percent', percent: 12.5, reason: 'x' }, 'percent', 'Enter a percentage between 1 and 100'],
      [{ kind: 'amount', amount: 10.005, reason: 'x' }, 'amount', 'The amount can have at most two decimals (paise)'],
      [{ kind: 'amount', amount: 0, reason: 'x' }, 'amount', 'The amount must be more than zero'],
      [{ kind: 'amount', amount: 100, reason: '  ' }, 'reason', 'Reason is required'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await asAdmin('POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(payload)).toBe(message);
    }

    // A teacher may not give one (403), and nothing was recorded for them.
    const refused = await call(teacherCookie, 'POST', url, { kind: 'percent', percent: 50, reason: 'Not allowed' });
    expect(refused.statusCode).toBe(403);
    const after = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(after.concessions).toHaveLength(2);
    expect(after.totals.balance).toBe(9799.5);
  });
});

describe('who sees what', () => {
  it('shows the student the same ledger as the admin; teachers get 403 on fees', async () => {
    const { students: [student] } = await batchWithPlan('Maths 12', 'Same Balance');
    await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 2500, date: t.today, mode: 'card' });
    await asAdmin('POST', `/api/students/${student.id}/concessions`, { kind: 'percent', percent: 10, reason: 'Sibling' });
    const admin = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    const own = await call(await loginAs(t.app, student.user.email), 'GET', '/api/student/fees');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual(admin);
    expect(admin.totals.concession).toBe(1550);
    for (const url of ['/api/fees/dues', '/api/fee-plans', `/api/students/${student.id}/fees`, '/api/student/fees', '/api/fees/summary']) {
      expect((await call(teacherCookie, 'GET', url)).statusCode, url).toBe(403);
    }
  });
});

describe('dues and reminders', () => {
  it('lists overdue dues first with totals and CSV, and reminds at most once per due per week, by mail in the student’s language', async () => {
    const { batch, students: [student] } = await batchWithPlan('Reminders 10', 'Overdue Owen');
    const list = await asAdmin('GET', `/api/fees/dues?overdue=true&batch=${batch.id}`);
    expect(list.statusCode).toBe(200);
    const dues = list.json().data.dues;
    expect(dues).toHaveLength(1);
    expect(dues[0]).toMatchObject({ student: { _id: student.id }, balance: 6000, status: 'overdue', overdueDays: 40, lastReminderAt: null });
    expect(list.json().data.totals).toEqual({ outstanding: 6000, overdue: 6000, count: 1 });
    // Paged one at a time, the open dues come oldest first, each page the next one.
    const pages = await Promise.all([1, 2, 3].map(async (page) => (await asAdmin('GET', `/api/fees/dues?batch=${batch.id}&limit=1&page=${page}`)).json().data));
    expect(pages.map((data) => data.dues[0].dueDate)).toEqual([shiftDate(t.today, -40), t.today, shiftDate(t.today, 60)]);
    expect(pages.map((data) => data.pagination.total)).toEqual([3, 3, 3]);
    expect(pages[0].totals).toEqual({ outstanding: 18000, overdue: 6000, count: 3 });
    const csv = await asAdmin('GET', `/api/fees/dues.csv?batch=${batch.id}`);
    expect(csv.body.split('\n')[1]).toContain('Overdue Owen');
    expect(csv.body.trim().split('\n')).toHaveLength(4);

    const sent = await asAdmin('POST', '/api/fees/reminders', { dueIds: [dues[0]._id] });
    expect(sent.json().data).toEqual({ queued: 1, skipped: 0, families: 1, unreachable: [], waiting: 0, waitingUntil: null, failed: 0, notSent: [], notDueYet: 0 });
    await t.app.jobs.runDue();
    const mail = await t.latestMailTo(student.user.email);
    expect(mail?.subject).toContain('fee reminder');
    expect(mail?.text).toContain('₹6,000');
    const again = await asAdmin('POST', '/api/fees/reminders', { dueIds: [dues[0]._id] });
    expect(again.json().data).toEqual({ queued: 0, skipped: 1, families: 0, unreachable: [], waiting: 0, waitingUntil: null, failed: 0, notSent: [], notDueYet: 0 });
    expect((await asAdmin('POST', '/api/fees/reminders', {})).statusCode).toBe(400);

    const summary = await asAdmin('GET', '/api/fees/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data.outstanding).toBeGreaterThanOrEqual(18000);
  });

  it('"remind all overdue" reminds only what the list shows (its batch and search), asks with a dry run first, and names the families no channel reaches', async () => {
    const { batch: shown, students: [reached, silent] } = await batchWithPlan('Shown 10', 'Reached Rahul', 'Silent Sameer');
    const { students: [elsewhere] } = await batchWithPlan('Other 10', 'Elsewhere Esha');
    // No email of his own and no parent linked: nothing can reach him.
    await t.database.db.update(users).set({ email: null }).where(eq(users.id, silent.user.id));

    const asked = await asAdmin('POST', '/api/fees/reminders', { allOverdue: true, batch: shown.id, dryRun: true });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual({ queued: 2, skipped: 0, families: 2, unreachable: ['Silent Sameer'], waiting: 0, waitingUntil: null, failed: 0, notSent: [], notDueYet: 0 });
    expect(asked.json().message).toBeUndefined();
    // The dry run queued nothing: the real one finds the same dues.
    const sent = await asAdmin('POST', '/api/fees/reminders', { allOverdue: true, batch: shown.id });
    expect(sent.json().data).toEqual({ queued: 2, skipped: 0, families: 2, unreachable: ['Silent Sameer'], waiting: 0, waitingUntil: null, failed: 0, notSent: [], notDueYet: 0 });
    while ((await t.app.jobs.runDue()) > 0);
    expect(await t.latestMailTo(reached.user.email)).toBeDefined();
    // The other batch's family was not reminded; a search narrows as the list does.
    expect(await t.mailsTo(elsewhere.user.email)).toHaveLength(0);
    const searched = await asAdmin('POST', '/api/fees/reminders', { allOverdue: true, search: 'Elsewhere Es', dryRun: true });
    expect(searched.json().data).toMatchObject({ queued: 1, families: 1, unreachable: [] });
  });

  it('cancels unpaid dues when the office removes the student with cancelDues', async () => {
    const { batch, students: [student] } = await batchWithPlan('Leaving 10', 'Leaving Student');
    await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 3000, date: t.today, mode: 'cash' });
    expect((await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/remove?cancelDues=true`)).statusCode).toBe(200);
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    // The part-paid first instalment stays; the two untouched ones are cancelled.
    expect(ledger.dues.map((due: { status: string }) => due.status)).toEqual(['overdue', 'cancelled', 'cancelled']);
    expect(ledger.totals.balance).toBe(3000);
  });
});

describe('late joiners (issue 42, decision 039)', () => {
  const dueRows = async (studentId: string) =>
    (await asAdmin('GET', `/api/students/${studentId}/fees`)).json().data.dues.map((due: { label: string; dueDate: string; status: string; amount: number }) => [due.label, due.dueDate, due.status, due.amount]);
  const saveGrace = async (lateJoinerGraceDays: unknown) => {
    const { name, tagline, address, phones, email, officeHours, socialLinks, timeZone } = (await asAdmin('GET', '/api/admin/settings')).json().data;
    return asAdmin('PUT', '/api/admin/settings', { name, tagline, address, phones, email, officeHours, socialLinks, timeZone, lateJoinerGraceDays });
  };

  it('shift, the default: instalments already due fall due a week after joining; nothing is overdue on day one or reminded', async () => {
    const { batch } = await batchWithPlan('Late shift 10');
    const student = await enrolledStudent(batch.id, 'Late Lata');
    expect(await dueRows(student.id)).toEqual([
      ['Late shift 10 fees · 2/3', t.today, 'due', 6000],
      ['Late shift 10 fees · 1/3', shiftDate(t.today, 7), 'due', 6000],
      ['Late shift 10 fees · 3/3', shiftDate(t.today, 60), 'due', 6000],
    ]);
    expect((await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data.totals).toMatchObject({ due: 18000, balance: 18000, overdue: 0 });
    expect((await asAdmin('GET', `/api/fees/dues?overdue=true&batch=${batch.id}`)).json().data.dues).toEqual([]);
    // "Remind all overdue" for the batch finds nobody, and the reminder jobs send nothing.
    const reminded = await asAdmin('POST', '/api/fees/reminders', { allOverdue: true, batch: batch.id });
    expect(reminded.json().data).toMatchObject({ queued: 0, families: 0 });
    while ((await t.app.jobs.runDue()) > 0);
    expect(await t.mailsTo(student.user.email)).toHaveLength(0);

    // A bulk enrolment shifts them too.
    const classmate = await buildStudent(t.database.db, { name: 'Late Bulk' });
    expect((await asAdmin('POST', `/api/batches/${batch.id}/students`, { studentIds: [classmate.id] })).statusCode).toBe(200);
    expect((await dueRows(classmate.id)).map((row: unknown[]) => row[1])).toEqual([t.today, shiftDate(t.today, 7), shiftDate(t.today, 60)]);
  });

  it('takes the grace from Settings, 0 to 60 days: 0 makes them due on the joining day, which is not overdue', async () => {
    expect((await asAdmin('GET', '/api/admin/settings')).json().data.lateJoinerGraceDays).toBe(7);
    try {
      expect((await saveGrace(0)).json().data.lateJoinerGraceDays).toBe(0);
      const { batch } = await batchWithPlan('Late grace 10');
      const student = await enrolledStudent(batch.id, 'Late Gauri');
      expect(await dueRows(student.id)).toEqual([
        ['Late grace 10 fees · 1/3', t.today, 'due', 6000],
        ['Late grace 10 fees · 2/3', t.today, 'due', 6000],
        ['Late grace 10 fees · 3/3', shiftDate(t.today, 60), 'due', 6000],
      ]);
      for (const bad of [61, -1, 2.5, 'a week']) {
        const refused = await saveGrace(bad);
        expect(refused.statusCode, String(bad)).toBe(400);
        expect(refused.json().errors, String(bad)).toEqual({ lateJoinerGraceDays: 'Enter the grace as whole days from 0 to 60' });
      }
      // Left out of a save: unchanged.
      expect((await saveGrace(undefined)).json().data.lateJoinerGraceDays).toBe(0);
    } finally {
      expect((await saveGrace(7)).statusCode).toBe(200);
    }
  });

  it('prorate: instalments already due are dropped and the months left of the plan are spread over the rest, in whole rupees', async () => {
    // A batch that began about four months ago and ends in about six.
    const startDate = shiftDate(t.today, -120);
    const endDate = shiftDate(t.today, 180);
    const batch = await buildBatch(t.database.db, { name: 'Late prorate 10', startDate, endDate });
    expect((await asAdmin('POST', '/api/fee-plans', { name: 'Prorated fees', batch: batch.id, amount: 18001, instalments: [{ dueDate: shiftDate(t.today, -40), amount: 6000 }, { dueDate: t.today, amount: 6000 }, { dueDate: shiftDate(t.today, 60), amount: 6001 }] })).statusCode).toBe(201);
    const student = await enrolledStudent(batch.id, 'Prorated Priya', '?lateJoin=prorate');
    const { left, of } = monthsLeft(t.today, { startDate, endDate });
    expect(left).toBeLessThan(of);
    const total = Math.floor((18001 * left) / of);
    const first = Math.floor((total * 6000) / 12001);
    expect(await dueRows(student.id)).toEqual([
      ['Prorated fees · 2/3', t.today, 'due', first],
      ['Prorated fees · 3/3', shiftDate(t.today, 60), 'due', total - first],
    ]);
    // The same batch, shifted for the next one (the rule is chosen per enrolment).
    const shifted = await enrolledStudent(batch.id, 'Shifted Sonal', '?lateJoin=shift');
    expect((await dueRows(shifted.id)).map((row: unknown[]) => row[3])).toEqual([6000, 6000, 6001]);
    // The batch page enrols several at once, with the same choice.
    const group = await buildStudent(t.database.db, { name: 'Prorated Group' });
    expect((await asAdmin('POST', `/api/batches/${batch.id}/students`, { studentIds: [group.id], lateJoin: 'prorate' })).statusCode).toBe(200);
    expect((await dueRows(group.id)).map((row: unknown[]) => row[3])).toEqual([first, total - first]);
  });

  it('refuses a rule it does not know, with the reason', async () => {
    const batch = await buildBatch(t.database.db);
    const student = await buildStudent(t.database.db);
    const refused = await asAdmin('PUT', `/api/batches/${batch.id}/students/${student.id}/add?lateJoin=halve`);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('lateJoin must be shift or prorate');
  });
});
