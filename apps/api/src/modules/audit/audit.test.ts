import { beforeAll, describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Readable } from 'node:stream';
import { attendanceRecords, auditLog } from '../../db/schema';
import { buildSimplePdf } from '../../lib/simple-pdf';
import { createWelcomeToken } from '../users/welcome';
import { createNote } from '../notes/notes.service';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildEnquiry, buildStudent, buildTeacher, buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { academyToday } from '../../academy-settings';
import { diffChanges, isSecretField, pruneAuditLog, recordAudit } from './audit.service';

const t = shareSignedInTestApp({ adminName: 'Office Admin' });
let teacherCookie = '';
beforeAll(async () => {
  const teacher = await buildTeacher(t.database.db);
  teacherCookie = await loginAs(t.app, teacher.user.email);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = t.adminCookie) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

const latest = async () => {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
};
const count = async () => Number((await t.database.db.execute<{ n: string }>(sql`select count(*) as n from audit_log`)).rows[0]!.n);

/** Runs a write and returns the entries it added (there must be exactly `expected`). */
async function entriesOf(write: () => Promise<LightMyRequestResponse>, expectedStatus: number, expected = 1) {
  const before = await count();
  const response = await write();
  expect(response.statusCode, response.body).toBe(expectedStatus);
  const rows = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(expected + 1);
  expect((await count()) - before).toBe(expected);
  return { rows: rows.slice(0, expected), response };
}

const SECRETS = /password|hash|token|otp|secret/i;

describe('every kind of write leaves one entry with its actor and changes', () => {
  it('students: create (no password recorded), update (old → new), archive', async () => {
    const { rows, response } = await entriesOf(() => call('POST', '/students', { name: 'Asha Patil', email: 'asha.audit@example.com', password: 'asha-latur-2026-x' }), 201);
    const id = response.json().data._id;
    expect(rows[0]).toMatchObject({ action: 'create', entityType: 'student', entityId: id, actorUserId: t.adminId, actorRole: 'admin', summary: 'Added student Asha Patil' });
    expect(JSON.stringify(rows[0]!.changes)).not.toMatch(SECRETS);
    expect(JSON.stringify(rows[0]!.changes)).not.toContain('asha-latur-2026-x');

    const updated = await entriesOf(() => call('PUT', `/students/${id}`, { school: 'Dayanand Vidyalaya', password: 'a-new-password-2026' }), 200);
    expect(updated.rows[0]).toMatchObject({ action: 'update', entityId: id, changes: { school: { old: null, new: 'Dayanand Vidyalaya' } } });
    expect(Object.keys(updated.rows[0]!.changes!)).toEqual(['school']);
    expect(updated.rows[0]!.summary).toContain('new password set');

    const archived = await entriesOf(() => call('DELETE', `/students/${id}`), 200);
    expect(archived.rows[0]).toMatchObject({ action: 'archive', changes: { status: { old: 'active', new: 'archived' } } });
  });

  it('teachers, standards, subjects: create, update, delete', async () => {
    const subject = await entriesOf(() => call('POST', '/subjects', { name: 'Audit Chemistry', code: 'ACHEM' }), 201);
    const subjectId = subject.response.json().data._id;
    expect(subject.rows[0]).toMatchObject({ action: 'create', entityType: 'subject', changes: { code: { old: null, new: 'ACHEM' } } });
    const renamed = await entriesOf(() => call('PUT', `/subjects/${subjectId}`, { name: 'Audit Chemistry II', code: 'ACHEM' }), 200);
    expect(renamed.rows[0]!.changes).toEqual({ name: { old: 'Audit Chemistry', new: 'Audit Chemistry II' } });

    const standard = await entriesOf(() => call('POST', '/standards', { name: 'Audit 11th', level: 11, subjects: [] }), 201);
    const standardId = standard.response.json().data._id;
    const changed = await entriesOf(() => call('PUT', `/standards/${standardId}`, { name: 'Audit 11th', level: 11, subjects: [subjectId] }), 200);
    expect(changed.rows[0]!.changes).toEqual({ subjects: { old: [], new: [subjectId] } });
    await entriesOf(() => call('DELETE', `/standards/${standardId}`), 200);

    const teacher = await entriesOf(() => call('POST', '/teachers', { name: 'Meera Kulkarni', email: 'meera.audit@example.com', password: 'meera-latur-2026-x' }), 201);
    const teacherId = teacher.response.json().data._id;
    expect(JSON.stringify(teacher.rows[0]!.changes)).not.toMatch(SECRETS);
    const edited = await entriesOf(() => call('PUT', `/teachers/${teacherId}`, { qualification: 'M.Sc.' }), 200);
    expect(edited.rows[0]).toMatchObject({ entityType: 'teacher', changes: { qualification: { old: '', new: 'M.Sc.' } } });
    const deleted = await entriesOf(() => call('DELETE', `/teachers/${teacherId}`), 200);
    expect(deleted.rows[0]).toMatchObject({ action: 'delete', summary: 'Deleted teacher Meera Kulkarni' });
    await entriesOf(() => call('DELETE', `/subjects/${subjectId}`), 200);
  });

  it('batches: update and enrolment changes, and attendance submissions and corrections', async () => {
    const teacher = await buildTeacher(t.database.db);
    const student = await buildStudent(t.database.db);
    const batch = await buildBatch(t.database.db, { teacherId: teacher.id, name: 'Audit Batch' });
    const enrol = await entriesOf(() => call('PUT', `/batches/${batch.id}/students/${student.id}/add`), 200);
    expect(enrol.rows[0]).toMatchObject({ action: 'enrol', entityType: 'batch', entityId: batch.id, changes: { studentId: { old: null, new: student.id } } });
    // The student's own History shows the enrolment too (it is the entry's related record).
    const studentHistory = (await call('GET', `/admin/audit-log?entityId=${student.id}`)).json().data;
    expect(studentHistory.items.map((item: { action: string; entityId: string }) => [item.action, item.entityId])).toEqual([['enrol', batch.id]]);

    const cookie = await loginAs(t.app, teacher.user.email);
    const today = await academyToday(t.database.db);
    const submit = (status: string) => t.app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie }, payload: { date: today, records: [{ studentId: student.id, status }] } });
    const marked = await entriesOf(submit.bind(null, 'present'), 200);
    expect(marked.rows[0]).toMatchObject({ action: 'attendance.submit', entityType: 'attendance', entityId: batch.id, actorUserId: teacher.user.id, actorRole: 'teacher' });
    expect(marked.rows[0]!.summary).toContain('1 present, 0 absent');
    const corrected = await entriesOf(submit.bind(null, 'absent'), 200);
    expect(corrected.rows[0]).toMatchObject({ action: 'attendance.correct' });

    const unenrol = await entriesOf(() => call('PUT', `/batches/${batch.id}/students/${student.id}/remove`), 200);
    expect(unenrol.rows[0]).toMatchObject({ action: 'unenrol' });
    // Removing someone not enrolled changes nothing and records nothing.
    await entriesOf(() => call('PUT', `/batches/${batch.id}/students/${student.id}/remove`), 200, 0);
  });

  it('enquiries: status moves; settings; announcements', async () => {
    const enquiry = await buildEnquiry(t.database.db, { studentName: 'Rohan Jadhav' });
    const moved = await entriesOf(() => call('PATCH', `/admission-enquiries/${enquiry.id}/status`, { status: 'contacted' }), 200);
    expect(moved.rows[0]).toMatchObject({ action: 'status', entityType: 'enquiry', changes: { status: { old: 'new', new: 'contacted' } } });

    const settings = (await call('GET', '/admin/settings')).json().data;
    const saved = await entriesOf(() => call('PUT', '/admin/settings', { ...settings, tagline: 'Audited tagline', updatedAt: undefined }), 200);
    expect(saved.rows[0]).toMatchObject({ action: 'settings.update', entityType: 'settings' });
    expect(saved.rows[0]!.changes).toEqual({ tagline: { old: settings.tagline, new: 'Audited tagline' } });

    const today = await academyToday(t.database.db);
    const created = await entriesOf(
      () => call('POST', '/announcements', { title: 'Audit notice', content: 'Hello', type: 'general', priority: 'low', audience: 'everyone', batches: [], startDate: today, endDate: today }),
      201,
    );
    const id = created.response.json().data._id;
    await entriesOf(() => call('DELETE', `/announcements/${id}`), 200);
    expect((await latest()).summary).toBe('Deleted announcement "Audit notice"');
  });

  it('sign-ins, a failed sign-in burst (once), and password changes', async () => {
    const user = await buildUser(t.database.db, { role: 'teacher' });
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    const signedIn = await entriesOf(() => login(TEST_PASSWORD), 200);
    expect(signedIn.rows[0]).toMatchObject({ action: 'signin', entityType: 'account', entityId: user.id, actorUserId: user.id });
    const session = signedIn.response.cookies.find((c) => c.name === 'academy_session')!;

    const changed = await entriesOf(() => t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie: `academy_session=${session.value}` }, payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-secret-2026-x' } }), 200);
    expect(changed.rows[0]).toMatchObject({ action: 'password.change', actorUserId: user.id, changes: null });

    for (let i = 0; i < 10; i++) expect((await login('wrong-password-x')).statusCode).toBe(401);
    const burst = await entriesOf(() => login('wrong-password-x'), 429);
    expect(burst.rows[0]).toMatchObject({ action: 'signin.failed_burst', actorUserId: null, entityId: user.email });
    // Further refusals in the same burst add nothing.
    await entriesOf(() => login('wrong-password-x'), 429, 0);
  });
});

describe('profiles, password resets, notes, office work', () => {
  it('own profile changes record the old values (read by the UPDATE itself)', async () => {
    const teacher = await buildTeacher(t.database.db);
    const cookie = await loginAs(t.app, teacher.user.email);
    const changed = await entriesOf(() => t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: { cookie }, payload: { phone: '9822012345' } }), 200);
    expect(changed.rows[0]).toMatchObject({ action: 'update', entityType: 'teacher', entityId: teacher.id, actorUserId: teacher.user.id, changes: { phone: { old: null, new: '+919822012345' } } });

    const student = await buildStudent(t.database.db);
    const studentCookie = await loginAs(t.app, student.user.email);
    const own = await entriesOf(() => t.app.inject({ method: 'PUT', url: '/api/student/profile', headers: { cookie: studentCookie }, payload: { address: 'Ausa Road, Latur' } }), 200);
    expect(own.rows[0]).toMatchObject({ entityType: 'student', entityId: student.id, actorRole: 'student', changes: { address: { old: null, new: 'Ausa Road, Latur' } } });
  });

  it('a password set with an emailed link is recorded, the link never', async () => {
    const user = await buildUser(t.database.db, { role: 'teacher' });
    const token = await createWelcomeToken(t.database.db, user.id);
    // An invitation's first password also signs its owner in (issue 73): two entries, the reset and the sign-in.
    const reset = await entriesOf(() => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand-new-password-2026' } }), 200, 2);
    const entry = reset.rows.find((row) => row.action === 'password.reset');
    expect(entry).toMatchObject({ action: 'password.reset', entityType: 'account', entityId: user.id, changes: null });
    expect(JSON.stringify(reset.rows)).not.toContain(token);
  });

  it('a new calendar address is recorded, the address never', async () => {
    const teacher = await buildTeacher(t.database.db);
    const cookie = await loginAs(t.app, teacher.user.email);
    const made = await entriesOf(() => t.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie } }), 200);
    const url: string = made.response.json().data.url;
    expect(made.rows[0]).toMatchObject({ action: 'calendar.create', entityType: 'account', entityId: teacher.user.id });
    expect(JSON.stringify(made.rows[0])).not.toContain(url.split('/').at(-1)!.replace('.ics', ''));
    await entriesOf(() => t.app.inject({ method: 'DELETE', url: '/api/calendar-feed', headers: { cookie } }), 200);
  });

  it('a note upload records the file by name and size, never its content', async () => {
    const teacher = await buildTeacher(t.database.db);
    const stored = await t.storage.save(Readable.from([buildSimplePdf([{ heading: 'Secret formula', lines: ['E = mc2'] }])]), { maxBytes: 1_000_000, extension: '.pdf' });
    const actor = { role: 'teacher' as const, userId: teacher.user.id, teacherId: teacher.id };
    const before = await count();
    const note = await createNote(t.database.db, t.storage, actor, { title: 'Optics', isPublic: false }, { ...stored, fileName: 'optics.pdf' });
    expect((await count()) - before).toBe(1);
    const entry = await latest();
    expect(entry).toMatchObject({ action: 'note.upload', entityType: 'note', entityId: note._id, actorUserId: teacher.user.id, changes: { fileName: { old: null, new: 'optics.pdf' }, title: { old: null, new: 'Optics' } } });
    expect(JSON.stringify(entry)).not.toMatch(/Secret formula|sha256|fileKey/i);
  });

  it('the office records an enquiry, and ticks an absent student as called', async () => {
    const office = await entriesOf(() => call('POST', '/admission-enquiries/office', { studentName: 'Walk-in Wagh', phone: '9822099999' }), 201);
    expect(office.rows[0]).toMatchObject({ action: 'create', entityType: 'enquiry', entityId: office.response.json().data._id, actorUserId: t.adminId });

    const student = await buildStudent(t.database.db, { name: 'Absent Awate' });
    const batch = await buildBatch(t.database.db, { studentIds: [student.id] });
    await t.database.db.insert(attendanceRecords).values({ batchId: batch.id, studentId: student.id, date: await academyToday(t.database.db), status: 'absent' });
    const called = await entriesOf(() => call('PUT', `/admin/absent-today/${student.id}/called`, { called: true }), 200);
    expect(called.rows[0]).toMatchObject({ action: 'create', entityType: 'absence_call', entityId: student.id });
    expect(called.rows[0]!.summary).toContain('Absent Awate');
  });
});

describe('nothing secret is ever recorded', () => {
  it('the denylist covers passwords, hashes, tokens, codes and file contents', () => {
    for (const field of ['password', 'passwordHash', 'password_hash', 'newPassword', 'currentPassword', 'tokenHash', 'token', 'otp', 'otpCode', 'codeHash', 'verificationToken', 'secret', 'fileContent', 'fileData'])
      expect(isSecretField(field), field).toBe(true);
    for (const field of ['name', 'email', 'phone', 'status', 'school', 'fileName', 'title', 'content']) expect(isSecretField(field), field).toBe(false);
  });

  it('diffChanges and recordAudit drop secret fields even when a caller passes them', async () => {
    expect(diffChanges({ name: 'A', passwordHash: 'x' }, { name: 'B', passwordHash: 'y', token: 't' })).toEqual({ name: { old: 'A', new: 'B' } });
    expect(diffChanges({ name: 'A' }, { name: 'A' })).toBeNull();
    await recordAudit(t.database.db, null, { action: 'update', entityType: 'user', entityId: 'x', text: { key: 'settings.updated' }, changes: { password: { old: 'a', new: 'b' }, name: { old: 'a', new: 'b' } } });
    expect((await latest()).changes).toEqual({ name: { old: 'a', new: 'b' } });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('is the admin’s only', async () => {
    expect((await call('GET', '/admin/audit-log', undefined, teacherCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/audit-log.csv', undefined, teacherCookie)).statusCode).toBe(403);
  });

  it('lists newest first, paged, with the actor named, and filters by actor, record and dates', async () => {
    const student = await buildStudent(t.database.db, { name: 'Filter Student' });
    await call('PUT', `/students/${student.id}`, { school: 'One' });
    await call('PUT', `/students/${student.id}`, { school: 'Two' });
    const response = await call('GET', `/admin/audit-log?entityType=student&entityId=${student.id}&limit=1`);
    expect(response.statusCode).toBe(200);
    const { items, pagination } = response.json().data;
    expect(pagination).toEqual({ page: 1, limit: 1, total: 2 });
    expect(items[0]).toMatchObject({ actor: { _id: t.adminId, name: 'Office Admin', role: 'admin' }, action: 'update', entityType: 'student', entityId: student.id, changes: { school: { old: 'One', new: 'Two' } } });
    const second = (await call('GET', `/admin/audit-log?entityId=${student.id}&limit=1&page=2`)).json().data;
    expect(second.items[0].changes).toEqual({ school: { old: null, new: 'One' } });

    const today = await academyToday(t.database.db);
    const byActor = (await call('GET', `/admin/audit-log?actor=${t.adminId}&from=${today}&to=${today}&limit=100`)).json().data;
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((item: { actor: { _id: string } }) => item.actor._id === t.adminId)).toBe(true);
    const past = (await call('GET', `/admin/audit-log?from=2020-01-01&to=2020-01-02`)).json().data;
    expect(past.pagination.total).toBe(0);
  });

  it('refuses bad filters with a clear message', async () => {
    const reversed = await call('GET', '/admin/audit-log?from=2026-05-10&to=2026-05-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The "from" date must be on or before the "to" date');
    const badDate = await call('GET', '/admin/audit-log?from=2026-02-31');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Enter a date as YYYY-MM-DD');
    expect((await call('GET', '/admin/audit-log?entityType=nonsense')).json().message).toBe('Choose a record type from the list');
    expect((await call('GET', '/admin/audit-log?actor=someone')).statusCode).toBe(400);
  });

  it('exports the same filters as CSV', async () => {
    const student = await buildStudent(t.database.db);
    await call('PUT', `/students/${student.id}`, { school: 'CSV School' });
    const response = await call('GET', `/admin/audit-log.csv?entityId=${student.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Role,Action,Record type,Record id,Summary,Changes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Office Admin,admin,update,student');
    expect(lines[1]).toContain('school: (empty) → CSV School');
    expect((await call('GET', '/admin/audit-log.csv?from=2026-05-10&to=2026-05-01')).statusCode).toBe(400);
  });
});

describe('summaries in the reader\'s language', () => {
  it('an admin reading in Marathi gets Marathi summaries, CSV headers and rows; old rows stay English', async () => {
    const marathiAdmin = await buildUser(t.database.db, { role: 'admin', name: 'Marathi Admin' });
    const cookie = await loginAs(t.app, marathiAdmin.email);
    expect((await call('PUT', '/auth/language', { language: 'mr' }, cookie)).statusCode).toBe(200);
    const student = await buildStudent(t.database.db);
    expect((await call('PUT', `/students/${student.id}`, { name: 'Sneha Kale', school: 'Shahu School' }, cookie)).statusCode).toBe(200);
    // An entry written before keys existed (English summary only) keeps its English for every reader.
    await t.database.db.insert(auditLog).values({ actorUserId: marathiAdmin.id, actorRole: 'admin', action: 'update', entityType: 'student', entityId: student.id, summary: 'Something only in English' });

    const stored = await t.database.db.select().from(auditLog).where(sql`${auditLog.entityId} = ${student.id}`).orderBy(desc(auditLog.id));
    expect(stored[1]).toMatchObject({ summary: 'Updated student Sneha Kale', summaryKey: 'student.updated', summaryValues: { name: 'Sneha Kale' } });

    const list = (await call('GET', `/admin/audit-log?entityId=${student.id}`, undefined, cookie)).json().data.items;
    expect(list.map((entry: { summary: string }) => entry.summary)).toEqual(['Something only in English', 'विद्यार्थी Sneha Kale ची माहिती बदलली']);
    // The same entries read by an English admin.
    const english = (await call('GET', `/admin/audit-log?entityId=${student.id}`)).json().data.items;
    expect(english[1].summary).toBe('Updated student Sneha Kale');

    const csv = await call('GET', `/admin/audit-log.csv?entityId=${student.id}`, undefined, cookie);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('केव्हा (UTC),कोणी,भूमिका,कृती,नोंदीचा प्रकार,नोंदीचा आयडी,सारांश,बदल');
    expect(csv.body).toContain('विद्यार्थी Sneha Kale ची माहिती बदलली');
    expect(csv.body).toContain('school: (रिकामे) → Shahu School');
    expect(csv.body).toContain('Something only in English');
  });

  it('Hindi: a batch enrolment', async () => {
    const hindiAdmin = await buildUser(t.database.db, { role: 'admin', name: 'Hindi Admin' });
    const cookie = await loginAs(t.app, hindiAdmin.email);
    await call('PUT', '/auth/language', { language: 'hi' }, cookie);
    const batch = await buildBatch(t.database.db, { name: 'Hindi Batch' });
    const student = await buildStudent(t.database.db, { name: 'Ravi Jadhav' });
    expect((await call('PUT', `/batches/${batch.id}/students/${student.id}/add`, undefined, cookie)).statusCode).toBe(200);
    const list = (await call('GET', `/admin/audit-log?entityId=${batch.id}`, undefined, cookie)).json().data.items;
    expect(list[0].summary).toBe('Ravi Jadhav को Hindi Batch बैच में जोड़ा');
  });
});

describe('append-only, kept two years', () => {
  it('the database refuses to update or delete an entry', async () => {
    await expect(t.database.db.execute(sql`update audit_log set summary = 'forged'`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });

  it('pruning deletes only entries older than two years', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    await t.database.db.insert(auditLog).values([
      { at: new Date('2024-11-20T10:00:00Z'), action: 'update', entityType: 'student', entityId: 'old', summary: 'three days past two years' },
      { at: new Date('2024-11-26T10:00:00Z'), action: 'update', entityType: 'student', entityId: 'recent', summary: 'just inside two years' },
    ]);
    expect(await pruneAuditLog(t.database.db, now)).toBe(1);
    const left = await t.database.db.execute<{ entity_id: string }>(sql`select entity_id from audit_log where entity_id in ('old', 'recent')`);
    expect(left.rows.map((row) => row.entity_id)).toEqual(['recent']);
    // The permission ended with the pruning's transaction.
    await expect(t.database.db.execute(sql`delete from audit_log where entity_id = 'recent'`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });
});
