import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { word } from '@academy/shared/i18n/server-catalog';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { WEEKDAYS, weekdayOfDate } from '@academy/shared/schedule';
import { admissionDemos, admissionEnquiries, attendanceRecords, auditLog, batches, parentMessages, users } from '../../db/schema';
import { buildBatch, buildEnquiry, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { shareProviderTestApp, standInWhatsApp } from '../../../test/provider-test-app';
import { academyToday, getAcademySettings } from '../../academy-settings';

/**
 * Issue 41, demo classes: the office books an enquiry into a batch's class on a date; the family is
 * told the time and address through the family outbox; the batch's teacher sees the demo student on
 * that day's sheet and marks them, and the batch's own figures never count them.
 */
const { t, providers } = shareProviderTestApp();
let today: string;
let adminCookie: string;
let teacher: Awaited<ReturnType<typeof buildTeacher>>;
let teacherCookie: string;
let otherTeacherCookie: string;
let studentCookie: string;

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call(adminCookie, method, url, payload);
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};

/** A running batch of `teacher` with a class every day (so today is a class day), from a month ago to four months on. */
async function dailyBatch(overrides: { days?: (typeof WEEKDAYS)[number][]; studentIds?: string[]; teacherId?: string; name?: string } = {}) {
  const db = t.database.db;
  const batch = await buildBatch(db, {
    teacherId: overrides.teacherId ?? teacher.id,
    studentIds: overrides.studentIds,
    name: overrides.name ?? `Demo batch ${Math.random().toString(36).slice(2, 7)}`,
    startDate: shiftDate(today, -30),
    endDate: shiftDate(today, 120),
  });
  await db
    .update(batches)
    .set({ scheduleDays: overrides.days ?? [...WEEKDAYS], startTime: '17:00', endTime: '18:30' })
    .where(eq(batches.id, batch.id));
  return batch;
}

const book = (enquiryId: string, batch: string, date: string) => asAdmin('POST', `/api/admission-enquiries/${enquiryId}/demo`, { batch, date });

beforeAll(async () => {
  const db = t.database.db;
  today = await academyToday(db);
  adminCookie = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  teacher = await buildTeacher(db);
  teacherCookie = await loginAs(t.app, teacher.user.email);
  otherTeacherCookie = await loginAs(t.app, (await buildTeacher(db)).user.email);
  studentCookie = await loginAs(t.app, (await buildStudent(db)).user.email);
});

describe('booking a demo class', () => {
  it('books an open enquiry into a class day: 201 with the class time, a new enquiry moves to contacted, the booking is in its history', async () => {
    const batch = await dailyBatch({ name: 'Maths evening' });
    const enquiry = await buildEnquiry(t.database.db, { studentName: 'Ishaan Pawar' });
    const date = shiftDate(today, 3);
    const response = await book(enquiry.id, batch.id, date);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Demo class booked. The family will get the time and address by email.');
    expect(body.data).toMatchObject({ date, batch: { _id: batch.id, name: 'Maths evening', teacher: { _id: teacher.id } }, startTime: '17:00', endTime: '18:30', status: null, markedBy: null });

    const detail = (await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}`)).json().data;
    expect(detail.status).toBe('contacted');
    expect(detail.history.at(-1)).toMatchObject({ fromStatus: 'new', toStatus: 'contacted' });
    const listed = (await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}/demos`)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]._id).toBe(body.data._id);
    const audit = await t.database.db.select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entityId, enquiry.id));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['status', 'demo.book']));
    expect(audit.find((entry) => entry.action === 'demo.book')!.summary).toContain('Booked a demo class for Ishaan Pawar in Maths evening');
  });

  it('refuses a day without a class: the past, before or after the batch, a day off its schedule, a closure', async () => {
    const tomorrow = shiftDate(today, 1);
    const batch = await dailyBatch({ days: [weekdayOfDate(tomorrow)] });
    const enquiry = await buildEnquiry(t.database.db);
    const refused = async (date: string, message: RegExp) => {
      const response = await book(enquiry.id, batch.id, date);
      expect(response.statusCode, `${date}: ${response.body}`).toBe(400);
      expect(response.json().errors.date).toMatch(message);
    };
    await refused(shiftDate(today, -7), /today or a later day/);
    await refused(shiftDate(tomorrow, 1), /has no class on/);
    await refused(shiftDate(tomorrow, 126), /The batch ends on/);
    await t.database.db.update(batches).set({ startDate: shiftDate(tomorrow, 7) }).where(eq(batches.id, batch.id));
    await refused(tomorrow, /The batch starts on/);
    await t.database.db.update(batches).set({ startDate: shiftDate(today, -30) }).where(eq(batches.id, batch.id));

    const closure = await asAdmin('POST', '/api/announcements', {
      title: 'Diwali holidays',
      content: 'The academy is closed.',
      type: 'holiday',
      closure: true,
      batches: [batch.id],
      startDate: tomorrow,
      endDate: tomorrow,
    });
    expect(closure.statusCode, closure.body).toBe(201);
    await refused(tomorrow, /The academy is closed on .* \(Diwali holidays\)/);
    // A week later the batch has its class again.
    expect((await book(enquiry.id, batch.id, shiftDate(tomorrow, 7))).statusCode).toBe(201);
    expect(await t.database.db.select().from(admissionDemos).where(eq(admissionDemos.enquiryId, enquiry.id))).toHaveLength(1);
  });

  it('refuses an archived or unknown batch, a closed enquiry, the same day twice (409) and an unknown enquiry (404)', async () => {
    const batch = await dailyBatch();
    const date = shiftDate(today, 2);
    const enquiry = await buildEnquiry(t.database.db, { status: 'contacted' });
    expect((await book(enquiry.id, batch.id, date)).statusCode).toBe(201);
    const twice = await book(enquiry.id, batch.id, date);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This enquiry is already booked for a demo class of this batch on that day');

    const archived = await dailyBatch();
    await t.database.db.update(batches).set({ archivedAt: new Date() }).where(eq(batches.id, archived.id));
    const old = await book(enquiry.id, archived.id, date);
    expect(old.statusCode).toBe(400);
    expect(old.json().errors.batch).toMatch(/past academic year and is archived/);
    const unknown = await book(enquiry.id, '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', date);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.batch).toBe('Choose a batch from the list');

    for (const status of ['admitted', 'rejected'] as const) {
      const closed = await buildEnquiry(t.database.db, { status });
      const answer = await book(closed.id, batch.id, date);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('Only a new or contacted enquiry can be booked for a demo class');
    }
    expect((await book('5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', batch.id, date)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admission-enquiries/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/demos')).statusCode).toBe(404);
    const empty = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/demo`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ batch: 'Choose a batch', date: 'Choose the date of the demo class' });
  });

  it('answers an admin who reads Marathi in Marathi', async () => {
    const db = t.database.db;
    const batch = await dailyBatch();
    const enquiry = await buildEnquiry(db);
    const admin = await buildUser(db, { role: 'admin' });
    await db.update(users).set({ language: 'mr' }).where(eq(users.id, admin.id));
    const response = await call(await loginAs(t.app, admin.email), 'POST', `/api/admission-enquiries/${enquiry.id}/demo`, { batch: batch.id, date: shiftDate(today, -1) });
    expect(response.statusCode).toBe(400);
    const english = 'A demo class can be booked for today or a later day';
    expect(response.json().errors.date).toBe(translateServerMessage(english, 'mr'));
    expect(translateServerMessage(english, 'mr')).not.toBe(english);
  });

  it('is the office’s: a teacher, a student or a visitor may not book, list or cancel (403/401)', async () => {
    const batch = await dailyBatch();
    const enquiry = await buildEnquiry(t.database.db);
    for (const cookie of [teacherCookie, studentCookie]) {
      expect((await call(cookie, 'POST', `/api/admission-enquiries/${enquiry.id}/demo`, { batch: batch.id, date: today })).statusCode).toBe(403);
      expect((await call(cookie, 'GET', `/api/admission-enquiries/${enquiry.id}/demos`)).statusCode).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/admission-enquiries/${enquiry.id}/demos/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/admission-enquiries/${enquiry.id}/demo`, payload: { batch: batch.id, date: today } })).statusCode).toBe(401);
    expect(await t.database.db.select().from(admissionDemos).where(eq(admissionDemos.enquiryId, enquiry.id))).toHaveLength(0);
  });
});

describe("the family's message", () => {
  it('queues the time and address in the outbox once the booking is delivered, and mails it to the enquiry’s email in its language', async () => {
    const batch = await dailyBatch({ name: 'Science 10' });
    const enquiry = await buildEnquiry(t.database.db, { studentName: 'Meera Kale', language: 'mr' });
    const [row] = await t.database.db.select({ email: admissionEnquiries.email }).from(admissionEnquiries).where(eq(admissionEnquiries.id, enquiry.id));
    const date = shiftDate(today, 4);
    const booked = (await book(enquiry.id, batch.id, date)).json().data;
    // Nothing before the booking's event is delivered; then one row, to the family's email (no WhatsApp or SMS set up).
    await t.app.jobs.runDue();
    const queued = await t.database.db.select().from(parentMessages).where(eq(parentMessages.key, `demo-class:${booked._id}`));
    expect(queued).toHaveLength(1);
    const { address } = await getAcademySettings(t.database.db);
    const [year, month, day] = date.split('-');
    expect(queued[0]).toMatchObject({ kind: 'demo-class', parentId: null, studentId: null, channel: 'email', toAddress: row!.email, date });
    expect(queued[0]!.text).toContain('Meera Kale');
    // The time as a Marathi family says it (issue 54).
    expect(queued[0]!.text).toContain('संध्याकाळी 5:00 – 6:30');
    expect(queued[0]!.text).toContain(address);
    expect(queued[0]!.text).toContain(`${day}-${month}-${year}`);
    expect(queued[0]!.text).toContain('Science 10');
    // Marathi: the enquiry's language.
    const { name: academy } = await getAcademySettings(t.database.db);
    expect(queued[0]!.subject).toBe(word('mail', 'Demo class on {date} — {academy}', 'mr', { date: `${day}-${month}-${year}`, academy }));
    expect(queued[0]!.templateValues).toEqual(['Meera Kale', expect.stringContaining('Science 10'), `${day}-${month}-${year}`, 'संध्याकाळी 5:00 – 6:30', address]);

    await runJobs();
    const mail = await t.latestMailTo(row!.email!);
    expect(mail?.text).toContain(address);
    expect(mail?.text).toContain('संध्याकाळी 5:00 – 6:30');
    const listed = (await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}/demos`)).json().data;
    expect(listed[0].message).toMatchObject({ channel: 'email', status: 'sent' });
  });

  it('says so when nothing can reach the family, and queues nothing', async () => {
    const batch = await dailyBatch();
    const enquiry = await buildEnquiry(t.database.db, { email: null });
    const response = await book(enquiry.id, batch.id, shiftDate(today, 5));
    expect(response.json().message).toMatch(/^Demo class booked\. No message can reach the family/);
    await runJobs();
    expect(await t.database.db.select().from(parentMessages).where(eq(parentMessages.key, `demo-class:${response.json().data._id}`))).toHaveLength(0);
  });

  it('cancels an unmarked booking with its unsent message; a marked one stays (409); an unknown one is 404', async () => {
    const batch = await dailyBatch();
    const enquiry = await buildEnquiry(t.database.db);
    const demo = (await book(enquiry.id, batch.id, shiftDate(today, 6))).json().data;
    // The booking's job alone: the message is queued, not sent yet (the sender, when it is due too, would race it).
    await t.app.jobs.runDue(['demo-class-message']);
    const cancelled = await asAdmin('DELETE', `/api/admission-enquiries/${enquiry.id}/demos/${demo._id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe('Demo class cancelled');
    const [message] = await t.database.db.select({ status: parentMessages.status }).from(parentMessages).where(eq(parentMessages.key, `demo-class:${demo._id}`));
    expect(message?.status).toBe('cancelled');
    expect((await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}/demos`)).json().data).toEqual([]);
    expect((await asAdmin('DELETE', `/api/admission-enquiries/${enquiry.id}/demos/${demo._id}`)).statusCode).toBe(404);

    const marked = (await book(enquiry.id, batch.id, today)).json().data;
    await t.database.db.update(admissionDemos).set({ status: 'present', markedAt: new Date() }).where(eq(admissionDemos.id, marked._id));
    const kept = await asAdmin('DELETE', `/api/admission-enquiries/${enquiry.id}/demos/${marked._id}`);
    expect(kept.statusCode).toBe(409);
    // Another enquiry's booking is not found through this one.
    const other = await buildEnquiry(t.database.db);
    expect((await asAdmin('DELETE', `/api/admission-enquiries/${other.id}/demos/${marked._id}`)).statusCode).toBe(404);
  });
});

describe("the teacher's attendance sheet", () => {
  it('shows the demo student apart on that day, marks them with the day, and leaves the batch’s figures as they were', async () => {
    const db = t.database.db;
    const [asha, ravi] = [await buildStudent(db, { name: 'Asha More' }), await buildStudent(db, { name: 'Ravi Gore' })];
    const batch = await dailyBatch({ studentIds: [asha.id, ravi.id] });
    const enquiry = await buildEnquiry(db, { studentName: 'Tanvi Demo' });
    const demo = (await book(enquiry.id, batch.id, today)).json().data;

    // Another day's sheet has no demo; this day's lists her apart from the students.
    expect((await call(teacherCookie, 'GET', `/api/attendance/${batch.id}/${shiftDate(today, -1)}`)).json().data.demos).toEqual([]);
    const sheet = (await call(teacherCookie, 'GET', `/api/attendance/${batch.id}/${today}`)).json().data;
    expect(sheet.demos).toEqual([{ _id: demo._id, name: 'Tanvi Demo', status: null }]);
    expect(sheet.students.map((student: { name: string }) => student.name)).toEqual(['Asha More', 'Ravi Gore']);

    // Another teacher does not see the batch, nor mark its demo.
    expect((await call(otherTeacherCookie, 'GET', `/api/attendance/${batch.id}/${today}`)).statusCode).toBe(404);
    const foreign = await call(otherTeacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [], demos: [{ demoId: demo._id, status: 'present' }] });
    expect(foreign.statusCode).toBe(404);

    const records = [
      { studentId: asha.id, status: 'present' },
      { studentId: ravi.id, status: 'absent' },
    ];
    const submitted = await call(teacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records, demos: [{ demoId: demo._id, status: 'present' }] });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const day = submitted.json().data;
    expect(day.demos).toEqual([{ _id: demo._id, name: 'Tanvi Demo', status: 'present' }]);
    // The batch's figures: its two students only.
    expect(day.statistics).toMatchObject({ present: 1, absent: 1, total: 2, percentage: 50 });
    expect(await db.select().from(attendanceRecords).where(and(eq(attendanceRecords.batchId, batch.id), eq(attendanceRecords.date, today)))).toHaveLength(2);
    const history = (await call(teacherCookie, 'GET', `/api/attendance/batch/${batch.id}/history?startDate=${today}&endDate=${today}`)).json().data;
    expect(history.statistics).toMatchObject({ present: 1, absent: 1, total: 2 });
    expect(history.students).toHaveLength(2);

    // Marked absent again, alone: the students' marks stay, the demo's changes; the admin sees it on the enquiry.
    const again = await call(teacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records, demos: [{ demoId: demo._id, status: 'absent' }] });
    expect(again.json().data.statistics).toMatchObject({ present: 1, absent: 1, total: 2 });
    const listed = (await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}/demos`)).json().data;
    expect(listed[0]).toMatchObject({ status: 'absent', markedBy: { _id: teacher.user.id } });
    const marks = await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityId, enquiry.id), eq(auditLog.action, 'demo.mark')));
    expect(marks).toHaveLength(2);
    // No absence alert is ever about a demo student: the alert's event names only the batch's students.
    const { rows } = await db.execute<{ payload: { marks: { studentId: string }[] } }>(sql`select payload from domain_events where type = 'attendance.marked' and payload->>'batchId' = ${batch.id}`);
    for (const event of rows) expect(event.payload.marks.map((mark) => mark.studentId).sort()).toEqual([asha.id, ravi.id].sort());
  });

  it('marks the demo of a batch without students yet, and refuses a demo of another batch or day', async () => {
    const batch = await dailyBatch();
    const other = await dailyBatch();
    const enquiry = await buildEnquiry(t.database.db, { studentName: 'Om First' });
    const demo = (await book(enquiry.id, batch.id, today)).json().data;
    const elsewhere = (await book(enquiry.id, other.id, today)).json().data;

    const wrong = await call(teacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [], demos: [{ demoId: demo._id, status: 'present' }, { demoId: elsewhere._id, status: 'present' }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ 'demos.1.demoId': 'This demo student is not booked in this batch on this day' });
    expect((await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}/demos`)).json().data.every((row: { status: string | null }) => row.status === null)).toBe(true);

    const nothing = await call(teacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors.records).toBe('Mark at least one student');
    const bad = await call(teacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [], demos: [{ demoId: demo._id, status: 'late' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['demos.0.status']).toBe('A demo student is marked present or absent');

    const alone = await call(teacherCookie, 'POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [], demos: [{ demoId: demo._id, status: 'present' }] });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().data).toMatchObject({ markedAt: null, statistics: { total: 0 }, demos: [{ _id: demo._id, status: 'present' }] });
    // The admin may mark it too, as any sheet.
    const byAdmin = await asAdmin('POST', `/api/attendance/batch/${batch.id}`, { date: today, records: [], demos: [{ demoId: demo._id, status: 'absent' }] });
    expect(byAdmin.json().data.demos[0].status).toBe('absent');
  });
});

describe('by WhatsApp', () => {
  it('sends the demo-class template with the student, batch, date, time and address in order, to the parent’s phone of the form', async () => {
    // The earlier bookings' messages go out first, by email as they were made.
    await runJobs();
    providers.reset();
    const saved = await asAdmin('PUT', '/api/admin/settings/messaging', {
      whatsapp: standInWhatsApp({ 'demo-class': 'demo_class' }),
      quietHours: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const batch = await dailyBatch({ name: 'Physics 12' });
    const enquiry = await buildEnquiry(t.database.db, { studentName: 'Sai Kadam', parentPhone: '+919822033333', language: 'hi' });
    const response = await book(enquiry.id, batch.id, shiftDate(today, 1));
    expect(response.json().message).toBe('Demo class booked. The family will get the time and address by WhatsApp.');
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    const { address } = await getAcademySettings(t.database.db);
    const [year, month, day] = shiftDate(today, 1).split('-');
    expect(providers.whatsapp[0]!.body).toMatchObject({
      to: '919822033333',
      template: {
        name: 'demo_class',
        language: { code: 'hi' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Sai Kadam' },
              { type: 'text', text: expect.stringContaining('Physics 12') },
              { type: 'text', text: `${day}-${month}-${year}` },
              { type: 'text', text: 'शाम 5:00 – 6:30' },
              { type: 'text', text: address },
            ],
          },
        ],
      },
    });
    expect((await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}/demos`)).json().data[0].message).toMatchObject({ channel: 'whatsapp', status: 'sent' });
  });
});
