import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { attendanceRecords, feeDues, parentMessages, users } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { shareSignedInTestApp, apiCaller } from '../../../test/shared-test-app';
import { buildAcademies, buildBatch, buildParent, buildStudent, buildTeacher } from '../../../test/factories';
import { enrolWithTermFees } from '../../../test/term-fees';
import { runAbsenceAlerts } from '../parents/absence-alerts';

/**
 * Issue 73, points 2, 6 and 11, in a new academy that has set up neither WhatsApp nor SMS: every
 * message to a family is recorded whatever happens to it (one no channel can carry is a failure the
 * office sees, with what to set up), a phone-only parent asking for a code is told the truth without
 * learning whose number is a parent's, reminder counts say what happened, and the reminder's total is
 * the pay page's.
 */
const t = shareSignedInTestApp();
const call = apiCaller(t);
const runJobs = async () => {
  await t.app.backgroundIdle();
  while ((await t.app.jobs.runDue()) > 0);
};
/**
 * A student with ₹6,000 due five days ago and ₹4,000 due in 30 days (the enrolment may move a first
 * instalment to the batch's start: the dates are set here as the test needs them).
 */
async function withDues(name: string) {
  const { student } = await enrolWithTermFees(t, name);
  const dues = await t.database.db.select().from(feeDues).where(eq(feeDues.studentId, student.id)).orderBy(asc(feeDues.amountPaise));
  await t.database.db.update(feeDues).set({ dueDate: shiftDate(t.today, 30) }).where(eq(feeDues.id, dues[0]!.id));
  await t.database.db.update(feeDues).set({ dueDate: shiftDate(t.today, -5) }).where(eq(feeDues.id, dues[1]!.id));
  return { student, first: dues[1]!.id, later: dues[0]!.id };
}
const SET_UP = 'No channel can carry it: set up WhatsApp or SMS in Settings → Messages';

/** A parent with a phone and no email (issue 37), linked to the students. */
async function phoneOnlyParent(phone: string, studentIds: string[], name = 'Ramesh Patil') {
  const parent = await buildParent(t.database.db, { name, phone, studentIds, relation: 'father' });
  await t.database.db.update(users).set({ email: null }).where(eq(users.id, parent.userId));
  return parent;
}

type Listed = { _id: string; kind: string; channel: string; status: string; error: string | null; parent: { _id: string } };
const messagesOf = async (parentId: string): Promise<Listed[]> => {
  const answer = await call('GET', `/admin/messages?parentId=${parentId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.items;
};

describe('a phone-only parent before WhatsApp or SMS is set up (point 2)', () => {
  it('is told the academy cannot send codes yet, exactly as a stranger is; the office sees the failure with what to set up', async () => {
    const student = await buildStudent(t.database.db, { name: 'Aarav Patil' });
    const parent = await phoneOnlyParent('+919822070001', [student.id]);
    const ask = (phone: string, language = 'en') => t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code', headers: { 'accept-language': language }, payload: { phone } });

    const asParent = await ask('9822070001');
    const asStranger = await ask('9822070999');
    expect(asParent.statusCode).toBe(409);
    expect(asParent.json().message).toBe('This academy cannot send sign-in codes yet. Please ask the office, or sign in with email and password.');
    // Nothing in the answer tells whose number is a parent's.
    expect(asStranger.statusCode).toBe(asParent.statusCode);
    expect(asStranger.body).toBe(asParent.body);
    await runJobs();

    // Asked twice the same day: one failed message, on no channel, with what to set up.
    await ask('9822070001');
    await runJobs();
    const listed = await messagesOf(parent.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: 'sign-in-code', channel: 'none', status: 'failed', error: SET_UP });
    // No code is kept in it, and the sender never picks it up.
    const [row] = await t.database.db.select().from(parentMessages).where(eq(parentMessages.id, listed[0]!._id));
    expect(row!.templateValues[0]).toBe('******');
    // "Send again" cannot turn it into a message stuck on "Sending".
    expect((await call('POST', `/admin/messages/${listed[0]!._id}/retry`)).statusCode).not.toBe(200);
    expect((await messagesOf(parent.id))[0]).toMatchObject({ status: 'failed' });

    // The same words in Marathi and Hindi.
    expect((await ask('9822070001', 'mr')).json().message).toBe('ही अकॅडमी अजून साइन-इन कोड पाठवू शकत नाही. कृपया ऑफिसला विचारा, किंवा ईमेल आणि पासवर्डने साइन इन करा.');
    expect((await ask('9822070001', 'hi')).json().message).toBe('यह अकादमी अभी साइन-इन कोड नहीं भेज सकती. कृपया ऑफ़िस से पूछें, या ईमेल और पासवर्ड से साइन इन करें.');
  });

  it('leaves a failed absence alert on the Messages screen, which academy B never sees', async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db);
    const student = await buildStudent(db, { name: 'Isha Kale' });
    const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
    const parent = await phoneOnlyParent('+919822070002', [student.id], 'Sunil Kale');
    await call('PUT', '/admin/settings/parent-alerts', { absenceAlerts: { enabled: true, statuses: ['absent'], delayMinutes: 0 } });
    await db.insert(attendanceRecords).values({ batchId: batch.id, studentId: student.id, date: t.today, status: 'absent', markedBy: teacher.user.id });
    await runAbsenceAlerts(db, t.app.jobs, { date: t.today, studentIds: [student.id] });
    await runJobs();
    expect(await messagesOf(parent.id)).toEqual([expect.objectContaining({ kind: 'absence', channel: 'none', status: 'failed', error: SET_UP })]);

    const B = '00000000-0000-4000-8000-0000000073b1';
    await buildAcademies(db, { id: B, slug: 'truth-b', name: 'B Classes' });
    expect(await withAcademy(B, () => db.select().from(parentMessages).where(eq(parentMessages.parentId, parent.id)))).toEqual([]);
    expect(await withAcademy(B, () => db.select().from(parentMessages).where(eq(parentMessages.channel, 'none')))).toEqual([]);
  });
});

describe('fee reminders (points 6 and 11)', () => {
  it('counts what really happened: one family reached, one no channel reaches (with why), a due not due yet', async () => {
    const reached = await withDues('Counted Reached');
    await buildParent(t.database.db, { studentIds: [reached.student.id] });
    const unreached = await withDues('Counted Phoneonly');
    const phoneOnly = await phoneOnlyParent('+919822070003', [unreached.student.id]);
    const first = { _id: reached.first };
    const phoneFirst = { _id: unreached.first };

    const answer = await call('POST', '/fees/reminders', { dueIds: [reached.first, reached.later, unreached.first] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ queued: 1, failed: 1, notDueYet: 1, skipped: 0, notSent: [{ name: 'Counted Phoneonly', reason: SET_UP }] });
    await runJobs();
    expect(await messagesOf(phoneOnly.id)).toEqual([expect.objectContaining({ kind: 'fee-reminder', channel: 'none', status: 'failed', error: SET_UP })]);
    // Not counted as reminded this week: once a channel is set up the office can remind them at once.
    expect((await call('POST', '/fees/reminders', { dueIds: [phoneFirst!._id], dryRun: true })).json().data).toMatchObject({ failed: 1, skipped: 0 });
    // The reached family's due was reminded: asked again this week, it is skipped.
    expect((await call('POST', '/fees/reminders', { dueIds: [first!._id], dryRun: true })).json().data).toMatchObject({ queued: 0, skipped: 1 });
  });

  it('says the same total due now as the pay page it links to', async () => {
    const { student, first } = await withDues('Total Same');
    const parent = await buildParent(t.database.db, { studentIds: [student.id] });
    expect((await call('POST', '/fees/reminders', { dueIds: [first] })).json().data.queued).toBe(1);
    await runJobs();
    const [reminder] = await t.database.db
      .select()
      .from(parentMessages)
      .where(and(eq(parentMessages.parentId, parent.id), eq(parentMessages.kind, 'fee-reminder')));
    // ₹6,000 was due five days ago, ₹4,000 is due in 30 days: due now is ₹6,000.
    expect(reminder!.payload.total).toBe('6,000');
    const mail = (await t.mailsTo(parent.user.email!)).find((sent) => sent.subject.includes('fee reminder'));
    const token = /\/pay\/([\w-]+\.[0-9a-z]+\.[\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token, mail?.text).toBeDefined();
    const page = (await t.app.inject({ method: 'GET', url: `/api/pay/${token}` })).json().data;
    expect(page.total).toBe(6000);
    expect(`${page.total.toLocaleString('en-IN')}`).toBe(reminder!.payload.total);
    expect(page.dues.map((due: { balance: number }) => due.balance)).toEqual([6000]);
  });
});
