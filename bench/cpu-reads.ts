import { randomBytes } from 'node:crypto';
/**
 * The server's CPU per read, in process (no network, no other process's load in the figure):
 * `npx tsx bench/cpu-reads.ts <database url> [runs]` on a database one `BENCH_KEEP=1 npm run bench`
 * kept. Each read of the HTTP benchmark is answered `runs` times through app.inject; printed: CPU ms
 * per answer (this process's user + system time), SQL statements per answer and the answer's size.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { createDatabase } from '../apps/api/src/db/client';
import { createMailer } from '../apps/api/src/lib/mailer';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { serverKeysFrom } from '../apps/api/src/lib/server-keys';
import { generateToken, hashToken } from '../apps/api/src/lib/tokens';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { FIRST_ACADEMY_ID } from '../apps/api/src/lib/tenancy';

const [databaseUrl, runsText = '200', only] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: tsx bench/cpu-reads.ts <database url> [runs] [label filter]');
const runs = Number(runsText);
const PASSWORD = 'bench-password-2026';
const database = createDatabase({ connectionString: databaseUrl });
let statements = 0;
const query = database.pool.query.bind(database.pool);
(database.pool as unknown as { query: unknown }).query = (...args: Parameters<typeof query>) => {
  statements += 1;
  return query(...args);
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-cpu-reads-'));
const mailer = createMailer({ smtpUrl: undefined, from: { name: 'Academy', address: 'no-reply@localhost' }, outboxDir: work, log: () => {} });
const storage = createLocalStorage({ root: path.join(work, 'files'), incomingDir: path.join(work, 'incoming') });
const app = await buildApp({ db: database.db, config: { isProduction: true, publicUrl: undefined, trustProxy: false }, mailer, keys: serverKeysFrom(randomBytes(32).toString('hex')), storage, backups: { backupsDir: path.join(work, 'backups'), filesDir: path.join(work, 'files') } });
// The bench's one academy; every academy table named by it, so a Citus cluster runs the lookup on one worker (issue 77).
const academy = FIRST_ACADEMY_ID;
try {
  const { rows: [who] } = await database.db.execute<{ batch_id: string; teacher_email: string; student_email: string; class_day: string }>(sql`
    with target as (
      select b.id, u.email from batches b join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id join users u on u.academy_id = t.academy_id and u.id = t.user_id
      where b.academy_id = ${academy} and t.academy_id = ${academy} and u.academy_id = ${academy} order by b.name limit 1)
    select target.id as batch_id, target.email as teacher_email,
      (select u.email from batch_students bs join students s on s.academy_id = bs.academy_id and s.id = bs.student_id join users u on u.academy_id = s.academy_id and u.id = s.user_id
        where bs.academy_id = ${academy} and s.academy_id = ${academy} and u.academy_id = ${academy} and bs.batch_id = target.id order by bs.student_id limit 1) as student_email,
      (select max(date)::text from attendance_records where academy_id = ${academy} and batch_id = target.id and date < current_date) as class_day
    from target`);
  const signIn = async (email: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.statusCode}`);
    return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  };
  const admin = await signIn('admin@bench.test');
  const teacher = await signIn(who!.teacher_email);
  const student = await signIn(who!.student_email);
  // The reads never asked twice (as the HTTP bench's): each request another student (a session of
  // each, made here), or another batch and past day.
  const { rows: batchRows } = await database.db.execute<{ id: string }>(sql`select id from batches order by id`);
  const { rows: studentUsers } = await database.db.execute<{ user_id: string }>(sql`select user_id from students order by random()`);
  const tokens = studentUsers.map(() => generateToken());
  await database.db.execute(sql`insert into sessions (academy_id, token_hash, user_id, expires_at, ip)
    select ${FIRST_ACADEMY_ID}, hash, user_id, now() + interval '1 day', '127.0.0.1' from unnest(${sql.param(tokens.map(hashToken))}::text[], ${sql.param(studentUsers.map((row) => row.user_id))}::uuid[]) as s(hash, user_id)`);
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  let sent = 0;
  const reads: { label: string; url: string; cookie?: string; vary?: (n: number) => { url?: string; cookie?: string } }[] = [
    { label: 'bare: anonymous GET /api/auth/me (401)', url: '/api/auth/me' },
    { label: 'signed-in GET /api/auth/me', url: '/api/auth/me', cookie: student },
    { label: 'student GET /api/student/attendance', url: '/api/student/attendance', cookie: student },
    { label: 'admin GET /api/batches?populate=enrolledStudents', url: '/api/batches?populate=enrolledStudents', cookie: admin },
    { label: 'admin GET /api/students (search, page 1)', url: `/api/students?page=1&limit=20&search=${encodeURIComponent('Student 12')}`, cookie: admin },
    { label: "teacher's day roster", url: `/api/attendance/${who!.batch_id}/${who!.class_day}`, cookie: teacher },
    { label: 'admin GET /api/admin/dashboard/summary', url: '/api/admin/dashboard/summary', cookie: admin },
    { label: 'student GET /api/notifications', url: '/api/notifications', cookie: student },
    { label: 'admin GET /api/notes', url: '/api/notes', cookie: admin },
    { label: 'admin GET /api/announcements', url: '/api/announcements', cookie: admin },
    { label: 'student attendance, each a new student', url: '/api/student/attendance', vary: (n) => ({ cookie: `${SESSION_COOKIE}=${tokens[n % tokens.length]}` }) },
    { label: 'admin day roster, each a new batch and day', url: '', cookie: admin, vary: (n) => ({ url: `/api/attendance/${batchRows[n % batchRows.length]!.id}/${shift(who!.class_day, -(Math.floor(n / batchRows.length) % 200))}` }) },
  ];
  console.log(`${'read'.padEnd(52)} ${'CPU ms'.padStart(7)} ${'wall ms'.padStart(8)} ${'SQL'.padStart(4)} ${'bytes'.padStart(8)}`);
  for (const read of reads.filter((item) => !only || item.label.includes(only))) {
    const inject = () => {
      const varied = read.vary?.((sent += 1)) ?? {};
      const cookie = varied.cookie ?? read.cookie;
      return app.inject({ method: 'GET', url: varied.url ?? read.url, headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) } });
    };
    for (let index = 0; index < Math.min(20, runs); index += 1) await inject();
    statements = 0;
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    let bytes = 0;
    let status = 0;
    for (let index = 0; index < runs; index += 1) {
      const response = await inject();
      bytes = response.rawPayload.length;
      status = response.statusCode;
    }
    const wall = Number(process.hrtime.bigint() - started) / 1e6 / runs;
    const used = process.cpuUsage(cpu);
    console.log(
      `${read.label.padEnd(52)} ${((used.user + used.system) / 1000 / runs).toFixed(2).padStart(7)} ${wall.toFixed(2).padStart(8)} ${(statements / runs).toFixed(1).padStart(4)} ${String(bytes).padStart(8)} ${status}`,
    );
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(work, { recursive: true, force: true });
}
