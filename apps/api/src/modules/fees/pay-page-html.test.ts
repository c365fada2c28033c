import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { feeDues } from '../../db/schema';
import { shareSignedInTestApp } from '../../../test/shared-test-app';
import { buildParent, loginAs } from '../../../test/factories';
import { enrolWithTermFees } from '../../../test/term-fees';

/**
 * Issue 54, point 6: a fee reminder's pay link carries the reader's language (/mr/pay/…, /hi/pay/…),
 * and the server answers the link with the page itself, in that language: the amount, the Pay button,
 * the QR code and how to tell the office, readable before (or without) the app's code. A link that
 * does not work is a clear page (404), never an error.
 */
const t = shareSignedInTestApp();
beforeAll(async () => {
  const upi = await asAdmin('PUT', '/api/admin/settings/payments', { upi: { vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy' } });
  expect(upi.statusCode, upi.body).toBe(200);
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: t.adminCookie }, ...(payload ? { payload } : {}) });

/** A child with ₹6,000 overdue and ₹4,000 later, whose parents read Marathi and English; a reminder sent to them. */
async function remindedFamily(name: string) {
  const db = t.database.db;
  const { student } = await enrolWithTermFees(t, name);
  // Both instalments come due (issue 73: a reminder and its pay page name what is due now, one definition).
  await db.update(feeDues).set({ dueDate: shiftDate(t.today, -1) }).where(eq(feeDues.studentId, student.id));
  const mother = await buildParent(db, { studentIds: [student.id], language: 'mr' });
  const father = await buildParent(db, { studentIds: [student.id], language: 'en' });
  const dues = (await asAdmin('GET', `/api/fees/dues?search=${encodeURIComponent(name)}`)).json().data.dues as { _id: string }[];
  expect((await asAdmin('POST', '/api/fees/reminders', { dueIds: dues.map((due) => due._id) })).json().data.queued).toBeGreaterThan(0);
  while ((await t.app.jobs.runDue()) > 0);
  const linkIn = async (email: string) => {
    const [mail] = (await t.mailsTo(email)).filter((sent) => /fee reminder|फी/.test(sent.subject));
    return /http:\/\/localhost(\/(?:mr\/|hi\/)?pay\/[\w-]+\.[0-9a-z]+\.[\w-]+)/.exec(mail?.text ?? '')?.[1];
  };
  return { student, motherLink: await linkIn(mother.user.email!), fatherLink: await linkIn(father.user.email!) };
}

describe('a fee reminder’s pay link in the reader’s language', () => {
  it('is /mr/pay/… for a Marathi parent and /pay/… for an English one, the same token', async () => {
    const family = await remindedFamily('Lang Link');
    expect(family.motherLink).toMatch(/^\/mr\/pay\//);
    expect(family.fatherLink).toMatch(/^\/pay\//);
    expect(family.motherLink!.replace('/mr', '')).toBe(family.fatherLink);
  });
});

describe('the pay link’s page as the server’s HTML', () => {
  it('opens in Marathi with the amount, the Pay button, the QR code and the "I have paid" path, without any script', async () => {
    const family = await remindedFamily('Html Marathi');
    const page = await t.app.inject({ method: 'GET', url: family.motherLink! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // One family's dues: kept by no cache, no token in a Referer, not in a search engine.
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain('<html lang="mr">');
    expect(html).toContain('<h1>फी भरा</h1>');
    expect(html).toContain('<b>Html Marathi</b> यांची फी. भरायची बाकी: <b data-total>₹10,000</b>.');
    expect(html).toContain('UPI ने ₹6,000 भरा');
    expect(html).toContain('UPI ने ₹4,000 भरा');
    expect(html).toMatch(/href="upi:\/\/pay\?pa=shreeacademy@okhdfcbank&amp;/);
    expect(html).toContain('देय तारीख');
    expect(html).toMatch(/src="\/api\/pay\/[\w.-]+\/dues\/[0-9a-f-]{36}\/upi-qr\.svg"/);
    expect(html).toContain('&quot;मी पैसे भरले&quot;');
    expect(html).toContain('<a href="/mr/login">लॉगिन करा</a>');
    expect(html).not.toContain('<script');
    // The same page in the other languages is a link away.
    expect(html).toContain(`href="${family.fatherLink}"`);
    // The QR code it shows is the due's own.
    const qr = /src="(\/api\/pay\/[^"]+\/upi-qr\.svg)"/.exec(html)![1]!;
    const svg = await t.app.inject({ method: 'GET', url: qr });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toMatch(/^<svg/);
  });

  it('opens in English and in Hindi at their addresses', async () => {
    const family = await remindedFamily('Html English');
    const english = await t.app.inject({ method: 'GET', url: family.fatherLink! });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('fees of <b>Html English</b>. Left to pay: <b data-total>₹10,000</b>.');
    expect(english.body).toContain('Pay ₹6,000 by UPI');
    const hindi = await t.app.inject({ method: 'GET', url: family.fatherLink!.replace('/pay/', '/hi/pay/') });
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('भरनी बाकी: <b data-total>₹10,000</b>');
  });

  it('says so when a due was reported paid, paying again one step away; and thanks when nothing is left', async () => {
    const family = await remindedFamily('Html Reported');
    const studentCookie = await loginAs(t.app, family.student.user.email);
    const dueId = (await t.app.inject({ method: 'GET', url: '/api/student/fees', headers: { cookie: studentCookie } })).json().data.dues[0]._id;
    const claim = await t.app.inject({ method: 'POST', url: '/api/payment-claims', headers: { cookie: studentCookie }, payload: { dueId, amount: 6000, utr: '412345678901', paidOn: t.today } });
    expect(claim.statusCode, claim.body).toBe(201);
    const reported = (await t.app.inject({ method: 'GET', url: family.fatherLink! })).body;
    expect(reported).toContain('Payment reported · waiting for the office to confirm');
    expect(reported).toContain('<summary>Pay again</summary>');

    expect((await asAdmin('POST', `/api/students/${family.student.id}/payments`, { amount: 10000, date: t.today, mode: 'cash' })).statusCode).toBe(201);
    const done = await t.app.inject({ method: 'GET', url: family.motherLink! });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<b>Html Reported</b> यांची आता काहीही फी भरायची बाकी नाही. धन्यवाद!');
  });

  it('answers a forged, cut or odd link with a clear page in the address’s language (404), never an error', async () => {
    const family = await remindedFamily('Html Broken');
    for (const [url, words] of [
      [family.motherLink!.slice(0, -3), 'ही पेमेंट लिंक जुनी झाली आहे किंवा चुकीची आहे.'],
      [`/hi/pay/${'x'.repeat(90)}`, 'यह भुगतान लिंक पुराना हो गया है या सही नहीं है.'],
      ['/pay/%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'This pay link has expired or is not valid.'],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toContain(words);
      expect(answer.body).not.toContain('<script>');
    }
  });
});
