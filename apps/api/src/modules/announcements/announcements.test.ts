import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { apiCaller, shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, buildTeacher, loginAs } from '../../../test/factories';
import { actorOfUser } from '../../access/actor';
import { createAnnouncement, getAnnouncement, listAnnouncements } from './announcements.service';
import { shiftDate } from '@academy/shared/calendar';

const t = shareSignedInTestApp();

const call = apiCaller(t);

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Holiday on Monday',
  content: 'The academy is closed on Monday.',
  type: 'holiday',
  priority: 'high',
  audience: 'everyone',
  batches: [],
  startDate: t.today,
  endDate: shiftDate(t.today, 3),
  startTime: '00:00',
  endTime: '23:59',
  ...overrides,
});

describe('announcements CRUD', () => {
  it('creates an announcement with fixed times and a status computed on the server', async () => {
    const created = await call('POST', '/announcements', body());
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Announcement created successfully');
    const data = created.json().data;
    expect(data).toMatchObject({ title: 'Holiday on Monday', type: 'holiday', priority: 'high', audience: 'everyone', batches: [], startTime: '00:00', endTime: '23:59', status: 'active' });
    expect((await call('GET', `/announcements/${data._id}`)).json().data).toEqual(data);

    const edited = await call('PUT', `/announcements/${data._id}`, body({ title: 'Holiday on Tuesday', startDate: shiftDate(t.today, 1) }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'Announcement updated successfully', data: { title: 'Holiday on Tuesday', status: 'scheduled' } });

    const deleted = await call('DELETE', `/announcements/${data._id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Announcement deleted successfully' });
    expect((await call('GET', `/announcements/${data._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/announcements/${data._id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/announcements/${data._id}`, body())).statusCode).toBe(404);
  });

  it('answers each date rule with the words of the spec', async () => {
    const expectError = async (payload: object, field: string, message: string) => {
      const response = await call('POST', '/announcements', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().errors[field]).toBe(message);
    };
    await expectError(body({ startDate: undefined }), 'startDate', 'Start date and end date are required');
    await expectError(body({ endDate: '' }), 'endDate', 'Start date and end date are required');
    await expectError(body({ startDate: shiftDate(t.today, -1) }), 'startDate', 'Start date must be today or in the future');
    await expectError(body({ startDate: shiftDate(t.today, 2), endDate: shiftDate(t.today, 1) }), 'endDate', 'End date cannot be before start date');
    await expectError(body({ startTime: '09:00' }), 'startTime', 'Start time is always 00:00');
    await expectError(body({ startDate: '2026-02-30' }), 'startDate', 'Enter a date as YYYY-MM-DD');
    await expectError(body({ batches: ['5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c'] }), 'batches', ANNOUNCEMENT_MESSAGES.unknownBatches);
    await expectError(body({ audience: 'families' }), 'audience', 'Audience must be everyone, students, teachers or parents');
  });

  it('lets an update keep a start date that is now in the past, but not move it to another past day', async () => {
    const db = t.database.db;
    const longAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    const started = shiftDate(t.today, -10);
    const input = { title: 'Running', content: 'x', type: 'general', priority: 'low', audience: 'everyone', batches: [], startDate: started, endDate: shiftDate(t.today, 5) } as const;
    const running = await createAnnouncement(db, { ...input, batches: [] }, { userId: t.adminId, role: 'admin' as const }, longAgo);
    expect(running.status).toBe('active');
    const kept = await call('PUT', `/announcements/${running._id}`, body({ title: 'Running, edited', startDate: started, endDate: shiftDate(t.today, 6) }));
    expect(kept.statusCode).toBe(200);
    const moved = await call('PUT', `/announcements/${running._id}`, body({ startDate: shiftDate(t.today, -9), endDate: shiftDate(t.today, 6) }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.startDate).toBe('Start date must be today or in the future');
  });

  it('computes the status from the day in Asia/Kolkata, not in UTC', async () => {
    const db = t.database.db;
    // 18:30 UTC is midnight in Kolkata (UTC+5:30).
    const created = await createAnnouncement(
      db,
      { title: 'Board exam', content: 'Good luck', type: 'exam', priority: 'high', audience: 'everyone', batches: [], startDate: '2026-03-11', endDate: '2026-03-12' },
      { userId: t.adminId, role: 'admin' as const },
      new Date('2026-03-10T12:00:00Z'),
    );
    const statusAt = async (instant: string) => (await getAnnouncement(db, { role: 'admin', userId: t.adminId }, created._id, new Date(instant))).status;
    expect(await statusAt('2026-03-10T18:29:59Z')).toBe('scheduled');
    expect(await statusAt('2026-03-10T18:30:00Z')).toBe('active');
    // Still 10 March in UTC, already the 11th in Kolkata.
    expect(await statusAt('2026-03-10T23:59:59Z')).toBe('active');
    expect(await statusAt('2026-03-11T00:00:00Z')).toBe('active');
    expect(await statusAt('2026-03-12T18:29:59Z')).toBe('active');
    expect(await statusAt('2026-03-12T18:30:00Z')).toBe('expired');
    const idsWith = async (status: 'active' | 'scheduled' | 'expired', instant: string) =>
      (await listAnnouncements(db, { role: 'admin', userId: t.adminId }, { status, page: 1, limit: 100 }, new Date(instant))).announcements.map((announcement) => announcement._id);
    expect(await idsWith('scheduled', '2026-03-10T18:29:59Z')).toContain(created._id);
    expect(await idsWith('active', '2026-03-10T18:30:00Z')).toContain(created._id);
    expect(await idsWith('expired', '2026-03-12T18:30:00Z')).toContain(created._id);
    expect(await idsWith('active', '2026-03-12T18:30:00Z')).not.toContain(created._id);
  });

  it('rejects an unknown status filter', async () => {
    const response = await call('GET', '/announcements?status=old');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.status).toBe('Status must be active, scheduled or expired');
  });
});

describe('who reads which announcement', () => {
  it('shows teachers and students only what is meant for them, and nothing before it starts', async () => {
    const db = t.database.db;
    const teacher = await buildTeacher(db);
    const otherTeacher = await buildTeacher(db);
    const student = await buildStudent(db);
    const otherStudent = await buildStudent(db);
    const batch = await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
    await buildBatch(db, { teacherId: otherTeacher.id, studentIds: [otherStudent.id] });
    const cookie = {
      teacher: await loginAs(t.app, teacher.user.email),
      otherTeacher: await loginAs(t.app, otherTeacher.user.email),
      student: await loginAs(t.app, student.user.email),
      otherStudent: await loginAs(t.app, otherStudent.user.email),
    };
    const make = async (title: string, overrides: Record<string, unknown>) => (await call('POST', '/announcements', body({ title, ...overrides }))).json().data._id as string;
    const ids = {
      everyone: await make('For everyone', {}),
      students: await make('For students', { audience: 'students' }),
      teachers: await make('For teachers', { audience: 'teachers' }),
      batchEveryone: await make('For the batch', { batches: [batch.id] }),
      batchStudents: await make('For the batch students', { audience: 'students', batches: [batch.id] }),
      scheduled: await make('Later', { startDate: shiftDate(t.today, 2), endDate: shiftDate(t.today, 4) }),
    };
    const visible = async (who: keyof typeof cookie) => {
      const list = (await call('GET', '/announcements?limit=100', undefined, cookie[who])).json().data.announcements as { _id: string }[];
      const mine = new Set(Object.values(ids));
      return Object.entries(ids)
        .filter(([, id]) => list.some((item) => item._id === id) && mine.has(id))
        .map(([name]) => name)
        .sort();
    };
    expect(await visible('teacher')).toEqual(['batchEveryone', 'everyone', 'teachers']);
    expect(await visible('otherTeacher')).toEqual(['everyone', 'teachers']);
    expect(await visible('student')).toEqual(['batchEveryone', 'batchStudents', 'everyone', 'students']);
    expect(await visible('otherStudent')).toEqual(['everyone', 'students']);

    expect((await call('GET', `/announcements/${ids.batchStudents}`, undefined, cookie.student)).statusCode).toBe(200);
    expect((await call('GET', `/announcements/${ids.batchStudents}`, undefined, cookie.otherStudent)).statusCode).toBe(404);
    expect((await call('GET', `/announcements/${ids.teachers}`, undefined, cookie.student)).statusCode).toBe(404);
    expect((await call('GET', `/announcements/${ids.scheduled}`, undefined, cookie.teacher)).statusCode).toBe(404);
    expect((await call('GET', `/announcements/${ids.scheduled}`)).json().data.status).toBe('scheduled');
    expect((await call('GET', `/announcements/${ids.batchEveryone}`)).json().data.batches).toEqual([{ _id: batch.id, name: batch.name }]);

    // The list is paged, newest first, with the counts per status of everything the reader may read.
    const firstPage = (await call('GET', '/announcements?limit=2', undefined, cookie.student)).json().data;
    expect(firstPage.announcements).toHaveLength(2);
    expect(firstPage.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(firstPage.pagination.total).toBe(firstPage.counts.total);
    expect(firstPage.counts.total).toBe(firstPage.counts.active + firstPage.counts.scheduled + firstPage.counts.expired);
    const secondPage = (await call('GET', '/announcements?limit=2&page=2', undefined, cookie.student)).json().data;
    expect(secondPage.announcements.map((item: { _id: string }) => item._id)).not.toContain(firstPage.announcements[0]._id);
    const scheduledOnly = (await call('GET', '/announcements?status=scheduled&limit=100')).json().data;
    expect(scheduledOnly.announcements.every((item: { status: string }) => item.status === 'scheduled')).toBe(true);
    expect(scheduledOnly.pagination.total).toBe(scheduledOnly.counts.scheduled);
    const tooMany = await call('GET', '/announcements?limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Limit must be between 1 and 100');
    expect((await call('GET', '/announcements?page=abc')).json().message).toBe('Page must be a number');

    // The access layer resolves the same actor for the account outside a request.
    expect(await actorOfUser(db, student.user.id)).toEqual({ role: 'student', userId: student.user.id, studentId: student.id });
  });

  it('counts the active announcements on the admin dashboard', async () => {
    const before = (await call('GET', '/admin/dashboard/summary')).json().data.counts.activeAnnouncements as number;
    await call('POST', '/announcements', body({ title: 'Counted' }));
    await call('POST', '/announcements', body({ title: 'Not yet', startDate: shiftDate(t.today, 1) }));
    expect((await call('GET', '/admin/dashboard/summary')).json().data.counts.activeAnnouncements).toBe(before + 1);
  });

  it('refuses to delete a batch that an announcement is limited to', async () => {
    const batch = await buildBatch(t.database.db);
    await call('POST', '/announcements', body({ batches: [batch.id] }));
    const response = await call('DELETE', `/batches/${batch.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This record is still used (in announcement batches) and cannot be deleted');
  });
});
