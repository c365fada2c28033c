import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailVerifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildStandard } from '../../../test/factories';
import { DEVELOPMENT_OTP_KEY, hashOtp } from './email-verification.service';

let t: TestApp;
let standardId: string;
beforeAll(async () => {
  t = await buildTestApp();
  standardId = (await buildStandard(t.database.db, { name: '9th', level: 9 })).id;
});
afterAll(() => t.close());

// Each test gets its own client address and email, so the hourly limits of one do not touch another.
let nextAddress = 1;
const address = () => `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
let nextEmail = 1;
const freshEmail = () => `parent${nextEmail++}@example.in`;

const sendOtp = (email: unknown, remoteAddress = address()) =>
  t.app.inject({ method: 'POST', url: '/api/email-verification/send-otp', remoteAddress, payload: { email } as object });
const verifyOtp = (email: string, otp: string) => t.app.inject({ method: 'POST', url: '/api/email-verification/verify-otp', remoteAddress: address(), payload: { email, otp } });
const apply = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admission-enquiries', remoteAddress: address(), payload });

/** The code in the newest mail to this address. */
async function mailedCode(email: string): Promise<string> {
  const mail = await t.latestMailTo(email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Lets the 60-second resend wait pass, by moving the email's codes back in time. */
async function age(email: string, seconds: number) {
  // Each row's new time from here: Citus refuses a timestamp's arithmetic (STABLE) on a column in an UPDATE.
  const rows = await t.database.db.select({ id: emailVerifications.id, createdAt: emailVerifications.createdAt }).from(emailVerifications).where(eq(emailVerifications.email, email));
  for (const row of rows) {
    await t.database.db
      .update(emailVerifications)
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where(eq(emailVerifications.id, row.id));
  }
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function application(email: string, verificationToken: string) {
  return { studentName: 'Aditi Jadhav', email, phone: '9822012345', standard: standardId, verificationToken };
}

describe('POST /api/email-verification/send-otp', () => {
  it('mails a 6-digit code valid for 10 minutes and stores only a keyed hash of it', async () => {
    const email = freshEmail();
    const response = await sendOtp(` ${email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { resendAfterSeconds: 60, validMinutes: 10 } });
    const mail = await t.latestMailTo(email);
    expect(mail?.subject).toMatch(/^\d{6} is your .+ verification code$/);
    expect(mail?.text).toContain('valid for 10 minutes');
    const code = await mailedCode(email);
    const [row] = await t.database.db
      .select({ codeHash: emailVerifications.codeHash, minutes: sql<number>`round(extract(epoch from ${emailVerifications.expiresAt} - ${emailVerifications.createdAt}) / 60)::int` })
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toBe(hashOtp(DEVELOPMENT_OTP_KEY, email, code));
    expect(row?.minutes).toBe(10);
  });

  it('says so when no phone channel can carry a code (the family verifies by email instead)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/phone-verification/send-otp', payload: { phone: '9822012345' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.phone).toBe('Codes by WhatsApp or SMS are not available yet. Please verify with an email address, or call the office.');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data.phoneCodes).toBe(false);
  });

  it('refuses a bad email with a field message', async () => {
    const response = await sendOtp('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toBe('Enter a valid email address');
  });

  it('allows a new code only after 60 seconds, and then only the newest code works', async () => {
    const email = freshEmail();
    expect((await sendOtp(email)).statusCode).toBe(200);
    const first = await mailedCode(email);
    const again = await sendOtp(email);
    expect(again.statusCode).toBe(429);
    // Nothing was sent, and the answer never says so: the earlier code still works.
    expect(again.json().message).toMatch(/^A code was sent to this address less than a minute ago and still works: enter it below\. You can ask for a new one in (\d+) seconds\.$/);
    expect(again.json().message).not.toMatch(/We have sent/);
    expect(again.json().errors.otp).toBe(again.json().message);
    expect(Number(/in (\d+) seconds/.exec(again.json().message)![1])).toBeGreaterThan(55);
    expect(await mailedCode(email)).toBe(first);
    await age(email, 61);
    expect((await sendOtp(email)).statusCode).toBe(200);
    const second = await mailedCode(email);
    if (first !== second) {
      const old = await verifyOtp(email, first);
      expect(old.statusCode).toBe(400);
    }
    expect((await verifyOtp(email, second)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to one email, from any address', async () => {
    const email = freshEmail();
    for (let index = 0; index < 5; index += 1) {
      expect((await sendOtp(email)).statusCode).toBe(200);
      await age(email, 61);
    }
    const sixth = await sendOtp(email);
    expect(sixth.statusCode).toBe(429);
    // The oldest of the five was sent 5 × 61 s ago: it stops counting in 55 minutes.
    expect(sixth.json().message).toBe('Too many codes were sent to this email address. Please try again in 55 minutes.');
    // An hour later it works again.
    await age(email, 3600);
    expect((await sendOtp(email)).statusCode).toBe(200);
  });

  it('lets a busy office connection ask for many families, and stops only at 60 an hour', async () => {
    const ip = address();
    // Twenty families at the office's Wi-Fi on admission day all get their codes.
    for (let index = 0; index < 20; index += 1) expect((await sendOtp(freshEmail(), ip)).statusCode).toBe(200);
    // Forty more were asked for ten minutes ago (written directly: the limit counts rows).
    await t.database.db.insert(emailVerifications).values(
      Array.from({ length: 40 }, (_, index) => ({ email: `earlier${index}.${ip}@example.in`, codeHash: 'x', ip, createdAt: sql`now() - interval '10 minutes'`, expiresAt: sql`now()` })),
    );
    const refused = await sendOtp(freshEmail(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many codes were asked for from this connection. Please try again in 50 minutes.');
    expect((await sendOtp(freshEmail(), address())).statusCode).toBe(200);
  });
});

describe('POST /api/email-verification/verify-otp', () => {
  it('answers a proof for the right code; the code then works no more', async () => {
    const email = freshEmail();
    await sendOtp(email);
    const code = await mailedCode(email);
    const response = await verifyOtp(email, code);
    expect(response.statusCode).toBe(200);
    const { verificationToken, expiresAt } = response.json().data;
    expect(verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect((await verifyOtp(email, code)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    await sendOtp(email);
    const code = await mailedCode(email);
    await t.database.db.update(emailVerifications).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailVerifications.email, email));
    const response = await verifyOtp(email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This code has expired or is no longer valid. Please ask for a new code.', errors: { otp: expect.any(String) } });
  });

  it('allows 5 wrong tries per code; after them even the right code needs a new one', async () => {
    const email = freshEmail();
    await sendOtp(email);
    const code = await mailedCode(email);
    const messages: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await verifyOtp(email, wrongCode(code));
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      'This code is not correct. 4 tries left.',
      'This code is not correct. 3 tries left.',
      'This code is not correct. 2 tries left.',
      'This code is not correct. 1 try left.',
      'Too many wrong codes. Please ask for a new code.',
    ]);
    const right = await verifyOtp(email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Please ask for a new code.');
    // A new code starts afresh.
    await age(email, 61);
    await sendOtp(email);
    expect((await verifyOtp(email, await mailedCode(email))).statusCode).toBe(200);
  });

  it('checks the code of that email only, and refuses a malformed code', async () => {
    const email = freshEmail();
    const other = freshEmail();
    await sendOtp(email);
    const code = await mailedCode(email);
    expect((await verifyOtp(other, code)).statusCode).toBe(400);
    const malformed = await verifyOtp(email, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.otp).toBe('Enter the 6-digit code from the mail');
  });
});

describe('the proof and POST /api/admission-enquiries', () => {
  async function proofFor(email: string): Promise<string> {
    await sendOtp(email);
    return (await verifyOtp(email, await mailedCode(email))).json().data.verificationToken;
  }

  it('refuses an enquiry without a proof, or with a made-up one', async () => {
    const email = freshEmail();
    const { verificationToken: _, ...withoutToken } = application(email, '');
    const missing = await apply(withoutToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.verificationToken).toBe('Verify your email address first');
    const madeUp = await apply(application(email, 'x'.repeat(43)));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe('Your email address is not verified, or the verification has expired. Please verify it again.');
  });

  it('binds the proof to its email', async () => {
    const email = freshEmail();
    const proof = await proofFor(email);
    const elsewhere = await apply(application(freshEmail(), proof));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.verificationToken).toBeDefined();
    // Still usable by its own email afterwards.
    expect((await apply(application(email, proof))).statusCode).toBe(201);
  });

  it('uses the proof once', async () => {
    const email = freshEmail();
    const proof = await proofFor(email);
    expect((await apply(application(email, proof))).statusCode).toBe(201);
    const second = await apply(application(email, proof));
    expect(second.statusCode).toBe(400);
    expect(second.json().errors.verificationToken).toBeDefined();
  });

  it('refuses an expired proof', async () => {
    const email = freshEmail();
    const proof = await proofFor(email);
    await t.database.db.update(emailVerifications).set({ proofExpiresAt: sql`now() - interval '1 second'` }).where(eq(emailVerifications.email, email));
    expect((await apply(application(email, proof))).statusCode).toBe(400);
  });

  it('leaves the proof usable when the enquiry is refused for bad input', async () => {
    const email = freshEmail();
    const proof = await proofFor(email);
    const badPhone = await apply({ ...application(email, proof), phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors.phone).toBe('Enter a 10-digit Indian mobile number, optionally starting with +91');
    expect((await apply(application(email, proof))).statusCode).toBe(201);
  });
});
