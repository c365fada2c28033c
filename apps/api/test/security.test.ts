import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { ensureAppRoles } from '../src/db/app-role';
import { createDatabase, runMigrations } from '../src/db/client';
import { batches } from '../src/db/schema';
import { isDatabaseUnavailable } from '../src/lib/postgres-errors';
import { addStudentToBatch } from '../src/modules/batches/enrolment';
import { buildTestApp, type TestApp } from './build-test-app';
import { collectLogLines } from './log-lines';
import { shareTestApp } from './shared-test-app';
import { EXPECTED_USER_HEADER } from '@academy/shared/cookies';
import { buildBatch, buildStudent, buildTeacher, buildUser, loginAs } from './factories';

// One test per finding of the security review (issue 15, part 4): each failed before its fix.

describe('M1: only the configured proxy may name the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One reverse proxy in front, on this machine (inject connects from 127.0.0.1): it appends the
    // address it saw to X-Forwarded-For.
    t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => t.close());

  it('a client rotating its own X-Forwarded-For keeps one rate-limit key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        // What the client sent, then what the proxy appended (the real client address).
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { email: `reader${i}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    // NEWSLETTER_RATE_LIMIT allows 5 a minute per client.
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  it('another real client (another proxy-appended address) has its own allowance', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'x-forwarded-for': '203.0.113.8' }, payload: { email: 'other@example.com' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('M2: no SQL text is built from stored data', () => {
  const t = shareTestApp();

  it('a weekday holding SQL (as a crafted backup could store) is compared as a value, never run', async () => {
    const student = await buildStudent(t.database.db);
    const batch = await buildBatch(t.database.db);
    // Before the fix this text was pasted into the query: a syntax error here, any statement in a crafted one.
    const crafted = "mon']::text[] and (select 1/0 from pg_sleep(0)) = 1 or array['x";
    await t.database.db.update(batches).set({ scheduleDays: [crafted as 'mon'] }).where(eq(batches.id, batch.id));
    await expect(addStudentToBatch(t.database.db, null, batch.id, student.id, false)).resolves.toBeDefined();
  });
});

describe('L4, L7, L8: logs, mail links and caching', () => {
  let t: TestApp;
  const { lines: logLines, logger } = collectLogLines();
  beforeAll(async () => {
    t = await buildTestApp({ logger });
  });
  afterAll(() => t.close());

  it('L4: reset and calendar tokens never reach the access log', async () => {
    const secret = 'Sx'.repeat(21) + 'Q';
    await t.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${secret}` });
    await t.app.inject({ method: 'GET', url: `/api/calendar/${secret}.ics` });
    await t.app.inject({ method: 'GET', url: `/api/settings/public?token=${secret}&code=123456` });
    const log = logLines.join('');
    expect(log).toContain('/api/auth/validate-reset-token/[redacted]');
    expect(log).toContain('/api/calendar/[redacted].ics');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('123456');
  });

  it('L7: a forged Host header never becomes the link in a mail', async () => {
    const user = await buildUser(t.database.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: user.email } });
    expect(response.statusCode).toBe(200);
    const mail = await t.latestMailTo(user.email);
    expect(mail?.text).toMatch(/http:\/\/localhost\/reset-password\//);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('L8: personal answers say no-store, the public site data no-cache', async () => {
    const student = await buildStudent(t.database.db);
    const cookie = await loginAs(t.app, student.user.email);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/students' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const publicSettings = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(publicSettings.headers['cache-control']).toBe('no-cache');
  });
});

describe('Issue 35, finding 9: a request queued for one person never runs under another session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 401 when the session is not the expected user, and passes when it is', async () => {
    const owner = await buildTeacher(t.database.db);
    const next = await buildTeacher(t.database.db);
    const nextCookie = await loginAs(t.app, next.user.email);
    const header = { [EXPECTED_USER_HEADER]: owner.user.id };
    // Another person's session, and no session at all: refused before any handler runs.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: nextCookie, ...header } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: header })).statusCode).toBe(401);
    const ownerCookie = await loginAs(t.app, owner.user.email);
    const own = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: ownerCookie, ...header } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data._id).toBe(owner.user.id);
  });
});

describe('L9: the OpenAPI document in production', () => {
  const t = shareTestApp({ config: { isProduction: true, publicUrl: 'https://academy.example.in' } });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    const student = await buildStudent(t.database.db);
    const studentCookie = await loginAs(t.app, student.user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: studentCookie } })).statusCode).toBe(403);
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const adminCookie = await loginAs(t.app, admin.email);
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: adminCookie } });
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toMatch(/^3\./);
  });

  it('L7: links use PUBLIC_URL whatever the Host header says', async () => {
    const user = await buildUser(t.database.db);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: user.email } });
    expect((await t.latestMailTo(user.email))?.text).toMatch(/https:\/\/academy\.example\.in\/reset-password\//);
  });
});

describe('L10: a database that does not answer', () => {
  // A "frozen" server: it accepts connections and never says a word, like PostgreSQL under SIGSTOP.
  let frozen: net.Server;
  const sockets: net.Socket[] = [];
  let frozenPort: number;
  beforeAll(async () => {
    frozen = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
    frozenPort = (frozen.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => frozen.close(resolve));
  });

  async function appOn(port: number) {
    const database = createDatabase({ host: '127.0.0.1', port, user: 'academy', database: 'academy', connectionTimeoutMillis: 300 });
    return buildTestApp({ database });
  }

  for (const [what, port] of [
    ['frozen', () => frozenPort],
    ['stopped', () => 1],
  ] as const) {
    it(`answers 503 with Retry-After when the database is ${what}, and health names the part that is down`, async () => {
      const t = await appOn(port());
      try {
        const started = Date.now();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.headers['retry-after']).toBe('30');
        expect(health.json()).toEqual({ success: false, message: 'Academy is not fully working: the database is not answering.', data: { status: 'down', database: 'down', storage: 'ok' } });
        const page = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
        expect(page.statusCode).toBe(503);
        expect(page.headers['retry-after']).toBe('30');
        expect(page.json()).toEqual({ success: false, message: 'The database is not answering right now. Please try again in a minute.' });
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await t.close();
      }
    });
  }

  it('a statement over its time limit is cancelled by the server and answers 503', async () => {
    const t = await buildTestApp();
    try {
      // One connection of the app's own pool with a short limit (works the same on the bundled server's socket).
      const client = await t.database.pool.connect();
      await client.query('set statement_timeout = 200');
      const error = await client.query('select pg_sleep(2)').catch((caught: unknown) => caught);
      client.release(true);
      expect(isDatabaseUnavailable(error), String((error as Error)?.message ?? error)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('health says ok for both parts when they answer', async () => {
    const t = await buildTestApp();
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok', storage: 'ok' } });
      fs.rmSync(t.filesDir, { recursive: true, force: true });
      const noStorage = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(noStorage.statusCode).toBe(503);
      expect(noStorage.json().data).toEqual({ status: 'down', database: 'ok', storage: 'down' });
    } finally {
      await t.close();
    }
  });
});

describe('L3: the contact form and addresses nobody proved', () => {
  const t = shareTestApp();

  it("never echoes the visitor's text and mails one address at most once a day", async () => {
    const victim = 'someone.else@example.in';
    const send = (index: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admission-enquiries/contact',
        remoteAddress: `198.51.100.${index}`,
        payload: { name: 'Cheap loans at evil.example', email: victim, message: 'Visit evil.example today' },
      });
    for (let index = 0; index < 3; index += 1) expect((await send(index)).statusCode).toBe(201);
    const mails = await t.mailsTo(victim);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('evil.example');
    expect(mails[0]!.html).not.toContain('evil.example');
    expect(mails[0]!.subject).not.toContain('evil.example');
  });
});

describe('M2: the app serves as a role that owns nothing; an owner role owns the academy database', () => {
  it('upgrades a database made by the previous version (all owned by the superuser) and neither role can act as a superuser', { timeout: 60_000 }, async () => {
    // What an older data folder has: a database and tables made by the superuser.
    const { connection, template } = inject('testDatabaseServer');
    const name = `${template.replace('academy_tpl_', 'academy_m2_')}_${randomBytes(4).toString('hex')}`;
    const maker = new pg.Client(connection);
    await maker.connect();
    await maker.query(`create database "${name}"`);
    await maker.end();
    const suffix = randomBytes(4).toString('hex');
    const roles = {
      owner: { role: `academy_owner_${suffix}`, password: randomBytes(18).toString('base64url') },
      serving: { role: `academy_app_${suffix}`, password: randomBytes(18).toString('base64url') },
      database: name,
    };
    // Plain fields (not a URL, which would win over the database and user given below).
    const url = connection.connectionString ? new URL(connection.connectionString) : undefined;
    const plain: pg.ClientConfig = url
      ? { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) || undefined }
      : { host: connection.host, port: connection.port, user: connection.user, password: connection.password as string | undefined };
    const superuser = { ...plain, database: name };
    const asSuperuser = createDatabase(superuser);
    await runMigrations(asSuperuser.pool).finally(() => asSuperuser.close());
    await ensureAppRoles(superuser, roles);
    // Twice: every start runs it.
    await ensureAppRoles(superuser, roles);

    const owner = createDatabase({ ...superuser, user: roles.owner.role, password: roles.owner.password });
    const app = createDatabase({ ...superuser, user: roles.serving.role, password: roles.serving.password });
    try {
      const { rows } = await app.pool.query<{ super: boolean; owner: string }>(
        `select rolsuper as super, (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as owner from pg_roles where rolname = current_user`,
      );
      expect(rows[0]).toEqual({ super: false, owner: roles.owner.role });
      const { rows: foreign } = await owner.pool.query<{ count: number }>(
        `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S', 'v') and pg_get_userbyid(c.relowner) <> current_user`,
      );
      expect(foreign[0]!.count).toBe(0);
      // The app works: migrations (none left) as the owner, reads and writes as the serving role.
      await runMigrations(owner.pool);
      await buildUser(app.db);
      // What a superuser could do and neither role may.
      for (const database of [app, owner]) {
        await expect(database.pool.query("copy (select 1) to program 'true'")).rejects.toThrow(/permission denied|must be superuser|pg_execute_server_program/);
        await expect(database.pool.query('create role intruder superuser')).rejects.toThrow(/permission denied|must be superuser/);
        await expect(database.pool.query("select pg_read_file('/etc/hostname')")).rejects.toThrow(/permission denied/);
      }
    } finally {
      await app.close();
      await owner.close();
      const admin = new pg.Client(connection);
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`drop role if exists "${roles.serving.role}"`);
      await admin.query(`drop role if exists "${roles.owner.role}"`);
      await admin.end();
    }
  });
});
