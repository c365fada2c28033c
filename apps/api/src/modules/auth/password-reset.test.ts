import { describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_CEILING } from './auth.service';
import { eq } from 'drizzle-orm';
import { loginFailures, passwordResetTokens, sessions, users } from '../../db/schema';
import { TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { shareTestApp } from '../../../test/shared-test-app';
import { buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { FORGOT_PASSWORD_RATE_LIMIT } from './password-reset.routes';
import { maskEmail, RESET_MAILS_PER_ACCOUNT_PER_HOUR } from './password-reset.service';
import { setUserPassword } from '../users';
import { expectRateLimitedAfter } from '../../../test/rate-limits';

const t = shareTestApp();

const SENT = 'If an account exists for that email, we have sent a link to reset the password. It is valid for 30 minutes.';
const INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';
const NEW_PASSWORD = 'monsoon-over-manjara';

// The per-address limiter is in memory: each request gets its own address unless a test wants otherwise.
let nextAddress = 1;
const remote = () => `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
const forgot = (payload: unknown, remoteAddress = remote()) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: payload as object });
const validate = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${encodeURIComponent(token)}`, remoteAddress: remote() });
const reset = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: remote(), payload: payload as object });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: remote(), payload: { email, password } });

/** Asks for a link and returns the token from the mail. */
async function requestToken(email: string): Promise<string> {
  expect((await forgot({ email })).statusCode).toBe(200);
  const mail = await t.latestMailTo(email);
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a link to an existing account, in text and HTML with the academy name', async () => {
    const user = await buildUser(t.database.db, { name: 'Sneha <b>Shinde</b>', email: 'sneha@example.com' });
    const response = await forgot({ email: ' SNEHA@example.com ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SENT });

    const mails = await t.mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Reset your Shree Academy, Latur password');
    expect(mail.text).toContain('Hello Sneha <b>Shinde</b>,');
    expect(mail.text).toMatch(/http:\/\/localhost\/reset-password\/[A-Za-z0-9_-]{43}\r?\n/);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('Shree Academy, Latur');
    expect(mail.html).toContain('Hello Sneha &lt;b&gt;Shinde&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Shinde');
    expect(mail.html).toMatch(/href="http:\/\/localhost\/reset-password\/[A-Za-z0-9_-]{43}"/);

    // Only the hash of the 256-bit token is stored, valid for 30 minutes.
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
  });

  it('answers exactly the same for an unknown email and a disabled account, and sends nothing', async () => {
    const disabled = await buildUser(t.database.db, { isActive: false });
    const known = await buildUser(t.database.db);
    const answers = await Promise.all([forgot({ email: 'nobody-at-all@example.com' }), forgot({ email: disabled.email }), forgot({ email: known.email })]);
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(answers[2]!.body);
    }
    expect(await t.mailsTo('nobody-at-all@example.com')).toHaveLength(0);
    expect(await t.mailsTo(disabled.email)).toHaveLength(0);
    expect(await t.mailsTo(known.email)).toHaveLength(1);
  });

  it('uses PUBLIC_URL for the link when it is set', async () => {
    const { buildApp } = await import('../../app');
    const app = await buildApp({ db: t.database.db, config: { isProduction: false, publicUrl: 'https://academy.example.in', trustProxy: false }, mailer: t.mailer, keys: TEST_SERVER_KEYS, backups: { backupsDir: t.backupsDir, filesDir: t.filesDir }, storage: t.storage });
    const user = await buildUser(t.database.db);
    const response = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: user.email } });
    expect(response.statusCode).toBe(200);
    await app.close(); // waits for the mail
    expect((await t.latestMailTo(user.email))!.text).toMatch(/https:\/\/academy\.example\.in\/reset-password\//);
  });

  it(`sends at most ${RESET_MAILS_PER_ACCOUNT_PER_HOUR} links an hour per account, answering the same beyond`, async () => {
    const user = await buildUser(t.database.db);
    for (let attempt = 0; attempt < RESET_MAILS_PER_ACCOUNT_PER_HOUR + 2; attempt += 1) {
      const response = await forgot({ email: user.email });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(SENT);
    }
    expect(await t.mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);
  });

  it(`answers 429 after ${FORGOT_PASSWORD_RATE_LIMIT.max} requests from one address`, async () => {
    const remoteAddress = '203.0.113.50';
    await expectRateLimitedAfter(
      FORGOT_PASSWORD_RATE_LIMIT.max,
      (attempt) => forgot({ email: `someone-${attempt}@example.com` }, remoteAddress),
      () => forgot({ email: 'someone@example.com' }, remoteAddress),
    );
  });

  it('names a bad email field', async () => {
    const response = await forgot({ email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Enter a valid email address', errors: { email: 'Enter a valid email address' } });
    expect((await forgot({})).json().errors.email).toBe('Email is required');
  });
});

describe('validating a reset link and setting the new password', () => {
  it('validates a fresh link, showing the masked email', async () => {
    const user = await buildUser(t.database.db, { email: 'aarav.patil@example.com' });
    const token = await requestToken(user.email);
    const response = await validate(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { email: 'a***@example.com', purpose: 'reset' } });
  });

  it('resets the password with a valid link: sessions end, the old password stops working, the new one works', async () => {
    const user = await buildUser(t.database.db);
    const cookieA = await loginAs(t.app, user.email);
    const cookieB = await loginAs(t.app, user.email);
    const otherToken = await requestToken(user.email);
    const token = await requestToken(user.email);

    const response = await reset({ token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your password has been reset. You can now log in with your new password.' });

    for (const cookie of [cookieA, cookieB]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use, and the user's other outstanding link stops working too.
    for (const used of [token, otherToken]) {
      const again = await reset({ token: used, password: 'yet-another-password' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ success: false, message: INVALID });
      expect((await validate(used)).json()).toEqual({ success: false, message: INVALID });
    }
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts a sign-in lock-out caused by guessing', async () => {
    const user = await buildUser(t.database.db);
    // Guessing from many addresses reached the account's ceiling: every client is refused.
    await t.database.db.insert(loginFailures).values(Array.from({ length: LOGIN_ACCOUNT_CEILING }, (_, i) => ({ email: user.email, ip: `203.0.113.${i}` })));
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    const token = await requestToken(user.email);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(t.database.db);
    const token = await requestToken(user.email);
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    expect((await validate(token)).json()).toEqual({ success: false, message: INVALID });
    const response = await reset({ token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: INVALID });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the link of an account disabled since it was sent', async () => {
    const user = await buildUser(t.database.db);
    const token = await requestToken(user.email);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await validate(token)).statusCode).toBe(400);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('refuses garbage tokens with the same clear message, never a 500', async () => {
    for (const token of ['garbage', 'x'.repeat(43), 'x'.repeat(99), '../../etc/passwd', 'ä€😀', ' ']) {
      const check = await validate(token);
      expect(check.statusCode, token).toBe(400);
      expect(check.json()).toEqual({ success: false, message: INVALID });
      const response = await reset({ token, password: NEW_PASSWORD });
      expect(response.statusCode, token).toBe(400);
      expect(response.json().message).toBe(INVALID);
    }
    for (const token of ['', null, 42, 'x'.repeat(300)]) {
      const response = await reset({ token, password: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVALID);
    }
  });

  it('keeps the failure envelope for addresses Fastify itself refuses', async () => {
    const tooLong = await validate('x'.repeat(300));
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ success: false, message: 'This address is too long' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/auth/validate-reset-token/%zz' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'This address is not valid' });
  });

  it('checks the new password with the shared rules and keeps the link usable after a refusal', async () => {
    const user = await buildUser(t.database.db);
    const token = await requestToken(user.email);
    const cases: [unknown, string][] = [
      ['short', 'Password must be at least 8 characters'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      ['Password123', 'This password is too common. Choose a less guessable one'],
      [undefined, 'Password is required'],
    ];
    for (const [password, message] of cases) {
      const response = await reset({ token, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, errors: { password: message } });
    }
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('masks emails', () => {
    expect(maskEmail('aarav.patil@example.com')).toBe('a***@example.com');
    expect(maskEmail('x@example.in')).toBe('x***@example.in');
  });
});

describe('a password set by the operator (users:set-password)', () => {
  it('voids the links mailed before, as a reset through a link does (issue 61)', async () => {
    const user = await buildUser(t.database.db, { email: 'cli.reset@example.com' });
    const token = await requestToken(user.email);
    await setUserPassword(t.database.db, user.email, NEW_PASSWORD);
    expect((await validate(token)).statusCode).toBe(400);
    expect((await reset({ token, password: 'someone-elses-idea' })).json().message).toBe(INVALID);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
