import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { OPERATOR_COOKIE, SESSION_COOKIE } from '@academy/shared/cookies';
import { buildTestApp, cliDatabaseEnv, createTestDatabaseConnection, type TestApp } from '../../../test/build-test-app';
import { buildAcademies, buildStudent, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { createDatabase } from '../../db/client';
import { academies, academyUsage, auditLog, parentMessages, students, users } from '../../db/schema';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { removeClosedAcademies } from './academy-status.service';
import { createOperator } from './operator.service';

const MANY = { mode: 'many', baseDomain: 'localhost' } as const;
const BASE = 'localhost:3000';
const FINGERPRINT = Array.from({ length: 32 }, (_, index) => (index * 7 + 16).toString(16).toUpperCase().padStart(2, '0').slice(-2)).join(':');
const OPERATOR = { email: 'ops@platform.example.in', password: 'platform-night-shift', name: 'Asha Operator' };
const apiRoot = path.resolve(__dirname, '../../..');

let t: TestApp;
let connection: pg.PoolConfig;
const ids = { alpha: '', beta: '' };
let operatorCookie = '';
const adminEmails = { alpha: '', beta: '' };

const at = (host: string, method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

/** Whether academy tables carry academy_id yet (row-level security, migration 0058): the figures are per academy only then. */
async function academyTablesSplit(): Promise<boolean> {
  const result = await t.database.db.execute<{ found: number }>(sql`select count(*)::int as found from information_schema.columns where table_schema = 'public' and table_name = 'students' and column_name = 'academy_id'`);
  return (result.rows[0]?.found ?? 0) > 0;
}

beforeAll(async () => {
  connection = await createTestDatabaseConnection();
  t = await buildTestApp({ config: { hosting: MANY }, database: createDatabase(connection, { defaultAcademyId: null }) });
  const db = t.database.db;
  const made = await buildAcademies(db, [
    { slug: 'alpha', name: 'Alpha Classes', city: 'Latur' },
    { slug: 'beta', name: 'Beta Academy', city: 'Udgir' },
  ]);
  ids.alpha = made.find((row) => row.slug === 'alpha')!.id;
  ids.beta = made.find((row) => row.slug === 'beta')!.id;
  // Alpha: an admin, a teacher and two students; Beta: an admin, one student, a message sent, a stored file.
  await withAcademy(ids.alpha, async () => {
    adminEmails.alpha = (await buildUser(db, { role: 'admin' })).email!;
    await buildUser(db, { role: 'teacher' });
    await buildStudent(db);
    await buildStudent(db);
  });
  await withAcademy(ids.beta, async () => {
    adminEmails.beta = (await buildUser(db, { role: 'admin' })).email!;
    await buildStudent(db);
    await db.insert(parentMessages).values({ kind: 'sign-in-code', key: 'k1', channel: 'sms', status: 'sent', date: '2026-01-01', subject: 's', text: 't', payload: {}, sentAt: new Date() });
  });
  fs.mkdirSync(path.join(t.filesDir, ids.beta), { recursive: true });
  fs.writeFileSync(path.join(t.filesDir, ids.beta, 'notes.pdf'), Buffer.alloc(1500, 1));
  await createOperator(db, OPERATOR);
});
afterAll(() => t.close());

describe('operators:create (the CLI)', () => {
  const cli = (...args: string[]) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, ...cliDatabaseEnv(t.database), NODE_ENV: 'development', LOG_LEVEL: 'warn', ACADEMY_HOSTING: 'many', BASE_DOMAIN: 'localhost' };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: apiRoot, env, encoding: 'utf8' });
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('creates an operator who can sign in, and refuses a taken email or a weak password with a clear message', { timeout: 90_000 }, async () => {
    const created = cli('operators:create', '--email', 'Night.Ops@Example.com', '--password', 'latur-platform-2026', '--name', 'Night Ops');
    expect(created.output).toContain('Created platform operator Night Ops <night.ops@example.com>');
    expect(created.code).toBe(0);
    const signIn = await at(BASE, 'POST', '/api/operator/login', undefined, { email: 'night.ops@example.com', password: 'latur-platform-2026' });
    expect(signIn.statusCode).toBe(200);

    const duplicate = cli('operators:create', '--email', 'NIGHT.OPS@example.com', '--password', 'another-good-one');
    expect(duplicate.code).toBe(1);
    expect(duplicate.output).toContain('An operator with this email already exists: night.ops@example.com');
    const weak = cli('operators:create', '--email', 'someone@example.com', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 8 characters');
    const missing = cli('operators:create', '--email', 'someone@example.com');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Missing --password.');
  });
});

describe('operator sign-in at the base domain', () => {
  it('signs in with the right password: its own cookie, host-only, HttpOnly, SameSite=Lax', async () => {
    const response = await at(BASE, 'POST', '/api/operator/login', undefined, { email: 'OPS@platform.example.in ', password: OPERATOR.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: OPERATOR.name, email: OPERATOR.email });
    const cookie = response.cookies.find((one) => one.name === OPERATOR_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    expect(response.cookies.find((one) => one.name === SESSION_COOKIE)).toBeUndefined();
    operatorCookie = `${OPERATOR_COOKIE}=${cookie.value}`;
    const me = await at(BASE, 'GET', '/api/operator/me', operatorCookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(OPERATOR.email);
  });

  it('refuses a wrong password or an unknown email alike, and a bad body with its message', async () => {
    for (const body of [{ email: OPERATOR.email, password: 'not-the-password' }, { email: 'nobody@example.com', password: OPERATOR.password }]) {
      const response = await at(BASE, 'POST', '/api/operator/login', undefined, body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Invalid email or password' });
      expect(response.cookies).toEqual([]);
    }
    const bad = await at(BASE, 'POST', '/api/operator/login', undefined, { email: 'not an email', password: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ email: 'Enter a valid email address', password: 'Password is required' });
    // An academy's user is not an operator.
    expect((await at(BASE, 'POST', '/api/operator/login', undefined, { email: adminEmails.alpha, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('throttles guessing: beyond 10 wrong tries from one address in 15 minutes, refused unchecked', async () => {
    const attempt = (password: string) => t.app.inject({ method: 'POST', url: '/api/operator/login', remoteAddress: '10.9.9.9', headers: { host: BASE }, payload: { email: 'guess@platform.example.in', password } });
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    const refused = await attempt('wrong-again');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('every operator route refuses without an operator session (401), an academy admin\'s cookie included', async () => {
    const adminCookie = await loginAtAcademy('alpha.localhost', adminEmails.alpha);
    const routes: ['GET' | 'POST' | 'PUT', string][] = [
      ['GET', '/api/operator/me'],
      ['POST', '/api/operator/logout'],
      ['GET', '/api/operator/academies'],
      ['GET', '/api/operator/academies/beta/app'],
      ['PUT', '/api/operator/academies/beta/app'],
      ['GET', '/api/operator/academies/beta/app/twa-manifest.json'],
      ['POST', '/api/operator/academies/beta/suspend'],
      ['POST', '/api/operator/academies/beta/resume'],
      ['POST', '/api/operator/academies/beta/close'],
    ];
    for (const [method, url] of routes) {
      for (const cookie of [undefined, adminCookie, `${OPERATOR_COOKIE}=forged-token`]) {
        const response = await at(BASE, method, url, cookie);
        expect(response.statusCode, `${method} ${url} ${cookie ?? ''}`).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'Please sign in to continue' });
      }
    }
    // The academies' own API is not at the base domain at all.
    expect((await at(BASE, 'GET', '/api/auth/me', adminCookie)).statusCode).toBe(404);
    expect(await statusOf('beta')).toBe('active');
  });

  it("the operator's cookie does nothing at an academy's address", async () => {
    expect((await at('alpha.localhost', 'GET', '/api/operator/academies', operatorCookie)).statusCode).toBe(404);
    expect((await at('alpha.localhost', 'POST', '/api/operator/academies/beta/suspend', operatorCookie)).statusCode).toBe(404);
    expect((await at('alpha.localhost', 'PUT', '/api/operator/academies/beta/app', operatorCookie, { packageName: 'in.beta.app', fingerprints: [FINGERPRINT] })).statusCode).toBe(404);
    expect((await at('alpha.localhost', 'GET', '/api/auth/me', operatorCookie)).statusCode).toBe(401);
    expect((await at('alpha.localhost', 'GET', '/api/admin/settings', operatorCookie)).statusCode).toBe(401);
    expect(await statusOf('beta')).toBe('active');
  });
});

async function loginAtAcademy(host: string, email: string): Promise<string> {
  const response = await at(host, 'POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((one) => one.name === SESSION_COOKIE)!;
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Whether an academy's address answers its people: its admin signs in and reads who they are. (Its
 * public settings need the settings rows a signed-up academy gets; these academies are bare rows.)
 */
async function works(slug: 'alpha' | 'beta'): Promise<boolean> {
  const response = await at(`${slug}.localhost`, 'POST', '/api/auth/login', undefined, { email: adminEmails[slug], password: TEST_PASSWORD });
  if (response.statusCode !== 200) return false;
  const cookie = response.cookies.find((one) => one.name === SESSION_COOKIE)!;
  return (await at(`${slug}.localhost`, 'GET', '/api/auth/me', `${cookie.name}=${cookie.value}`)).statusCode === 200;
}

async function statusOf(slug: string) {
  const [row] = await withoutAcademy(async () => await t.database.db.select({ status: academies.status }).from(academies).where(eq(academies.slug, slug)));
  return row?.status;
}

type Listed = { slug: string; name: string; status: string; students: number; staff: number; storageBytes: number; messagesThisMonth: number; lastActivityAt: string | null; removalAt: string | null };
async function listed(): Promise<Listed[]> {
  const response = await at(BASE, 'GET', '/api/operator/academies', operatorCookie);
  expect(response.statusCode).toBe(200);
  return response.json().data.academies;
}

describe("the operator's list of academies", () => {
  it('shows every academy with its own figures, counts only', async () => {
    const list = await listed();
    const alpha = list.find((one) => one.slug === 'alpha')!;
    const beta = list.find((one) => one.slug === 'beta')!;
    expect(alpha).toMatchObject({ name: 'Alpha Classes', status: 'active', city: 'Latur' });
    expect(beta).toMatchObject({ name: 'Beta Academy', status: 'active', storageBytes: 1500 });
    expect(alpha.storageBytes).toBe(0);
    if (await academyTablesSplit()) {
      expect(alpha).toMatchObject({ students: 2, staff: 2, messagesThisMonth: 0 });
      expect(beta).toMatchObject({ students: 1, staff: 1, messagesThisMonth: 1 });
    }
    // Nothing of an academy's records: no names, no emails.
    const body = JSON.stringify(list);
    expect(body).not.toContain(adminEmails.alpha);
    expect(body).not.toContain('@');
    // Kept: the next read is one query, not a count per academy.
    const [kept] = await withoutAcademy(async () => await t.database.db.select().from(academyUsage).where(eq(academyUsage.id, ids.beta)));
    expect(kept?.storageBytes).toBe(1500);
  });

  it('counts an academy again once its figures are stale', async () => {
    fs.writeFileSync(path.join(t.filesDir, ids.beta, 'more.pdf'), Buffer.alloc(500, 1));
    expect((await listed()).find((one) => one.slug === 'beta')!.storageBytes).toBe(1500);
    await withoutAcademy(async () => await t.database.db.update(academyUsage).set({ countedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(academyUsage.id, ids.beta)));
    expect((await listed()).find((one) => one.slug === 'beta')!.storageBytes).toBe(2000);
  });
});

describe("the academy's own app, set by the operator for it (issue 78)", () => {
  const appOf = async (slug: string) => {
    const response = await at(BASE, 'GET', `/api/operator/academies/${slug}/app`, operatorCookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('reads the academy\'s app settings with its own address; an unknown academy is 404', async () => {
    expect(await appOf('beta')).toEqual({ packageName: null, fingerprints: [], assetLinksUrl: expect.stringMatching(/^http:\/\/beta\.localhost(:\d+)?\/\.well-known\/assetlinks\.json$/) });
    expect((await at(BASE, 'GET', '/api/operator/academies/nobody/app', operatorCookie)).statusCode).toBe(404);
    // No package name yet: nothing to build.
    const early = await at(BASE, 'GET', '/api/operator/academies/beta/app/twa-manifest.json', operatorCookie);
    expect(early.statusCode).toBe(409);
  });

  it('refuses bad input with the field\'s message and saves nothing', async () => {
    const bad = await at(BASE, 'PUT', '/api/operator/academies/beta/app', operatorCookie, { packageName: 'betaacademy', fingerprints: ['not-a-fingerprint'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(expect.arrayContaining(['packageName']));
    expect((await at(BASE, 'PUT', '/api/operator/academies/beta/app', operatorCookie, { packageName: 'in.betaacademy.app', fingerprints: [] })).statusCode).toBe(400);
    expect((await appOf('beta')).packageName).toBeNull();
  });

  it("saves B's app: B's statement and Bubblewrap configuration follow, A's stay empty; audited in B's own log, naming the operator", async () => {
    const saved = await at(BASE, 'PUT', '/api/operator/academies/beta/app', operatorCookie, { packageName: 'in.betaacademy.app', fingerprints: [FINGERPRINT.toLowerCase()] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'App settings saved', data: { packageName: 'in.betaacademy.app', fingerprints: [FINGERPRINT] } });
    const statement = (await at('beta.localhost', 'GET', '/.well-known/assetlinks.json')).json();
    expect(statement).toEqual([
      { relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'in.betaacademy.app', sha256_cert_fingerprints: [FINGERPRINT] } },
    ]);
    expect((await at('alpha.localhost', 'GET', '/.well-known/assetlinks.json')).json()).toEqual([]);
    const manifest = await at(BASE, 'GET', '/api/operator/academies/beta/app/twa-manifest.json', operatorCookie);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-disposition']).toContain('twa-manifest.json');
    expect(manifest.json()).toMatchObject({ packageId: 'in.betaacademy.app', host: expect.stringMatching(/^beta\.localhost/) });
    // B's admin sees what the operator saved; A's admin still has no app.
    const betaAdmin = await loginAtAcademy('beta.localhost', adminEmails.beta);
    expect((await at('beta.localhost', 'GET', '/api/admin/settings/app', betaAdmin)).json().data.packageName).toBe('in.betaacademy.app');
    const alphaAdmin = await loginAtAcademy('alpha.localhost', adminEmails.alpha);
    expect((await at('alpha.localhost', 'GET', '/api/admin/settings/app', alphaAdmin)).json().data.packageName).toBeNull();
    const entries = await withAcademy(ids.beta, async () => await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')));
    expect(entries.map((entry) => entry.summary)).toContain(`Platform operator ${OPERATOR.name} <${OPERATOR.email}> updated the app settings (package name, signing fingerprints)`);
    expect(entries.every((entry) => entry.actorUserId === null)).toBe(true);
    if (await academyTablesSplit()) {
      const alphaEntries = await withAcademy(ids.alpha, async () => await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')));
      expect(alphaEntries).toHaveLength(0);
    }
  });
});

describe('suspend, resume, close', () => {
  it('suspends B: its API answers 403 saying so, its page shows the notice, A works; audited in B\'s own log', async () => {
    const response = await at(BASE, 'POST', '/api/operator/academies/beta/suspend', operatorCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.academy).toMatchObject({ slug: 'beta', status: 'suspended' });
    expect(response.json().message).toMatch(/suspended/);
    const api = await at('beta.localhost', 'GET', '/api/settings/public');
    expect(api.statusCode).toBe(403);
    expect(api.json().message).toMatch(/This academy is paused for now/);
    const signIn = await at('beta.localhost', 'POST', '/api/auth/login', undefined, { email: adminEmails.beta, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(403);
    const page = await at('beta.localhost', 'GET', '/');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Beta Academy');
    expect(page.body).toContain('This academy is paused for now');
    expect(await works('alpha')).toBe(true);
    expect((await listed()).find((one) => one.slug === 'beta')!.status).toBe('suspended');
    const entries = await withAcademy(ids.beta, async () => await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'academy.suspend')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toBe(`Platform operator ${OPERATOR.name} <${OPERATOR.email}> suspended the academy (site and sign-ins closed, records kept)`);
    expect(entries[0]!.actorUserId).toBeNull();
  });

  it('resumes B: it works again and its admin reads both actions in Activity', async () => {
    const response = await at(BASE, 'POST', '/api/operator/academies/beta/resume', operatorCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.academy.status).toBe('active');
    expect(await works('beta')).toBe(true);
    const adminCookie = await loginAtAcademy('beta.localhost', adminEmails.beta);
    const activity = await at('beta.localhost', 'GET', '/api/admin/audit-log?entityType=settings', adminCookie);
    expect(activity.statusCode).toBe(200);
    const summaries = (activity.json().data.items as { summary: string }[]).map((entry) => entry.summary);
    expect(summaries).toEqual(expect.arrayContaining([expect.stringContaining('suspended the academy'), expect.stringContaining('opened the academy again')]));
    if (await academyTablesSplit()) {
      const alphaAdmin = await loginAtAcademy('alpha.localhost', adminEmails.alpha);
      const alphaActivity = await at('alpha.localhost', 'GET', '/api/admin/audit-log?entityType=settings', alphaAdmin);
      expect(JSON.stringify(alphaActivity.json())).not.toContain('Platform operator');
    }
  });

  it('an unknown academy is 404, a malformed address 400, suspending a closed one 409', async () => {
    const unknown = await at(BASE, 'POST', '/api/operator/academies/nobody/suspend', operatorCookie);
    expect(unknown.statusCode).toBe(404);
    const malformed = await at(BASE, 'POST', '/api/operator/academies/Not_An-Address!/suspend', operatorCookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
  });

  it('closes B (404 at its address, kept 30 days), resume undoes it; after 30 days its rows and files are removed, A untouched', async () => {
    const closed = await at(BASE, 'POST', '/api/operator/academies/beta/close', operatorCookie);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.academy.status).toBe('closed');
    expect(closed.json().data.academy.removalAt).toBeTruthy();
    expect((await at('beta.localhost', 'GET', '/api/settings/public')).statusCode).toBe(404);
    expect((await at(BASE, 'POST', '/api/operator/academies/beta/suspend', operatorCookie)).statusCode).toBe(409);
    // Within the 30 days nothing is removed, and resume brings it back whole.
    expect(await removeClosedAcademies(t.database.db, t.filesDir, undefined, new Date(Date.now() + 29 * 24 * 3600_000))).toEqual([]);
    expect((await at(BASE, 'POST', '/api/operator/academies/beta/resume', operatorCookie)).statusCode).toBe(200);
    expect(await works('beta')).toBe(true);

    expect((await at(BASE, 'POST', '/api/operator/academies/beta/close', operatorCookie)).statusCode).toBe(200);
    const split = await academyTablesSplit();
    const alphaStudentsBefore = await withAcademy(ids.alpha, async () => await t.database.db.select({ id: students.id }).from(students));
    expect(await removeClosedAcademies(t.database.db, t.filesDir, undefined, new Date(Date.now() + 31 * 24 * 3600_000))).toEqual(['beta']);
    expect(fs.existsSync(path.join(t.filesDir, ids.beta))).toBe(false);
    expect(await statusOf('beta')).toBeUndefined();
    expect((await listed()).map((one) => one.slug)).not.toContain('beta');
    if (split) {
      const left = await t.database.db.execute<{ n: number }>(sql`select (select count(*) from users where academy_id = ${ids.beta}) + (select count(*) from audit_log where academy_id = ${ids.beta}) + (select count(*) from students where academy_id = ${ids.beta}) as n`);
      expect(Number(left.rows[0]!.n)).toBe(0);
      expect(await withAcademy(ids.alpha, async () => await t.database.db.select({ id: students.id }).from(students))).toHaveLength(alphaStudentsBefore.length);
      expect(await withAcademy(ids.alpha, async () => await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, adminEmails.alpha)))).toHaveLength(1);
    }
    // A still works.
    expect(await works('alpha')).toBe(true);
  });

  it('signs out: the cookie no longer works', async () => {
    const out = await at(BASE, 'POST', '/api/operator/logout', operatorCookie);
    expect(out.statusCode).toBe(200);
    expect((await at(BASE, 'GET', '/api/operator/me', operatorCookie)).statusCode).toBe(401);
  });
});
