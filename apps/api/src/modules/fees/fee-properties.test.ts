import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { academicYearNameOf, academicYearStart, daysBetween, shiftDate } from '@academy/shared/calendar';
import { previousFinancialYearStart } from '@academy/shared/money';
import type { DuesList, FeeReport, FeeSummary, Ledger, Receipt } from '@academy/shared/schemas/fees';
import { feeReceipts } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent } from '../../../test/factories';
import { academySql } from '../../db/same-academy';

/*
 * Property: whatever the office does with a student's fees — plans (new and changed), concessions,
 * payments (some twice with one Idempotency-Key, some more than is due) and cancelled receipts, in any
 * order — the money adds up everywhere: each due's paid amount is what its live receipts paid it,
 * receipt numbers have no gaps in a financial year, and the ledger, the dues list and the reports
 * (the Fees screen's summary) show the same totals. Through the API, on the real database; a fresh
 * student and batches per run, all runs in this file's one database.
 */

const t = shareSignedInTestApp();

const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method, url, headers: { cookie: t.adminCookie, ...headers }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { data: T; message: string } };
};
/** Rupees as the API gives them → paise (exact: every amount has at most two decimals). */
const paise = (rupees: number) => Math.round(rupees * 100);
/** Paise → rupees as text, the way a form sends them ('1500.05'). */
const rupeesText = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

// ------------------------------------------------------------------ operations

const instalmentArb = fc.record({ dayOffset: fc.integer({ min: -90, max: 150 }), amount: fc.integer({ min: 1, max: 20_000_00 }) });
const instalmentsArb = fc.array(instalmentArb, { minLength: 1, maxLength: 4 });
const operationArb = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('plan' as const), instalments: instalmentsArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('changePlan' as const), plan: fc.nat(), instalments: instalmentsArb }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      // A share of what is still due, in per cent: above 100 is more than is due (refused).
      share: fc.integer({ min: 1, max: 110 }),
      // Days back from today, within the dates a payment may have (the previous financial year on).
      daysBack: fc.nat({ max: 400 }),
      mode: fc.constantFrom('cash', 'upi', 'cheque', 'bank_transfer', 'card'),
      taps: fc.constantFrom(1, 1, 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.record({ kind: fc.constant('concession' as const), percent: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('concession' as const), share: fc.integer({ min: 1, max: 110 }) }),
    ),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), receipt: fc.nat() }) },
);
type Operation = typeof operationArb extends fc.Arbitrary<infer T> ? T : never;

/** What the test itself knows was recorded, across every run (the reports cover all students). */
const livePayments = new Map<string, { amount: number; date: string }>();

type Run = { studentId: string; plans: { id: string; batchId: string; name: string }[] };

async function ledgerOf(run: Run): Promise<Ledger> {
  const { status, body } = await api<Ledger>('GET', `/api/students/${run.studentId}/fees`);
  expect(status).toBe(200);
  return body.data;
}

async function apply(run: Run, operation: Operation, step: number): Promise<void> {
  const balance = paise((await ledgerOf(run)).totals.balance);
  switch (operation.kind) {
    case 'plan': {
      // Enrolled directly: the factory's batches share their times, and enrolling would ask to confirm the clash.
      const batch = await buildBatch(t.database.db, { name: `Run batch ${run.studentId.slice(0, 8)} ${step}`, studentIds: [run.studentId] });
      const name = `Plan ${step}`;
      const instalments = operation.instalments.map((entry) => ({ dueDate: shiftDate(t.today, entry.dayOffset), amount: rupeesText(entry.amount) }));
      const { status, body } = await api<{ _id: string }>('POST', '/api/fee-plans', { name, batch: batch.id, amount: rupeesText(sum(operation.instalments.map((entry) => entry.amount))), instalments });
      expect(status, body.message).toBe(201);
      run.plans.push({ id: body.data._id, batchId: batch.id, name });
      return;
    }
    case 'changePlan': {
      if (run.plans.length === 0) return;
      const plan = run.plans[operation.plan % run.plans.length]!;
      const instalments = operation.instalments.map((entry) => ({ dueDate: shiftDate(t.today, entry.dayOffset), amount: rupeesText(entry.amount) }));
      const { status, body } = await api('PUT', `/api/fee-plans/${plan.id}`, { name: plan.name, batch: plan.batchId, amount: rupeesText(sum(operation.instalments.map((entry) => entry.amount))), instalments, applyToEnrolled: true });
      expect(status, body.message).toBe(200);
      return;
    }
    case 'pay': {
      const amount = Math.max(1, Math.floor((balance * operation.share) / 100));
      const date = shiftDate(t.today, -Math.min(operation.daysBack, daysBetween(previousFinancialYearStart(t.today), t.today)));
      const payment = { amount: rupeesText(amount), date, mode: operation.mode };
      const headers = { 'idempotency-key': `property-${run.studentId}-${step}` };
      const answers = await Promise.all(Array.from({ length: operation.taps }, () => api<Receipt>('POST', `/api/students/${run.studentId}/payments`, payment, headers)));
      const statuses = answers.map((answer) => answer.status).sort();
      if (balance === 0) expect(statuses).toEqual(answers.map(() => 409));
      else if (amount > balance) expect(statuses).toEqual(answers.map(() => 400));
      else {
        // A second tap with the same key answers the first receipt.
        expect(statuses).toEqual(operation.taps === 1 ? [201] : [200, 201]);
        expect(new Set(answers.map((answer) => answer.body.data._id)).size).toBe(1);
        livePayments.set(answers[0]!.body.data._id, { amount, date });
      }
      return;
    }
    case 'concession': {
      const input = 'percent' in operation ? { kind: 'percent', percent: operation.percent } : { kind: 'amount', amount: rupeesText(Math.max(1, Math.floor((balance * operation.share) / 100))) };
      const { status } = await api('POST', `/api/students/${run.studentId}/concessions`, { ...input, reason: 'Property test' });
      const tooBig = input.kind === 'amount' && paise(Number(input.amount)) > balance;
      expect(status).toBe(balance === 0 ? 409 : tooBig ? 400 : 201);
      return;
    }
    case 'cancel': {
      const live = (await ledgerOf(run)).payments.filter((receipt) => receipt.cancelled === null);
      if (live.length === 0) return;
      const receipt = live[operation.receipt % live.length]!;
      const { status } = await api('POST', `/api/receipts/${receipt._id}/cancel`, { reason: 'Property test' });
      expect(status).toBe(200);
      livePayments.delete(receipt._id);
      return;
    }
  }
}

// ------------------------------------------------------------------ what must always hold

async function checkMoneyAddsUp(run: Run): Promise<void> {
  // 1. Each due's paid amount is what the receipts that are not cancelled paid to it.
  const { rows: mismatched } = await t.database.db.execute(sql`
    select d.id from fee_dues d
    where d.academy_id = ${academySql()} and d.student_id = ${run.studentId}
      and d.paid_paise <> coalesce((select sum(a.amount_paise) from fee_allocations a join fee_receipts r on r.academy_id = a.academy_id and r.id = a.receipt_id
                                    where a.academy_id = ${academySql()} and r.academy_id = ${academySql()} and a.due_id = d.id and r.cancelled_at is null), 0)`);
  expect(mismatched).toEqual([]);

  // 2. Receipt numbers: 1, 2, 3 … in each financial year, with nothing missing.
  const receipts = await t.database.db.select({ year: feeReceipts.financialYear, seq: feeReceipts.seq }).from(feeReceipts);
  for (const year of new Set(receipts.map((row) => row.year))) {
    const seqs = receipts.filter((row) => row.year === year).map((row) => row.seq).sort((a, b) => a - b);
    expect(seqs, year).toEqual(seqs.map((_seq, index) => index + 1));
  }

  // 3. The ledger adds up, and its payments are the ones recorded.
  const ledger = await ledgerOf(run);
  const open = ledger.dues.filter((due) => due.status !== 'cancelled');
  const totals = { due: paise(ledger.totals.due), concession: paise(ledger.totals.concession), paid: paise(ledger.totals.paid), balance: paise(ledger.totals.balance), overdue: paise(ledger.totals.overdue) };
  expect(totals.balance).toBe(sum(open.map((due) => paise(due.balance))));
  expect(totals.balance).toBe(totals.due - totals.concession - totals.paid);
  expect(totals.overdue).toBe(sum(open.filter((due) => due.status === 'overdue').map((due) => paise(due.balance))));
  // Due now (issue 73): overdue and due today, what the reminder and the pay page ask for.
  expect(paise(ledger.totals.dueNow)).toBe(sum(open.filter((due) => (due.status === 'overdue' || due.status === 'due') && due.dueDate <= t.today).map((due) => paise(due.balance))));
  const liveReceipts = ledger.payments.filter((receipt) => receipt.cancelled === null);
  expect(totals.paid).toBe(sum(liveReceipts.map((receipt) => paise(receipt.amount))));
  expect(new Set(liveReceipts.map((receipt) => receipt._id))).toEqual(new Set([...livePayments.keys()].filter((id) => ledger.payments.some((receipt) => receipt._id === id))));

  // 4. The dues list and the report's outstanding by batch show each batch's balance of the ledger.
  const { body: summary } = await api<FeeSummary>('GET', '/api/fees/summary');
  const { body: report } = await api<FeeReport>('GET', '/api/fees/report');
  for (const { batchId } of run.plans) {
    const inLedger = open.filter((due) => due.batch?._id === batchId);
    const balance = sum(inLedger.map((due) => paise(due.balance)));
    const { body: list } = await api<DuesList>('GET', `/api/fees/dues?batch=${batchId}&limit=200`);
    expect(paise(list.data.totals.outstanding), batchId).toBe(balance);
    expect(sum(list.data.dues.map((due) => paise(due.balance))), batchId).toBe(balance);
    expect(paise(list.data.totals.overdue), batchId).toBe(sum(inLedger.filter((due) => due.status === 'overdue').map((due) => paise(due.balance))));
    const reported = report.data.byBatch.find((row) => row.batch._id === batchId);
    expect(reported ? paise(reported.outstanding) : 0, batchId).toBe(balance);
  }

  // 5. The report's totals are the dues list's, and its collections are the payments recorded.
  const { body: allDues } = await api<DuesList>('GET', '/api/fees/dues?limit=1');
  expect(paise(summary.data.outstanding)).toBe(paise(allDues.data.totals.outstanding));
  expect(paise(summary.data.overdue)).toBe(paise(allDues.data.totals.overdue));
  // Due now (issue 73) holds the overdue and what falls due today, never what is still to come.
  expect(paise(summary.data.dueNow)).toBeGreaterThanOrEqual(paise(summary.data.overdue));
  expect(paise(summary.data.dueNow)).toBeLessThanOrEqual(paise(summary.data.outstanding));
  const payments = [...livePayments.values()];
  const monthStart = `${t.today.slice(0, 7)}-01`;
  expect(paise(summary.data.collectedThisMonth)).toBe(sum(payments.filter((payment) => payment.date >= monthStart).map((payment) => payment.amount)));
  const yearStart = academicYearStart(academicYearNameOf(t.today));
  expect(sum(report.data.byMode.map((row) => paise(row.amount)))).toBe(paise(report.data.collected));
  expect(sum(report.data.byMonth.map((row) => paise(row.amount)))).toBe(paise(report.data.collected));
  expect(paise(report.data.collected)).toBe(sum(payments.filter((payment) => payment.date >= yearStart).map((payment) => payment.amount)));
  expect(sum(report.data.byDay.map((row) => paise(row.amount)))).toBe(sum(payments.filter((payment) => payment.date > shiftDate(t.today, -30)).map((payment) => payment.amount)));
}

describe('fees: the money adds up whatever the office does (property)', () => {
  it('keeps dues, receipts, the ledger, the dues list and the reports in agreement', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 1, maxLength: 8 }), async (operations) => {
        const student = await buildStudent(t.database.db, { name: 'Property Student' });
        const run: Run = { studentId: student.id, plans: [] };
        for (const [step, operation] of operations.entries()) {
          await apply(run, operation, step);
          await checkMoneyAddsUp(run);
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
