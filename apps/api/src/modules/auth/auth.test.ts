import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginFailures, sessions, users } from '../../db/schema';
import { TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { shareTestApp } from '../../../test/shared-test-app';
import { buildUser, loginAs, TEST_PASSWORD } from '../../../test/factories';
import { LOGIN_ACCOUNT_CEILING, LOGIN_ADDRESS_LIMIT, LOGIN_FAILURE_LIMIT } from './auth.service';

const t = shareTestApp();

const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/login', () => {
  it('signs in with the right password, email in any case, and sets a safe session cookie', async () => {
    const user = await buildUser(t.database.db, { role: 'teacher', email: 'meera@example.com', name: 'Meera Pawar' });
    const response = await login({ email: '  MEERA@Example.com ', password: TEST_PASSWORD });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { _id: user.id, name: 'Meera Pawar', email: 'meera@example.com', role: 'teacher', avatarUrl: null, language: 'en', abilities: ['attendance.mark-offline'] },
    });
    expect(response.body).not.toContain('password');
    const cookie = response.cookies.find((c) => c.name === 'academy_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(cookie.secure).toBeUndefined(); // plain HTTP in tests; set behind HTTPS

    // Only a hash of the token is stored.
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored!.tokenHash).not.toBe(cookie.value);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets the signed-in cookie beside the session: readable by scripts, no secret, the same expiry (issue 17)', async () => {
    const user = await buildUser(t.database.db);
    const response = await login({ email: user.email, password: TEST_PASSWORD });
    const session = response.cookies.find((c) => c.name === 'academy_session')!;
    const signedIn = response.cookies.find((c) => c.name === 'academy_signed_in')!;
    expect(signedIn).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(signedIn.httpOnly).toBeUndefined();
    expect(signedIn.expires).toEqual(session.expires);
  });

  it('gives the signed-in cookie to a session from before it existed, once', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    const without = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(without.cookies.find((c) => c.name === 'academy_signed_in')?.value).toBe('1');
    const withIt = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${cookie}; academy_signed_in=1` } });
    expect(withIt.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const { buildApp } = await import('../../app');
    const proxied = await buildApp({ db: t.database.db, config: { isProduction: false, publicUrl: undefined, trustProxy: ['127.0.0.1'] }, mailer: t.mailer, keys: TEST_SERVER_KEYS, backups: { backupsDir: t.backupsDir, filesDir: t.filesDir }, storage: t.storage });
    const user = await buildUser(t.database.db);
    const response = await proxied.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'academy_session')!.secure).toBe(true);
    await proxied.close();
  });

  it('answers one generic message for a wrong password and for an unknown email', async () => {
    const user = await buildUser(t.database.db);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody-here@example.com', password: 'whatever-it-is' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Invalid email or password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('names the bad fields and never answers 500 to bad input', async () => {
    const missing = await login({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ email: expect.any(String), password: 'Password is required' });

    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors.email).toBe('Enter a valid email address');

    for (const payload of ['{not json', '[]', '"text"', 'null']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const form = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const tooLong = await login({ email: 'a@example.com', password: 'x'.repeat(10_000) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a disabled account even with the right password, and ends its sessions', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));

    const response = await login({ email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/disabled/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it(`answers 429 after ${LOGIN_FAILURE_LIMIT} failures in 15 minutes for one account from one client, even with the right password`, async () => {
    const user = await buildUser(t.database.db);
    const remoteAddress = '198.51.100.20';
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: user.email, password: `wrong-${attempt}` } });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: user.email, password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);

    // L2: the owner on another device still gets in.
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    // Failures older than the window no longer count.
    await t.database.db.update(loginFailures).set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) }).where(eq(loginFailures.email, user.email));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });

  it(`refuses every client once an account had ${LOGIN_ACCOUNT_CEILING} tries from many addresses (distributed guessing)`, async () => {
    const user = await buildUser(t.database.db);
    await t.database.db.insert(loginFailures).values(Array.from({ length: LOGIN_ACCOUNT_CEILING }, (_, i) => ({ email: user.email, ip: `192.0.2.${i}` })));
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it(`answers 429 after ${LOGIN_ADDRESS_LIMIT} failures from one address across different emails`, async () => {
    const remoteAddress = '203.0.113.9';
    await t.database.db.insert(loginFailures).values(Array.from({ length: LOGIN_ADDRESS_LIMIT - 1 }, (_, i) => ({ email: `guess-${i}@example.com`, ip: remoteAddress })));
    const last = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: 'guess-last@example.com', password: 'guess' } });
    expect(last.statusCode).toBe(401);
    const user = await buildUser(t.database.db);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: user.email, password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it(`L1: of 40 simultaneous wrong passwords at most ${LOGIN_FAILURE_LIMIT} are tried`, async () => {
    const user = await buildUser(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.77', payload: { email: user.email, password: `wrong-${attempt}` } }),
      ),
    );
    const tried = responses.filter((response) => response.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(responses.filter((response) => response.statusCode === 429).length).toBe(40 - tried);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 to a visitor and to an unknown cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'academy_session=forged-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ success: false, message: 'Please sign in to continue' });
  });

  it('returns the signed-in user without any secret', async () => {
    const user = await buildUser(t.database.db, { role: 'admin' });
    const cookie = await loginAs(t.app, user.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json().data).sort()).toEqual(['_id', 'abilities', 'avatarUrl', 'email', 'language', 'name', 'role']);
  });

  it('carries what the person may do, computed from the access rules (decision 083)', async () => {
    const expected = {
      admin: ['admissions.manage', 'audit.read', 'batches.all', 'report-cards.mail'],
      teacher: ['attendance.mark-offline'],
      student: ['app.install-offer', 'homework.hand-in', 'notifications.read'],
    } as const;
    for (const [role, abilities] of Object.entries(expected)) {
      const user = await buildUser(t.database.db, { role: role as keyof typeof expected });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: await loginAs(t.app, user.email) } });
      expect(me.json().data.abilities).toEqual(abilities);
    }
  });

  it('keeps the language a person chooses on their account, for every later sign-in', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    const chosen = await t.app.inject({ method: 'PUT', url: '/api/auth/language', headers: { cookie }, payload: { language: 'mr' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.language).toBe('mr');
    const again = await loginAs(t.app, user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: again } })).json().data.language).toBe('mr');
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/auth/language', headers: { cookie }, payload: { language: 'fr' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('ends the session on logout: the same cookie no longer works', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: 'You have been successfully logged out' });
    expect(logout.cookies.find((c) => c.name === 'academy_session')!.value).toBe('');
    expect(logout.cookies.find((c) => c.name === 'academy_signed_in')!.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('does not accept an expired session', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('slides the expiry forward when a session is used after a while', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.cookies.find((c) => c.name === 'academy_session')).toBeDefined();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60 * 1000);
  });
});
