import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { auditLog, batches, feeDues, students, users } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildBatch, buildParent, buildTeacher, loginAs } from '../../../test/factories';
import { enrolWithTermFees } from '../../../test/term-fees';
import { pdfText } from '../../../test/pdf-text';

/**
 * Fees paid by UPI (issue 38), the request's side: the academy's UPI ID in Settings → Payments, a
 * standard `upi://pay` intent and a stable reference on every open due of the student's and the
 * parent's fee screens, and the same request as a QR code for its owners only.
 */
const t = shareSignedInTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call(t.adminCookie, method, url, payload);
const setUpi = (upi: { vpa: string; payeeName: string } | null) => asAdmin('PUT', '/api/admin/settings/payments', { upi });

/** A student enrolled in a batch whose plan has two instalments (₹6,000 overdue, ₹4,000 later), and their parent. */
async function familyWithDues(name: string) {
  const db = t.database.db;
  const { student } = await enrolWithTermFees(t, name);
  const parent = await buildParent(db, { studentIds: [student.id] });
  const [row] = await db.select({ code: students.studentCode }).from(students).where(eq(students.id, student.id));
  return { student, parent, code: row!.code, studentCookie: await loginAs(t.app, student.user.email), parentCookie: await loginAs(t.app, parent.user.email) };
}

/** LAT-2026-0042 → LAT26-0042 */
const shortCode = (code: string) => code.replace(/^([A-Z]+)-\d\d(\d\d)-(\d+)$/, '$1$2-$3');
const paramsOf = (link: string) => Object.fromEntries(new URL(link.replace('upi://pay', 'https://upi.invalid/pay')).searchParams);

describe('Settings → Payments', () => {
  it('keeps the UPI ID (lower-cased), refuses one that is not name@bank with the reason, and audits the change', async () => {
    const bad = await setUpi({ vpa: 'shree academy', payeeName: 'Shree Academy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['upi.vpa']).toBe('Enter the UPI ID as name@bank, for example shreeacademy@okhdfcbank');
    const long = await setUpi({ vpa: 'shree@okhdfcbank', payeeName: 'x'.repeat(51) });
    expect(long.json().errors['upi.payeeName']).toBe('Enter the name UPI apps show for the academy, at most 50 characters');
    expect((await asAdmin('PUT', '/api/admin/settings/payments', { upi: 'yes' })).statusCode).toBe(400);

    const saved = await setUpi({ vpa: ' ShreeAcademy@OKHDFCBANK ', payeeName: ' Shree Academy Latur ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { upi: { vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy Latur' } }, message: 'Payment settings saved' });
    expect((await asAdmin('GET', '/api/admin/settings/payments')).json().data.upi.vpa).toBe('shreeacademy@okhdfcbank');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings'));
    expect(JSON.stringify(entry?.changes)).toContain('shreeacademy@okhdfcbank');
  });

  it('is the admin’s alone', async () => {
    const teacher = await loginAs(t.app, (await buildTeacher(t.database.db)).user.email);
    expect((await call(teacher, 'GET', '/api/admin/settings/payments')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/payments', payload: { upi: null } })).statusCode).toBe(401);
  });
});

describe('a UPI request on every open due', () => {
  it('gives the student and the parent the same intent: payee, the balance with two decimals, a readable note and the due’s reference', async () => {
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    const family = await familyWithDues('Aarav Upi');
    // ₹1,500 paid on the first instalment: its request asks for the ₹4,500 left.
    expect((await asAdmin('POST', `/api/students/${family.student.id}/payments`, { amount: 1500, date: t.today, mode: 'cash' })).statusCode).toBe(201);

    const own = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data;
    const [first, second] = own.dues;
    const reference = `${shortCode(family.code)}-I1`;
    expect(first.upi.reference).toBe(reference);
    expect(reference.length).toBeLessThanOrEqual(35);
    expect(paramsOf(first.upi.link)).toEqual({ pa: 'shreeacademy@okhdfcbank', pn: 'Shree Academy', am: '4500.00', cu: 'INR', tn: `${reference} Fees Aarav Upi Term fees 1/2`, tr: reference });
    expect(first.upi.link.startsWith('upi://pay?pa=shreeacademy@okhdfcbank&pn=Shree%20Academy&am=4500.00&cu=INR&tn=')).toBe(true);
    expect(second.upi.reference).toBe(`${shortCode(family.code)}-I2`);
    expect(paramsOf(second.upi.link).am).toBe('4000.00');

    const parents = (await call(family.parentCookie, 'GET', `/api/parent/children/${family.student.id}/fees`)).json().data;
    expect(parents.dues.map((due: { upi: unknown }) => due.upi)).toEqual(own.dues.map((due: { upi: unknown }) => due.upi));
  });

  it('asks nothing of a paid due, and nothing at all without a UPI ID', async () => {
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    const family = await familyWithDues('Paid Upi');
    expect((await asAdmin('POST', `/api/students/${family.student.id}/payments`, { amount: 6000, date: t.today, mode: 'upi', reference: '412345678901' })).statusCode).toBe(201);
    const dues = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data.dues;
    expect(dues[0].upi).toBeNull();
    expect(dues[1].upi).not.toBeNull();

    await setUpi(null);
    expect((await call(family.studentCookie, 'GET', '/api/student/fees')).json().data.dues.every((due: { upi: unknown }) => due.upi === null)).toBe(true);
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
  });

  it('numbers a student’s dues for ever: a later batch’s dues go on from the last number, whatever their dates', async () => {
    const family = await familyWithDues('Numbered Upi');
    // Batches at other hours than the first (the same hours would clash for the student).
    const atHour = async (hour: number) => {
      const batch = await buildBatch(t.database.db);
      await t.database.db.update(batches).set({ startTime: `${hour}:00`, endTime: `${hour}:30` }).where(eq(batches.id, batch.id));
      return batch;
    };
    const later = await atHour(10);
    expect((await asAdmin('POST', '/api/fee-plans', { name: 'Crash course', batch: later.id, amount: 3000, instalments: [{ dueDate: t.today, amount: 3000 }] })).statusCode).toBe(201);
    // Two enrolments of the same student at once number their dues one after the other.
    const [one, two] = await Promise.all([
      asAdmin('PUT', `/api/batches/${later.id}/students/${family.student.id}/add`),
      (async () => {
        const third = await atHour(11);
        expect((await asAdmin('POST', '/api/fee-plans', { name: 'Weekend', batch: third.id, amount: 2000, instalments: [{ dueDate: shiftDate(t.today, 3), amount: 2000 }] })).statusCode).toBe(201);
        return asAdmin('PUT', `/api/batches/${third.id}/students/${family.student.id}/add`);
      })(),
    ]);
    expect([one.statusCode, two.statusCode], one.body + two.body).toEqual([200, 200]);
    const numbers = (await t.database.db.select({ number: feeDues.number }).from(feeDues).where(eq(feeDues.studentId, family.student.id))).map((row) => row.number).sort();
    expect(numbers).toEqual([1, 2, 3, 4]);
    // The crash course's due comes first in the ledger (its date, today, is earliest: the family's own were
    // shifted a week on, as they joined late) but keeps its own number.
    const dues = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data.dues;
    expect(dues[0].label).toContain('Crash course');
    expect(dues[0].upi.reference).toMatch(/-I[34]$/);
  });
});

describe('the QR code of a due', () => {
  it('is an SVG of the same request for the student, their parent and the office; another family’s answers 404', async () => {
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    const family = await familyWithDues('Qr Upi');
    const other = await familyWithDues('Other Upi');
    const dueId = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data.dues[0]._id;
    for (const cookie of [family.studentCookie, family.parentCookie, t.adminCookie]) {
      const qr = await call(cookie, 'GET', `/api/dues/${dueId}/upi-qr.svg`);
      expect(qr.statusCode).toBe(200);
      expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(qr.headers['cache-control']).toBe('private, no-store');
      expect(qr.body).toMatch(/^<svg[^>]*viewBox/);
    }
    expect((await call(other.studentCookie, 'GET', `/api/dues/${dueId}/upi-qr.svg`)).statusCode).toBe(404);
    expect((await call(other.parentCookie, 'GET', `/api/dues/${dueId}/upi-qr.svg`)).statusCode).toBe(404);
    expect((await call(family.studentCookie, 'GET', '/api/dues/not-a-uuid/upi-qr.svg')).statusCode).toBe(400);
  });

  it('says why there is none: no UPI ID yet, or nothing left to pay', async () => {
    const family = await familyWithDues('None Upi');
    const dueId = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data.dues[0]._id;
    await setUpi(null);
    const off = await call(family.studentCookie, 'GET', `/api/dues/${dueId}/upi-qr.svg`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('UPI payments are not set up: there is no UPI ID in Settings → Payments');
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    expect((await asAdmin('POST', `/api/students/${family.student.id}/payments`, { amount: 6000, date: t.today, mode: 'cash' })).statusCode).toBe(201);
    const paid = await call(family.parentCookie, 'GET', `/api/dues/${dueId}/upi-qr.svg`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Nothing is left to pay on this due');
  });
});

describe('a fee reminder’s pay link', () => {
  it('carries an https-style link that opens the student’s open dues with their UPI requests, without signing in', async () => {
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    const family = await familyWithDues('Link Upi');
    // Both instalments come due (issue 73: a reminder and its pay page name what is due now).
    await t.database.db.update(feeDues).set({ dueDate: shiftDate(t.today, -1) }).where(eq(feeDues.studentId, family.student.id));
    const dues = (await asAdmin('GET', `/api/fees/dues?search=${encodeURIComponent('Link Upi')}`)).json().data.dues as { _id: string }[];
    expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: dues.map((due) => due._id) })).json().data.queued).toBeGreaterThan(0);
    await t.app.jobs.runDue();
    const [mail] = (await t.mailsTo(family.parent.user.email!)).filter((sent) => sent.subject.includes('fee reminder'));
    const link = /http:\/\/localhost\/pay\/([\w-]+\.[0-9a-z]+\.[\w-]+)/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    const token = link![1]!;

    const page = await t.app.inject({ method: 'GET', url: `/api/pay/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const own = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data;
    expect(page.json().data).toMatchObject({
      student: { name: 'Link Upi' },
      total: 10000,
      dues: own.dues.map((due: { _id: string; upi: unknown; balance: number }) => ({ _id: due._id, upi: due.upi, balance: due.balance })),
    });
    const qr = await t.app.inject({ method: 'GET', url: `/api/pay/${token}/dues/${own.dues[0]._id}/upi-qr.svg` });
    expect(qr.statusCode).toBe(200);
    expect(qr.body).toMatch(/^<svg/);

    // Another family's due through this link, or a forged link, opens nothing.
    const other = await familyWithDues('Stranger Upi');
    const strangerDue = (await call(other.studentCookie, 'GET', '/api/student/fees')).json().data.dues[0]._id;
    expect((await t.app.inject({ method: 'GET', url: `/api/pay/${token}/dues/${strangerDue}/upi-qr.svg` })).statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: `/api/pay/${token.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe('This pay link has expired or is not valid. Sign in to the app to see your fees, or ask the office for a new link.');
    const marathi = await t.app.inject({ method: 'GET', url: `/api/pay/${'x'.repeat(100)}`, headers: { 'accept-language': 'mr' } });
    expect(marathi.statusCode).toBe(404);
    expect(marathi.json().message).toContain('ही पेमेंट लिंक');

    // Paid in full: the link still opens, with nothing left to pay.
    expect((await asAdmin('POST', `/api/students/${family.student.id}/payments`, { amount: 10000, date: t.today, mode: 'cash' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/pay/${token}` })).json().data).toMatchObject({ dues: [], total: 0 });
  });
});

describe('the printed fee slip', () => {
  it('is a PDF with the amount left, the reference and the UPI ID, for the student, their parent and the office only', async () => {
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    const family = await familyWithDues('Slip Upi');
    const other = await familyWithDues('Nosy Upi');
    const [due] = (await call(family.studentCookie, 'GET', '/api/student/fees')).json().data.dues;
    for (const cookie of [family.studentCookie, family.parentCookie, t.adminCookie]) {
      const slip = await call(cookie, 'GET', `/api/dues/${due._id}/slip.pdf`);
      expect(slip.statusCode).toBe(200);
      expect(slip.headers['content-type']).toBe('application/pdf');
      expect(slip.headers['content-disposition']).toBe(`inline; filename="fee-slip-${due.upi.reference}.pdf"`);
    }
    const text = await pdfText((await call(family.parentCookie, 'GET', `/api/dues/${due._id}/slip.pdf`)).rawPayload);
    for (const expected of ['Fee slip', 'Slip Upi', family.code, 'Term fees', '₹6,000', 'Six Thousand', due.upi.reference, 'shreeacademy@okhdfcbank', 'Scan this code with any UPI app']) expect(text).toContain(expected);
    // In the reader's language: a Marathi-reading parent prints a Marathi slip.
    await t.database.db.update(users).set({ language: 'mr' }).where(eq(users.id, family.parent.user.id));
    const marathi = await pdfText((await call(family.parentCookie, 'GET', `/api/dues/${due._id}/slip.pdf`)).rawPayload);
    expect(marathi).toContain('भरायची रक्कम ₹6,000');
    expect((await call(other.parentCookie, 'GET', `/api/dues/${due._id}/slip.pdf`)).statusCode).toBe(404);
    expect((await call(other.studentCookie, 'GET', `/api/dues/${due._id}/slip.pdf`)).statusCode).toBe(404);

    // Without a UPI ID the slip asks to pay at the office, with the reference; a paid due has no slip.
    await setUpi(null);
    const office = await pdfText((await call(family.studentCookie, 'GET', `/api/dues/${due._id}/slip.pdf`)).rawPayload);
    expect(office).toContain(`Please pay at the office and mention the reference ${due.upi.reference}`);
    await setUpi({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' });
    expect((await asAdmin('POST', `/api/students/${family.student.id}/payments`, { amount: 6000, date: t.today, mode: 'cash' })).statusCode).toBe(201);
    const paid = await call(family.studentCookie, 'GET', `/api/dues/${due._id}/slip.pdf`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Nothing is left to pay on this due');
  });
});
