import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { feeReceipts, students } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildStudent, loginAs } from '../../../test/factories';
import { enrolWithTermFees } from '../../../test/term-fees';
import { multipart } from '../../../test/multipart';
import { dueReferencesIn, likelyDue, nameInNarration } from './statement-matching';

/**
 * Bank statements (issue 38), as the "done when" says: an HDFC statement with three credits
 * (one carrying a due's reference, one only matching amount and a family name, one unknown) makes
 * exactly two receipts with their UTRs after confirming, the third stays unmatched; the same file again
 * adds nothing; a UTR a family reported and the office confirmed shows as already receipted.
 */
const t = shareSignedInTestApp();

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });
const upload = (content: string | Buffer, filename = 'statement.csv') => {
  const body = multipart({ file: { filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content), contentType: 'text/csv' } });
  return t.app.inject({ method: 'POST', url: '/api/fees/bank-statements', payload: body.payload, headers: { ...body.headers, cookie: t.adminCookie } });
};
/** dd/mm/yy as HDFC writes it. */
const hdfcDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(2, 4)}`;

/** A child with a ₹10,000 plan (₹6,000 then ₹4,000), and its UPI reference for the first instalment. */
async function childWithDues(name: string, parentName?: string) {
  const db = t.database.db;
  const { student } = await enrolWithTermFees(t, name);
  const parent = parentName ? await buildParent(db, { studentIds: [student.id], name: parentName }) : undefined;
  const [row] = await db.select({ code: students.studentCode }).from(students).where(eq(students.id, student.id));
  const reference = row!.code.replace(/^([A-Z]+)-\d\d(\d\d)-(\d+)$/, '$1$2-$3') + '-I1';
  return { student, parent, reference };
}

function hdfcStatement(lines: { narration: string; ref: string; credit: string; debit?: string }[]): string {
  const header = ['HDFC BANK Ltd.', 'Account holder: SHREE ACADEMY', 'Statement From : 01/11/26 To : 30/11/26', '', 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  // Amounts quoted, as a CSV must write "6,000.00".
  const rows = lines.map((line) => `${hdfcDate(t.today)},"${line.narration}",${line.ref},${hdfcDate(t.today)},"${line.debit ?? ''}","${line.credit}",100000.00`);
  return [...header, ...rows, '', 'STATEMENT SUMMARY :-'].join('\n');
}

describe('reading a credit’s narration', () => {
  it('finds a due reference however the bank wrote it, and a name cut short', () => {
    expect(dueReferencesIn('UPI-AARAV PATIL-aarav@okaxis-SBIN0001234-412345678901-LAT26-0042-I2 FEES')).toEqual([{ studentCode: 'LAT-2026-0042', dueNumber: 2 }]);
    expect(dueReferencesIn('UPI/412345678901/LAT26 0042 I12 Fees Aarav')).toEqual([{ studentCode: 'LAT-2026-0042', dueNumber: 12 }]);
    expect(dueReferencesIn('NEFT-HDFC0001234-SUNITA MORE')).toEqual([]);
    expect(nameInNarration('Aarav Patil', 'BY TRANSFER-UPI/CR/412345678901/AARAV PA/SBIN/aarav')).toBe(true);
    expect(nameInNarration('Aarav Patil', 'UPI-AARAV KALE-412345678901')).toBe(false);
    expect(nameInNarration('Sunita', 'UPI-SUNITA MORE-523456789012')).toBe(true);
  });

  it('takes a likely due only when one student fits', () => {
    const due = (studentId: string, names: string[]) => ({ studentId, dueId: `due-${studentId}`, balancePaise: 600000, dueDate: '2026-11-20', names });
    expect(likelyDue({ amountPaise: 600000, narration: 'UPI-SUNITA MORE-523456789012' }, [due('a', ['Riya More', 'Sunita More']), due('b', ['Dev Kale'])])).toEqual({ studentId: 'a', dueId: 'due-a' });
    expect(likelyDue({ amountPaise: 600000, narration: 'UPI-SUNITA MORE-523456789012' }, [due('a', ['Sunita More']), due('b', ['Sunita More'])])).toBeNull();
    expect(likelyDue({ amountPaise: 500000, narration: 'UPI-SUNITA MORE-523456789012' }, [due('a', ['Sunita More'])])).toBeNull();
  });
});

describe('a bank statement', () => {
  it('matches three credits, makes exactly two receipts with their UTRs, and adds nothing when uploaded again', async () => {
    const byReference = await childWithDues('Aarav Statement');
    const byName = await childWithDues('Riya Statement', 'Sunita Kulkarni');
    const [utr1, utr2, utr3] = ['712345678901', '712345678902', '712345678903'];
    const file = hdfcStatement([
      { narration: `UPI-AARAV STATEMENT-aarav@okaxis-SBIN0001234-${utr1}-${byReference.reference} Fees`, ref: `0000${utr1}`, credit: '6,000.00' },
      { narration: `UPI-SUNITA KULKARNI-9822012345@ybl-HDFC0000123-${utr2}-PAYMENT FROM PHONE`, ref: `0000${utr2}`, credit: '6000.00' },
      { narration: `UPI-UNKNOWN PAYER-payer@okicici-ICIC0000001-${utr3}-SENT FROM PAYTM`, ref: `0000${utr3}`, credit: '1,234.00' },
      { narration: 'ATM WDL-LATUR MAIN ROAD', ref: '000000000000', credit: '', debit: '2,000.00' },
    ]);
    const uploaded = await upload(file);
    expect(uploaded.statusCode).toBe(201);
    const statement = uploaded.json().data;
    expect(statement).toMatchObject({ layout: 'hdfc', alreadyImported: 0, debitCount: 1 });
    const [first, second, third] = statement.credits;
    expect(first).toMatchObject({ utr: utr1, amount: 6000, match: 'reference', studentId: byReference.student.id, student: 'Aarav Statement', due: 'Term fees · 1/2' });
    expect(second).toMatchObject({ utr: utr2, match: 'likely', studentId: byName.student.id });
    expect(third).toMatchObject({ utr: utr3, match: 'none', studentId: null });

    // All three chosen: the unknown one says it needs a student; the two others become receipts.
    const confirmed = await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: statement.credits.map((credit: { id: string }) => ({ id: credit.id })) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ confirmed: 2, failed: [{ id: third.id, message: 'Choose the student this credit is for' }] });
    expect(confirmed.json().data.statement.credits.map((credit: { match: string }) => credit.match)).toEqual(['receipted', 'receipted', 'none']);
    for (const [utr, student] of [[utr1, byReference.student.id], [utr2, byName.student.id]] as const) {
      const receipts = await t.database.db.select().from(feeReceipts).where(and(eq(feeReceipts.utr, utr), isNull(feeReceipts.cancelledAt)));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({ studentId: student, mode: 'upi', reference: utr, amountPaise: 600000, date: t.today });
    }
    // Confirming again makes nothing twice.
    const again = await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: first.id }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This credit is already a receipt');

    // The same file again: every credit was brought before, nothing new.
    const twice = await upload(file);
    expect(twice.statusCode).toBe(201);
    expect(twice.json().data).toMatchObject({ alreadyImported: 3, credits: [] });
    expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.utr, utr1))).toHaveLength(1);
    const list = (await asAdmin('GET', '/api/fees/bank-statements')).json().data.statements;
    // Told apart by bank, file and period, not only the upload time (issue 54).
    expect(list.find((entry: { id: string }) => entry.id === statement.id)).toMatchObject({ credits: 3, receipted: 2, setAside: 0, open: 1, layout: 'hdfc', fileName: 'statement.csv', periodFrom: t.today, periodTo: t.today });
  });

  it('shows a UTR a family reported and the office confirmed as already receipted, and a reported one as its due', async () => {
    const family = await childWithDues('Claim Statement', 'Lata Claim');
    const parentCookie = await loginAs(t.app, family.parent!.user.email);
    const dueId = (await t.app.inject({ method: 'GET', url: `/api/parent/children/${family.student.id}/fees`, headers: { cookie: parentCookie } })).json().data.dues[0]._id;
    const [confirmedUtr, waitingUtr] = ['812345678901', '812345678902'];
    const report = (utr: string, amount: number) => t.app.inject({ method: 'POST', url: '/api/payment-claims', headers: { cookie: parentCookie }, payload: { dueId, amount, utr, paidOn: t.today } });
    const claimId = (await report(confirmedUtr, 1000)).json().data._id;
    expect((await asAdmin('POST', `/api/payment-claims/${claimId}/confirm`)).statusCode).toBe(200);
    const waitingId = (await report(waitingUtr, 2000)).json().data._id;

    const uploaded = (
      await upload(
        hdfcStatement([
          { narration: `UPI-LATA CLAIM-lata@ybl-HDFC0000123-${confirmedUtr}-FEES`, ref: `0000${confirmedUtr}`, credit: '1000.00' },
          { narration: `UPI-SOMEONE-x@ybl-HDFC0000123-${waitingUtr}-FEES`, ref: `0000${waitingUtr}`, credit: '2000.00' },
        ]),
      )
    ).json().data;
    expect(uploaded.credits[0]).toMatchObject({ match: 'receipted', studentId: family.student.id, receiptNumber: expect.any(String) });
    expect(uploaded.credits[1]).toMatchObject({ match: 'reference', studentId: family.student.id });
    // Confirming the reported one confirms the family's report with the same single receipt.
    const done = await asAdmin('POST', `/api/fees/bank-statements/${uploaded.id}/confirm`, { credits: [{ id: uploaded.credits[1].id }, { id: uploaded.credits[0].id }] });
    expect(done.json().data).toMatchObject({ confirmed: 1, failed: [{ message: 'This credit is already a receipt' }] });
    const claims = (await asAdmin('GET', '/api/payment-claims?status=confirmed')).json().data.claims as { _id: string }[];
    expect(claims.map((claim) => claim._id)).toContain(waitingId);
    for (const utr of [confirmedUtr, waitingUtr]) expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.utr, utr))).toHaveLength(1);
  });

  it('says why a file is refused, offers the columns of an unknown bank to map, and reads it once they are saved', async () => {
    const pdf = await upload(Buffer.from('%PDF-1.4 not a statement'), 'statement.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors.file).toBe('This file is not a CSV or Excel (.xlsx) statement');
    const xls = await upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]), 'statement.xls');
    expect(xls.json().errors.file).toBe('Save the statement as CSV or Excel (.xlsx) first: the old .xls format is not read');
    expect((await t.app.inject({ method: 'POST', url: '/api/fees/bank-statements', headers: { cookie: t.adminCookie }, payload: {} })).statusCode).toBe(400);

    const other = ['Txn Date,Particulars,Cheque/Ref,Deposits,Withdrawals', `${t.today},UPI-912345678901-SOMEONE,912345678901,500.00,`].join('\n');
    const unknown = await upload(other);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.file).toBe('The columns of this statement are not recognised: choose which column holds the date, the narration, the reference and the credit amount');
    expect(unknown.json().errors.headers.split('\n')).toEqual(['Txn Date', 'Particulars', 'Cheque/Ref', 'Deposits', 'Withdrawals']);
    expect((await asAdmin('PUT', '/api/fees/bank-statements/mapping', { date: '', narration: 'Particulars', reference: null, credit: 'Deposits' })).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/fees/bank-statements/mapping', { date: 'Txn Date', narration: 'Particulars', reference: 'Cheque/Ref', credit: 'Deposits' })).statusCode).toBe(200);
    const mapped = await upload(other);
    expect(mapped.statusCode).toBe(201);
    expect(mapped.json().data).toMatchObject({ layout: 'mapped', credits: [{ amount: 500, utr: '912345678901', match: 'none' }] });

    // Saving Settings → Payments (the UPI ID, then none) keeps the statement's mapping (issue 61: it was lost).
    expect((await asAdmin('PUT', '/api/admin/settings/payments', { upi: { vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' } })).statusCode).toBe(200);
    expect((await asAdmin('PUT', '/api/admin/settings/payments', { upi: null })).statusCode).toBe(200);
    const stillMapped = await upload(other);
    expect(stillMapped.statusCode).toBe(201);
    expect(stillMapped.json().data).toMatchObject({ layout: 'mapped' });
  });
});

/** A student in two batches (issue 54's walk): Science due 10 days ago (₹2,500), Maths due 5 days ago (₹6,000), with each due's reference. */
async function childInTwoBatches(name: string) {
  const db = t.database.db;
  const student = await buildStudent(db, { name });
  const dues: Record<'science' | 'maths', { id: string; reference: string }> = {} as never;
  for (const [subject, days, amount] of [['science', -10, 2500], ['maths', -5, 6000]] as const) {
    // Enrolled directly (two batches at one hour would clash); the new plan gives the batch's students their dues.
    const batch = await buildBatch(db, { studentIds: [student.id] });
    expect((await asAdmin('POST', '/api/fee-plans', { name: subject, batch: batch.id, amount, instalments: [{ dueDate: shiftDate(t.today, days), amount }] })).statusCode).toBe(201);
  }
  const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data as { dues: { _id: string; label: string }[] };
  // The student's n-th due: Science was made first (I1), Maths second (I2).
  const [row] = await db.select({ code: students.studentCode }).from(students).where(eq(students.id, student.id));
  const short = row!.code.replace(/^([A-Z]+)-\d\d(\d\d)-(\d+)$/, '$1$2-$3');
  for (const due of ledger.dues) dues[due.label.startsWith('science') ? 'science' : 'maths'] = { id: due._id, reference: `${short}-I${due.label.startsWith('science') ? 1 : 2}` };
  return { student, dues };
}

describe('a credit and a family’s report that disagree (issue 53)', () => {
  it('lets the reference in the narration win over another family’s report of the UTR, and shows the report as a conflict the office decides', async () => {
    const claimer = await childWithDues('Chaitanya Claimer', 'Kiran Claimer');
    const payer = await childWithDues('Pallavi Payer');
    const parentCookie = await loginAs(t.app, claimer.parent!.user.email);
    const claimerDue = (await asAdmin('GET', `/api/students/${claimer.student.id}/fees`)).json().data.dues[0]._id as string;
    const utr = '622200000001';
    const claim = await t.app.inject({ method: 'POST', url: '/api/payment-claims', headers: { cookie: parentCookie }, payload: { dueId: claimerDue, amount: 100, utr, paidOn: t.today } });
    expect(claim.statusCode).toBe(201);

    const statement = (await upload(hdfcStatement([{ narration: `UPI-PALLAVI PAYER-p@ybl-HDFC0000123-${utr}-${payer.reference}`, ref: `0000${utr}`, credit: '6,000.00' }]), 'conflict.csv')).json().data;
    const [credit] = statement.credits;
    expect(credit).toMatchObject({ match: 'conflict', studentId: payer.student.id, student: 'Pallavi Payer', claim: { studentId: claimer.student.id, amount: 100, student: 'Chaitanya Claimer' } });
    // Never confirmed silently: without the office's choice it is refused, and nobody has a receipt.
    const silent = await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id }] });
    expect(silent.statusCode).toBe(409);
    expect(silent.json().message).toBe('A family reported this payment for another amount or due: choose the student and due it pays');
    expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.utr, utr))).toHaveLength(0);
    // The office chooses the family the reference names: their receipt; the other family's report is closed (superseded), without that receipt.
    const chosen = await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id, studentId: payer.student.id, dueId: credit.dueId }] });
    expect(chosen.statusCode).toBe(200);
    const [receipt] = await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.utr, utr));
    expect(receipt).toMatchObject({ studentId: payer.student.id, amountPaise: 600000 });
    const claims = (await t.app.inject({ method: 'GET', url: `/api/parent/children/${claimer.student.id}/fees`, headers: { cookie: parentCookie } })).json().data.claims;
    expect(claims[0]).toMatchObject({ status: 'superseded', receiptNumber: null });
  });

  it('makes a line naming another child than the reporting family’s a conflict, never a suggested match (issue 71)', async () => {
    const kiran = await childWithDues('Kiran More', 'Sunita More');
    const beta = await childWithDues('Student Beta', 'Parent Beta');
    const sunita = await loginAs(t.app, kiran.parent!.user.email);
    const kiranDue = (await asAdmin('GET', `/api/students/${kiran.student.id}/fees`)).json().data.dues[0]._id as string;
    const utr = '512345678999';
    const claim = await t.app.inject({ method: 'POST', url: '/api/payment-claims', headers: { cookie: sunita }, payload: { dueId: kiranDue, amount: 700, utr, paidOn: t.today } });
    expect(claim.statusCode).toBe(201);

    const statement = (await upload(hdfcStatement([{ narration: `UPI-STUDENT BETA-parent.beta@okaxis-HDFC0000123-${utr}-FEES`, ref: `0000${utr}`, credit: '700.00' }]), 'named.csv')).json().data;
    const [credit] = statement.credits;
    expect(credit).toMatchObject({ match: 'conflict', conflict: 'name', studentId: beta.student.id, student: 'Student Beta', dueId: null, claim: { studentId: kiran.student.id, student: 'Kiran More', amount: 700 } });
    // Not among the exact matches the office confirms at once, and refused without its choice.
    const silent = await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id }] });
    expect(silent.statusCode).toBe(409);
    expect(silent.json().message).toBe('The bank names another student or payer than the family who reported this payment: choose the student it pays');
    expect(await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.utr, utr))).toHaveLength(0);
    // The office finds it is Beta's: Beta's receipt, Sunita's report closed without it.
    const chosen = await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id, studentId: beta.student.id }] });
    expect(chosen.statusCode).toBe(200);
    expect((await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.utr, utr)))[0]).toMatchObject({ studentId: beta.student.id, amountPaise: 70000 });
    const claims = (await t.app.inject({ method: 'GET', url: `/api/parent/children/${kiran.student.id}/fees`, headers: { cookie: sunita } })).json().data.claims;
    expect(claims[0]).toMatchObject({ status: 'superseded', receiptNumber: null });
  });

  it('still confirms a report whose line names the reporting family (its parent), or nobody the academy knows', async () => {
    const own = await childWithDues('Ishaan Own', 'Rekha Own');
    const rekha = await loginAs(t.app, own.parent!.user.email);
    const due = (await asAdmin('GET', `/api/students/${own.student.id}/fees`)).json().data.dues[0]._id as string;
    const [byParent, byStranger] = ['512345678001', '512345678002'];
    for (const [utr, amount] of [[byParent, 500], [byStranger, 600]] as const)
      expect((await t.app.inject({ method: 'POST', url: '/api/payment-claims', headers: { cookie: rekha }, payload: { dueId: due, amount, utr, paidOn: t.today } })).statusCode).toBe(201);
    const statement = (
      await upload(
        hdfcStatement([
          { narration: `UPI-REKHA OWN-rekha@okaxis-HDFC0000123-${byParent}-FEES`, ref: `0000${byParent}`, credit: '500.00' },
          { narration: `UPI-ZORAWAR QWERTY-z@ybl-HDFC0000123-${byStranger}-FEES`, ref: `0000${byStranger}`, credit: '600.00' },
        ]),
        'own.csv',
      )
    ).json().data;
    expect(statement.credits.map((credit: { match: string; conflict: string | null; studentId: string }) => [credit.match, credit.conflict, credit.studentId])).toEqual([
      ['reference', null, own.student.id],
      ['reference', null, own.student.id],
    ]);
  });

  it('makes one receipt of one credit confirmed by two office sessions at once for two students; the other answers 409', async () => {
    const one = await childWithDues('Omkar Race');
    const two = await childWithDues('Tanvi Race');
    const statement = (await upload(hdfcStatement([{ narration: 'NEFT-HDFC0001234-SOMEONE PAID', ref: 'N123456789RACE', credit: '1,000.00' }]), 'race.csv')).json().data;
    const [credit] = statement.credits;
    expect(credit).toMatchObject({ match: 'none', utr: null });
    const [a, b] = await Promise.all(
      [one, two].map((family) => asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id, studentId: family.student.id }] })),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const receipts = await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.idempotencyKey, `bank-credit:${credit.id}`));
    expect(receipts).toHaveLength(1);
  });
});

describe('a payment that names a due pays that due first (issue 54)', () => {
  it('receipts a credit carrying the Maths instalment’s reference to Maths, although Science is older', async () => {
    const { student, dues } = await childInTwoBatches('Mayuri Named');
    const statement = (await upload(hdfcStatement([{ narration: `UPI-MAYURI NAMED-m@ybl-HDFC0000123-633300000001-${dues.maths.reference}`, ref: '0000633300000001', credit: '6,000.00' }]), 'named.csv')).json().data;
    expect(statement.credits[0]).toMatchObject({ match: 'reference', dueId: dues.maths.id });
    expect((await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: statement.credits[0].id }] })).statusCode).toBe(200);
    const ledger = (await asAdmin('GET', `/api/students/${student.id}/fees`)).json().data;
    expect(ledger.payments[0].allocations).toEqual([{ dueId: dues.maths.id, label: expect.stringMatching(/^maths/), amount: 6000 }]);
    expect(ledger.dues.find((due: { _id: string }) => due._id === dues.science.id)).toMatchObject({ balance: 2500, status: 'overdue' });
  });
});

describe('setting a credit aside (issue 54)', () => {
  it('takes a refund out of the credits without a receipt, with a note, and puts it back', async () => {
    const statement = (await upload(hdfcStatement([{ narration: 'INTEREST CREDIT SB A/C', ref: 'INT2611SETASIDE', credit: '123.00' }]), 'interest.csv')).json().data;
    const [credit] = statement.credits;
    const before = (await asAdmin('GET', '/api/fees/summary')).json().data;
    expect(before.unreconciledStatementId).toEqual(expect.any(String));
    const url = `/api/fees/bank-statements/${statement.id}/credits/${credit.id}`;
    expect((await asAdmin('POST', `${url}/set-aside`, { note: 'x'.repeat(301) })).statusCode).toBe(400);
    const aside = await asAdmin('POST', `${url}/set-aside`, { note: 'Savings interest' });
    expect(aside.statusCode).toBe(200);
    expect(aside.json()).toMatchObject({ message: 'Credit set aside', data: { credits: [{ id: credit.id, match: 'set_aside', setAside: { note: 'Savings interest', by: expect.any(String) } }] } });
    expect((await asAdmin('GET', '/api/fees/summary')).json().data.unreconciledCredits).toBe(before.unreconciledCredits - 1);
    expect((await asAdmin('GET', '/api/fees/bank-statements')).json().data.statements.find((entry: { id: string }) => entry.id === statement.id)).toMatchObject({ setAside: 1, open: 0, fileName: 'interest.csv' });
    // Set aside twice, or confirmed while set aside: refused.
    expect((await asAdmin('POST', `${url}/set-aside`, {})).statusCode).toBe(409);
    const studentId = (await childWithDues('Aside Student')).student.id;
    expect((await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id, studentId }] })).json().message).toBe('This credit is set aside: put it back first');
    // Put back: counted again.
    const back = await asAdmin('POST', `${url}/put-back`);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.credits[0]).toMatchObject({ match: 'none', setAside: null });
    expect((await asAdmin('GET', '/api/fees/summary')).json().data.unreconciledCredits).toBe(before.unreconciledCredits);
    expect((await asAdmin('POST', `${url}/put-back`)).statusCode).toBe(409);
    // A receipted credit cannot be set aside.
    expect((await asAdmin('POST', `/api/fees/bank-statements/${statement.id}/confirm`, { credits: [{ id: credit.id, studentId }] })).statusCode).toBe(200);
    expect((await asAdmin('POST', `${url}/set-aside`, { note: 'Refund' })).json().message).toBe('This credit is a receipt: cancel the receipt first');
    // Wrong statement for the credit: 404.
    expect((await asAdmin('POST', `/api/fees/bank-statements/00000000-0000-4000-8000-000000000000/credits/${credit.id}/set-aside`, {})).statusCode).toBe(404);
  });
});
