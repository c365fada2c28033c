/**
 * The HTTP reads of `npm run bench` again, on the big database one `BENCH_KEEP=1 BENCH_ONLY=http npm run bench`
 * kept on TEST_DATABASE_URL's server (minutes of seeding saved when working on one read):
 *   TEST_DATABASE_URL=… npx tsx bench/kept-reads.ts <database> [label filter]
 * e.g. `… academy_bench_full_1a2b3c "each a new"`; the bare route is always measured (the ratios' base).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FIRST_ACADEMY_ID } from '../apps/api/src/lib/tenancy';
import { databaseOverride, FULL_RUNS, httpReads, printHttp } from './attendance-bench';

const [database, only] = process.argv.slice(2);
const base = process.env.TEST_DATABASE_URL;
if (!database || !base) throw new Error('usage: TEST_DATABASE_URL=… tsx bench/kept-reads.ts <database> [label filter]');
const connection = databaseOverride({ connectionString: base }, database);
const client = new pg.Client(connection);
await client.connect();
// As the bench picks them: the first batch by name, its teacher, its first student, its last class day before
// today. Every table named by the bench's one academy, so on a Citus cluster each look-up runs on one worker.
const academy = FIRST_ACADEMY_ID;
const { rows: [who] } = await client.query<{ batch_id: string; teacher_email: string; student_email: string; class_day: string }>(
  `with target as (
    select b.id, u.email from batches b join teachers t on t.academy_id = b.academy_id and t.id = b.teacher_id join users u on u.academy_id = t.academy_id and u.id = t.user_id
    where b.academy_id = $1 and t.academy_id = $1 and u.academy_id = $1 order by b.name limit 1)
  select target.id as batch_id, target.email as teacher_email,
    (select u.email from batch_students bs join students s on s.academy_id = bs.academy_id and s.id = bs.student_id join users u on u.academy_id = s.academy_id and u.id = s.user_id
      where bs.academy_id = $1 and s.academy_id = $1 and u.academy_id = $1 and bs.batch_id = target.id order by bs.student_id limit 1) as student_email,
    (select max(date)::text from attendance_records where academy_id = $1 and batch_id = target.id and date < current_date) as class_day
  from target`,
  [academy],
);
await client.end();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-kept-reads-'));
try {
  // BENCH_SECONDS and BENCH_RATE as for `npm run bench`; never longer saturated than at the fixed rate (the toy run's half second).
  const timing = { ...FULL_RUNS.http, saturatedSeconds: Math.min(FULL_RUNS.http.saturatedSeconds, FULL_RUNS.http.seconds) };
  const results = await httpReads({ connectionString: base }, database, work, { batchId: who!.batch_id, teacherEmail: who!.teacher_email, studentEmail: who!.student_email, classDay: who!.class_day }, timing, only);
  printHttp(results);
} finally {
  // With BENCH_TRACE the server's log goes beside the traces (with BENCH_NODE_FLAGS=--trace-gc, its collections).
  if (process.env.BENCH_TRACE) {
    fs.mkdirSync(process.env.BENCH_TRACE, { recursive: true });
    fs.copyFileSync(path.join(work, 'server-data', 'server.log'), path.join(process.env.BENCH_TRACE, 'server.log'));
  }
  fs.rmSync(work, { recursive: true, force: true });
}
