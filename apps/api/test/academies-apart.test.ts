import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../src/db/client';
import { createJobRunner } from '../src/db/job-runner';
import { postgresRateLimitStore } from '../src/db/rate-limit-store';
import { currentAcademyId, enteredAcademyId, FIRST_ACADEMY_ID, withAcademy } from '../src/lib/tenancy';
import { TABLE_CHANGES_CHANNEL } from '../src/lib/read-cache';
import { providerWebhookEvents } from '../src/db/schema';
import { getMessagingSettings, updateMessagingSettings } from '../src/modules/settings/messaging-settings.service';
import { buildAcademies } from './factories';
import { buildTestApp, createTestDatabaseConnection, TEST_SERVER_KEYS, type TestApp } from './build-test-app';
import { citusWorkers } from './citus-cluster';
import { metaSignature } from './provider-stand-ins';

/**
 * Many academies on one database (issue 55): what lives outside the tables (change notices, rate-limit
 * counts, jobs) stays each academy's own. The database is opened as ACADEMY_HOSTING=many opens it
 * (`defaultAcademyId: null`): work outside every academy sees no academy's rows.
 */
const A = FIRST_ACADEMY_ID;
const B = '00000000-0000-4000-8000-0000000000b2';
let connection: pg.PoolConfig;
let database: Database;
// Awaited inside: a drizzle query is lazy, it runs (and takes its academy) where it is awaited.
const inA = <T>(work: () => PromiseLike<T> | T) => withAcademy(A, async () => await work());
const inB = <T>(work: () => PromiseLike<T> | T) => withAcademy(B, async () => await work());

beforeAll(async () => {
  connection = await createTestDatabaseConnection();
  database = createDatabase(connection, { defaultAcademyId: null });
  await buildAcademies(database.db, { id: B, slug: 'second', name: 'Second Academy' });
});
afterAll(() => database?.close());

describe('the pool', () => {
  it('gives a statement that waited for a connection its own academy, not the one of the work that freed it', async () => {
    const one = createDatabase({ ...connection, max: 1 }, { defaultAcademyId: null });
    try {
      const ids = [A, B, '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-0000000000d4'];
      const settingIn = (id: string) =>
        withAcademy(id, async () => (await one.db.execute<{ academy: string }>(sql`select current_setting('app.academy_id', true) as academy, pg_sleep(0.02)`)).rows[0]!.academy);
      expect(await Promise.all(ids.map(settingIn))).toEqual(ids);
    } finally {
      await one.close();
    }
  });
});

describe('change notices', () => {
  it('name the academy whose table changed', async () => {
    const listener = new pg.Client(connection);
    await listener.connect();
    try {
      const payloads: string[] = [];
      listener.on('notification', (notice) => notice.channel === TABLE_CHANGES_CHANNEL && payloads.push(notice.payload ?? ''));
      await listener.query(`listen ${TABLE_CHANGES_CHANNEL}`);
      // Each academy's own row (a statement that changes no row announces nothing: read-cache.test.ts).
      await inB(() => database.db.execute(sql`update academy_settings set updated_at = now()`));
      await inA(() => database.db.execute(sql`update academy_settings set updated_at = now()`));
      await expect.poll(() => payloads).toEqual([`${B}:academy_settings`, `${A}:academy_settings`]);
    } finally {
      await listener.end();
    }
  });
});

describe('rate limits', () => {
  it('count each academy’s requests apart: a flood at A refuses nobody at B', async () => {
    const Store = postgresRateLimitStore(database.db);
    type Counting = { incr(key: string, done: (error: Error | null, result?: { current: number }) => void, timeWindow: number): void };
    const store = new Store({} as never).child({ routeInfo: { method: 'POST', url: '/api/auth/login' } } as never) as unknown as Counting;
    const hit = () => new Promise<number>((resolve, reject) => store.incr('198.51.100.20', (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000));
    for (let i = 1; i <= 5; i += 1) expect(await inA(hit)).toBe(i);
    expect(await inB(hit)).toBe(1);
    expect(await inA(hit)).toBe(6);
  });
});

describe('the job runner with many academies', () => {
  // On Citus each of the 501 runs commits through the coordinator in two phases: the same order, more time.
  it('runs each job inside its academy, and gives a second academy’s alert its turn in the first round behind 500 reminders', { timeout: citusWorkers().length > 0 ? 180_000 : undefined }, async () => {
    const runner = createJobRunner({ db: database.db, concurrency: 4 });
    const started: { name: string; academy: string | null | undefined }[] = [];
    runner.define('reminder', { label: 'Reminder', run: async () => void started.push({ name: 'reminder', academy: enteredAcademyId() }) });
    runner.define('absence-alert', { label: 'Absence alert', run: async () => void started.push({ name: 'absence-alert', academy: enteredAcademyId() }) });
    // 500 reminders queued at A a minute ago (one statement, as a reminder run queues them), then B's alert.
    await inA(() =>
      database.db.execute(sql`
        insert into jobs (key, name, run_at) select 'reminder:' || n, 'reminder', now() - interval '1 minute' from generate_series(1, 500) n returning key`),
    );
    await inB(() => runner.enqueue('absence-alert', { studentId: 'x' }));

    expect(await runner.runDue()).toBe(501);
    const alert = started.findIndex((run) => run.name === 'absence-alert');
    // The first round: A's share of the four slots, then B's.
    expect(alert).toBeLessThan(4);
    expect(started[alert]!.academy).toBe(B);
    expect(started.filter((run) => run.name === 'reminder').every((run) => run.academy === A)).toBe(true);
    // Nothing of them left; B's head says nothing is due now (null, or when a lease it saw would have ended: a visit that finds nothing).
    const left = (work: typeof inA) => work(async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where name in ('reminder', 'absence-alert') and academy_id = current_academy_id()`)).rows[0]!.n);
    expect(await left(inA)).toBe(0);
    expect(await left(inB)).toBe(0);
    const heads = await database.db.execute<{ due: boolean }>(sql`select coalesce(next_due_at <= now(), false) as due from job_heads where academy_id = ${B}`);
    expect(heads.rows).toEqual([{ due: false }]);
  });

  it('makes a periodic job’s row in every active academy and runs it in each; a suspended academy’s jobs wait', async () => {
    const runner = createJobRunner({ db: database.db });
    const ranIn: string[] = [];
    runner.define('nightly-cleanup', { label: 'Cleanup', everyMs: 60 * 60_000, run: async () => void ranIn.push(currentAcademyId()) });
    expect(await runner.runDue()).toBe(2);
    expect(ranIn.sort()).toEqual([A, B].sort());
    // Each academy sees only its own row.
    const rowsOf = (work: typeof inA) => work(() => database.db.execute<{ key: string }>(sql`select key from jobs where key = 'nightly-cleanup' and academy_id = current_academy_id()`));
    expect((await rowsOf(inA)).rows).toHaveLength(1);
    expect((await rowsOf(inB)).rows).toHaveLength(1);

    await database.db.execute(sql`update academies set status = 'suspended' where id = ${B}`);
    try {
      runner.define('one-off', { label: 'One-off', run: async () => void ranIn.push(`one-off ${currentAcademyId()}`) });
      await inB(() => runner.enqueue('one-off'));
      await inA(() => runner.enqueue('one-off'));
      expect(await runner.runDue()).toBe(1);
      expect(ranIn.at(-1)).toBe(`one-off ${A}`);
    } finally {
      await database.db.execute(sql`update academies set status = 'active' where id = ${B}`);
    }
    expect(await runner.runDue()).toBe(1);
    expect(ranIn.at(-1)).toBe(`one-off ${B}`);
  });
});

describe('provider webhooks at the base domain (ACADEMY_HOSTING=many)', () => {
  const SECRET_A = 'meta-app-secret-of-academy-a-0123';
  const SECRET_B = 'meta-app-secret-of-academy-b-0123';
  const BASE = 'academies.test';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { hosting: { mode: 'many', baseDomain: BASE } } });
    await buildAcademies(t.database.db, { id: B, slug: 'second', name: 'Second Academy' });
    await inA(() => updateMessagingSettings(t.database.db, TEST_SERVER_KEYS, null, { whatsapp: { enabled: false, phoneNumberId: 'PN-A', appSecret: SECRET_A } }));
  });
  afterAll(() => t?.close());

  /** A reply to academy `phoneNumberId`'s number, as Meta posts it. */
  const replyBody = (phoneNumberId: string, id: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, messages: [{ from: '919822150099', id, type: 'text', text: { body: 'STOP' } }] } }] }],
    });
  const postWhatsApp = (host: string, body: string, secret: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { host, 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(secret, body) }, payload: body });
  const seen = (id: string) => t.database.db.select().from(providerWebhookEvents).where(sql`${providerWebhookEvents.id} = ${`whatsapp:message:${id}`}`);

  it('a WhatsApp number belongs to one academy: another academy cannot take it', async () => {
    await expect(inB(() => updateMessagingSettings(t.database.db, TEST_SERVER_KEYS, null, { whatsapp: { enabled: false, phoneNumberId: 'PN-A', appSecret: SECRET_B } }))).rejects.toMatchObject({
      message: 'This WhatsApp phone number ID is already used by another academy',
    });
    await inB(() => updateMessagingSettings(t.database.db, TEST_SERVER_KEYS, null, { whatsapp: { enabled: false, phoneNumberId: 'PN-B', appSecret: SECRET_B } }));
  });

  it('at the base domain finds the academy by the phone number id and checks that academy’s signature', async () => {
    const body = replyBody('PN-B', 'wamid.base-b-1');
    // Signed with the other academy's secret: refused, nothing recorded.
    expect((await postWhatsApp(BASE, body, SECRET_A)).statusCode).toBe(401);
    expect((await postWhatsApp(BASE, body, SECRET_B)).statusCode).toBe(200);
    expect(await inB(() => seen('wamid.base-b-1'))).toHaveLength(1);
    expect(await inA(() => seen('wamid.base-b-1'))).toHaveLength(0);
    // A number no academy has, and a body that is not even JSON: no academy, refused as unsigned.
    expect((await postWhatsApp(BASE, replyBody('PN-NOBODY', 'wamid.base-x'), SECRET_A)).statusCode).toBe(401);
    expect((await postWhatsApp(BASE, '{"entry": [', SECRET_A)).statusCode).toBe(401);
  });

  it('answers Meta’s handshake at the academy’s own address only (it names no number)', async () => {
    await inB(() => updateMessagingSettings(t.database.db, TEST_SERVER_KEYS, null, { whatsapp: { enabled: false, verifyToken: 'verify-token-of-b-0123' } }));
    const handshake = (host: string) =>
      t.app.inject({ method: 'GET', url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-token-of-b-0123&hub.challenge=42', headers: { host } });
    expect((await handshake(BASE)).statusCode).toBe(403);
    const atB = await handshake(`second.${BASE}`);
    expect(atB.statusCode).toBe(200);
    expect(atB.body).toBe('42');
  });

  it('at an academy’s own address uses that academy’s secret', async () => {
    const body = replyBody('PN-B', 'wamid.host-b-1');
    expect((await postWhatsApp(`second.${BASE}`, body, SECRET_A)).statusCode).toBe(401);
    expect((await postWhatsApp(`second.${BASE}`, body, SECRET_B)).statusCode).toBe(200);
    expect(await inB(() => seen('wamid.host-b-1'))).toHaveLength(1);
  });

  it('keys the events seen per academy: an id B receives first does not silence the same id at A (issue 71)', async () => {
    // B controls its own Meta app and so whatever ids its webhook carries; A's event must still be acted on.
    expect((await postWhatsApp(BASE, replyBody('PN-B', 'wamid.shared-1'), SECRET_B)).statusCode).toBe(200);
    expect((await postWhatsApp(BASE, replyBody('PN-A', 'wamid.shared-1'), SECRET_A)).statusCode).toBe(200);
    expect(await inB(() => seen('wamid.shared-1'))).toHaveLength(1);
    expect(await inA(() => seen('wamid.shared-1'))).toHaveLength(1);
    // A's own replay is still one event.
    expect((await postWhatsApp(BASE, replyBody('PN-A', 'wamid.shared-1'), SECRET_A)).statusCode).toBe(200);
    expect(await inA(() => seen('wamid.shared-1'))).toHaveLength(1);
  });

  it('MSG91 reports find their academy by the address Settings shows, with that academy’s own token', async () => {
    const pathOfB = (await inB(() => getMessagingSettings(t.database.db, TEST_SERVER_KEYS))).sms.webhookPath;
    const pathOfA = (await inA(() => getMessagingSettings(t.database.db, TEST_SERVER_KEYS))).sms.webhookPath;
    expect(pathOfB).toContain(`academy=${B}`);
    expect(pathOfA).not.toContain('academy=');
    const report = (host: string, url: string) => t.app.inject({ method: 'POST', url, headers: { host, 'content-type': 'application/json' }, payload: { data: [] } });
    expect((await report(BASE, pathOfB)).statusCode).toBe(200);
    expect((await report(`second.${BASE}`, pathOfB)).statusCode).toBe(200);
    // A's token presented as B's: refused, at either address.
    const tokenOfA = new URL(pathOfA, 'http://x').searchParams.get('token')!;
    expect((await report(BASE, `/api/webhooks/msg91?token=${tokenOfA}&academy=${B}`)).statusCode).toBe(401);
    expect((await report(`second.${BASE}`, `/api/webhooks/msg91?token=${tokenOfA}`)).statusCode).toBe(401);
    // Naming no academy at the base domain: refused.
    expect((await report(BASE, `/api/webhooks/msg91?token=${tokenOfA}`)).statusCode).toBe(401);
  });
});

describe('enquiry numbers', () => {
  const enquiry = (name: string) =>
    database.db.execute<{ number: number }>(sql`insert into admission_enquiries (student_name, form, source) values (${name}, 'contact', 'website') returning number`);

  it('are counted per academy: each academy’s first family is ENQ-0001, whatever the other has', async () => {
    const before = await inA(async () => (await database.db.execute<{ n: number }>(sql`select coalesce(max(number), 0)::int as n from admission_enquiries`)).rows[0]!.n);
    await inA(() => enquiry('A one'));
    await inA(() => enquiry('A two'));
    expect((await inB(() => enquiry('B one'))).rows[0]!.number).toBe(1);
    expect((await inA(() => enquiry('A three'))).rows[0]!.number).toBe(before + 3);
    expect((await inB(() => enquiry('B two'))).rows[0]!.number).toBe(2);
  });

  it('families applying at the same moment get numbers one after another, and a rolled-back one gives its number back', async () => {
    const first = (await inB(() => enquiry('B before'))).rows[0]!.number;
    const rolledBack = await inB(() =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into admission_enquiries (student_name, form, source) values ('gone', 'contact', 'website')`);
          throw new Error('changed my mind');
        })
        .catch((error: Error) => error.message),
    );
    expect(rolledBack).toBe('changed my mind');
    const numbers = await Promise.all(Array.from({ length: 8 }, (_, n) => inB(async () => (await enquiry(`B at once ${n}`)).rows[0]!.number)));
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 8 }, (_, n) => first + 1 + n));
  });
});

describe('codes to one phone number from every academy', () => {
  it('stop at the cap across academies, while each academy’s own limits still allow one', async () => {
    const { issuePhoneCode } = await import('../src/modules/auth');
    const { PHONE_CODES_PER_NUMBER_ALL_ACADEMIES_PER_HOUR: cap } = await import('@academy/shared/schemas/admissions');
    const ids = Array.from({ length: cap + 1 }, (_, n) => `00000000-0000-4000-8000-${String(900 + n).padStart(12, '0')}`);
    await database.db.execute(sql`insert into academies (id, slug, name) select id::uuid, 'cap-' || ord, 'Cap ' || ord from unnest(${sql.raw(`array['${ids.join("','")}']`)}) with ordinality as a(id, ord)`);
    const ask = (academy: string) =>
      withAcademy(academy, () =>
        database.db
          .transaction((tx) => issuePhoneCode(tx, 'test-key', { phone: '9876512345', ip: '203.0.113.9', purpose: 'admission' }))
          .then(
            () => 'sent',
            (error: Error) => error.message,
          ),
      );
    const answers: string[] = [];
    for (const academy of ids) answers.push(await ask(academy));
    expect(answers.slice(0, cap)).toEqual(Array.from({ length: cap }, () => 'sent'));
    expect(answers[cap]).toMatch(/^Too many codes were sent to this number\. Please try again in \d+ minutes?\.$/);
    // Another number is not held up.
    const other = await withAcademy(ids[cap]!, () => database.db.transaction((tx) => issuePhoneCode(tx, 'test-key', { phone: '9876500000', ip: '203.0.113.9', purpose: 'admission' })));
    expect(other).toMatch(/^\d{6}$/);
  });
});
