import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admissionEnquiries, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildEnquiry, buildTeacher, loginAs } from '../../../test/factories';

// Issue 20: a new account's welcome (set-your-password) mail is in the language the office chose,
// or for a converted enquiry the language the family wrote in; the account keeps that language.
const t = shareSignedInTestApp();
let teacherCookie = '';
beforeAll(async () => {
  teacherCookie = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
});

const call = (method: 'POST' | 'PUT', url: string, payload?: object, cookie = t.adminCookie) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const languageOf = async (email: string) => (await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

describe('welcome mail in the account\'s language', () => {
  it('a teacher created in Marathi gets a Marathi mail and Marathi screens', async () => {
    expect((await call('POST', '/teachers', { name: 'Sunita Deshmukh', email: 'sunita.mr@example.com', language: 'mr' })).statusCode).toBe(201);
    const mail = (await t.latestMailTo('sunita.mr@example.com'))!;
    expect(mail.subject).toContain('मध्ये आपले स्वागत: आपला पासवर्ड ठेवा');
    expect(mail.html).toContain('<html lang="mr">');
    expect(mail.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(await languageOf('sunita.mr@example.com')).toBe('mr');
  });

  it('a student created in Hindi gets a Hindi mail; without a language, English', async () => {
    expect((await call('POST', '/students', { name: 'Rohan Shinde', email: 'rohan.hi@example.com', language: 'hi' })).statusCode).toBe(201);
    expect((await t.latestMailTo('rohan.hi@example.com'))!.subject).toContain('में आपका स्वागत है: अपना पासवर्ड बनाएँ');
    expect(await languageOf('rohan.hi@example.com')).toBe('hi');

    expect((await call('POST', '/students', { name: 'Neha Pawar', email: 'neha.en@example.com' })).statusCode).toBe(201);
    expect((await t.latestMailTo('neha.en@example.com'))!.subject).toMatch(/^Welcome to .*: set your password$/);
    expect(await languageOf('neha.en@example.com')).toBe('en');
  });

  it('a converted enquiry mails the student in the language the family wrote in', async () => {
    const enquiry = await buildEnquiry(t.database.db, { status: 'admitted', email: 'kiran.enquiry@example.com', studentName: 'Kiran More' });
    await t.database.db.update(admissionEnquiries).set({ language: 'mr' }).where(eq(admissionEnquiries.id, enquiry.id));
    const converted = await call('POST', `/admission-enquiries/${enquiry.id}/convert`, {});
    expect(converted.statusCode, converted.body).toBeLessThan(300);
    expect((await t.latestMailTo('kiran.enquiry@example.com'))!.subject).toContain('मध्ये आपले स्वागत');
    expect(await languageOf('kiran.enquiry@example.com')).toBe('mr');
  });

  it('refuses an unknown language (400, nothing saved) and a teacher creating accounts (403)', async () => {
    const bad = await call('POST', '/teachers', { name: 'Bad Language', email: 'bad.language@example.com', language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.language).toBe('Choose English, Marathi or Hindi');
    expect(await languageOf('bad.language@example.com')).toBeUndefined();
    expect(await t.mailsTo('bad.language@example.com')).toHaveLength(0);
    expect((await call('POST', '/students', { name: 'Not Allowed', email: 'not.allowed@example.com', language: 'mr' }, teacherCookie)).statusCode).toBe(403);
  });
});
