import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { batchStudents, students } from '../../db/schema';
import { apiCaller, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStandard, buildStudent, buildSubject, buildTeacher, loginAs } from '../../../test/factories';
import { academyToday } from '../../academy-settings';
import { BATCH_SCHEDULE_REQUIRED } from '@academy/shared/schemas/batches';
import { batchStatus } from './batches.service';
import { buildIcs, escapeIcsText, firstClassDate, foldIcsLine, zonedToUtc } from './schedule.service';
import { shiftDate } from '@academy/shared/calendar';

const t = shareSignedInTestApp();

const call = apiCaller(t);

async function refs() {
  const db = t.database.db;
  const standard = await buildStandard(db);
  const subject = await buildSubject(db);
  const teacher = await buildTeacher(db, { name: 'Anita Kulkarni' });
  return { standard, subject, teacher };
}

function body(r: Awaited<ReturnType<typeof refs>>, overrides: Record<string, unknown> = {}) {
  return {
    name: '10th Maths Morning',
    standard: r.standard.id,
    subject: r.subject.id,
    teacher: r.teacher.id,
    schedule: { days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30' },
    startDate: '2026-06-01',
    endDate: '2027-03-31',
    capacity: 2,
    description: 'Morning batch',
    ...overrides,
  };
}

describe('batches CRUD', () => {
  it('creates a batch and answers it with references, ids of enrolled students and virtuals', async () => {
    const r = await refs();
    const created = await call('POST', '/batches', body(r));
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(created.json().message).toBe('Batch created successfully');
    expect(data).toMatchObject({
      name: '10th Maths Morning',
      standard: { _id: r.standard.id, name: r.standard.name, level: r.standard.level },
      subject: { _id: r.subject.id, name: r.subject.name, code: r.subject.code },
      teacher: { _id: r.teacher.id, name: 'Anita Kulkarni' },
      schedule: { days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30' },
      scheduleText: 'Mon, Wed, Fri · 7:00 AM – 8:30 AM',
      startDate: '2026-06-01',
      endDate: '2027-03-31',
      capacity: 2,
      description: 'Morning batch',
      enrolledStudents: [],
      enrolledCount: 0,
      seatsLeft: 2,
      isFull: false,
      status: expect.stringMatching(/^(upcoming|active|completed)$/),
    });

    const student = await buildStudent(t.database.db, { name: 'Ravi Patil', standardId: r.standard.id, phone: '+919822012345' });
    expect((await call('PUT', `/batches/${data._id}/students/${student.id}/add`)).statusCode).toBe(200);
    const plain = (await call('GET', `/batches/${data._id}`)).json().data;
    expect(plain.enrolledStudents).toEqual([student.id]);
    const populated = (await call('GET', `/batches/${data._id}?populate=enrolledStudents,standard,subject&virtuals=true`)).json().data;
    expect(populated.enrolledStudents).toEqual([
      { _id: student.id, name: 'Ravi Patil', email: student.user.email, phone: '+919822012345', parentPhone: null, standard: { _id: r.standard.id, name: r.standard.name, level: r.standard.level } },
    ]);
    expect(populated).toMatchObject({ enrolledCount: 1, seatsLeft: 1, isFull: false });
    // The list never ships every batch's roster: ids and counts only, even when asked to populate.
    const list = (await call('GET', '/batches?populate=enrolledStudents')).json().data;
    // Lists carry the count, never the rosters (decision 012).
    const listed = list.find((batch: { _id: string }) => batch._id === data._id);
    expect(listed).toMatchObject({ enrolledCount: 1 });
    expect(listed).not.toHaveProperty('enrolledStudents');
  });

  it('validates the body, naming the field', async () => {
    const r = await refs();
    const cases: [Record<string, unknown>, string][] = [
      [{ schedule: { days: ['mon'], startTime: '7:00', endTime: '08:30' } }, 'schedule.startTime'],
      [{ schedule: { days: ['mon'], startTime: '09:00', endTime: '08:30' } }, 'schedule.endTime'],
      [{ schedule: { days: [], startTime: '07:00', endTime: '08:30' } }, 'schedule.days'],
      [{ schedule: { days: ['mon', 'mon'], startTime: '07:00', endTime: '08:30' } }, 'schedule.days'],
      [{ endDate: '2026-05-31' }, 'endDate'],
      [{ capacity: 0 }, 'capacity'],
      [{ capacity: 501 }, 'capacity'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('POST', '/batches', body(r, overrides));
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors), field).toContain(field);
    }
    const unknown = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';
    for (const field of ['standard', 'subject', 'teacher']) {
      const response = await call('POST', '/batches', body(r, { [field]: unknown }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
    }
  });

  it('answers a body without a schedule, or with fields of the wrong kind, in our own words', async () => {
    const r = await refs();
    const { schedule: _schedule, ...noSchedule } = body(r);
    const missing = await call('POST', '/batches', noSchedule);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: BATCH_SCHEDULE_REQUIRED, errors: { schedule: BATCH_SCHEDULE_REQUIRED } });
    const wrongKinds = await call('POST', '/batches', { ...body(r), description: 5, schedule: { days: ['mon'], startTime: 7, endTime: '08:30' } });
    expect(wrongKinds.statusCode).toBe(400);
    for (const message of Object.values(wrongKinds.json().errors as Record<string, string>)) expect(message).not.toMatch(/Invalid input|expected .+, received/);
  });

  it('refuses a clash with another batch of the same teacher, naming it; allows other days, times or dates', async () => {
    const r = await refs();
    expect((await call('POST', '/batches', body(r, { name: 'Existing' }))).statusCode).toBe(201);
    const clash = await call('POST', '/batches', body(r, { name: 'New', schedule: { days: ['fri', 'sat'], startTime: '08:00', endTime: '09:00' } }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('The teacher already teaches "Existing" at that time (Mon, Wed, Fri · 7:00 AM – 8:30 AM)');
    expect((await call('POST', '/batches', body(r, { name: 'Other day', schedule: { days: ['sat'], startTime: '07:00', endTime: '08:30' } }))).statusCode).toBe(201);
    expect((await call('POST', '/batches', body(r, { name: 'Back to back', schedule: { days: ['mon'], startTime: '08:30', endTime: '09:30' } }))).statusCode).toBe(201);
    expect((await call('POST', '/batches', body(r, { name: 'Next year', startDate: '2027-04-01', endDate: '2027-05-31' }))).statusCode).toBe(201);
  });

  it('two simultaneous saves at the same time for one teacher: one is refused', async () => {
    const r = await refs();
    const responses = await Promise.all(['Race A', 'Race B'].map((name) => call('POST', '/batches', body(r, { name }))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('updates a batch; capacity below the enrolment is refused (409)', async () => {
    const r = await refs();
    const batch = (await call('POST', '/batches', body(r))).json().data;
    const updated = await call('PUT', `/batches/${batch._id}`, body(r, { name: 'Renamed', capacity: 5 }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Batch updated successfully', data: { name: 'Renamed', capacity: 5 } });
    const [a, b] = [await buildStudent(t.database.db), await buildStudent(t.database.db)];
    await call('PUT', `/batches/${batch._id}/students/${a.id}/add`);
    await call('PUT', `/batches/${batch._id}/students/${b.id}/add`);
    const refused = await call('PUT', `/batches/${batch._id}`, body(r, { capacity: 1 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Capacity cannot be below the 2 enrolled students', errors: { capacity: expect.any(String) } });
    expect((await call('PUT', `/batches/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c`, body(r))).statusCode).toBe(404);
  });

  it('deletes a batch without enrolments; one with enrolments is refused naming the count', async () => {
    const r = await refs();
    const empty = (await call('POST', '/batches', body(r, { name: 'Empty' }))).json().data;
    expect((await call('DELETE', `/batches/${empty._id}`)).json()).toEqual({ success: true, message: 'Batch deleted successfully' });
    expect((await call('GET', `/batches/${empty._id}`)).statusCode).toBe(404);
    const used = (await call('POST', '/batches', body(r, { name: 'Used' }))).json().data;
    const student = await buildStudent(t.database.db);
    await call('PUT', `/batches/${used._id}/students/${student.id}/add`);
    const refused = await call('DELETE', `/batches/${used._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('"Used" cannot be deleted: it has 1 enrolled student. Remove them first.');
  });

  it('filters the list (search, standard, subject, teacher, status) and lists by subject', async () => {
    const db = t.database.db;
    const subject = await buildSubject(db);
    const standard = await buildStandard(db);
    const teacher = await buildTeacher(db);
    const mine = await buildBatch(db, { name: 'Zebra Crossing Batch', subjectId: subject.id, standardId: standard.id, teacherId: teacher.id });
    await buildBatch(db);
    const ids = async (url: string) => (await call('GET', url)).json().data.map((batch: { _id: string }) => batch._id);
    expect(await ids('/batches?search=zebra%20crossing')).toEqual([mine.id]);
    expect(await ids(`/batches?subjectId=${subject.id}`)).toEqual([mine.id]);
    expect(await ids(`/batches?standardId=${standard.id}`)).toEqual([mine.id]);
    expect(await ids(`/batches?teacherId=${teacher.id}`)).toEqual([mine.id]);
    expect(await ids(`/batches/by-subject?subjectId=${subject.id}`)).toEqual([mine.id]);
    expect((await call('GET', '/batches/by-subject')).statusCode).toBe(400);
    expect((await call('GET', '/batches?status=bogus')).statusCode).toBe(400);
  });

  it('computes status from the dates in the academy time zone, boundaries included', async () => {
    const db = t.database.db;
    const today = await academyToday(db);
    const r = await refs();
    const make = async (name: string, startDate: string, endDate: string, day: string) =>
      (await call('POST', '/batches', body(r, { name, startDate, endDate, schedule: { days: [day], startTime: '10:00', endTime: '11:00' } }))).json().data;
    expect((await make('Starts today', today, shiftDate(today, 30), 'mon')).status).toBe('active');
    expect((await make('Ends today', shiftDate(today, -30), today, 'tue')).status).toBe('active');
    expect((await make('Starts tomorrow', shiftDate(today, 1), shiftDate(today, 30), 'wed')).status).toBe('upcoming');
    expect((await make('Ended yesterday', shiftDate(today, -30), shiftDate(today, -1), 'thu')).status).toBe('completed');
    const names = async (status: string) => (await call('GET', `/batches?status=${status}&teacherId=${r.teacher.id}`)).json().data.map((b: { name: string }) => b.name).sort();
    expect(await names('active')).toEqual(['Ends today', 'Starts today']);
    expect(await names('upcoming')).toEqual(['Starts tomorrow']);
    expect(await names('completed')).toEqual(['Ended yesterday']);
    expect(batchStatus('2026-01-01', '2026-01-02', '2026-02-01')).toBe('upcoming');
  });
});

describe('enrolment', () => {
  it('add is idempotent, remove is idempotent', async () => {
    const batch = await buildBatch(t.database.db, { capacity: 5 });
    const student = await buildStudent(t.database.db);
    const first = await call('PUT', `/batches/${batch.id}/students/${student.id}/add`);
    expect(first.json()).toMatchObject({ success: true, message: 'Student added to the batch', data: { enrolledStudents: [student.id], enrolledCount: 1 } });
    const second = await call('PUT', `/batches/${batch.id}/students/${student.id}/add`);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.enrolledStudents).toEqual([student.id]);
    const rows = await t.database.db.select().from(batchStudents).where(eq(batchStudents.batchId, batch.id));
    expect(rows).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) {
      const removed = await call('PUT', `/batches/${batch.id}/students/${student.id}/remove`);
      expect(removed.json()).toMatchObject({ success: true, message: 'Student removed from the batch', data: { enrolledStudents: [] } });
    }
    expect((await call('PUT', `/batches/${batch.id}/students/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/add`)).statusCode).toBe(404);
    expect((await call('PUT', `/batches/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/students/${student.id}/add`)).statusCode).toBe(404);
  });

  it('refuses a full batch and an archived student', async () => {
    const db = t.database.db;
    const batch = await buildBatch(db, { capacity: 1 });
    const [a, b] = [await buildStudent(db), await buildStudent(db)];
    expect((await call('PUT', `/batches/${batch.id}/students/${a.id}/add`)).statusCode).toBe(200);
    const full = await call('PUT', `/batches/${batch.id}/students/${b.id}/add`);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Batch is full');
    const archived = await buildStudent(db, { name: 'Old Student', status: 'archived' });
    const refused = await call('PUT', `/batches/${(await buildBatch(db)).id}/students/${archived.id}/add`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Old Student is archived: restore the student before enrolling them');
  });

  it('two simultaneous adds for the last seat do not overfill', async () => {
    const db = t.database.db;
    const batch = await buildBatch(db, { capacity: 1 });
    const [a, b] = [await buildStudent(db), await buildStudent(db)];
    const responses = await Promise.all([a, b].map((student) => call('PUT', `/batches/${batch.id}/students/${student.id}/add`)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await db.select().from(batchStudents).where(eq(batchStudents.batchId, batch.id))).toHaveLength(1);
  });

  it('a clash with one of the student’s batches answers 409 errors.clash unless confirm=true', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    await buildBatch(db, { name: 'Maths MWF', studentIds: [student.id] });
    const other = await buildBatch(db, { name: 'Science MWF' });
    const clash = await call('PUT', `/batches/${other.id}/students/${student.id}/add`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ success: false, errors: { clash: 'Maths MWF' } });
    expect(clash.json().message).toContain('"Maths MWF"');
    const confirmed = await call('PUT', `/batches/${other.id}/students/${student.id}/add?confirm=true`);
    expect(confirmed.statusCode).toBe(200);
  });

  it('sync-students reports archived enrolments, over-capacity batches and standard mismatches, changing nothing', async () => {
    const db = t.database.db;
    const standard = await buildStandard(db);
    const batch = await buildBatch(db, { name: 'Drifted', standardId: standard.id, capacity: 1 });
    const a = await buildStudent(db, { name: 'Aa Other Standard' });
    const b = await buildStudent(db, { standardId: standard.id });
    const c = await buildStudent(db, { standardId: standard.id, status: 'archived' });
    await db.insert(batchStudents).values([a, b, c].map((student) => ({ batchId: batch.id, studentId: student.id })));
    const response = await call('POST', '/batches/sync-students');
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.ok).toBe(false);
    expect(report.archivedEnrolments).toContainEqual({ batch: { _id: batch.id, name: 'Drifted' }, student: { _id: c.id, name: expect.any(String) } });
    expect(report.overCapacity).toContainEqual({ batch: { _id: batch.id, name: 'Drifted' }, capacity: 1, enrolledCount: 2 });
    expect(report.standardMismatches).toContainEqual(expect.objectContaining({ batch: { _id: batch.id, name: 'Drifted' }, student: { _id: a.id, name: 'Aa Other Standard' } }));
    expect(await db.select().from(batchStudents).where(eq(batchStudents.batchId, batch.id))).toHaveLength(3);
    await db.update(students).set({ status: 'active' }).where(eq(students.id, c.id));
  });
});

describe('teacher and student views', () => {
  it('a teacher reads only their own batches; writes are admin-only', async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db);
    const own = await buildBatch(db, { teacherId: teacher.id });
    const others = await buildBatch(db);
    const cookie = await loginAs(t.app, teacher.user.email);
    expect((await call('GET', '/batches', undefined, cookie)).json().data.map((b: { _id: string }) => b._id)).toEqual([own.id]);
    expect((await call('GET', `/batches/${own.id}`, undefined, cookie)).statusCode).toBe(200);
    expect((await call('GET', `/batches/${others.id}`, undefined, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/batches/${own.id}`, undefined, cookie)).statusCode).toBe(403);
  });

  it('a student reads their batches, weekly schedule and calendar feed', async () => {
    const db = t.database.db;
    const today = await academyToday(db);
    const r = await refs();
    const student = await buildStudent(db);
    const mine = (await call('POST', '/batches', body(r, { name: 'Physics; Evening, 12th', startDate: shiftDate(today, -10), endDate: shiftDate(today, 60), schedule: { days: ['fri', 'tue'], startTime: '17:00', endTime: '18:30' } }))).json().data;
    await call('PUT', `/batches/${mine._id}/students/${student.id}/add`);
    const notMine = await buildBatch(db);
    const cookie = await loginAs(t.app, student.user.email);
    const list = (await call('GET', '/student/batches', undefined, cookie)).json().data;
    expect(list.map((b: { _id: string }) => b._id)).toEqual([mine._id]);
    expect(list[0]).toMatchObject({ teacher: { name: 'Anita Kulkarni' }, schedule: { days: ['fri', 'tue'] } });
    expect((await call('GET', `/student/batches/${mine._id}`, undefined, cookie)).statusCode).toBe(200);
    expect((await call('GET', `/student/batches/${notMine.id}`, undefined, cookie)).statusCode).toBe(404);

    const schedule = (await call('GET', '/student/schedule', undefined, cookie)).json().data;
    expect(schedule.timeZone).toBe('Asia/Kolkata');
    expect(schedule.days.map((d: { day: string }) => d.day)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(schedule.days[1].classes).toEqual([
      { batchId: mine._id, batchName: 'Physics; Evening, 12th', subject: { _id: r.subject.id, name: r.subject.name, code: r.subject.code }, startTime: '17:00', endTime: '18:30', teacherName: 'Anita Kulkarni' },
    ]);
    expect(schedule.days[0].classes).toEqual([]);

    const ics = await call('GET', '/student/schedule.ics', undefined, cookie);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
    expect(ics.body).toContain(`UID:batch-${mine._id}@academy`);
    expect(ics.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU,FR;UNTIL=');
    expect(ics.body).toContain('SUMMARY;LANGUAGE=en:Physics\\; Evening\\, 12th');
    expect(ics.body).toMatch(/DTSTART;TZID=Asia\/Kolkata:\d{8}T170000\r\n/);
    expect(ics.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const teacherCookie = await loginAs(t.app, r.teacher.user.email);
    const teacherSchedule = (await call('GET', '/teachers/me/schedule', undefined, teacherCookie)).json().data;
    expect(teacherSchedule.days[4].classes.map((c: { batchId: string }) => c.batchId)).toEqual([mine._id]);
    expect((await call('GET', '/teachers/me/schedule.ics', undefined, teacherCookie)).body).toContain(`UID:batch-${mine._id}@academy`);
  });
});

describe('iCalendar helpers', () => {
  it('escapes text, folds long lines at 75 octets and finds the first class date', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(folded.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(folded.split('\r\n').slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
    // 2026-06-01 is a Monday.
    expect(firstClassDate('2026-06-01', ['wed', 'fri'])).toBe('2026-06-03');
    expect(firstClassDate('2026-06-01', ['mon'])).toBe('2026-06-01');
    expect(zonedToUtc('2027-03-31', '08:30', 'Asia/Kolkata').toISOString()).toBe('2027-03-31T03:00:00.000Z');
    const ics = buildIcs(
      [
        {
          _id: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c',
          name: 'B',
          standard: { _id: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', name: '10th', level: 10 },
          subject: { _id: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', name: 'Maths', code: 'M' },
          teacher: { _id: '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c', name: 'T' },
          schedule: { days: ['fri', 'mon'], startTime: '07:00', endTime: '08:30' },
          scheduleText: '',
          startDate: '2026-06-01',
          endDate: '2027-03-31',
          capacity: 1,
          enrolledCount: 0,
          seatsLeft: 1,
        },
      ],
      { timeZone: 'Asia/Kolkata', calendarName: 'Academy', now: new Date('2026-05-01T00:00:00Z') },
    );
    expect(ics).toContain('DTSTAMP:20260501T000000Z\r\nDTSTART;TZID=Asia/Kolkata:20260601T070000\r\nDTEND;TZID=Asia/Kolkata:20260601T083000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20270331T030000Z\r\n');
  });
});
