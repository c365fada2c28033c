import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, parentMessages, users } from '../../db/schema';
import { buildEnquiry, buildStandard, buildStudent, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { shareProviderTestApp, standInWhatsApp } from '../../../test/provider-test-app';

/**
 * Issue 54, point 1: a family that applied with a mobile number (no email) becomes a student through
 * the existing convert route (2xx). The student signs in with the student ID and a first password the
 * office is shown once; the family is told the student ID and how to sign in on its channel, in its
 * language, never the password. Only the office may convert.
 */
const { t, providers } = shareProviderTestApp();
let adminCookie: string;
let standardId: string;
let nextAddress = 1;
const address = () => `10.9.0.${nextAddress++}`;
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};
const login = (identifier: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address(), payload: { email: identifier, password } });

beforeAll(async () => {
  adminCookie = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
  standardId = (await buildStandard(t.database.db, { name: '9th Standard', level: 9 })).id;
});

const admitted = (fields: Parameters<typeof buildEnquiry>[1]) => buildEnquiry(t.database.db, { standardId, ...fields, status: 'admitted' });

describe('converting an enquiry without an email', () => {
  it('makes the student (201) with a first password shown once, and the student signs in with the student ID and it', async () => {
    const enquiry = await admitted({ studentName: 'Pooja Shinde', email: null, phone: '+919822011111', form: 'admission' });
    const response = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data.student).toMatchObject({ name: 'Pooja Shinde', email: null });
    expect(data.student.studentCode).toMatch(/^LAT-\d{4}-\d{4,}$/);
    // Ten letters and digits without look-alikes, in two groups: read out or printed, typed by a child.
    expect(data.firstPassword).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(response.json().message).toBe(
      `Pooja Shinde is now a student with the student ID ${data.student.studentCode}. Without an email, they sign in with the student ID and the first password shown here: give it to the family, or print the sign-in slip.`,
    );
    // The demo of messages is off here: nothing reaches a family without an email, and the office is told.
    expect(data.familyToldBy).toBeNull();

    const signedIn = await login(data.student.studentCode.toLowerCase(), data.firstPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ role: 'student', name: 'Pooja Shinde' });
    // The student's page: a password is set, and it is in no audit entry.
    const profile = (await asAdmin('GET', `/api/students/${data.student._id}`)).json().data;
    expect(profile.passwordSet).toBe(true);
    const entries = await t.database.db.select({ changes: auditLog.changes, summary: auditLog.summary }).from(auditLog);
    expect(JSON.stringify(entries)).not.toContain(data.firstPassword);
    // Only its hash is kept.
    const [account] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.name, 'Pooja Shinde'));
    expect(account!.hash).not.toContain(data.firstPassword);
  });

  it('tells the family on WhatsApp, in its language, the student ID and where to sign in, never the password', async () => {
    const saved = await asAdmin('PUT', '/api/admin/settings/messaging', {
      whatsapp: standInWhatsApp({ admitted: 'student_admitted' }),
      quietHours: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    providers.reset();
    // Only the student's own number, as a family applying from its phone gives it.
    const enquiry = await admitted({ studentName: 'Sai Kadam', email: null, phone: '+919822033333', language: 'hi' });
    const response = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(response.statusCode, response.body).toBe(201);
    const { student, firstPassword, familyToldBy } = response.json().data;
    expect(familyToldBy).toBe('whatsapp');
    await runJobs();
    expect(providers.whatsapp).toHaveLength(1);
    expect(providers.whatsapp[0]!.body).toMatchObject({
      to: '919822033333',
      template: {
        name: 'student_admitted',
        language: { code: 'hi' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Sai Kadam' }, { type: 'text', text: student.studentCode }, { type: 'text', text: 'http://localhost/hi/login' }] }],
      },
    });
    const rows = await t.database.db.select({ kind: parentMessages.kind, text: parentMessages.text, values: parentMessages.templateValues }).from(parentMessages).where(eq(parentMessages.key, `admitted:${student._id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toContain(student.studentCode);
    expect(rows[0]!.text).toContain('लॉगिन');
    expect(JSON.stringify(rows)).not.toContain(firstPassword);
    // The same password still works: the message changed nothing.
    expect((await login(student.studentCode, firstPassword)).statusCode).toBe(200);
  });

  it('reaches the parent made from the enquiry’s parent phone on their channel', async () => {
    providers.reset();
    const enquiry = await admitted({ studentName: 'Riya More', email: null, phone: null, parentPhone: '+919822044444', language: 'mr' });
    await asAdmin('PUT', `/api/admission-enquiries/${enquiry.id}`, { parentName: 'Anita More' });
    const response = await asAdmin('POST', `/api/admission-enquiries/${enquiry.id}/convert`, {});
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.familyToldBy).toBe('whatsapp');
    await runJobs();
    expect(providers.whatsapp.map((sent) => (sent.body as { to: string }).to)).toEqual(['919822044444']);
    expect(providers.whatsapp[0]!.body).toMatchObject({ template: { language: { code: 'mr' }, components: [{ parameters: [{ text: 'Riya More' }, {}, { text: 'http://localhost/mr/login' }] }] } });
  });

  it('is the office’s alone: a teacher or a student is refused (403) and nothing is made', async () => {
    const enquiry = await admitted({ studentName: 'Not Yet', email: null, phone: '+919822055555' });
    const teacher = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
    const student = await loginAs(t.app, (await buildStudent(t.database.db)).user.email);
    for (const cookie of [teacher, student]) {
      const refused = await t.app.inject({ method: 'POST', url: `/api/admission-enquiries/${enquiry.id}/convert`, headers: { cookie }, payload: {} });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/admission-enquiries/${enquiry.id}/convert`, payload: {} })).statusCode).toBe(401);
    expect((await asAdmin('GET', `/api/admission-enquiries/${enquiry.id}`)).json().data.student).toBeNull();
  });
});
