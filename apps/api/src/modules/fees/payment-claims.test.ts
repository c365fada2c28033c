import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { feeReceipts } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { enrolWithTermFees } from '../../../test/term-fees';

/**
 * "I have paid" (issue 38): a family reports a UPI payment by its UTR, the office confirms it (one
 * receipt, as if typed by hand) or rejects it; a UTR makes at most one live receipt, whichever way it
 * comes (a report, the office's hand entry, at the same instant too).
 */
const t = shareSignedInTestApp();

type Method = 'GET' | 'POST';
const call = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(t.adminCookie, method, url, payload);
let utrSeed = 412_345_000_000;
const nextUtr = () => String((utrSeed += 1));

/** A child with a ₹10,000 plan (₹6,000 overdue, ₹4,000 later), and their parent, signed in. */
async function family() {
  const db = t.database.db;
  const { student } = await enrolWithTermFees(t);
  const parent = await buildParent(db, { studentIds: [student.id] });
  const parentCookie = await loginAs(t.app, parent.user.email);
  const studentCookie = await loginAs(t.app, student.user.email);
  const dues = (await call(parentCookie, 'GET', `/api/parent/children/${student.id}/fees`)).json().data.dues as { _id: string }[];
  return { student, parentCookie, studentCookie, dueId: dues[0]!._id };
}

const liveReceiptsWith = async (utr: string) => t.database.db.select().from(feeReceipts).where(and(eq(feeReceipts.utr, utr), isNull(feeReceipts.cancelledAt)));

describe('a family reports a UPI payment', () => {
  it('is refused with the reason for a bad UTR, a future or old date, more than is due, another family’s due or a teacher', async () => {
    const one = await family();
    const other = await family();
    const claim = (cookie: string, body: object) => call(cookie, 'POST', '/api/payment-claims', { dueId: one.dueId, amount: 6000, utr: nextUtr(), paidOn: t.today, ...body });
    const cases: [object, string, string][] = [
      [{ utr: '4123 4567' }, 'utr', "The UPI transaction ID (UTR) is the 12-digit number in the payment's details in your UPI app"],
      [{ paidOn: shiftDate(t.today, 1) }, 'paidOn', 'The payment date cannot be in the future'],
      [{ paidOn: shiftDate(t.today, -61) }, 'paidOn', 'Report a payment within 60 days of paying it; for an older one, please talk to the office'],
      [{ amount: 10000.5 }, 'amount', 'This payment is more than the ₹10,000 still due'],
      [{ amount: 0 }, 'amount', 'The amount must be more than zero'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await claim(one.parentCookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors[field]).toBe(message);
    }
    expect((await claim(other.parentCookie, {})).statusCode).toBe(404);
    expect((await claim(other.studentCookie, {})).statusCode).toBe(404);
    const teacher = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
    expect((await claim(teacher, {})).statusCode).toBe(403);
    expect((await claim(t.adminCookie, {})).statusCode).toBe(403);
    // Nothing was kept of any of them.
    expect((await asAdmin('GET', '/api/payment-claims')).json().data.claims.filter((c: { student: { _id: string } }) => c.student._id === one.student.id)).toHaveLength(0);
  });

  it('waits for the office, who confirms it: one receipt by UPI with the UTR, and a second confirmation or report of that UTR is refused', async () => {
    const { student, parentCookie, studentCookie, dueId } = await family();
    const utr = nextUtr();
    const waitingBefore = (await asAdmin('GET', '/api/fees/summary')).json().data.pendingClaims as number;
    const claimed = await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: '6000', utr, paidOn: shiftDate(t.today, -1) });
    // The office's fee summary (the dashboard's card) counts it as waiting.
    expect((await asAdmin('GET', '/api/fees/summary')).json().data.pendingClaims).toBe(waitingBefore + 1);
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json()).toMatchObject({ message: 'Thank you: the office will confirm your payment, and the receipt will appear here', data: { amount: 6000, utr, status: 'pending', receiptNumber: null } });
    const claimId = claimed.json().data._id;
    // The child sees it too, waiting; the same UTR cannot be reported again.
    expect((await call(studentCookie, 'GET', '/api/student/fees')).json().data.claims).toMatchObject([{ _id: claimId, status: 'pending' }]);
    const again = await call(studentCookie, 'POST', '/api/payment-claims', { dueId, amount: 6000, utr, paidOn: t.today });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This UPI transaction ID (UTR) was already reported or recorded. If that was not you, please talk to the office');

    const queue = (await asAdmin('GET', '/api/payment-claims?status=pending')).json().data;
    expect(queue.pending).toBeGreaterThanOrEqual(1);
    expect(queue.claims.find((c: { _id: string }) => c._id === claimId)).toMatchObject({ student: { _id: student.id }, due: { label: 'Term fees · 1/2' }, claimedBy: expect.any(String) });

    const confirmed = await asAdmin('POST', `/api/payment-claims/${claimId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    const receipt = confirmed.json().data.receipt;
    expect(receipt).toMatchObject({ amount: 6000, mode: 'upi', reference: utr, date: shiftDate(t.today, -1) });
    expect(confirmed.json().message).toBe(`Payment confirmed: receipt ${receipt.number}`);
    expect(confirmed.json().data.claim).toMatchObject({ status: 'confirmed', receiptNumber: receipt.number });
    expect((await asAdmin('GET', '/api/fees/summary')).json().data.pendingClaims).toBe(waitingBefore);
    const twice = await asAdmin('POST', `/api/payment-claims/${claimId}/confirm`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment report was already confirmed or rejected');
    expect(await liveReceiptsWith(utr)).toHaveLength(1);
    // The family's ledger: the due paid, the report confirmed with its receipt.
    const ledger = (await call(parentCookie, 'GET', `/api/parent/children/${student.id}/fees`)).json().data;
    expect(ledger.dues[0]).toMatchObject({ balance: 0, upi: null });
    expect(ledger.claims[0]).toMatchObject({ status: 'confirmed', receiptNumber: receipt.number });
  });

  it('rejected with a reason the family sees, frees the UTR to be reported again', async () => {
    const { parentCookie, dueId } = await family();
    const utr = nextUtr();
    const claimId = (await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 6000, utr, paidOn: t.today })).json().data._id;
    expect((await asAdmin('POST', `/api/payment-claims/${claimId}/reject`, { reason: 'x' })).json().errors.reason).toBe('Say why, in 3 to 300 characters');
    const rejected = await asAdmin('POST', `/api/payment-claims/${claimId}/reject`, { reason: 'Not in the bank statement yet' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectReason: 'Not in the bank statement yet' });
    expect((await asAdmin('POST', `/api/payment-claims/${claimId}/confirm`)).statusCode).toBe(409);
    expect((await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 6000, utr, paidOn: t.today })).statusCode).toBe(201);
  });
});

describe('one receipt per UTR, whichever way it comes', () => {
  it('refuses the office’s hand entry of a UTR that a receipt has or a family reported, and frees it when that receipt is cancelled', async () => {
    const { student, parentCookie, dueId } = await family();
    const utr = nextUtr();
    const byHand = (reference: string) => asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 1000, date: t.today, mode: 'upi', reference });
    const first = await byHand(`UPI/${utr}/Fees`);
    expect(first.statusCode).toBe(201);
    const number = first.json().data.number;
    const second = await byHand(utr);
    expect(second.statusCode).toBe(409);
    expect(second.json().errors.reference).toBe(`Receipt ${number} already has this UPI transaction ID (UTR)`);
    // A family cannot report it either.
    expect((await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 1000, utr, paidOn: t.today })).statusCode).toBe(409);
    // Cash with the same digits in its note is no UPI payment: no UTR.
    expect((await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode: 'cash', reference: utr })).statusCode).toBe(201);
    // Cancelled (a typing mistake): the UTR may be recorded again.
    expect((await asAdmin('POST', `/api/receipts/${first.json().data._id}/cancel`, { reason: 'Wrong student' })).statusCode).toBe(200);
    expect((await byHand(utr)).statusCode).toBe(201);

    const reported = nextUtr();
    expect((await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 500, utr: reported, paidOn: t.today })).statusCode).toBe(201);
    // Issue 53: the office's own entry wins over a family's pending report; the report is closed as
    // superseded, with this receipt, which the family sees.
    const claimedByHand = await byHand(reported);
    expect(claimedByHand.statusCode).toBe(201);
    const ledger = (await call(parentCookie, 'GET', `/api/parent/children/${student.id}/fees`)).json().data;
    expect(ledger.claims.find((c: { utr: string }) => c.utr === reported)).toMatchObject({ status: 'superseded', receiptNumber: claimedByHand.json().data.number });
  });

  it('makes one receipt when the office confirms a report while someone types the same UTR by hand', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { student, parentCookie, dueId } = await family();
      const utr = nextUtr();
      const claimId = (await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 2000, utr, paidOn: t.today })).json().data._id;
      const [confirm, byHand] = await Promise.all([
        asAdmin('POST', `/api/payment-claims/${claimId}/confirm`),
        asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 2000, date: t.today, mode: 'upi', reference: utr }),
      ]);
      // Whichever comes first makes the receipt (the office's entry closes the report; a confirmed report's UTR refuses the entry).
      expect([confirm.statusCode, byHand.statusCode].filter((code) => code === 409)).toHaveLength(1);
      expect(await liveReceiptsWith(utr)).toHaveLength(1);
    }
  });
});

describe('a UTR however it is spelt (issue 53)', () => {
  it('is one UTR: "UTR:…", a trailing full stop and the bank-transfer mode make no second receipt, and a family’s report is kept as 12 digits', async () => {
    const { student, parentCookie, dueId } = await family();
    const utr = nextUtr();
    const pay = (mode: string, reference: string) => asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 100, date: t.today, mode, reference });
    const first = await pay('upi', `UTR:${utr}`);
    expect(first.statusCode).toBe(201);
    for (const [mode, reference] of [['upi', `${utr}.`], ['bank_transfer', utr], ['bank_transfer', `IMPS/${utr}/FEES`]] as const) {
      const again = await pay(mode, reference);
      expect(again.statusCode, `${mode} ${reference}`).toBe(409);
      expect(again.json().errors.reference).toBe(`Receipt ${first.json().data.number} already has this UPI transaction ID (UTR)`);
    }
    const other = nextUtr();
    const claimed = await call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 100, utr: ` UTR: ${other}. `, paidOn: t.today });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().data.utr).toBe(other);
  });
});

describe('reports have limits (issue 53)', () => {
  it('refuses a report on a paid due, more than 2 waiting on a due or 3 for a student, and waiting reports above the balance', async () => {
    const { student, parentCookie, dueId } = await family();
    const claim = (body: object) => call(parentCookie, 'POST', '/api/payment-claims', { dueId, amount: 100, utr: nextUtr(), paidOn: t.today, ...body });
    const later = (await call(parentCookie, 'GET', `/api/parent/children/${student.id}/fees`)).json().data.dues[1]._id as string;
    expect((await claim({})).statusCode).toBe(201);
    expect((await claim({})).statusCode).toBe(201);
    const third = await claim({});
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You have already reported 2 payments that the office has not confirmed yet. Please wait for the office, or talk to them');
    // ₹200 waits: at most ₹9,800 more may be reported.
    const above = await claim({ dueId: later, amount: 9900 });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.amount).toBe('With your payments waiting for the office, only ₹9,800 is still due');
    expect((await claim({ dueId: later, amount: 100 })).statusCode).toBe(201);
    expect((await claim({ dueId: later, amount: 100 })).statusCode).toBe(409);
    // The first due paid by the office: no report on it.
    const { student: paidStudent, parentCookie: paidCookie, dueId: paidDue } = await family();
    expect((await asAdmin('POST', `/api/students/${paidStudent.id}/payments`, { amount: 6000, date: t.today, mode: 'cash' })).statusCode).toBe(201);
    const onPaid = await call(paidCookie, 'POST', '/api/payment-claims', { dueId: paidDue, amount: 100, utr: nextUtr(), paidOn: t.today });
    expect(onPaid.statusCode).toBe(409);
    expect(onPaid.json().message).toBe('This due is already paid');
  });
});

describe('a report pays the due it names first (issue 54)', () => {
  it('confirms a ₹6,000 report on the Science instalment as ₹6,000 to Science, not Maths first', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    for (const [name, days, amount] of [['Maths', -10, 3500], ['Science', -5, 6000]] as const) {
      // Enrolled directly (two batches at one hour would clash); the new plan gives the batch's students their dues.
      const batch = await buildBatch(db, { studentIds: [student.id] });
      expect((await asAdmin('POST', '/api/fee-plans', { name, batch: batch.id, amount, instalments: [{ dueDate: shiftDate(t.today, days), amount }] })).statusCode).toBe(201);
    }
    const parent = await buildParent(db, { studentIds: [student.id] });
    const parentCookie = await loginAs(t.app, parent.user.email);
    const dues = (await call(parentCookie, 'GET', `/api/parent/children/${student.id}/fees`)).json().data.dues as { _id: string; label: string }[];
    const science = dues.find((due) => due.label.startsWith('Science'))!;
    const maths = dues.find((due) => due.label.startsWith('Maths'))!;
    const claimId = (await call(parentCookie, 'POST', '/api/payment-claims', { dueId: science._id, amount: 6000, utr: nextUtr(), paidOn: t.today })).json().data._id;
    const confirmed = await asAdmin('POST', `/api/payment-claims/${claimId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.receipt.allocations).toEqual([{ dueId: science._id, label: science.label, amount: 6000 }]);
    // The office's own form may name a due too; the rest goes oldest first. A due with nothing left is refused.
    const named = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 1000, date: t.today, mode: 'cash', dueId: science._id });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors.dueId).toBe('This due has nothing left to pay: choose another or leave it empty');
    const toMaths = await asAdmin('POST', `/api/students/${student.id}/payments`, { amount: 1000, date: t.today, mode: 'cash', dueId: maths._id });
    expect(toMaths.json().data.allocations).toEqual([{ dueId: maths._id, label: maths.label, amount: 1000 }]);
  });
});

