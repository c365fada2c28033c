import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notes, notifications, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildStudent, loginAs } from '../../../test/factories';
import { createAnnouncement } from '../announcements/announcements.service';
import { notifyStudentsOfActiveAnnouncements, notifyStudentsOfNote } from './notifications.service';
import { shiftDate } from '@academy/shared/calendar';

const t = shareSignedInTestApp();
beforeAll(async () => {
  // The start-up run of the periodic job, out of the way of the counts below.
  await t.app.ready();
  await t.app.backgroundIdle();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

const announcement = (overrides: Partial<Parameters<typeof createAnnouncement>[1]> = {}) => ({
  title: 'Test on Friday',
  content: 'Chapters 1 to 4',
  type: 'exam' as const,
  priority: 'high' as const,
  audience: 'students' as const,
  batches: [] as string[],
  startDate: t.today,
  endDate: shiftDate(t.today, 3),
  ...overrides,
});

async function notificationsOf(studentId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.studentId, studentId));
}

describe('the notification job', () => {
  it('tells the students of the batch once, however often it runs (also two at the same time)', async () => {
    const db = t.database.db;
    const inBatch = await buildStudent(db);
    const alsoInBatch = await buildStudent(db);
    const archived = await buildStudent(db, { status: 'archived' });
    const outside = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [inBatch.id, alsoInBatch.id, archived.id] });
    const created = await createAnnouncement(db, announcement({ batches: [batch.id] }), { userId: t.adminId, role: 'admin' as const });

    // Two processes at the same moment: between them they tell each student once.
    const runs = await Promise.all([notifyStudentsOfActiveAnnouncements(db, { announcementId: created._id }), notifyStudentsOfActiveAnnouncements(db, { announcementId: created._id })]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await notifyStudentsOfActiveAnnouncements(db, { announcementId: created._id })).toBe(0);
    expect(await notifyStudentsOfActiveAnnouncements(db)).toBe(0);

    const mine = await notificationsOf(inBatch.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ announcementId: created._id, message: 'New announcement: Test on Friday', isRead: false });
    expect(await notificationsOf(alsoInBatch.id)).toHaveLength(1);
    expect(await notificationsOf(archived.id)).toHaveLength(0);
    expect(await notificationsOf(outside.id)).toHaveLength(0);
  });

  it('writes nothing when everyone is told: the kept notifications of the academy are not forgotten', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [student.id] });
    await createAnnouncement(db, announcement({ batches: [batch.id], title: 'Holiday on Monday' }), { userId: t.adminId, role: 'admin' as const });
    expect(await notifyStudentsOfActiveAnnouncements(db)).toBeGreaterThanOrEqual(1);
    // Every change to notifications is announced to every server (a statement trigger, even for no row):
    // the periodic run that finds everyone told must not change it.
    const listener = new pg.Client(t.database.pool.options as pg.ClientConfig);
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('listen academy_table_changes');
      expect(await notifyStudentsOfActiveAnnouncements(db)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.filter((payload) => payload.endsWith(':notifications'))).toEqual([]);
    } finally {
      await listener.end();
    }
    expect(await notificationsOf(student.id)).toHaveLength(1);
  });

  it('tells no one about a scheduled announcement until its start date (in the academy time zone)', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [student.id] });
    const created = await createAnnouncement(db, announcement({ batches: [batch.id], startDate: '2026-03-11', endDate: '2026-03-12' }), { userId: t.adminId, role: 'admin' as const }, new Date('2026-03-10T12:00:00Z'));
    expect(await notifyStudentsOfActiveAnnouncements(db, { now: new Date('2026-03-10T18:29:59Z') })).toBe(0);
    expect(await notifyStudentsOfActiveAnnouncements(db, { now: new Date('2026-03-10T18:30:00Z'), announcementId: created._id })).toBe(1);
    expect(await notifyStudentsOfActiveAnnouncements(db, { now: new Date('2026-03-11T06:00:00Z') })).toBe(0);
    expect(await notificationsOf(student.id)).toHaveLength(1);
  });

  it('notifies on create through the API when the announcement starts today, never for teachers-only ones', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [student.id] });
    const post = (body: object) => call('POST', '/announcements', t.adminCookie, { ...announcement({ batches: [batch.id] }), ...body });
    expect((await post({ title: 'Today' })).statusCode).toBe(201);
    expect((await post({ title: 'Teachers only', audience: 'teachers' })).statusCode).toBe(201);
    expect((await post({ title: 'Tomorrow', startDate: shiftDate(t.today, 1) })).statusCode).toBe(201);
    // Each saved announcement queued its bell job in its transaction (decision 083).
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name = 'announcement-bell'`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    await t.app.jobs.runDue(['announcement-bell']);
    expect((await notificationsOf(student.id)).map((row) => row.message)).toEqual(['New announcement: Today']);
  });

  it('tells the students of a note once (notes reuse it)', async () => {
    const db = t.database.db;
    const inBatch = await buildStudent(db);
    const named = await buildStudent(db);
    const batch = await buildBatch(db, { studentIds: [inBatch.id] });
    // A real note: notifications point at notes with a foreign key (the file is not needed here).
    const [row] = await db
      .insert(notes)
      .values({ title: 'Algebra', batchId: batch.id, fileKey: `${randomUUID()}.pdf`, fileName: 'algebra.pdf', fileSize: 100, fileSha256: '0'.repeat(64) })
      .returning({ id: notes.id });
    const noteId = row!.id;
    const note = { noteId, title: 'Algebra', batchId: batch.id, studentIds: [named.id, inBatch.id] };
    expect(await notifyStudentsOfNote(db, note)).toBe(2);
    expect(await notifyStudentsOfNote(db, note)).toBe(0);
    expect((await notificationsOf(inBatch.id)).map((row) => row.noteId)).toEqual([noteId]);
  });
});

describe('GET /api/notifications and marking read', () => {
  it('pages newest first with the total and unread count; only the owner marks one read', async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    const other = await buildStudent(db);
    const cookie = await loginAs(t.app, student.user.email);
    const otherCookie = await loginAs(t.app, other.user.email);
    const base = Date.parse('2026-01-01T10:00:00Z');
    await db.insert(notifications).values(Array.from({ length: 7 }, (_, index) => ({ studentId: student.id, message: `Message ${index + 1}`, createdAt: new Date(base + index * 60_000) })));
    const created = await createAnnouncement(db, announcement({ title: 'Linked' }), { userId: t.adminId, role: 'admin' as const });
    await db.insert(notifications).values({ studentId: other.id, message: 'Not yours', announcementId: created._id });

    const first = (await call('GET', '/notifications?page=1&limit=5', cookie)).json().data;
    expect(first.pagination).toEqual({ page: 1, limit: 5, total: 7 });
    expect(first.unreadCount).toBe(7);
    expect(first.notifications.map((n: { message: string }) => n.message)).toEqual(['Message 7', 'Message 6', 'Message 5', 'Message 4', 'Message 3']);
    expect(first.notifications[0]).toEqual({ _id: expect.any(String), message: 'Message 7', isRead: false, createdAt: '2026-01-01T10:06:00.000Z', announcement: null, note: null });
    const second = (await call('GET', '/notifications?page=2', cookie)).json().data;
    expect(second.pagination).toEqual({ page: 2, limit: 5, total: 7 });
    expect(second.notifications.map((n: { message: string }) => n.message)).toEqual(['Message 2', 'Message 1']);
    // A page past the end still says how many there are, and how many are unread.
    const past = (await call('GET', '/notifications?page=3&limit=5', cookie)).json().data;
    expect(past.notifications).toEqual([]);
    expect(past.pagination.total).toBe(7);
    expect(past.unreadCount).toBe(first.unreadCount);

    const theirs = (await call('GET', '/notifications', otherCookie)).json().data.notifications[0];
    expect(theirs.announcement).toEqual({ _id: created._id, title: 'Linked' });

    const id = first.notifications[0]._id as string;
    const read = await call('POST', `/notifications/${id}/read`, cookie);
    expect(read.json()).toEqual({ success: true, data: { unreadCount: 6 } });
    expect((await call('POST', `/notifications/${id}/read`, cookie)).json().data.unreadCount).toBe(6);
    expect((await call('POST', `/notifications/${theirs._id}/read`, cookie)).statusCode).toBe(404);
    expect((await call('POST', `/notifications/${id}/read`, otherCookie)).statusCode).toBe(404);
    expect((await call('GET', '/notifications', otherCookie)).json().data.unreadCount).toBe(1);

    expect((await call('POST', '/notifications/read-all', cookie)).json().data.unreadCount).toBe(0);
    expect((await call('GET', '/notifications', cookie)).json().data.unreadCount).toBe(0);
    expect((await call('GET', '/notifications', otherCookie)).json().data.unreadCount).toBe(1);
  });

  it("words a notification in the reader's language from its key; an older row keeps its stored text", async () => {
    const db = t.database.db;
    const student = await buildStudent(db);
    await db.update(users).set({ language: 'mr' }).where(eq(users.id, student.user.id));
    const cookie = await loginAs(t.app, student.user.email);
    const batch = await buildBatch(db, { studentIds: [student.id] });
    const [row] = await db
      .insert(notes)
      .values({ title: 'बीजगणित सराव', batchId: batch.id, fileKey: `${randomUUID()}.pdf`, fileName: 'a.pdf', fileSize: 100, fileSha256: '0'.repeat(64) })
      .returning({ id: notes.id });
    await db.insert(notifications).values({ studentId: student.id, message: 'New announcement: Old row', createdAt: new Date('2026-01-01T10:00:00Z') });
    await notifyStudentsOfNote(db, { noteId: row!.id, title: 'बीजगणित सराव', batchId: batch.id });

    const stored = await notificationsOf(student.id);
    expect(stored.find((n) => n.noteId)).toMatchObject({ message: 'New note: बीजगणित सराव', messageKey: 'note.created', messageValues: { title: 'बीजगणित सराव' } });
    const marathi = (await call('GET', '/notifications', cookie)).json().data.notifications.map((n: { message: string }) => n.message);
    expect(marathi).toEqual(['नवीन नोट्स: बीजगणित सराव', 'New announcement: Old row']);

    await db.update(users).set({ language: 'hi' }).where(eq(users.id, student.user.id));
    const hindi = (await call('GET', '/notifications', cookie)).json().data.notifications.map((n: { message: string }) => n.message);
    expect(hindi[0]).toBe('नए नोट्स: बीजगणित सराव');
    await db.update(users).set({ language: 'en' }).where(eq(users.id, student.user.id));
    expect((await call('GET', '/notifications', cookie)).json().data.notifications[0].message).toBe('New note: बीजगणित सराव');
  });

  it('rejects a bad page or a limit above 50', async () => {
    const student = await buildStudent(t.database.db);
    const cookie = await loginAs(t.app, student.user.email);
    const bad = async (query: string) => (await call('GET', `/notifications?${query}`, cookie)).json();
    expect((await bad('limit=51')).errors.limit).toBe('Limit must be between 1 and 50');
    expect((await bad('page=0')).errors.page).toBe('Page must be 1 or more');
    expect((await call('GET', '/notifications', cookie)).json().data.pagination).toEqual({ page: 1, limit: 5, total: 0 });
    expect((await call('POST', '/notifications/not-an-id/read', cookie)).statusCode).toBe(400);
  });
});
