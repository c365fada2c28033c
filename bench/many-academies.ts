/**
 * Many academies on one deployment (issue 55): 300 academies × 200 students, each with a term of
 * attendance, fees and marks, on one PostgreSQL; the real built server with ACADEMY_HOSTING=many,
 * connected as a role that row-level security binds (not a superuser); the issue-16 reads, each
 * request at another academy's host (`a042.localhost`) with that academy's people. Their p99 at 300
 * requests/s is compared with the single-academy figures of the same run (the big database), when given.
 *
 * `BENCH_ONLY=many npm run bench` runs it after the single-academy HTTP reads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { createDatabase, runMigrations, type Database } from '../apps/api/src/db/client';
import { ensureAppRoles } from '../apps/api/src/db/app-role';
import { makeCitusDatabase } from '../apps/api/test/citus-cluster';
import { hashPassword } from '../apps/api/src/lib/password';
import { TABLE_CHANGES_CHANNEL } from '../apps/api/src/lib/read-cache';
import { generateToken, hashToken } from '../apps/api/src/lib/tokens';
import { ensureApiBuilt, measureRead, postgresCpuByProcess, postgresCpuSince, serverCpuMs, settleSeededDatabase, startServer, warmServer, type Read, type ReadResult } from './http-bench';

/** How many academies of how many students, and the reads' windows: the full bench's, or a toy's (npm test). */
export type ManySize = { academies: number; studentsEach: number; http: { seconds: number; saturatedSeconds: number; rate: number } };
/** BENCH_RATE: another fixed rate, as for the single academy's reads (bench/attendance-bench.ts). */
const HTTP_RATE = Number(process.env.BENCH_RATE ?? 300);
const FULL_MANY: ManySize = { academies: Number(process.env.BENCH_ACADEMIES ?? 300), studentsEach: Number(process.env.BENCH_STUDENTS_EACH ?? 200), http: { seconds: Number(process.env.BENCH_SECONDS ?? 30), saturatedSeconds: 3, rate: HTTP_RATE } };
const TEACHERS_EACH = 4;
const PASSWORD = 'bench-password-2026';
const APP_ROLE = 'academy_bench_app';
const OWNER_ROLE = 'academy_bench_owner';

/** The same server as `connection`, another database, optionally as another role. */
function connectionFor(connection: pg.PoolConfig, database: string, as?: { user: string; password: string }): pg.PoolConfig {
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.pathname = `/${database}`;
    if (as) {
      url.username = as.user;
      url.password = as.password;
    }
    return { connectionString: url.toString() };
  }
  return { ...connection, database, ...(as ? { user: as.user, password: as.password } : {}) };
}

/** A DATABASE_URL for the server (the bundled PostgreSQL listens on a Unix socket). */
function urlOf(connection: pg.PoolConfig): string {
  if (connection.connectionString) return connection.connectionString;
  const password = typeof connection.password === 'string' ? `:${encodeURIComponent(connection.password)}` : '';
  return `postgresql://${encodeURIComponent(connection.user ?? 'postgres')}${password}@localhost:${connection.port ?? 5432}/${connection.database}?host=${encodeURIComponent(String(connection.host))}`;
}

/**
 * Everything generated inside PostgreSQL, academy by academy (the superuser's connection, which
 * row-level security does not bind, so each row names its academy itself). Per academy: an admin, four
 * teachers, 200 students, four batches of 100 (each student in two) meeting three days a week, a
 * term (the last 90 days) of marks, a plan of three instalments per batch, four published tests per batch.
 */
async function seed(connection: pg.PoolConfig, today: string, size: ManySize) {
  const { academies: ACADEMIES, studentsEach: STUDENTS_EACH } = size;
  const database = createDatabase({ ...connection, statement_timeout: false, query_timeout: 0 }, { defaultAcademyId: null });
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);
  const started = Date.now();
  try {
    await db.execute(sql`insert into academies (slug, name, city) select 'a' || lpad(n::text, 3, '0'), 'Academy ' || n, 'Latur' from generate_series(1, ${ACADEMIES}) n`);
    // On a Citus cluster (npm run proof:citus) the academy tables are distributed by academy_id: every
    // statement below is one academy's (each distributed table filtered on it, joins on the academy too),
    // so Citus sends it to that academy's worker whole. Academy by academy, the same rows as one statement for all.
    const { rows: ours } = await db.execute<{ id: string }>(sql`select id from academies where slug ~ '^a[0-9]{3}$' order by slug`);
    // The indexes of the marks are dropped for the bulk load and built once afterwards (below).
    const { rows: indexes } = await db.execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes where tablename = 'attendance_records' and indexname <> 'attendance_records_pkey'`);
    for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
    for (const { id: academy } of ours) await seedAcademy(db, academy, today, passwordHash, STUDENTS_EACH);
    for (const index of indexes) await db.execute(sql.raw(index.definition));
    await settleSeededDatabase(connection);
    return await counted(connection, started);
  } finally {
    await database.close();
  }
}

/** What the database holds (the seed's figures), and the seconds since `started`. */
async function counted(connection: pg.PoolConfig, started: number) {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    const { rows } = await client.query<{ academies: number; students: number; marks: number; dues: number; test_marks: number }>(`
      select (select count(*)::int from academies where slug ~ '^a[0-9]{3}$') as academies, (select count(*)::int from students) as students,
        (select count(*)::int from attendance_records) as marks, (select count(*)::int from fee_dues) as dues, (select count(*)::int from exam_marks) as test_marks`);
    return { ...rows[0]!, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await client.end();
  }
}

/**
 * One academy's rows (see seed): every statement names the academy on each academy table it reads and
 * joins them on it, so on Citus it runs whole on the academy's worker (issue 77).
 */
async function seedAcademy(db: Database['db'], academy: string, today: string, passwordHash: string, studentsEach: number) {
  // The automatic backup is never due here (times compare as HH:MM text; no time reaches 24:00): an academy's runs at night.
  await db.execute(sql`
    insert into academy_settings (academy_id, name, tagline, address, phones, email, office_hours, time_zone, backup_time)
    select id, name, 'Coaching for 10th', 'Main road, Latur', array['+919876543210', '+919876543211', '+919876543212'], 'office@' || slug || '.test', 'Mon–Sat 9–7', 'Asia/Kolkata', '24:00'
    from academies where id = ${academy}`);
  await db.execute(sql`insert into standards (academy_id, name, level) select id, '10th Standard', 10 from academies where id = ${academy}`);
  await db.execute(sql`insert into subjects (academy_id, name, code) select id, 'Mathematics', 'MATH' from academies where id = ${academy}`);
  // The same addresses in every academy: people are per academy (issue 55).
  await db.execute(sql`insert into users (academy_id, name, email, role, password_hash) select id, 'Bench Admin', 'admin@bench.test', 'admin', ${passwordHash} from academies where id = ${academy}`);
  await db.execute(sql`
    insert into users (academy_id, name, email, role, password_hash)
    select a.id, 'Teacher ' || n, 'teacher' || n || '@bench.test', 'teacher', ${passwordHash} from academies a cross join generate_series(1, ${TEACHERS_EACH}) n where a.id = ${academy}`);
  await db.execute(sql`insert into teachers (academy_id, user_id) select academy_id, id from users where role = 'teacher' and academy_id = ${academy}`);
  await db.execute(sql`
    insert into users (academy_id, name, email, role, password_hash)
    select a.id, 'Student ' || n, 'student' || n || '@bench.test', 'student', ${passwordHash} from academies a cross join generate_series(1, ${studentsEach}) n where a.id = ${academy}`);
  await db.execute(sql`
    insert into students (academy_id, user_id, student_code, standard_id)
    select u.academy_id, u.id, 'BEN-2026-' || lpad((row_number() over (partition by u.academy_id order by u.email))::text, 5, '0'), st.id
    from users u join standards st on st.academy_id = u.academy_id where u.role = 'student' and u.academy_id = ${academy} and st.academy_id = ${academy}`);
  // Batch n of an academy: its teacher n, Mon/Wed/Fri for even n, Tue/Thu/Sat for odd.
  await db.execute(sql`
    insert into batches (academy_id, name, standard_id, subject_id, teacher_id, schedule_days, start_time, end_time, start_date, end_date, capacity)
    select t.academy_id, 'Batch ' || t.n, st.id, su.id, t.id,
      case when t.n % 2 = 0 then array['mon','wed','fri'] else array['tue','thu','sat'] end,
      make_time(7 + t.n::int, 0, 0), make_time(8 + t.n::int, 0, 0), ${today}::date - 120, ${today}::date + 120, 120
    from (select te.id, te.academy_id, row_number() over (partition by te.academy_id order by u.email) as n
          from teachers te join users u on u.academy_id = te.academy_id and u.id = te.user_id where te.academy_id = ${academy} and u.academy_id = ${academy}) t
    join standards st on st.academy_id = t.academy_id join subjects su on su.academy_id = t.academy_id
    where st.academy_id = ${academy} and su.academy_id = ${academy}`);
  // Student i of an academy in its batches (i mod 2) + 1 and (i mod 2) + 3: four batches of 100.
  await db.execute(sql`
    with s as (select id, academy_id, row_number() over (partition by academy_id order by id) - 1 as i from students where academy_id = ${academy}),
         b as (select id, academy_id, row_number() over (partition by academy_id order by name) as n from batches where academy_id = ${academy})
    insert into batch_students (academy_id, batch_id, student_id)
    select s.academy_id, b.id, s.id from s join b on b.academy_id = s.academy_id and (b.n = s.i % 2 + 1 or b.n = s.i % 2 + 3)`);
  // A term of marks (the secondary indexes dropped by the caller, built once afterwards).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into attendance_records (academy_id, batch_id, student_id, date, status, marked_by, marked_at)
      select bs.academy_id, bs.batch_id, bs.student_id, d::date,
        case (abs(hashtext(bs.student_id::text || d::date::text)) % 20) when 0 then 'absent' when 1 then 'absent' when 2 then 'late' when 3 then 'excused' else 'present' end,
        t.user_id, d + time '08:30'
      from batch_students bs join batches b on b.academy_id = bs.academy_id and b.id = bs.batch_id join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id
      cross join generate_series(${today}::date - 90, ${today}::date - 1, interval '1 day') d
      where bs.academy_id = ${academy} and b.academy_id = ${academy} and t.academy_id = ${academy} and lower(to_char(d, 'Dy')) = any(b.schedule_days)`);
  });
  // Fees: ₹18,000 per batch in three instalments (60 days ago, today, in 60 days); a third paid, a third part-paid.
  await db.execute(sql`insert into fee_plans (academy_id, name, batch_id, amount_paise) select academy_id, name || ' fees', id, 1800000 from batches where academy_id = ${academy}`);
  await db.execute(sql`
    insert into fee_plan_instalments (academy_id, plan_id, seq, due_date, amount_paise)
    select p.academy_id, p.id, i, ${today}::date + (i * 60 - 120), 600000 from fee_plans p cross join generate_series(1, 3) i where p.academy_id = ${academy}`);
  await db.execute(sql`
    insert into fee_dues (academy_id, student_id, plan_id, batch_id, seq, number, label, due_date, amount_paise, paid_paise)
    select bs.academy_id, bs.student_id, p.id, p.batch_id, i.seq, row_number() over (partition by bs.academy_id, bs.student_id order by p.id, i.seq), p.name || ' · ' || i.seq || '/3', i.due_date, i.amount_paise,
      case abs(hashtext(bs.student_id::text || i.seq::text)) % 3 when 0 then i.amount_paise when 1 then 250000 else 0 end
    from batch_students bs join fee_plans p on p.academy_id = bs.academy_id and p.batch_id = bs.batch_id join fee_plan_instalments i on i.academy_id = p.academy_id and i.plan_id = p.id
    where bs.academy_id = ${academy} and p.academy_id = ${academy} and i.academy_id = ${academy}`);
  // Marks: four published tests per batch in the term, every student marked.
  await db.execute(sql`
    insert into exams (academy_id, batch_id, name, date, max_half_marks, published_at)
    select b.academy_id, b.id, 'Unit test ' || n, ${today}::date - n * 20, 100, now() from batches b cross join generate_series(1, 4) n where b.academy_id = ${academy}`);
  await db.execute(sql`
    insert into exam_marks (academy_id, exam_id, student_id, half_marks)
    select t.academy_id, t.id, bs.student_id, abs(hashtext(bs.student_id::text || t.id::text)) % 101
    from exams t join batch_students bs on bs.academy_id = t.academy_id and bs.batch_id = t.batch_id where t.academy_id = ${academy} and bs.academy_id = ${academy}`);
}

type People = { slug: string; admin: string; teacher: string; student: string; students: string[]; batchId: string; classDay: string };

/** Signed-in sessions made in the database (60,000 sign-ins would take an hour), and each academy's first batch. */
async function sessionsOfEveryAcademy(connection: pg.PoolConfig, today: string): Promise<People[]> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    const { rows } = await client.query<{ academy_id: string; slug: string; user_id: string; role: string; email: string }>(`
      select u.academy_id, a.slug, u.id as user_id, u.role, u.email from users u join academies a on a.id = u.academy_id where a.slug ~ '^a[0-9]{3}$' order by a.slug, u.email`);
    const tokens = rows.map(() => generateToken());
    await client.query(
      `insert into sessions (academy_id, token_hash, user_id, expires_at, ip) select academy_id, hash, user_id, now() + interval '1 day', '127.0.0.1' from unnest($1::text[], $2::uuid[], $3::uuid[]) as s(hash, user_id, academy_id)`,
      [tokens.map(hashToken), rows.map((row) => row.user_id), rows.map((row) => row.academy_id)],
    );
    // Each academy's first batch and its last class day before today (Mon/Wed/Fri or Tue/Thu/Sat): the days
    // counted back in integers (Citus takes only an immutable function as a table in a multi-shard query).
    const { rows: batches } = await client.query<{ slug: string; batch_id: string; class_day: string }>(`
      select distinct on (a.slug) a.slug, b.id as batch_id,
        (select max($1::date - k)::text from generate_series(1, 7) k where lower(to_char($1::date - k, 'Dy')) = any(b.schedule_days)) as class_day
      from batches b join academies a on a.id = b.academy_id join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id join users u on u.academy_id = t.academy_id and u.id = t.user_id
      where a.slug ~ '^a[0-9]{3}$' and u.email = 'teacher1@bench.test' order by a.slug, b.name`, [today]);
    const people = new Map<string, People>();
    for (const batch of batches) people.set(batch.slug, { slug: batch.slug, admin: '', teacher: '', student: '', students: [], batchId: batch.batch_id, classDay: batch.class_day });
    rows.forEach((row, index) => {
      const one = people.get(row.slug)!;
      const cookie = `${SESSION_COOKIE}=${tokens[index]}`;
      if (row.role === 'admin') one.admin = cookie;
      else if (row.role === 'teacher' && row.email === 'teacher1@bench.test') one.teacher = cookie;
      else if (row.role === 'student') {
        one.students.push(cookie);
        if (row.email === 'student12@bench.test') one.student = cookie;
      }
    });
    return [...people.values()];
  } finally {
    await client.end();
  }
}

/**
 * A deployment that has been running: each academy's periodic jobs due at its own times. On a database
 * seeded a moment ago the server's first poll writes every periodic job of every academy (about 20 ×
 * 300) due at once, and the runner (4 at a time) works through them for minutes at a load a running
 * deployment never sees; measured meanwhile, the first reads (the bare route, /auth/me) carried that
 * catch-up: 7.5× and 2.4× the single academy's p99 while the later reads were 1.0×. So once the rows
 * exist, each periodic job's next run is moved to a random point of its interval (as academies created
 * at different times have them), and the measure waits until nothing is due. Returns the seconds that
 * took (undefined after `limitMs`: measured anyway).
 */
async function jobsSpreadAndCaughtUp(connection: pg.PoolConfig, limitMs = 5 * 60_000): Promise<number | undefined> {
  const client = new pg.Client(connection);
  await client.connect();
  const started = Date.now();
  const wait = () => new Promise((resolve) => setTimeout(resolve, 500));
  try {
    // The superuser's connection sees every academy's rows (row-level security does not bind it). The
    // runner writes the rows academy by academy: the new ones (never run, not claimed) are spread at each look.
    while (Date.now() - started < limitMs) {
      // On Citus (issue 77) an UPDATE of a distributed table takes no volatile function (random()) nor a stable one
      // over its columns (timestamptz + interval), and a correlated subquery no reference table (academies) in its
      // FROM: the point in the interval is drawn from the job's academy and key and a salt of this look, the time
      // reckoned in epoch seconds (to_timestamp of a number is immutable), the academies without jobs found by NOT IN.
      const now = new Date();
      // On Citus this UPDATE spans every shard while the server's runner claims rows in some: Citus may cancel
      // one of them as a distributed deadlock (40P01). Then this look spreads nothing and the next one again.
      await client
        .query(
          `update jobs set run_at = to_timestamp($2::float8 + ((abs(hashtext(academy_id::text || key || $3)) % 1000000) / 1000000.0 * every_ms / 1000.0)::float8)
           where every_ms is not null and last_finished_at is null and run_at <= $1::timestamptz and (locked_until is null or locked_until < $1::timestamptz)`,
          [now, now.getTime() / 1000, randomBytes(8).toString('hex')],
        )
        .catch((error: { code?: string }) => {
          if (error.code !== '40P01') throw error;
        });
      const { rows: [row] } = await client.query<{ due: number; without: number }>(`
        select (select count(*)::int from jobs where run_at <= now()) as due,
          (select count(*)::int from academies a where a.status = 'active' and a.id not in (select j.academy_id from jobs j where j.every_ms is not null)) as without`);
      if (row!.without === 0 && row!.due === 0) return Math.round((Date.now() - started) / 100) / 10;
      await wait();
    }
    return undefined;
  } finally {
    await client.end();
  }
}

/**
 * What a deployment of these academies costs with nobody using it: the server's and PostgreSQL's CPU over
 * `seconds` (ms a second), the job runs finished meanwhile (their periodic checks, every academy's) and the
 * change notices sent (each makes every server forget that academy's kept answers of a table: lib/read-cache.ts).
 */
async function idleCost(superuser: pg.PoolConfig, serverPid: number | undefined, seconds: number) {
  const client = new pg.Client(superuser);
  await client.connect();
  try {
    let notices = 0;
    client.on('notification', () => (notices += 1));
    await client.query(`listen ${TABLE_CHANGES_CHANNEL}`);
    const started = new Date();
    const [server, postgres] = [serverCpuMs(serverPid), postgresCpuByProcess()];
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const [serverAfter, postgresUsed] = [serverCpuMs(serverPid), postgresCpuSince(postgres)];
    const { rows: [runs] } = await client.query<{ runs: number }>('select count(*)::int as runs from jobs where last_finished_at >= $1', [started]);
    const perSecond = (used: number | undefined) => (used === undefined ? undefined : Math.round(used / seconds));
    const noticesPerSecond = Math.round((notices / seconds) * 10) / 10;
    return { seconds, serverMsPerSecond: perSecond(server !== undefined && serverAfter !== undefined ? serverAfter - server : undefined), postgresMsPerSecond: perSecond(postgresUsed), periodicRunsPerSecond: Math.round((runs!.runs / seconds) * 10) / 10, noticesPerSecond };
  } finally {
    await client.end();
  }
}

export type ManyAcademiesResult = { seeded: Awaited<ReturnType<typeof seed>>; idle: Awaited<ReturnType<typeof idleCost>>; reads: ReadResult[]; checks: [string, boolean][] };

/**
 * `baseline`: the single-academy HTTP reads of the same run, by label (bench/attendance-bench.ts); each
 * read here must keep its p99 within 1.5× of it.
 */
export async function runManyAcademiesBench(superuser: pg.PoolConfig, baseline: ReadResult[] | undefined, today: string, size: ManySize = FULL_MANY): Promise<ManyAcademiesResult> {
  const { academies: ACADEMIES, studentsEach: STUDENTS_EACH } = size;
  // BENCH_MANY_DATABASE: measure again on a database kept by an earlier run (BENCH_KEEP=1), not seeded afresh.
  const kept = process.env.BENCH_MANY_DATABASE;
  const name = kept ?? `academy_bench_many_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client(superuser);
  await admin.connect();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-many-'));
  try {
    const asSuperuser = connectionFor(superuser, name);
    let seeded: Awaited<ReturnType<typeof seed>>;
    if (kept) {
      seeded = await counted(asSuperuser, Date.now());
      console.log(`  measuring again on the kept database ${name}: ${seeded.academies} academies, ${seeded.students} students`);
    } else {
      await admin.query(`create database "${name}"`);
      // On a Citus coordinator (npm run proof:citus): the database on the workers too, with the extension.
      await makeCitusDatabase(superuser, name, 'postgres');
      const migrating = createDatabase(asSuperuser);
      await runMigrations(migrating.pool).finally(() => migrating.close());
      console.log(`  seeding ${ACADEMIES} academies × ${STUDENTS_EACH} students …`);
      seeded = await seed(asSuperuser, today, size);
      console.log(`  seeded ${seeded.academies} academies, ${seeded.students} students, ${seeded.marks} attendance marks, ${seeded.dues} dues, ${seeded.test_marks} test marks in ${seeded.seconds} s`);
    }
    // The server serves as the application's role, which row-level security binds (a superuser's would not);
    // the tables are the owner role's, as in the bundled PostgreSQL (decision 068).
    const appPassword = randomBytes(12).toString('hex');
    const roles = { owner: { role: OWNER_ROLE, password: randomBytes(12).toString('hex') }, serving: { role: APP_ROLE, password: appPassword }, database: name };
    await ensureAppRoles(asSuperuser, roles);
    const asApp = connectionFor(superuser, name, { user: APP_ROLE, password: appPassword });
    const people = await sessionsOfEveryAcademy(asSuperuser, today);

    ensureApiBuilt();
    const server = await startServer({
      dataDir: path.join(workDir, 'server-data'),
      databaseUrl: urlOf(asApp),
      env: (port) => ({
        ACADEMY_HOSTING: 'many',
        BASE_DOMAIN: 'localhost',
        PUBLIC_URL: `http://localhost:${port}`,
        MIGRATION_DATABASE_URL: urlOf(connectionFor(superuser, name, { user: OWNER_ROLE, password: roles.owner.password })),
      }),
    });
    try {
      const caughtUp = await jobsSpreadAndCaughtUp(asSuperuser);
      console.log(caughtUp === undefined ? '  the periodic jobs were still due after 5 minutes; measuring anyway' : `  every academy's periodic jobs spread over their intervals, none due, after ${caughtUp} s`);
      const idle = await idleCost(asSuperuser, server.process.pid, Number(process.env.BENCH_IDLE_SECONDS ?? Math.min(size.http.seconds, 30)));
      console.log(`  idle, ${ACADEMIES} academies: server ${idle.serverMsPerSecond ?? '–'} ms CPU a second, PostgreSQL ${idle.postgresMsPerSecond ?? '–'} ms a second, ${idle.periodicRunsPerSecond} periodic job runs and ${idle.noticesPerSecond} change notices a second (${idle.seconds} s)`);
      const port = new URL(server.url).port;
      const host = (n: number) => `${people[n % people.length]!.slug}.localhost:${port}`;
      const at = (n: number) => people[n % people.length]!;
      // Every request another academy: its host, its person, its batch.
      const spread = (cookieOf: (one: People, n: number) => string, pathOf?: (one: People, n: number) => string) => (n: number) => ({
        host: host(n),
        cookie: cookieOf(at(n), n),
        ...(pathOf ? { path: pathOf(at(n), n) } : {}),
      });
      const first = people[0]!;
      const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      // The single academy's saturated phase asks its one answer thousands of times, so its paced window
      // measures a kept answer; here each academy's own answer is asked twice first (kept from its second
      // asking, lib/read-cache.ts), so the two sizes measure the same thing (decision 115). The reads that
      // ask a new answer each time are not warmed: they measure reading afresh at both sizes.
      const twice = 2 * people.length;
      const reads: Read[] = [
        { label: 'bare: anonymous GET /api/auth/me (401)', path: '/api/auth/me', expectStatus: 401, host: host(0), vary: (n) => ({ host: host(n) }) },
        { label: 'signed-in GET /api/auth/me', path: '/api/auth/me', host: host(0), cookie: first.student, warmUp: twice, vary: spread((one) => one.student) },
        { label: 'student GET /api/student/attendance', path: '/api/student/attendance', host: host(0), cookie: first.student, warmUp: twice, vary: spread((one) => one.student) },
        { label: 'admin GET /api/batches?populate=enrolledStudents', path: '/api/batches?populate=enrolledStudents', host: host(0), cookie: first.admin, warmUp: twice, vary: spread((one) => one.admin) },
        { label: 'admin GET /api/students (search, page 1)', path: `/api/students?page=1&limit=20&search=${encodeURIComponent('Student 12')}`, host: host(0), cookie: first.admin, warmUp: twice, vary: spread((one) => one.admin) },
        {
          label: "teacher's day roster GET /api/attendance/:batch/:date",
          path: `/api/attendance/${first.batchId}/${first.classDay}`,
          host: host(0),
          cookie: first.teacher,
          warmUp: twice,
          vary: spread((one) => one.teacher, (one) => `/api/attendance/${one.batchId}/${one.classDay}`),
        },
        { label: 'admin GET /api/admin/dashboard/summary', path: '/api/admin/dashboard/summary', host: host(0), cookie: first.admin, warmUp: twice, vary: spread((one) => one.admin) },
        { label: 'student GET /api/notifications', path: '/api/notifications', host: host(0), cookie: first.student, warmUp: twice, vary: spread((one) => one.student) },
        { label: 'student GET /api/student/attendance, each a new student', path: '/api/student/attendance', host: host(0), cookie: first.student, vary: spread((one, n) => one.students[Math.floor(n / people.length) % one.students.length]!) },
        {
          label: 'admin day roster of any batch and day, each a new one',
          path: `/api/attendance/${first.batchId}/${first.classDay}`,
          host: host(0),
          cookie: first.admin,
          vary: spread((one) => one.admin, (one, n) => `/api/attendance/${one.batchId}/${shift(one.classDay, -7 * (Math.floor(n / people.length) % 12))}`),
        },
      ];
      const results: ReadResult[] = [];
      // BENCH_MANY_READS: only the reads whose label holds this text (looking at one of them again).
      const only = process.env.BENCH_MANY_READS;
      await warmServer(server.url, reads[0]!, size.http.saturatedSeconds);
      for (const read of reads.filter((one) => !only || one.label.includes(only))) results.push(await measureRead(server.url, read, { ...size.http, serverPid: server.process.pid }));
      const checks: [string, boolean][] = [];
      for (const read of results) {
        const single = baseline?.find((one) => one.label === read.label);
        const ratio = single ? read.p99 / Math.max(single.p99, 1) : undefined;
        const firstAsking = read.firstAskingMs === undefined ? '' : ` (a first asking: ${read.firstAskingMs} ms on average)`;
        const label = `${ACADEMIES} academies: ${read.label}: p99 ${read.p99} ms${firstAsking}${single ? ` (single academy ${single.p99} ms, ${ratio!.toFixed(2)}×; goal ≤ 1.5×)` : ''}, 0 errors at ${size.http.rate} req/s`;
        checks.push([label, read.errors + read.wrongStatus === 0 && read.rate >= size.http.rate * 0.95 && (ratio === undefined || ratio <= 1.5)]);
      }
      return { seeded, idle, reads: results, checks };
    } finally {
      await server.stop();
    }
  } finally {
    // BENCH_KEEP=1 keeps the database for EXPLAIN (ANALYZE, BUFFERS) afterwards (drop it yourself).
    if (process.env.BENCH_KEEP === '1') console.log(`  kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
