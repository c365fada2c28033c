/**
 * `npm run bench`: how fast attendance is marked and read, on a nearly empty database and on a big
 * one (3,000 students in 150 batches of 80, a year of marks: about 1.9 million rows).
 *
 * It uses a throw-away database: on TEST_DATABASE_URL's server when set (a role that may create
 * databases), else a bundled PostgreSQL in the system's temporary folder, exactly as the API tests do.
 * Requests go through the whole application (app.inject: session, validation, permission checks,
 * serialisation); only the network is left out.
 *
 * Targets (a 2-core machine): marking an 80-student batch p99 < 50 ms; one student's yearly
 * statistics p95 < 20 ms; the fees dues list (overdue first, with its totals) p95 < 100 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { startBundledPostgres } from '../apps/api/src/db/bundled-postgres';
import { createDatabase, runMigrations, type Database } from '../apps/api/src/db/client';
import { createMailer } from '../apps/api/src/lib/mailer';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { serverKeysFrom } from '../apps/api/src/lib/server-keys';
import { hashPassword } from '../apps/api/src/lib/password';
import { generateToken, hashToken } from '../apps/api/src/lib/tokens';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { academyToday } from '../apps/api/src/academy-settings';
import { actorOfUser } from '../apps/api/src/access/actor';
import { recordAudit } from '../apps/api/src/modules/audit/audit.service';
import { ensureAppRoles } from '../apps/api/src/db/app-role';
import { databaseUrl, ensureApiBuilt, measureRead, PACED_CONNECTIONS, settleSeededDatabase, signIn, startServer, warmServer, type Read, type ReadResult } from './http-bench';
import { runConcurrencySoak } from './concurrency-soak';
import { runAcademyExportBench } from './academy-export';
import { runRegisterImportBench } from './register-import';
import { FULL_ONLINE_TEST, runOnlineTestBench } from './online-tests';
import { runManyAcademiesBench } from './many-academies';
import { runLecturesBench } from './lectures-bench';
import { runOmrBench } from './omr/omr-bench';
import { FIRST_ACADEMY_ID } from '../apps/api/src/lib/tenancy';
import { makeCitusDatabase } from '../apps/api/test/citus-cluster';

const STUDENTS = 3000;
const TEACHERS = 60;
const BATCHES = 150;
const BATCH_SIZE = 80;
const PASSWORD = 'bench-password-2026';
/** How many times each in-process measure runs, and the HTTP reads' windows: the full bench's, or a toy's (npm test). */
export type Runs = { mark: number; read: number; warmUp: number; http: { seconds: number; saturatedSeconds: number; rate: number } };

/** `keep`: the database is left for the caller (BENCH_KEEP=1 keeps the big one). */
export type Scenario = { label: string; students: number; teachers: number; batches: number; history: boolean; http: boolean; runs: Runs; keep?: boolean };

export function databaseOverride(connection: pg.PoolConfig, database: string): pg.PoolConfig {
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...connection, database };
}

function shiftDate(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { runs: sorted.length, p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1)!) };
}

/**
 * Everything is generated inside PostgreSQL (INSERT … SELECT over generate_series): no rows cross
 * the wire, so a year of marks for 150 batches takes seconds, not minutes. Each student is in four
 * batches (3,000 × 4 = 150 × 80 enrolments); batches meet three days a week.
 */
async function seed(database: Database, scenario: Scenario, today: string, connection: pg.PoolConfig) {
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);
  const yearAgo = shiftDate(today, -365);
  const started = Date.now();
  // The one academy of this database (its rows take it by default): on a Citus cluster (npm run proof:citus)
  // the academy tables are distributed by academy_id, so every statement below names it on each academy table
  // it reads and joins them on it, and Citus sends the statement whole to that academy's worker (issue 77).
  const academy = FIRST_ACADEMY_ID;
  await db.execute(sql`insert into standards (name, level) values ('10th Standard', 10)`);
  await db.execute(sql`insert into subjects (name, code) values ('Mathematics', 'MATH')`);
  await db.execute(sql`insert into users (name, email, role, password_hash) values ('Bench Admin', 'admin@bench.test', 'admin', ${passwordHash})`);
  await db.execute(sql`
    insert into users (name, email, role, password_hash)
    select 'Teacher ' || n, 'teacher' || n || '@bench.test', 'teacher', ${passwordHash} from generate_series(1, ${scenario.teachers}) n`);
  await db.execute(sql`insert into teachers (academy_id, user_id) select academy_id, id from users where role = 'teacher' and academy_id = ${academy}`);
  await db.execute(sql`
    insert into users (name, email, role, password_hash)
    select 'Student ' || n, 'student' || n || '@bench.test', 'student', ${passwordHash} from generate_series(1, ${scenario.students}) n`);
  await db.execute(sql`
    insert into students (academy_id, user_id, student_code, standard_id)
    select u.academy_id, u.id, 'BEN-2026-' || lpad((row_number() over ())::text, 5, '0'), (select id from standards where academy_id = ${academy})
    from users u where u.role = 'student' and u.academy_id = ${academy}`);
  // Batch n belongs to teacher ((n - 1) mod teachers) + 1, a teacher's batches at different hours;
  // even batches meet Mon/Wed/Fri, odd ones Tue/Thu/Sat.
  await db.execute(sql`
    insert into batches (academy_id, name, standard_id, subject_id, teacher_id, schedule_days, start_time, end_time, start_date, end_date, capacity)
    select t.academy_id, 'Batch ' || b.n, (select id from standards where academy_id = ${academy}), (select id from subjects where academy_id = ${academy}), t.id,
      case when b.n % 2 = 0 then array['mon','wed','fri'] else array['tue','thu','sat'] end,
      make_time(7 + 2 * ((b.n - 1) / ${scenario.teachers})::int, 0, 0), make_time(8 + 2 * ((b.n - 1) / ${scenario.teachers})::int, 30, 0),
      ${yearAgo}::date, ${shiftDate(today, 120)}::date, ${BATCH_SIZE}
    from generate_series(1, ${scenario.batches}) b(n)
    join (select te.id, te.academy_id, row_number() over (order by u.email) as n
          from teachers te join users u on u.academy_id = te.academy_id and u.id = te.user_id where te.academy_id = ${academy} and u.academy_id = ${academy}) t on t.n = (b.n - 1) % ${scenario.teachers} + 1`);
  // Students in order; batch b takes the 80 students starting at ((b - 1) × 20) mod total, so each has four batches.
  await db.execute(sql`
    with s as (select id, academy_id, row_number() over (order by id) - 1 as i, count(*) over () as total from students where academy_id = ${academy}),
         b as (select id, academy_id, row_number() over (order by name) - 1 as j from batches where academy_id = ${academy})
    insert into batch_students (academy_id, batch_id, student_id)
    select b.academy_id, b.id, s.id from b join s on s.academy_id = b.academy_id and ((s.i - b.j * ${Math.max(1, Math.floor(scenario.students / scenario.batches))}) % s.total + s.total) % s.total < ${BATCH_SIZE}`);
  if (scenario.history) {
    // A year of class days up to yesterday: mostly present, some late, absent or excused (deterministic).
    // Bulk loading: the secondary indexes are built once afterwards (far faster than row by row) and the
    // foreign-key triggers are skipped for this one statement (the generated rows are valid by construction).
    const { rows: indexes } = await db.execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes where tablename = 'attendance_records' and indexname <> 'attendance_records_pkey'`);
    for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
    await db.transaction(async (tx) => {
      const { rows: role } = await tx.execute<{ superuser: string }>(sql`select current_setting('is_superuser') as superuser`);
      if (role[0]?.superuser === 'on') await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into attendance_records (academy_id, batch_id, student_id, date, status, marked_by, marked_at)
        select bs.academy_id, bs.batch_id, bs.student_id, d::date,
          case (abs(hashtext(bs.student_id::text || d::date::text)) % 20) when 0 then 'absent' when 1 then 'absent' when 2 then 'late' when 3 then 'excused' else 'present' end,
          t.user_id, d + time '08:30'
        from batch_students bs
        join batches b on b.academy_id = bs.academy_id and b.id = bs.batch_id
        join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id
        cross join generate_series(${yearAgo}::date, ${shiftDate(today, -1)}::date, interval '1 day') d
        where bs.academy_id = ${academy} and b.academy_id = ${academy} and t.academy_id = ${academy} and lower(to_char(d, 'Dy')) = any(b.schedule_days)`);
    });
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  }
  // Fees (issue 22): an ₹18,000 plan in three instalments on every batch (60 days ago, today, in 60
  // days), so every student has 12 dues; a third paid, a third part-paid, a third untouched.
  await db.execute(sql`insert into fee_plans (academy_id, name, batch_id, amount_paise) select academy_id, name || ' fees', id, 1800000 from batches where academy_id = ${academy}`);
  await db.execute(sql`
    insert into fee_plan_instalments (academy_id, plan_id, seq, due_date, amount_paise)
    select p.academy_id, p.id, i, ${today}::date + (i * 60 - 120), 600000 from fee_plans p cross join generate_series(1, 3) i where p.academy_id = ${academy}`);
  await db.execute(sql`
    insert into fee_dues (academy_id, student_id, plan_id, batch_id, seq, number, label, due_date, amount_paise, paid_paise)
    select bs.academy_id, bs.student_id, p.id, p.batch_id, i.seq, row_number() over (partition by bs.student_id order by p.id, i.seq), p.name || ' · ' || i.seq || '/3', i.due_date, i.amount_paise,
      case abs(hashtext(bs.student_id::text || i.seq::text)) % 3 when 0 then i.amount_paise when 1 then 250000 else 0 end
    from batch_students bs join fee_plans p on p.academy_id = bs.academy_id and p.batch_id = bs.batch_id join fee_plan_instalments i on i.academy_id = p.academy_id and i.plan_id = p.id
    where bs.academy_id = ${academy} and p.academy_id = ${academy} and i.academy_id = ${academy}`);
  if (scenario.http) await seedExtras(database, today);
  await settleSeededDatabase(connection);
  const { rows } = await db.execute<{ students: number; batches: number; enrolments: number; marks: number }>(sql`
    select (select count(*)::int from students) as students, (select count(*)::int from batches) as batches,
      (select count(*)::int from batch_students) as enrolments, (select count(*)::int from attendance_records) as marks`);
  return { ...rows[0]!, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

/**
 * What else a year of an academy leaves behind, for the HTTP reads: 20 notes per batch, 200
 * announcements (every student notified of each), 5,000 admission enquiries.
 */
async function seedExtras(database: Database, today: string) {
  const db = database.db;
  // The one academy of this database, named on each academy table read (see seed).
  const academy = FIRST_ACADEMY_ID;
  await db.execute(sql`
    insert into notes (academy_id, title, description, subject_id, standard_id, teacher_id, batch_id, file_key, file_name, file_size, file_sha256, uploaded_by, created_at, updated_at)
    select b.academy_id, 'Chapter ' || n || ' of ' || b.name, 'Worked examples and exercises', b.subject_id, b.standard_id, b.teacher_id, b.id,
      'bench-' || b.id || '-' || n, 'chapter-' || n || '.pdf', 120000 + n, repeat('0', 64), t.user_id,
      ${today}::date - (n * 17 % 365), ${today}::date - (n * 17 % 365)
    from batches b join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id cross join generate_series(1, 20) n
    where b.academy_id = ${academy} and t.academy_id = ${academy}`);
  await db.execute(sql`
    insert into announcements (title, content, type, priority, audience, start_date, end_date, created_by, created_at)
    select 'Notice ' || n, 'The academy will be closed on the given day. Classes resume the day after.', 'general', 'medium', 'everyone',
      ${today}::date - (n * 2 % 365), ${today}::date - (n * 2 % 365) + 30, (select id from users where role = 'admin' and academy_id = ${academy} limit 1), ${today}::date - (n * 2 % 365)
    from generate_series(1, 200) n`);
  await db.execute(sql`
    insert into notifications (academy_id, student_id, message, is_read, created_at, announcement_id)
    select s.academy_id, s.id, 'New announcement: ' || a.title, a.start_date < ${today}::date - 20, a.created_at, a.id
    from students s join announcements a on a.academy_id = s.academy_id where s.academy_id = ${academy} and a.academy_id = ${academy}`);
  // Numbered 1 to 5,000 here, as the column's default (next_enquiry_number(): the academy's highest + 1) numbers
  // them on an empty table: on Citus that default would read the distributed table from a shard, which it refuses.
  await db.execute(sql`
    insert into admission_enquiries (number, student_name, email, phone, form, source, status, lost_reason, follow_up_on, standard_id, message, created_at, updated_at)
    select n, 'Enquirer ' || n, 'enquirer' || n || '@example.test', lpad((9000000000 + n)::text, 10, '0'), case when n % 3 = 0 then 'contact' else 'admission' end,
      (array['walk_in','phone','website','referral','newspaper','social_media','school_visit','other'])[n % 8 + 1],
      (array['new','contacted','admitted','rejected'])[n % 4 + 1], case when n % 4 = 3 then 'fees' end,
      -- Open enquiries have a follow-up day around today (issue 41: Call today, overdue, this week).
      case when n % 4 < 2 then ${today}::date + (n % 15) - 7 end,
      (select id from standards where academy_id = ${academy}), 'Please call back in the evening.',
      ${today}::date - (n % 365), ${today}::date - (n % 365)
    from generate_series(1, 5000) n`);
}

const connectionUrl = databaseUrl;

/**
 * 30 s at the fixed rate: 9,000 requests, so one pause of the shared machine (another process, a
 * collection in the server or in the load generator) is the fraction of requests it really delays, instead of
 * being the whole p99 of a 10 s window (measured: the same read's p99 went 19 → 87 → 16 ms run to run).
 */
const HTTP_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** BENCH_RATE: another fixed rate (a server that saturates below 300 req/s is compared at one it holds). */
const HTTP_RATE = Number(process.env.BENCH_RATE ?? 300);
export const FULL_RUNS: Runs = { mark: 200, read: 400, warmUp: 20, http: { seconds: HTTP_SECONDS, saturatedSeconds: 3, rate: HTTP_RATE } };

/**
 * Keeps the server's daily automatic backup from running beside the measured reads. Its data folder is
 * new, so today's backup was due the moment it started, and copying 1.9 million marks ran through the
 * whole measurement (the server log showed it); an academy's runs at night. No time of day reaches
 * "24:00" (times compare as HH:MM text), so it is never due here.
 */
async function neverDueBackup(connection: pg.PoolConfig, database: string) {
  const client = new pg.Client({ connectionString: connectionUrl(connection, database) });
  await client.connect();
  try {
    const updated = await client.query(`update academy_settings set backup_time = '24:00'`);
    if (updated.rowCount !== 1) throw new Error('the bench database has no academy settings row to keep the backup away');
  } finally {
    await client.end();
  }
}

/** Every batch, and a signed-in session for every student (made in the database: 3,000 sign-ins would take minutes). */
async function everyBatchAndStudent(connection: pg.PoolConfig, database: string): Promise<{ batchIds: string[]; studentCookies: string[] }> {
  const client = new pg.Client({ connectionString: connectionUrl(connection, database) });
  await client.connect();
  try {
    const batchIds = (await client.query<{ id: string }>('select id from batches order by id')).rows.map((row) => row.id);
    const userIds = (await client.query<{ user_id: string }>('select user_id from students order by random()')).rows.map((row) => row.user_id);
    const tokens = userIds.map(() => generateToken());
    await client.query(
      // A bare connection names each row's academy (the one academy of this database).
      `insert into sessions (academy_id, token_hash, user_id, expires_at, ip) select $3, hash, user_id, now() + interval '1 day', '127.0.0.1' from unnest($1::text[], $2::uuid[]) as s(hash, user_id)`,
      [tokens.map(hashToken), userIds, FIRST_ACADEMY_ID],
    );
    return { batchIds, studentCookies: tokens.map((token) => `${SESSION_COOKIE}=${token}`) };
  } finally {
    await client.end();
  }
}

/** The real server on this database, each read at a fixed 300 requests/s over loopback. */
/** `only`: the reads whose label holds it, besides the bare route (the ratios' base): bench/kept-reads.ts. */
export async function httpReads(connection: pg.PoolConfig, database: string, workDir: string, who: { batchId: string; teacherEmail: string; studentEmail: string; classDay: string }, timing: Runs['http'], only?: string) {
  ensureApiBuilt();
  await neverDueBackup(connection, database);
  // The server serves as the application's role, which row-level security binds, as every installation
  // does (decision 068); a superuser's connection (the bench's own) skips every policy and would hide
  // their cost (issue 74). The tables are the owner role's.
  const roles = { owner: { role: 'academy_bench_owner', password: randomBytes(12).toString('hex') }, serving: { role: 'academy_bench_app', password: randomBytes(12).toString('hex') }, database };
  // On the bench database itself (a connection string names its database: pg would ignore a `database` beside it).
  await ensureAppRoles(databaseOverride(connection, database), roles);
  const server = await startServer({
    dataDir: path.join(workDir, 'server-data'),
    databaseUrl: connectionUrl(connection, database, roles.serving),
    env: () => ({ MIGRATION_DATABASE_URL: connectionUrl(connection, database, roles.owner) }),
    cpuProfileDir: process.env.BENCH_CPU_PROF,
  });
  try {
    const admin = await signIn(server.url, 'admin@bench.test', PASSWORD);
    const teacher = await signIn(server.url, who.teacherEmail, PASSWORD);
    const student = await signIn(server.url, who.studentEmail, PASSWORD);
    const { batchIds, studentCookies } = await everyBatchAndStudent(connection, database);
    // Every request of a run another student, or another batch and past day.
    const anyStudent = (n: number) => ({ cookie: studentCookies[n % studentCookies.length] });
    const anyRoster = (n: number) => ({ path: `/api/attendance/${batchIds[n % batchIds.length]}/${shiftDate(who.classDay, -(Math.floor(n / batchIds.length) % 200))}` });
    const reads: Read[] = [
      { label: 'bare: anonymous GET /api/auth/me (401)', path: '/api/auth/me', expectStatus: 401 },
      { label: 'signed-in GET /api/auth/me', path: '/api/auth/me', cookie: student },
      { label: 'student GET /api/student/attendance', path: '/api/student/attendance', cookie: student },
      { label: 'admin GET /api/batches?populate=enrolledStudents', path: '/api/batches?populate=enrolledStudents', cookie: admin },
      { label: 'admin GET /api/students (search, page 1)', path: `/api/students?page=1&limit=20&search=${encodeURIComponent('Student 12')}`, cookie: admin },
      { label: "teacher's day roster GET /api/attendance/:batch/:date", path: `/api/attendance/${who.batchId}/${who.classDay}`, cookie: teacher },
      { label: 'admin GET /api/admin/dashboard/summary', path: '/api/admin/dashboard/summary', cookie: admin },
      { label: 'student GET /api/notifications', path: '/api/notifications', cookie: student },
      // The reads above ask for the same answer again and again, as a class opening one screen does:
      // from the second request on it is kept (lib/read-cache.ts). These ask for a new answer each
      // time (another range, another batch and day): the cost of reading afresh, after a change.
      { label: 'student GET /api/student/attendance, each a new student', path: '/api/student/attendance', cookie: student, vary: anyStudent },
      { label: 'admin day roster of any batch and day, each a new one', path: anyRoster(0).path, cookie: admin, vary: anyRoster },
    ];
    const results = [];
    await warmServer(server.url, reads[0]!, timing.saturatedSeconds);
    for (const read of reads.filter((one, index) => index === 0 || !only || one.label.includes(only))) results.push(await measureRead(server.url, read, { ...timing, serverPid: server.process.pid }));
    return results;
  } finally {
    await server.stop();
  }
}

/** How many starts with the database built the cold start measures: one start is at the mercy of whatever else the machine does. */
const COLD_STARTS = 5;

/**
 * Cold start: the built server on a DATA_DIR whose bundled PostgreSQL already exists, to its first answer;
 * the first start ever (it creates the database), then COLD_STARTS starts, of which the median is the figure.
 */
async function coldStart(): Promise<{ firstMs: number; startsMs: number[]; medianMs: number }> {
  ensureApiBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-cold-'));
  fs.chmodSync(dataDir, 0o711);
  try {
    const first = await startServer({ dataDir });
    await first.stop();
    const startsMs: number[] = [];
    for (let index = 0; index < COLD_STARTS; index += 1) {
      const again = await startServer({ dataDir });
      await again.stop();
      startsMs.push(Math.round(again.startMs));
    }
    const medianMs = [...startsMs].sort((a, b) => a - b)[Math.floor(COLD_STARTS / 2)]!;
    return { firstMs: Math.round(first.startMs), startsMs, medianMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(connection: pg.PoolConfig, scenario: Scenario) {
  const { mark: MARK_RUNS, read: READ_RUNS, warmUp: WARM_UP } = scenario.runs;
  const name = `academy_bench_${scenario.history ? 'full' : 'empty'}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`create database "${name}"`);
  // On a Citus coordinator (npm run proof:citus): the database on the workers too, with the extension.
  await makeCitusDatabase(connection, name, 'postgres');
  const database = createDatabase(databaseOverride(connection, name));
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-outbox-'));
  try {
    await runMigrations(database.pool);
    const today = await academyToday(database.db);
    // Generating a year of marks takes longer than the server's 15 s statement limit: seeding runs on its
    // own connections without limits (the app under test keeps them).
    const seeding = createDatabase({ ...databaseOverride(connection, name), statement_timeout: false, query_timeout: 0 });
    const seeded = await seed(seeding, scenario, today, databaseOverride(connection, name)).finally(() => seeding.close());
    const mailer = createMailer({ smtpUrl: undefined, from: { name: 'Academy', address: 'no-reply@localhost' }, outboxDir, log: () => {} });
    // Backups and stored files are not measured here: throw-away folders beside the outbox.
    const filesDir = path.join(outboxDir, 'files');
    const storage = createLocalStorage({ root: filesDir, incomingDir: path.join(outboxDir, 'files-incoming') });
    const app = await buildApp({ db: database.db, config: { isProduction: false, publicUrl: undefined, trustProxy: false }, mailer, keys: serverKeysFrom(randomBytes(32).toString('hex')), storage, backups: { backupsDir: path.join(outboxDir, 'backups'), filesDir } });
    try {
      const { rows: [target] } = await database.db.execute<{ batch_id: string; email: string }>(sql`
        select b.id as batch_id, u.email from batches b join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id join users u on u.academy_id = t.academy_id and u.id = t.user_id
        where b.academy_id = ${FIRST_ACADEMY_ID} and t.academy_id = ${FIRST_ACADEMY_ID} and u.academy_id = ${FIRST_ACADEMY_ID} order by b.name limit 1`);
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target!.email, password: PASSWORD } });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const { rows: roster } = await database.db.execute<{ student_id: string }>(sql`select student_id from batch_students where batch_id = ${target!.batch_id} order by student_id`);
      if (roster.length !== BATCH_SIZE) throw new Error(`the target batch has ${roster.length} students, not ${BATCH_SIZE}`);
      const statuses = ['present', 'present', 'present', 'absent', 'late', 'present', 'excused'];

      // Marking: each run a different day of the past year (a class day replaces its marks, any other day adds new ones).
      const markTimes: number[] = [];
      for (let index = 0; index < WARM_UP + MARK_RUNS; index += 1) {
        const date = shiftDate(today, -(index % 300));
        const records = roster.map((row, position) => ({ studentId: row.student_id, status: statuses[(position + index) % statuses.length], remark: position % 10 === 0 ? 'Informed' : null }));
        const started = process.hrtime.bigint();
        const response = await app.inject({ method: 'POST', url: `/api/attendance/batch/${target!.batch_id}`, headers: { cookie }, payload: { date, records } });
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) throw new Error(`marking answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (index >= WARM_UP) markTimes.push(elapsed);
      }

      // The audit log (issue 19): each marking adds exactly one entry, in its transaction; its cost is
      // that one INSERT, timed here on its own (the same statement recordAudit runs).
      const { rows: [logged] } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action in ('attendance.submit', 'attendance.correct')`);
      if (logged!.n !== WARM_UP + MARK_RUNS) throw new Error(`${WARM_UP + MARK_RUNS} markings left ${logged!.n} audit entries, not one each`);
      const auditTimes: number[] = [];
      const teacherActor = await actorOfUser(database.db, (await database.db.execute<{ id: string }>(sql`select id from users where email = ${target!.email}`)).rows[0]!.id);
      for (let index = 0; index < WARM_UP + MARK_RUNS; index += 1) {
        const started = process.hrtime.bigint();
        await recordAudit(database.db, teacherActor!, { action: 'attendance.submit', entityType: 'attendance', entityId: target!.batch_id, text: { key: 'attendance.marked', values: { batch: 'Bench', date: '01-01-2026', present: 1, absent: 0, late: 0 } } });
        if (index >= WARM_UP) auditTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      }

      // One student's statistics over a year (the teacher's student-wise view), a different student each time.
      const readTimes: number[] = [];
      const yearAgo = shiftDate(today, -365);
      for (let index = 0; index < WARM_UP + READ_RUNS; index += 1) {
        const student = roster[index % roster.length]!.student_id;
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'GET',
          url: `/api/attendance/student/${student}/batch/${target!.batch_id}?startDate=${yearAgo}&endDate=${today}`,
          headers: { cookie },
        });
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) throw new Error(`statistics answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (index >= WARM_UP) readTimes.push(elapsed);
      }
      // The floor under both: a signed-in request that reads only the session (GET /api/auth/me).
      const floorTimes: number[] = [];
      for (let index = 0; index < WARM_UP + READ_RUNS; index += 1) {
        const started = process.hrtime.bigint();
        await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
        if (index >= WARM_UP) floorTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      // The admin's Fees screen: the overdue dues (page 1 of 50, with the totals over all of them), and every unpaid due.
      const adminLogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@bench.test', password: PASSWORD } });
      const adminCookie = adminLogin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const duesTimes: number[] = [];
      let duesTotal = 0;
      for (let index = 0; index < WARM_UP + READ_RUNS; index += 1) {
        const url = index % 2 === 0 ? '/api/fees/dues?overdue=true&page=1&limit=50' : '/api/fees/dues?page=3&limit=50';
        const started = process.hrtime.bigint();
        const response = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) throw new Error(`the dues list answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        if (index === 0) duesTotal = response.json().data.totals.count;
        if (index >= WARM_UP) duesTimes.push(elapsed);
      }
      const sample = await app.inject({ method: 'GET', url: `/api/attendance/student/${roster[0]!.student_id}/batch/${target!.batch_id}?startDate=${yearAgo}&endDate=${today}`, headers: { cookie } });
      const result = { scenario: scenario.label, database: name, seeded, marking: summary(markTimes), audit: summary(auditTimes), statistics: summary(readTimes), floor: summary(floorTimes), dues: summary(duesTimes), overdueDues: duesTotal, sampleMarks: sample.json().data.statistics.total as number };
      if (!scenario.http) return { ...result, http: undefined };
      await app.close();
      const { rows: [people] } = await database.db.execute<{ student_email: string; class_day: string }>(sql`
        select (select u.email from students s join users u on u.academy_id = s.academy_id and u.id = s.user_id where s.academy_id = ${FIRST_ACADEMY_ID} and u.academy_id = ${FIRST_ACADEMY_ID} and s.id = ${roster[0]!.student_id}) as student_email,
          (select max(date)::text from attendance_records where batch_id = ${target!.batch_id} and date < ${today}::date) as class_day`);
      return { ...result, http: await httpReads(connection, name, outboxDir, { batchId: target!.batch_id, teacherEmail: target!.email, studentEmail: people!.student_email, classDay: people!.class_day }, scenario.runs.http) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    // BENCH_KEEP=1 keeps the big database for EXPLAIN (ANALYZE, BUFFERS) afterwards (drop it yourself).
    if (scenario.keep || (process.env.BENCH_KEEP && scenario.http)) console.log(`  kept the database "${name}"`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  }
}

export function printHttp(results: ReadResult[]) {
  const bare = results[0]!;
  console.log(`  HTTP (built server over loopback; 3 s saturated by autocannon, 10 connections; then ${HTTP_SECONDS} s at a fixed ${HTTP_RATE} req/s, each request sent when due, up to ${PACED_CONNECTIONS} connections; load average ${os.loadavg()[0]!.toFixed(1)}):`);
  console.log(`    ${'read'.padEnd(56)} ${'saturated'.padStart(10)} ${'× bare'.padStart(7)} ${'req/s'.padStart(6)} ${'p50'.padStart(5)} ${'p90'.padStart(5)} ${'p99'.padStart(5)} ${'errors'.padStart(6)} ${'bytes'.padStart(8)} ${'CPU ms/req'.padStart(10)} ${'PG ms/req'.padStart(9)} ${'bench ms/req'.padStart(12)} ${'busy'.padStart(5)}`);
  for (const read of results) {
    console.log(
      `    ${read.label.padEnd(56)} ${String(read.saturated).padStart(10)} ${(read.saturated / bare.saturated).toFixed(2).padStart(7)} ${String(read.rate).padStart(6)} ${String(read.p50).padStart(5)} ${String(read.p90).padStart(5)} ${String(read.p99).padStart(5)} ${String(read.errors + read.wrongStatus).padStart(6)} ${String(read.bytes).padStart(8)} ${String(read.cpuMs ?? '–').padStart(10)} ${String(read.postgresCpuMs ?? '–').padStart(9)} ${String(read.benchCpuMs).padStart(12)} ${busyText(read).padStart(5)}`,
    );
  }
  console.log("    (latencies in ms; bytes: one answer uncompressed; CPU ms/req: the server process's CPU time per answer at the fixed rate, little changed by other work on the machine; PG ms/req: every PostgreSQL process's on this machine, per answer at the fixed rate; bench ms/req: the load generator's, which shares the cores; busy: how busy the machine's cores were at the fixed rate, everyone's work together)");
}

/** How busy the machine's cores were during a read's fixed rate, in per cent ('–' off Linux). */
function busyText(read: ReadResult) {
  return read.machineBusy === undefined ? '–' : `${Math.round(read.machineBusy * 100)}%`;
}

async function main() {
  // BENCH_ONLY=omr reads the OMR photo set (bench/omr/omr-bench.ts, OMR_PHOTOS photos, 100 by default); no database.
  if (process.env.BENCH_ONLY === 'omr') {
    const count = Number(process.env.OMR_PHOTOS ?? 100);
    console.log(`\nOMR sheets: ${count} generated phone photos read on the server and on a phone …`);
    const { checks } = await runOmrBench(count);
    for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
    return;
  }
  // BENCH_ONLY=lectures renders a 60-minute lecture made by ffmpeg (bench/lectures-bench.ts); no database.
  if (process.env.BENCH_ONLY === 'lectures') {
    console.log(`\nLectures: a ${process.env.LECTURE_MINUTES ?? 60}-minute lecture's renditions (load average ${os.loadavg().map((value) => value.toFixed(1)).join(', ')} on ${os.cpus().length} cores) …`);
    const { checks } = await runLecturesBench();
    for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
    return;
  }
  let connection: pg.PoolConfig;
  let stop = async () => {};
  let tempDir: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    connection = { connectionString: process.env.TEST_DATABASE_URL };
    console.log('PostgreSQL: TEST_DATABASE_URL');
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-'));
    fs.chmodSync(tempDir, 0o711);
    const server = await startBundledPostgres(tempDir);
    // Each run creates and drops databases of its own: the superuser's connection (the app role may not).
    connection = server.superuserConnection;
    stop = server.stop;
    console.log(`PostgreSQL: bundled, in ${tempDir}`);
  }
  // Other work on the machine shows in every number: say how busy it was.
  console.log(`Load average (1, 5, 15 min): ${os.loadavg().map((value) => value.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);
  const load = () => os.loadavg().map((value) => value.toFixed(1)).join(', ');
  const soak = async () => {
    console.log(`\nConcurrency soak: payments, marks, attendance and enrolments at once for ${process.env.SOAK_SECONDS ?? 60} s (SOAK_SECONDS) …`);
    return runConcurrencySoak(connection, (name) => databaseOverride(connection, name));
  };
  try {
    // BENCH_ONLY=soak runs only the concurrency soak (bench/concurrency-soak.ts).
    if (process.env.BENCH_ONLY === 'soak') {
      const checks = await soak();
      for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
      process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
      return;
    }
    const exportBench = async () => {
      console.log('\nThe academy workbook (GET /api/exports/academy.xlsx) on 3,000 students …');
      return (await runAcademyExportBench(connection, (name) => databaseOverride(connection, name))).checks;
    };
    const importBench = async () => {
      console.log('\nA register of 2,000 students imported (POST /api/imports/students) …');
      return (await runRegisterImportBench(connection, (name) => databaseOverride(connection, name))).checks;
    };
    // BENCH_ONLY=import runs only the register's import (bench/register-import.ts).
    if (process.env.BENCH_ONLY === 'import') {
      const checks = await importBench();
      for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
      process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
      return;
    }
    const onlineTestBench = async () => {
      console.log(`\nOnline tests: ${FULL_ONLINE_TEST.students} students start a 90-question paper within ${FULL_ONLINE_TEST.startSeconds} s, save an answer every 20 s for ${FULL_ONLINE_TEST.saveSeconds} s, submit within ${FULL_ONLINE_TEST.submitSeconds} s …`);
      return (await runOnlineTestBench(connection, (name) => databaseOverride(connection, name))).checks;
    };
    // BENCH_ONLY=online-tests runs only the online test day (bench/online-tests.ts).
    if (process.env.BENCH_ONLY === 'online-tests') {
      const checks = await onlineTestBench();
      for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
      process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
      return;
    }
    // BENCH_ONLY=export runs only the academy workbook (bench/academy-export.ts).
    if (process.env.BENCH_ONLY === 'export') {
      const checks = await exportBench();
      for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
      process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
      return;
    }
    const manyBench = async (baseline: ReadResult[] | undefined) => {
      console.log(`\nMany academies on one deployment (issue 55): ${process.env.BENCH_ACADEMIES ?? 300} academies × ${process.env.BENCH_STUDENTS_EACH ?? 200} students, each request at another academy …`);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      const many = await runManyAcademiesBench(connection, baseline, today);
      console.log('  the same reads, each request at another academy\'s host:');
      printHttp(many.reads);
      return many.checks;
    };
    const results = [];
    // BENCH_ONLY=http skips the small database (quicker when working on the HTTP reads).
    const scenarios: Scenario[] = [
      { label: `small (${BATCH_SIZE} students, 2 batches, a year of marks: about 20,000)`, students: BATCH_SIZE, teachers: 2, batches: 2, history: true, http: false, runs: FULL_RUNS },
      { label: `big (${STUDENTS} students, ${TEACHERS} teachers, ${BATCHES} batches of ${BATCH_SIZE}, a year of marks, notes, announcements, enquiries)`, students: STUDENTS, teachers: TEACHERS, batches: BATCHES, history: true, http: true, runs: FULL_RUNS },
    ];
    // BENCH_ONLY=small runs only the small database (a quick look at the marking path).
    // BENCH_ONLY=many: the single-academy HTTP reads (the baseline), then the same over 300 academies.
    const only = process.env.BENCH_ONLY;
    // BENCH_MANY_BASELINE=0 with BENCH_ONLY=many: only the many academies, without the single academy's reads (no
    // ratios): the Citus proof compares the many academies on two clusters (scripts/prove-citus.ts).
    const withoutBaseline = only === 'many' && process.env.BENCH_MANY_BASELINE === '0';
    for (const scenario of withoutBaseline ? [] : only === 'http' || only === 'many' ? scenarios.slice(1) : only === 'small' ? scenarios.slice(0, 1) : scenarios) {
      console.log(`\nSeeding: ${scenario.label} …`);
      const result = await run(connection, scenario);
      console.log(`  seeded ${result.seeded.students} students, ${result.seeded.batches} batches, ${result.seeded.enrolments} enrolments, ${result.seeded.marks} marks in ${result.seeded.seconds} s`);
      console.log(`  mark an 80-student batch (POST):        p50 ${result.marking.p50} ms · p95 ${result.marking.p95} ms · p99 ${result.marking.p99} ms · max ${result.marking.max} ms (${result.marking.runs} runs)`);
      console.log(`    its audit entry, one INSERT (timed alone with its own commit, an upper bound): p50 ${result.audit.p50} ms · p95 ${result.audit.p95} ms · p99 ${result.audit.p99} ms (one entry per marking, checked)`);
      console.log(
        `  one student's yearly statistics (GET):  p50 ${result.statistics.p50} ms · p95 ${result.statistics.p95} ms · p99 ${result.statistics.p99} ms · max ${result.statistics.max} ms (${result.statistics.runs} runs, ${result.sampleMarks} marks each)`,
      );
      console.log(`  the dues list (GET /fees/dues, page of 50): p50 ${result.dues.p50} ms · p95 ${result.dues.p95} ms · p99 ${result.dues.p99} ms (${result.dues.runs} runs; ${result.overdueDues} overdue dues)`);
      console.log(`  floor: session only (GET /auth/me):     p50 ${result.floor.p50} ms · p95 ${result.floor.p95} ms · p99 ${result.floor.p99} ms`);
      console.log(`  (in-process through app.inject; load average now ${load()})`);
      if (result.http) printHttp(result.http);
      results.push(result);
    }
    if (only === 'many') {
      const checks = await manyBench(results.at(-1)?.http);
      for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
      process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
      return;
    }
    console.log('\nCold start (built server, bundled PostgreSQL already initialised, to the first answer of GET /api/health) …');
    const cold = await coldStart();
    console.log(`  first start ever (creates the database): ${cold.firstMs} ms · starts with the database built: ${cold.startsMs.join(', ')} ms, median ${cold.medianMs} ms (load average ${load()})`);

    const big = results.at(-1)!;
    const small = results.length > 1 ? results[0]! : undefined;
    const slowdown = small ? big.statistics.p95 / small.statistics.p95 : undefined;
    const checks: [string, boolean][] = [
      ['marking an 80-student batch p99 < 50 ms', big.marking.p99 < 50],
      ["a student's yearly statistics p95 < 20 ms", big.statistics.p95 < 20],
      [`the fees dues list over ${big.seeded.students} students p95 < 100 ms`, big.dues.p95 < 100],
      ...(slowdown !== undefined ? [[`statistics at ${big.seeded.marks} marks no more than 2× slower than at ${small!.seeded.marks} (${slowdown.toFixed(2)}×)`, slowdown <= 2] as [string, boolean]] : []),
      [`cold start with the database built < 2 s (median of ${COLD_STARTS}: ${cold.medianMs} ms)`, cold.medianMs < 2000],
    ];
    if (big.http) {
      const [bare, me, ...rest] = big.http;
      // Issue 74: with row-level security on, at least what these reads served before it (6a7fa15), as ratios to the bare route.
      const before: [string, number][] = [
        ['signed-in GET /api/auth/me', 0.59],
        ['student GET /api/student/attendance', 0.55],
        ['admin GET /api/batches?populate=enrolledStudents', 0.33],
        ['admin GET /api/students (search, page 1)', 0.57],
      ];
      for (const [label, goal] of before) {
        const read = big.http.find((one) => one.label === label)!;
        const ratio = read.saturated / bare!.saturated;
        checks.push([`${label} serves at least ${goal} of the bare route (${ratio.toFixed(2)})`, ratio >= goal]);
      }
      // Issue 74: "p99 ≤ 25 ms at 300 req/s": requests sent at that rate (pacedRun), each latency from when it was due (whole milliseconds).
      // The whole window decides; a miss also names the p99 of the window's second half (decision 108: where it came from).
      for (const read of [me!, ...rest]) {
        const met = read.p99 <= 25 && read.errors + read.wrongStatus === 0 && read.rate >= HTTP_RATE * 0.95;
        checks.push([`${read.label}: p99 ≤ 25 ms with 0 errors at ${HTTP_RATE} req/s (${read.p99} ms${met ? '' : `; ${read.p99SecondHalf} ms in the window's second half; the machine's cores ${busyText(read)} busy`})`, met]);
      }
    }
    // The soak runs with every measure (not with BENCH_ONLY=http or small, which are for quick looks).
    if (!process.env.BENCH_ONLY) checks.push(...(await soak()));
    // So does the academy workbook (issue 39).
    if (!process.env.BENCH_ONLY) checks.push(...(await exportBench()));
    // And a register's import (issue 39).
    if (!process.env.BENCH_ONLY) checks.push(...(await importBench()));
    if (!process.env.BENCH_ONLY) checks.push(...(await onlineTestBench()));
    // And many academies on one deployment (issue 55), against the big database's reads.
    if (!process.env.BENCH_ONLY) checks.push(...(await manyBench(big.http)));
    console.log(`\nLoad average at the end: ${load()}\nTargets on the big database:`);
    for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

// Run as `npm run bench`; imported (the toy runs in npm test, bench/benches.toy.test.ts), it only exports.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
