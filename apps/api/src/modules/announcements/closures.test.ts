import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedDayMessage } from '@academy/shared/schemas/attendance';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { formatDate, shiftDate } from '@academy/shared/calendar';
import { closedClassDates } from '../batches/schedule.service';
import { academyToday } from '../../academy-settings';

let t: TestApp;
let today = '';
const cookies = { admin: '', teacher: '', student: '' };
const ids = { closed: '', open: '', student: '', openStudent: '' };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: { cookie }, payload });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  today = await academyToday(db);
  const teacher = await buildTeacher(db);
  const student = await buildStudent(db);
  const openStudent = await buildStudent(db);
  const range = { startDate: shiftDate(today, -60), endDate: shiftDate(today, 60) };
  ids.closed = (await buildBatch(db, { name: 'Closed batch', teacherId: teacher.id, studentIds: [student.id], ...range })).id;
  ids.open = (await buildBatch(db, { name: 'Open batch', teacherId: teacher.id, studentIds: [openStudent.id], ...range })).id;
  ids.student = student.id;
  ids.openStudent = openStudent.id;
  cookies.admin = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  cookies.teacher = await loginAs(t.app, teacher.user.email);
  cookies.student = await loginAs(t.app, student.user.email);
});
afterAll(() => t.close());

describe('closures', () => {
  it('an announcement is not a closure unless the admin says so, and refuses a closure flag that is not yes or no', async () => {
    const body = { title: 'Exam week', content: 'Revise', startDate: today, endDate: today };
    const plain = await call('POST', '/announcements', cookies.admin, body);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.closure).toBe(false);
    const bad = await call('POST', '/announcements', cookies.admin, { ...body, closure: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.closure).toBe('Closure must be yes or no');
  });

  it('closes its batches: schedules list it, marking is refused with a clear message, other batches stay open', async () => {
    const created = await call('POST', '/announcements', cookies.admin, {
      title: 'Diwali holidays',
      content: 'The academy is closed.',
      type: 'holiday',
      closure: true,
      batches: [ids.closed],
      startDate: today,
      endDate: shiftDate(today, 6),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ closure: true, batches: [{ _id: ids.closed }] });

    const schedule = (await call('GET', '/student/schedule', cookies.student)).json().data;
    expect(schedule.today).toBe(today);
    expect(schedule.closures).toEqual([{ startDate: today, endDate: shiftDate(today, 6), title: 'Diwali holidays', batchIds: [ids.closed] }]);

    const refused = await call('POST', `/attendance/batch/${ids.closed}`, cookies.teacher, { date: today, records: [{ studentId: ids.student, status: 'present' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(closedDayMessage(formatDate(today), 'Diwali holidays'));
    expect((await call('GET', `/attendance/${ids.closed}/${today}`, cookies.teacher)).json().data.closure).toBe('Diwali holidays');

    const open = await call('POST', `/attendance/batch/${ids.open}`, cookies.teacher, { date: today, records: [{ studentId: ids.openStudent, status: 'late' }] });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.closure).toBeNull();
  });

  it('the teacher’s schedule says which batches are marked today, with the time and counts', async () => {
    const schedule = (await call('GET', '/teachers/me/schedule', cookies.teacher)).json().data;
    expect(schedule.markedToday).toEqual([{ batchId: ids.open, markedAt: expect.any(String), inClass: 1, total: 1 }]);
    expect((await call('GET', '/student/schedule', cookies.student)).json().data.markedToday).toEqual([]);
  });

  it('the calendar feed leaves the closed classes out (EXDATE) of that batch only', async () => {
    const ics = (await call('GET', '/teachers/me/schedule.ics', cookies.teacher)).body;
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const closedEvent = events.find((event) => event.includes(`batch-${ids.closed}`))!;
    const openEvent = events.find((event) => event.includes(`batch-${ids.open}`))!;
    const expected = closedClassDates({ _id: ids.closed, startDate: shiftDate(today, -60), endDate: shiftDate(today, 60), schedule: { days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:30' } }, [
      { startDate: today, endDate: shiftDate(today, 6), title: 'Diwali holidays', batchIds: [ids.closed] },
    ]);
    expect(expected).toHaveLength(3); // a week holds one Monday, Wednesday and Friday
    for (const date of expected) expect(closedEvent).toContain(`EXDATE;TZID=Asia/Kolkata:${date.replace(/-/g, '')}T070000`);
    expect(openEvent).not.toContain('EXDATE');
  });
});

describe('closedClassDates', () => {
  const batch = { _id: '00000000-0000-4000-8000-000000000001', startDate: '2026-11-01', endDate: '2026-11-30', schedule: { days: ['mon', 'wed'] as const, startTime: '07:00', endTime: '08:00' } };
  it('lists the class days inside the closure and the batch, for closures of every batch or of this one', () => {
    const all = { startDate: '2026-11-08', endDate: '2026-11-12', title: 'Diwali', batchIds: [] };
    // 2026-11-09 is a Monday, 2026-11-11 a Wednesday.
    expect(closedClassDates({ ...batch, schedule: { ...batch.schedule, days: ['mon', 'wed'] } }, [all])).toEqual(['2026-11-09', '2026-11-11']);
    expect(closedClassDates({ ...batch, schedule: { ...batch.schedule, days: ['mon', 'wed'] } }, [{ ...all, batchIds: ['00000000-0000-4000-8000-000000000002'] }])).toEqual([]);
    expect(closedClassDates({ ...batch, endDate: '2026-11-10', schedule: { ...batch.schedule, days: ['mon', 'wed'] } }, [all])).toEqual(['2026-11-09']);
  });
});
