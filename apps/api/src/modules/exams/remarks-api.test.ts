import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildParent, buildStudent, buildTeacher, buildUser, loginAll } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { formatDate } from '@academy/shared/calendar';
import { academyToday } from '../../academy-settings';

let t: TestApp;
const cookies = { teacher: '', otherTeacher: '', admin: '', a: '', parent: '' };
const ids = { batch: '', otherBatch: '', a: '', b: '', outsider: '' };
const names = { teacher: 'Meera Kulkarni', admin: '' };
const emails = { parent: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const teacher = await buildTeacher(db, { name: names.teacher });
  const otherTeacher = await buildTeacher(db);
  const a = await buildStudent(db, { name: 'Gauri Deshmukh' });
  const b = await buildStudent(db, { name: 'Harsh Pawar' });
  const outsider = await buildStudent(db, { name: 'Ishan Outsider' });
  const batch = await buildBatch(db, { name: '10th Science', teacherId: teacher.id, studentIds: [a.id, b.id] });
  const otherBatch = await buildBatch(db, { name: 'Other batch', teacherId: otherTeacher.id, studentIds: [outsider.id] });
  const admin = await buildUser(db, { role: 'admin' });
  const parent = await buildParent(db, { studentIds: [b.id] });
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id, a: a.id, b: b.id, outsider: outsider.id });
  names.admin = admin.name;
  emails.parent = parent.user.email;
  Object.assign(cookies, await loginAll(t.app, { teacher, otherTeacher, admin, a, parent }));
});
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const remarkUrl = (batchId: string, studentId: string) => `/api/batches/${batchId}/students/${studentId}/remark`;
const auditOf = async (studentId: string) =>
  (
    await t.database.db.execute<{ action: string; actor: string | null; changes: { remark: { old: string | null; new: string | null } } | null }>(
      sql`select action, actor_user_id as actor, changes from audit_log where entity_type = 'student' and entity_id = ${studentId} and action like 'test.remark%' order by at, id`,
    )
  ).rows;

describe('report card remarks', () => {
  it('the batch teacher writes a remark; it is stored with who and when, listed, and audited', async () => {
    const saved = await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, ids.a), { remark: '  Works hard; revise algebra.  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Remark saved');
    expect(saved.json().data).toMatchObject({ student: { _id: ids.a, name: 'Gauri Deshmukh' }, remark: 'Works hard; revise algebra.', writtenBy: names.teacher });
    const list = await call(cookies.teacher, 'GET', `/api/batches/${ids.batch}/remarks`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.rows).toEqual([
      expect.objectContaining({ student: { _id: ids.a, name: 'Gauri Deshmukh' }, remark: 'Works hard; revise algebra.', writtenBy: names.teacher }),
      expect.objectContaining({ student: { _id: ids.b, name: 'Harsh Pawar' }, remark: null, writtenBy: null, writtenAt: null }),
    ]);
    const audit = await auditOf(ids.a);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'test.remark', changes: { remark: { old: null, new: 'Works hard; revise algebra.' } } });
    // Saving the same text again writes no second audit entry.
    await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, ids.a), { remark: 'Works hard; revise algebra.' });
    expect(await auditOf(ids.a)).toHaveLength(1);
  });

  it('refuses bad input with our messages (in the reader language) and saves nothing', async () => {
    const long = await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, ids.b), { remark: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toMatchObject({ remark: 'Remark must be at most 500 characters' });
    const notText = await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, ids.b), { remark: 5 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().errors).toMatchObject({ remark: 'Remark must be text' });
    expect((await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, 'not-an-id'), { remark: 'x' })).statusCode).toBe(400);
    await call(cookies.admin, 'PUT', '/api/auth/language', { language: 'mr' });
    const marathi = await call(cookies.admin, 'PUT', remarkUrl(ids.batch, ids.b), { remark: 'x'.repeat(501) });
    await call(cookies.admin, 'PUT', '/api/auth/language', { language: 'en' });
    expect(marathi.json().errors.remark).toBe('शेरा जास्तीत जास्त 500 अक्षरांचा असावा');
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from report_card_remarks where student_id = ${ids.b}`);
    expect(rows[0]!.n).toBe(0);
  });

  it('another teacher gets 404; a student or parent 403; a student outside the batch 404', async () => {
    expect((await call(cookies.otherTeacher, 'PUT', remarkUrl(ids.batch, ids.a), { remark: 'Not mine' })).statusCode).toBe(404);
    expect((await call(cookies.otherTeacher, 'GET', `/api/batches/${ids.batch}/remarks`)).statusCode).toBe(404);
    expect((await call(cookies.a, 'PUT', remarkUrl(ids.batch, ids.a), { remark: 'I am great' })).statusCode).toBe(403);
    expect((await call(cookies.parent, 'PUT', remarkUrl(ids.batch, ids.b), { remark: 'My child is great' })).statusCode).toBe(403);
    expect((await call(cookies.a, 'GET', `/api/batches/${ids.batch}/remarks`)).statusCode).toBe(403);
    const outside = await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, ids.outsider), { remark: 'Not in this batch' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Student not found');
    expect(await auditOf(ids.outsider)).toHaveLength(0);
  });

  it('the report card prints the remark with the writer name, for the admin and in the mailed card', async () => {
    const card = await call(cookies.admin, 'GET', `/api/students/${ids.a}/report-card.pdf`);
    expect(card.statusCode).toBe(200);
    const text = await pdfText(card.rawPayload);
    expect(text).toContain('Works hard; revise algebra.');
    expect(text).toContain(names.teacher);
    // Issued today (the academy's day) and signed by the class teacher and the director.
    expect(text).toContain(`Issued on: ${formatDate(await academyToday(t.database.db))}`);
    expect(text).toContain('Class teacher');
    expect(text).toContain('Director');
    // The old "remark" query parameter is gone: it is ignored, the stored remark is printed.
    const withQuery = await pdfText((await call(cookies.admin, 'GET', `/api/students/${ids.a}/report-card.pdf?remark=Typed%20now`)).rawPayload);
    expect(withQuery).not.toContain('Typed now');

    // The admin may write one too; the parent's mailed card of the other student carries it.
    const byAdmin = await call(cookies.admin, 'PUT', remarkUrl(ids.batch, ids.b), { remark: 'Regular and attentive.' });
    expect(byAdmin.json().data.writtenBy).toBe(names.admin);
    expect((await call(cookies.admin, 'POST', `/api/batches/${ids.batch}/report-cards/mail`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue();
    const mails = await t.mailsTo(emails.parent);
    expect(mails).toHaveLength(1);
    const raw = fs.readFileSync(mails[0]!.file, 'utf8');
    const attachment = /filename="?report-card-Harsh-Pawar\.pdf"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
    expect(attachment).not.toBeNull();
    expect(await pdfText(Buffer.from(attachment![1]!.replace(/\s/g, ''), 'base64'))).toContain('Regular and attentive.');
  });

  it('an empty remark removes it (audited) and the card no longer prints it', async () => {
    const cleared = await call(cookies.teacher, 'PUT', remarkUrl(ids.batch, ids.a), { remark: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ message: 'Remark removed', data: { remark: null } });
    const audit = await auditOf(ids.a);
    expect(audit.at(-1)).toMatchObject({ action: 'test.remark_remove', changes: { remark: { old: 'Works hard; revise algebra.', new: null } } });
    const text = await pdfText((await call(cookies.admin, 'GET', `/api/students/${ids.a}/report-card.pdf`)).rawPayload);
    expect(text).not.toContain('Works hard');
  });
});
