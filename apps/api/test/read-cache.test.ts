import zlib from 'node:zlib';
import { FIRST_ACADEMY_ID } from '../src/lib/tenancy';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../src/db/client';
import { forgetEverything, keepsAnswers, WATCHED_FOR_REMOVALS_ONLY, WATCHED_TABLES } from '../src/lib/read-cache';
import { academyToday } from '../src/academy-settings';
import { buildTestApp, createTestDatabaseConnection, superuserConnectionTo, type TestApp } from './build-test-app';
import { statementsSentDuring } from './statements-sent';
import { buildAcademies, buildBatch, buildParent, buildStandard, buildStudent, buildTeacher, buildUser, loginAs } from './factories';
import { withAcademy } from '../src/lib/tenancy';
import { listNotifications } from '../src/modules/notifications/notifications.service';
import { findSessionByToken } from '../src/modules/auth/session.service';
import { hashToken } from '../src/lib/tokens';
import { onCitus } from './citus-cluster';

/**
 * Kept answers (lib/read-cache.ts, decision 012): a read many people repeat is answered from memory
 * until a table it was read from changes, here or in another server on the database.
 */
let t: TestApp;
let connection: pg.ClientConfig;
let admin = '';
let teacher = '';
let student = '';
let parent = '';
let studentId = '';
let batchId = '';
let parentId = '';
let today = '';

beforeAll(async () => {
  connection = (await createTestDatabaseConnection()) as pg.ClientConfig;
  t = await buildTestApp({ database: createDatabase(connection) });
  await t.app.ready();
  const db = t.database.db;
  const teacherRow = await buildTeacher(db);
  const studentRow = await buildStudent(db, { name: 'Kept Student' });
  studentId = studentRow.id;
  batchId = (await buildBatch(db, { name: 'Kept Batch', teacherId: teacherRow.id, studentIds: [studentRow.id], startDate: '2026-01-01', endDate: '2027-12-31' })).id;
  parentId = (await buildParent(db, { email: 'kept-parent@example.com', studentIds: [studentRow.id] })).id;
  admin = await loginAs(t.app, (await buildUser(db, { role: 'admin' })).email);
  teacher = await loginAs(t.app, teacherRow.user.email);
  student = await loginAs(t.app, studentRow.user.email);
  parent = await loginAs(t.app, 'kept-parent@example.com');
  today = await academyToday(db);
  await vi.waitFor(() => expect(keepsAnswers(db)).toBe(true));
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });
  expect(response.statusCode, url).toBe(200);
  return response.json().data;
};

/** The SQL one request sends, each with the tables its kept answer declared (undefined outside one). */
async function statementsOf(url: string, cookie: string) {
  await t.app.backgroundIdle();
  return (await statementsSentDuring(() => get(url, cookie))).statements;
}

/**
 * Waits until `url` is answered from memory: the notices of the writes that built the test's rows
 * arrive asynchronously, and one that lands after the first read makes it be read (and compressed) again.
 */
async function keptNow(url: string, cookie: string) {
  await vi.waitFor(
    async () => {
      await get(url, cookie);
      expect((await statementsOf(url, cookie)).filter((statement) => statement.declaredTables)).toEqual([]);
    },
    // A read takes most of a second on a loaded machine (on Citus more): a few tries, not one.
    { timeout: 15_000, interval: 100 },
  );
}

/**
 * A write made outside this server, as another server makes it: in one transaction inside the academy
 * (row-level security shows a connection without one nothing). `SET LOCAL` because on Citus only a
 * transaction's setting reaches the workers, where the policies run. On plain PostgreSQL the table's
 * trigger announces the change (migration 0028); on Citus the distribution step drops those triggers
 * and the writing server announces `<academy>:<table>` itself after its commit (db/client.ts, decision
 * 053), so the write here does the same there. (A bare psql write is announced on plain PostgreSQL only.)
 */
async function writeElsewhere(table: string, text: string, values: unknown[]) {
  const outside = new pg.Client(connection);
  await outside.connect();
  try {
    await outside.query('begin');
    await outside.query(`set local app.academy_id = '${FIRST_ACADEMY_ID}'`);
    await outside.query(text, values);
    await outside.query('commit');
    if (onCitus()) await outside.query(`select pg_notify('academy_table_changes', $1)`, [`${FIRST_ACADEMY_ID}:${table}`]);
  } finally {
    await outside.end();
  }
}

/** Each read that keeps its answer: [name, url, cookie], read when the test runs. */
const cachedReads = (): [string, string, string][] => [
  ['batches (admin)', '/batches', admin],
  ['batches (teacher)', '/batches', teacher],
  ['students, searched and paged', '/students?page=1&limit=20&search=Kept', admin],
  ["a teacher's day roster", `/attendance/${batchId}/${today}`, teacher],
  ["a student's attendance", '/student/attendance', student],
  ["a parent's child's attendance", `/parent/children/${studentId}/attendance`, parent],
  ['the admin dashboard', '/admin/dashboard/summary', admin],
  ["the academy's settings", '/settings/public', admin],
  ["a student's notifications", '/notifications', student],
];
const CACHED_READ_NAMES = ['batches (admin)', 'batches (teacher)', 'students, searched and paged', "a teacher's day roster", "a student's attendance", "a parent's child's attendance", 'the admin dashboard', "the academy's settings", "a student's notifications"];

/** The tables a statement reads or writes: every `from x` / `join x` / `into x` / `update x`. */
function tablesIn(text: string, known: Set<string>): string[] {
  const named = [...text.matchAll(/\b(?:from|join|into|update)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => match[1]!.toLowerCase());
  return [...new Set(named.filter((name) => known.has(name)))];
}

describe('kept answers', () => {
  it('every watched table, and only those, announces its changes: a trigger per event (migrations 0028 and 0104)', async () => {
    const { rows } = await t.database.db.execute<{ trigger: string; tables: string[] }>(sql`
      select tg.tgname as "trigger", array_agg(c.relname::text order by c.relname) as tables from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
      where tg.tgname like 'announce%' group by tg.tgname order by 1`);
    // On Citus the distribution step drops them (NOTIFY on a worker inside a two-phase commit is refused):
    // the client announces from the coordinator instead (db/client.ts, decision 053), tested below.
    const watched = [...WATCHED_TABLES].sort();
    const written = watched.filter((table) => !WATCHED_FOR_REMOVALS_ONLY.includes(table));
    expect(rows).toEqual(
      onCitus()
        ? []
        : [
            { trigger: 'announce_delete', tables: watched },
            { trigger: 'announce_insert', tables: written },
            { trigger: 'announce_truncate', tables: watched },
            { trigger: 'announce_update', tables: written },
          ],
    );
  });

  it.skipIf(onCitus())('a statement announces the academies whose rows it changed, and nothing when it changed none (migration 0104)', async () => {
    const B = '00000000-0000-4000-8000-0000000000b9';
    await buildAcademies(t.database.db, { id: B, slug: 'kept-rows-b', name: 'Kept Rows B' });
    await withAcademy(B, () => buildStandard(t.database.db, { name: 'Rows B Standard' }));
    const listener = new pg.Client(connection);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (notice) => heard.push(notice.payload ?? ''));
    // Across academies as only a superuser may (row-level security is forced on every other role): the owner's maintenance.
    const everyAcademy = new pg.Client((await superuserConnectionTo(t.database)) as pg.ClientConfig);
    await everyAcademy.connect();
    try {
      await listener.query('listen academy_table_changes');
      // Nothing changed: a sweep that found nothing, an insert whose conflict did nothing, a delete of nobody.
      await writeElsewhere('batches', `update batches set name = name where id = $1`, ['00000000-0000-4000-8000-00000000dead']);
      await writeElsewhere('standards', `insert into standards (academy_id, id, name, level) select academy_id, id, name, level from standards limit 1 on conflict do nothing`, []);
      await writeElsewhere('subjects', `delete from subjects where code = $1`, ['NO-SUCH-CODE']);
      // Rows of both academies, then of one: each academy once, by its rows.
      await everyAcademy.query(`update standards set name = name where academy_id in ($1, $2)`, [FIRST_ACADEMY_ID, B]);
      await writeElsewhere('standards', `update standards set name = name where academy_id = $1`, [FIRST_ACADEMY_ID]);
      // Notices come in the order of the commits: the last one's arriving means the no-ops sent none.
      await expect.poll(() => heard.length).toBe(3);
      expect(heard.slice(0, 2).sort()).toEqual([`${FIRST_ACADEMY_ID}:standards`, `${B}:standards`].sort());
      expect(heard[2]).toBe(`${FIRST_ACADEMY_ID}:standards`);
    } finally {
      await listener.end();
      await everyAcademy.end();
    }
  });

  it('a write of this server that changed no row forgets nothing kept; one that changed a row does', async () => {
    await keptNow('/batches', teacher);
    await t.database.db.execute(sql`update batches set name = name where id = ${'00000000-0000-4000-8000-00000000dead'}`);
    expect((await statementsOf('/batches', teacher)).filter((statement) => statement.declaredTables)).toEqual([]);
    await t.database.db.execute(sql`update batches set name = name where id = ${batchId}`);
    expect((await statementsOf('/batches', teacher)).filter((statement) => statement.declaredTables)).not.toEqual([]);
  });

  it.each(CACHED_READ_NAMES)('%s: a second read sends no statement of the kept read', async (name) => {
    const [, url, cookie] = cachedReads().find(([candidate]) => candidate === name)!;
    await get(url, cookie);
    const again = await statementsOf(url, cookie);
    expect(again.filter((statement) => statement.declaredTables)).toEqual([]);
  });

  it('each kept answer declares every table its SQL reads', async () => {
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`);
    const known = new Set(rows.map((row) => row.name));
    for (const [name, url, cookie] of cachedReads()) {
      // Each read below reads afresh.
      forgetEverything(t.database.db);
      const sent = (await statementsOf(url, cookie)).filter((statement) => statement.declaredTables);
      expect(sent.length, name).toBeGreaterThan(0);
      for (const statement of sent) {
        const undeclared = tablesIn(statement.text, known).filter((table) => !(statement.declaredTables as readonly string[]).includes(table));
        expect(undeclared, `${name}: ${statement.text}`).toEqual([]);
      }
    }
  });

  it('a change written by this server shows on the very next read', async () => {
    expect((await get('/students?search=Kept', admin)).students[0].name).toBe('Kept Student');
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/students/${studentId}`, headers: { cookie: admin }, payload: { name: 'Kept Student Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect((await get('/students?search=Kept', admin)).students[0].name).toBe('Kept Student Renamed');
  });

  it('a change made outside this server (another server, psql) shows as soon as its notice arrives', async () => {
    expect((await get('/batches', admin)).map((batch: { name: string }) => batch.name)).toContain('Kept Batch');
    await writeElsewhere('batches', `update batches set name = 'Renamed Elsewhere' where id = $1`, [batchId]);
    await expect.poll(async () => (await get('/batches', admin)).map((batch: { name: string }) => batch.name)).toContain('Renamed Elsewhere');
  });

  it("the admin dashboard's money, kept with its counts, follows a fee due written outside this server (migration 0099)", async () => {
    const overdue = async () => (await get('/admin/dashboard/summary', admin)).month.overdue as { amount: number; families: number };
    const before = await overdue();
    await writeElsewhere(
      'fee_dues',
      `insert into fee_dues (academy_id, student_id, batch_id, seq, number, label, due_date, amount_paise) values ($1, $2, $3, 1, 990001, 'Outside', $4::date - 3, 123400)`,
      [FIRST_ACADEMY_ID, studentId, batchId, today],
    );
    await expect.poll(async () => (await overdue()).amount).toBe(before.amount + 1234);
  });

  it("a student's bell, kept, follows a notification written outside this server, and academy B never sees academy A's kept bell (migration 0099)", async () => {
    const bell = async () => (await get('/notifications', student)) as { pagination: { total: number }; unreadCount: number };
    const before = await bell();
    await writeElsewhere('notifications', `insert into notifications (academy_id, student_id, message) values ($1, $2, 'Told elsewhere')`, [FIRST_ACADEMY_ID, studentId]);
    await expect.poll(async () => (await bell()).pagination.total).toBe(before.pagination.total + 1);
    expect((await bell()).unreadCount).toBe(before.unreadCount + 1);
    // The same key (student, page, language) read in another academy: its own answer, never A's kept one.
    const B = '00000000-0000-4000-8000-0000000000b7';
    await buildAcademies(t.database.db, { id: B, slug: 'kept-bell-b', name: 'Kept Bell B' });
    const actor = { userId: studentId, role: 'student' as const, studentId };
    const inA = await withAcademy(FIRST_ACADEMY_ID, () => listNotifications(t.database.db, actor, { page: 1, limit: 20 }, 'en'));
    const inB = await withAcademy(B, () => listNotifications(t.database.db, actor, { page: 1, limit: 20 }, 'en'));
    expect(inA.pagination.total).toBe(before.pagination.total + 1);
    expect(inB).toEqual({ notifications: [], pagination: { page: 1, limit: 20, total: 0 }, unreadCount: 0 });
  });

  it("the admin dashboard's today, kept, follows a message written outside this server and a held message's hour (migration 0103)", async () => {
    type Messages = { total: number; held: number; byStatus: Record<string, number> };
    const messages = async () => (await get('/admin/dashboard/summary', admin)).messagesToday as Messages;
    await keptNow('/admin/dashboard/summary', admin);
    const before = await messages();
    // Held by the quiet hours for two seconds more ('none': no sender takes it up meanwhile).
    await writeElsewhere(
      'parent_messages',
      `insert into parent_messages (academy_id, kind, key, parent_id, channel, status, date, subject, text, payload, not_before)
       values ($1, 'fee-reminder', 'kept-today-1', $2, 'none', 'queued', $3, 's', 't', '{}', now() + interval '2 seconds')`,
      [FIRST_ACADEMY_ID, parentId, today],
    );
    await expect.poll(async () => (await messages()).total).toBe(before.total + 1);
    expect((await messages()).held).toBe(before.held + 1);
    // Its hour comes with nothing written: the kept answer is read again then (it counted rows against the clock).
    await expect.poll(async () => (await messages()).held, { timeout: 10_000 }).toBe(before.held);
    // A status reported back (the provider's callback on another server).
    await writeElsewhere('parent_messages', `update parent_messages set status = 'failed' where key = 'kept-today-1'`, []);
    await expect.poll(async () => (await messages()).byStatus.failed).toBe(before.byStatus.failed! + 1);
  });

  it.skipIf(onCitus())("a message's claim and its renewal announce nothing; its status does (migration 0103)", async () => {
    await writeElsewhere(
      'parent_messages',
      `insert into parent_messages (academy_id, kind, key, parent_id, channel, status, date, subject, text, payload) values ($1, 'absence', 'kept-today-2', $2, 'none', 'sent', $3, 's', 't', '{}')`,
      [FIRST_ACADEMY_ID, parentId, today],
    );
    const listener = new pg.Client(connection);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (notice) => heard.push(notice.payload ?? ''));
    try {
      await listener.query('listen academy_table_changes');
      await writeElsewhere('parent_messages', `update parent_messages set locked_until = now() + interval '1 minute' where key = 'kept-today-2'`, []);
      await writeElsewhere('parent_messages', `update parent_messages set status = 'delivered' where key = 'kept-today-2'`, []);
      // Notices come in the order of the commits: the second's arriving means the first sent none.
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      expect(heard).toEqual([`${FIRST_ACADEMY_ID}:parent_messages`]);
    } finally {
      await listener.end();
    }
  });

  it('a write inside a transaction forgets again when it commits (a read in between cannot keep the old answer)', async () => {
    const db = t.database.db;
    await get('/batches', teacher);
    let readInside: string[] = [];
    await db.transaction(async (tx) => {
      await tx.execute(sql`update batches set name = 'Renamed In Transaction' where id = ${batchId}`);
      // Another request reads (the committed name) while the transaction is open.
      readInside = (await get('/batches', teacher)).map((batch: { name: string }) => batch.name);
    });
    expect(readInside).not.toContain('Renamed In Transaction');
    expect((await get('/batches', teacher)).map((batch: { name: string }) => batch.name)).toContain('Renamed In Transaction');
  });
  it('a kept answer is written and compressed once: the same bytes again, in br and gzip, as the server would write afresh', async () => {
    const db = t.database.db;
    for (let n = 0; n < 3; n += 1) await buildBatch(db, { name: `Compressed Batch ${n}`, startDate: '2026-01-01', endDate: '2027-12-31' });
    const read = (encoding?: string) => t.app.inject({ method: 'GET', url: '/api/batches', headers: { cookie: admin, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    await keptNow('/batches', admin);
    const fresh = await read();
    expect(Buffer.byteLength(fresh.body)).toBeGreaterThan(1024);
    const gzip = vi.spyOn(zlib, 'gzipSync');
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      for (const [encoding, decode] of [['gzip', zlib.gunzipSync], ['br', zlib.brotliDecompressSync]] as const) {
        const first = await read(`${encoding}, deflate`);
        const again = await read(`${encoding}, deflate`);
        for (const response of [first, again]) {
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-encoding']).toBe(encoding);
          expect(response.headers.vary).toContain('Accept-Encoding');
          expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
          expect(decode(response.rawPayload).toString()).toBe(fresh.body);
        }
      }
      // Each encoding compressed once, for the first request.
      expect(gzip).toHaveBeenCalledTimes(1);
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      gzip.mockRestore();
      brotli.mockRestore();
    }
    // A client that takes only deflate or nothing still gets what @fastify/compress gives it.
    expect((await read('deflate')).headers['content-encoding']).toBe('deflate');
    expect((await read()).body).toBe(fresh.body);
    // After a change, the new answer.
    await buildBatch(db, { name: 'Compressed Batch Late', startDate: '2026-01-01', endDate: '2027-12-31' });
    expect(zlib.gunzipSync((await read('gzip')).rawPayload).toString()).toContain('Compressed Batch Late');
  });
  it("a teacher's day roster, kept, is written and compressed once while its marking window stays (issue 74)", async () => {
    const db = t.database.db;
    const members = await Promise.all(Array.from({ length: 15 }, (_, n) => buildStudent(db, { name: `Roster Student ${n}` })));
    const batch = await buildBatch(db, { name: 'Roster Batch', studentIds: members.map((member) => member.id), startDate: '2026-01-01', endDate: '2027-12-31' });
    const read = () => t.app.inject({ method: 'GET', url: `/api/attendance/${batch.id}/${today}`, headers: { cookie: admin, 'accept-encoding': 'gzip' } });
    await keptNow(`/attendance/${batch.id}/${today}`, admin);
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const body = zlib.gunzipSync(first.rawPayload).toString();
    const gzip = vi.spyOn(zlib, 'gzipSync');
    const gzipStream = vi.spyOn(zlib, 'createGzip');
    try {
      for (const response of [await read(), await read()]) {
        expect(response.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(body);
      }
      expect(gzip).not.toHaveBeenCalled();
      expect(gzipStream).not.toHaveBeenCalled();
    } finally {
      gzip.mockRestore();
      gzipStream.mockRestore();
    }
    // Marked: the new day, written afresh.
    const marked = await t.app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie: admin }, payload: { date: today, records: members.map((member) => ({ studentId: member.id, status: 'absent' })) } });
    expect(marked.statusCode).toBe(200);
    const after = JSON.parse(zlib.gunzipSync((await read()).rawPayload).toString());
    expect(after.data.statistics.absent).toBe(15);
  });
});

/**
 * Sessions kept per server (issue 77, migration 0102): a request whose answer is kept asks the database
 * nothing at all, and a session ended anywhere (a sign-out, an account deactivated) ends here at once.
 */
describe('kept sessions', () => {
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
  /** A new student, signed in: their own session, so that ending it leaves the others' alone. */
  async function newStudent(name: string) {
    const row = await buildStudent(t.database.db, { name });
    return { id: row.id, userId: row.user.id, cookie: await loginAs(t.app, row.user.email) };
  }
  const signedIn = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode;

  it('a kept read sends no statement at all: its session is kept too', async () => {
    await keptNow('/batches', admin);
    await vi.waitFor(async () => expect((await statementsSentDuring(() => get('/batches', admin))).statements).toEqual([]), { timeout: 15_000, interval: 100 });
  });

  it('a session ended by another server (a sign-out, every session of the account) is refused here as soon as its notice arrives', async () => {
    const one = await newStudent('Kept Session Signed Out');
    await vi.waitFor(async () => expect((await statementsSentDuring(() => get('/student/batches', one.cookie))).statements.filter((statement) => statement.declaredTables?.includes('sessions'))).toEqual([]), { timeout: 15_000, interval: 100 });
    await writeElsewhere('sessions', 'delete from sessions where token_hash = $1', [hashToken(tokenOf(one.cookie))]);
    await expect.poll(() => signedIn(one.cookie)).toBe(401);
  });

  it('an account deactivated by another server is refused here as soon as its notice arrives', async () => {
    const one = await newStudent('Kept Session Deactivated');
    expect(await signedIn(one.cookie)).toBe(200);
    expect(await signedIn(one.cookie)).toBe(200);
    await writeElsewhere('users', 'update users set is_active = false where id = $1', [one.userId]);
    await expect.poll(() => signedIn(one.cookie)).toBe(401);
  });

  it("an account's language changed by another server shows in this server's kept session as soon as its notice arrives", async () => {
    const one = await newStudent('Kept Session Language');
    const language = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: one.cookie } })).json().data.language as string;
    expect(await language()).toBe('en');
    expect(await language()).toBe('en');
    await writeElsewhere('users', `update users set language = 'mr' where id = $1`, [one.userId]);
    await expect.poll(language).toBe('mr');
  });

  it("a session's removal alone is announced: a sign-in or a renewal forgets no kept session (the triggers fire on DELETE and TRUNCATE)", async () => {
    const { rows } = await t.database.db.execute<{ name: string }>(sql`
      select tg.tgname as name from pg_trigger tg where tg.tgrelid = 'sessions'::regclass and tg.tgname like 'announce%' order by 1`);
    // On Citus the client announces instead (db/client.ts).
    if (!onCitus()) expect(rows.map((row) => row.name)).toEqual(['announce_delete', 'announce_truncate']);
  });

  it("a renewal here reads that session once again and forgets nobody else's", async () => {
    const db = t.database.db;
    const one = await newStudent('Kept Session Renewed');
    await keptNow('/batches', admin);
    // Last used eleven minutes ago (RENEW_AFTER_MS is ten): read again with that, its next request renews it.
    await db.execute(sql`update sessions set last_seen_at = now() - interval '11 minutes' where token_hash = ${hashToken(tokenOf(one.cookie))}`);
    forgetEverything(db);
    await keptNow('/batches', admin);
    const sessionReads = async (cookie: string) => {
      const { result, statements } = await statementsSentDuring(() => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }));
      return { renewed: result.cookies.some((cookie) => cookie.name === 'academy_session'), reads: statements.filter((statement) => statement.declaredTables?.includes('sessions')).length };
    };
    expect(await sessionReads(one.cookie)).toEqual({ renewed: true, reads: 1 });
    expect(await sessionReads(one.cookie)).toEqual({ renewed: false, reads: 1 });
    expect(await sessionReads(one.cookie)).toEqual({ renewed: false, reads: 0 });
    expect((await statementsSentDuring(() => get('/batches', admin))).statements).toEqual([]);
  });

  it("a kept session past its expiry by this server's clock is read again: the database's clock decides", async () => {
    const one = await newStudent('Kept Session Expiring');
    const expiresIn = async (seconds: number) => {
      // A write nobody announces (a renewal's kind); read again with it, the session is kept with that expiry.
      await t.database.db.execute(sql`update sessions set expires_at = now() + make_interval(secs => ${seconds}) where token_hash = ${hashToken(tokenOf(one.cookie))}`);
      forgetEverything(t.database.db);
      expect(await signedIn(one.cookie)).toBe(200);
    };
    await expiresIn(30);
    try {
      // Forty seconds on by this server's clock, within the kept answer's minute: the database says it still holds.
      vi.setSystemTime(Date.now() + 40_000);
      expect(await signedIn(one.cookie)).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    await expiresIn(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await signedIn(one.cookie)).toBe(401);
  });

  it('a kept session asked in its last seconds is answered at once and read again beside the answer: its minute ends with nobody waiting', async () => {
    const one = await newStudent('Kept Session Read Ahead');
    const sessionReads = async (during: () => Promise<unknown>) =>
      (await statementsSentDuring(during)).statements.filter((statement) => statement.declaredTables?.includes('sessions')).length;
    // Kept once the notices of the sign-in's own writes have come (on Citus every write of `users` is announced).
    await vi.waitFor(async () => expect(await sessionReads(() => signedIn(one.cookie))).toBe(0), { timeout: 15_000, interval: 100 });
    const start = Date.now();
    try {
      // Fifty-five seconds on (its minute ends at sixty): answered from memory, and read again beside it.
      vi.setSystemTime(start + 55_000);
      expect(await sessionReads(async () => {
        expect(await signedIn(one.cookie)).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      })).toBe(1);
      // Past the first minute: the session read then is kept (or still being read: joined), no request reads it.
      vi.setSystemTime(start + 65_000);
      expect(await sessionReads(() => signedIn(one.cookie))).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("academy A's kept session is no session in academy B", async () => {
    const one = await newStudent('Kept Session Academy A');
    await get('/student/batches', one.cookie);
    const inA = await withAcademy(FIRST_ACADEMY_ID, () => findSessionByToken(t.database.db, tokenOf(one.cookie)));
    expect(inA?.user.id).toBe(one.userId);
    const B = '00000000-0000-4000-8000-0000000000b8';
    await buildAcademies(t.database.db, { id: B, slug: 'kept-session-b', name: 'Kept Session B' });
    expect(await withAcademy(B, () => findSessionByToken(t.database.db, tokenOf(one.cookie)))).toBeUndefined();
  });
});
