/**
 * Online tests in `npm run bench` (issue 40, then issue 74: "an exam for a whole city"): a CET/JEE mock
 * for every batch at once, on the built server in its own process (production mode, serving as the
 * application's role, which row-level security binds), driven over HTTP from this one (keep-alive
 * connections, as phones through a proxy). 3,000 signed-in students start a 90-question paper, their
 * taps spread over ONLINE_TEST_START_SECONDS (default 30: a hundred starts a second; nobody's thumb lands
 * in the same millisecond, and a burst of 3,000 in one instant would time the queue, not a start), then
 * each saves one answer every 20 s (their first save spread over the 20 s) for ONLINE_TEST_SECONDS
 * (default 180: 150 saves a second), then all submit, spread over 30 s. Afterwards the database is
 * counted: every answer the server accepted is there, every attempt submitted and scored.
 * Goals: start p99 < 300 ms, saves p99 < 50 ms, no error, no answer lost. `BENCH_ONLY=online-tests`
 * runs only this; ONLINE_TEST_STUDENTS changes the number of students; the toy run in `npm test`
 * (bench/benches.toy.test.ts) passes a few students and seconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { createDatabase, runMigrations } from '../apps/api/src/db/client';
import { ensureAppRoles } from '../apps/api/src/db/app-role';
import { generateToken, hashToken } from '../apps/api/src/lib/tokens';
import { databaseUrl, ensureApiBuilt, serverCpuMs, startServer } from './http-bench';

const QUESTIONS_PER_SUBJECT = 30;
const START_GOAL_MS = 300;
const SAVE_GOAL_MS = 50;

/** The exam's size: the full bench's defaults (issue 74), or a toy's. */
export type OnlineTestSize = { students: number; startSeconds: number; saveSeconds: number; submitSeconds: number; saveEveryMs: number };
export const FULL_ONLINE_TEST: OnlineTestSize = {
  students: Number(process.env.ONLINE_TEST_STUDENTS ?? 3000),
  startSeconds: Number(process.env.ONLINE_TEST_START_SECONDS ?? 30),
  saveSeconds: Number(process.env.ONLINE_TEST_SECONDS ?? 180),
  submitSeconds: 30,
  saveEveryMs: 20_000,
};

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};
const round = (value: number) => Math.round(value * 10) / 10;

type Started = { attemptId: string; questions: { _id: string; type: string; options: { _id: string }[] }[] };

/** Makes a throw-away database on `connection`'s server, runs the test day, drops the database. */
export async function runOnlineTestBench(
  connection: pg.PoolConfig,
  databaseOverride: (name: string) => pg.PoolConfig,
  size: OnlineTestSize = FULL_ONLINE_TEST,
): Promise<{ checks: [string, boolean][] }> {
  const { students: STUDENTS, saveEveryMs: SAVE_EVERY_MS } = size;
  const name = `academy_bench_online_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const database = createDatabase({ ...databaseOverride(name), max: 20 });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-online-'));
  try {
    await runMigrations(database.pool);
    const db = database.db;
    // The academy: three subjects of 30 questions (a quarter numeric), a 12th batch of 500, a published paper open now.
    await db.execute(sql`insert into standards (name, level) values ('12th Science', 12)`);
    await db.execute(sql`insert into subjects (name, code) values ('Physics', 'PHY'), ('Chemistry', 'CHEM'), ('Mathematics', 'MATH')`);
    await db.execute(sql`insert into users (name, email, role) values ('Bench Teacher', 'teacher@bench.test', 'teacher')`);
    await db.execute(sql`insert into teachers (user_id) select id from users where role = 'teacher'`);
    await db.execute(sql`
      insert into batches (name, standard_id, subject_id, teacher_id, schedule_days, start_time, end_time, start_date, end_date, capacity)
      values ('12th JEE', (select id from standards), (select id from subjects where code = 'PHY'), (select id from teachers), '{mon,wed,fri}', '07:00', '08:00', '2026-06-01', '2027-03-31', 1000)`);
    await db.execute(sql`
      insert into users (name, email, role) select 'Student ' || n, 'student' || n || '@bench.test', 'student' from generate_series(1, ${STUDENTS}) n`);
    await db.execute(sql`insert into students (user_id, student_code) select id, 'S' || lpad(row_number() over (order by email)::text, 5, '0') from users where role = 'student'`);
    await db.execute(sql`insert into batch_students (batch_id, student_id) select (select id from batches), id from students`);
    const option = () => randomUUID().slice(0, 8);
    const questionRows: string[] = [];
    for (const code of ['PHY', 'CHEM', 'MATH']) {
      for (let n = 0; n < QUESTIONS_PER_SUBJECT; n++) {
        const numeric = n % 4 === 3;
        const options = numeric ? [] : [0, 1, 2, 3].map((k) => ({ id: option(), text: `Option ${k} of ${code} ${n}: $x^${k}$` }));
        const text = `${code} question ${n}: if $f(x) = x^2 + ${n}x$, find $f'(${n})$. `.repeat(3);
        questionRows.push(
          JSON.stringify({ code, chapter: `Chapter ${n % 6}`, type: numeric ? 'numeric' : 'single', text, options, correct: numeric ? [] : [options[n % 4]!.id], answer: numeric ? 3 * n : null }),
        );
      }
    }
    await db.execute(sql`
      insert into questions (subject_id, chapter, difficulty, type, text, options, correct, answer_value, answer_tolerance, solution, fingerprint)
      select s.id, q->>'chapter', 'medium', q->>'type', q->>'text', q->'options', array(select jsonb_array_elements_text(q->'correct')),
        (q->>'answer')::float8, 0, 'Worked solution', md5(q->>'text')
      from jsonb_array_elements(${`[${questionRows.join(',')}]`}::jsonb) q join subjects s on s.code = q->>'code'`);
    await db.execute(sql`
      insert into online_tests (title, opens_at, closes_at, duration_minutes, correct_half_marks, wrong_half_marks, unanswered_half_marks, shuffle, published_at)
      values ('JEE Main mock 1', now() - interval '1 minute', now() + interval '4 hours', 180, 8, -2, 0, true, now())`);
    await db.execute(sql`insert into online_test_batches (online_test_id, batch_id) select (select id from online_tests), id from batches`);
    await db.execute(sql`
      insert into online_test_questions (online_test_id, question_id, position)
      select (select id from online_tests), q.id, row_number() over (order by s.name, q.text) from questions q join subjects s on s.id = q.subject_id`);
    const [{ id: testId }] = (await db.execute<{ id: string }>(sql`select id from online_tests`)).rows as [{ id: string }];
    // Each student signed in (a session row, as a sign-in makes; 500 password hashes would time the hashing).
    const { rows: students } = await db.execute<{ id: string }>(sql`select id from users where role = 'student' order by email`);
    // One statement for every session (3,000 sign-ins one by one would wait on the pool, and their hashing would be what is timed).
    const tokens = students.map(() => generateToken());
    await db.execute(sql`
      insert into sessions (token_hash, user_id, expires_at, ip, user_agent)
      select hash, user_id, now() + interval '1 day', '127.0.0.1', 'bench' from unnest(${sql.param(tokens.map(hashToken))}::text[], ${sql.param(students.map((student) => student.id))}::uuid[]) as s(hash, user_id)`);
    const cookies = tokens.map((token) => `${SESSION_COOKIE}=${token}`);

    // The server serves as the application's role (row-level security on, as every installation), in
    // its own process: the students' requests here do not share its event loop.
    const roles = { owner: { role: 'academy_bench_owner', password: randomBytes(12).toString('hex') }, serving: { role: 'academy_bench_app', password: randomBytes(12).toString('hex') }, database: name };
    await ensureAppRoles(databaseOverride(name), roles);
    ensureApiBuilt();
    const server = await startServer({
      dataDir: path.join(workDir, 'server-data'),
      databaseUrl: databaseUrl(connection, name, roles.serving),
      env: () => ({ MIGRATION_DATABASE_URL: databaseUrl(connection, name, roles.owner) }),
      // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there when it stops (node --cpu-prof).
      cpuProfileDir: process.env.BENCH_CPU_PROF,
    });
    const base = server.url;
    /** The server's own CPU time per request of a phase (ms): unlike latencies, barely moved by the machine's other work. */
    let cpuMark = serverCpuMs(server.process.pid);
    const cpuPerRequest = (requests: number) => {
      const now = serverCpuMs(server.process.pid);
      const spent = now !== undefined && cpuMark !== undefined ? (now - cpuMark) / Math.max(1, requests) : undefined;
      cpuMark = now;
      return spent === undefined ? 'server CPU unknown' : `server CPU ${round(spent)} ms a request`;
    };
    let errors = 0;
    const request = async (cookie: string, method: string, url: string, body?: unknown) => {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((error: unknown) => ({ ok: false, status: 0, text: async () => String(error) }));
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok) {
        errors += 1;
        if (errors <= 3) console.log(`  ${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`);
      }
      return { elapsed, json: response.ok ? (JSON.parse(text) as { data: unknown }) : null };
    };
    try {
      // Warm the connection pool and the server's first requests as a real server is warm at 10:00.
      await Promise.all(cookies.slice(0, 20).map((cookie) => request(cookie, 'GET', '/api/online-tests')));
      errors = 0;
      cpuMark = serverCpuMs(server.process.pid);

      // 10:00: everyone starts within a few seconds.
      const startWindowMs = size.startSeconds * 1000;
      const startedAt = performance.now();
      const starts = await Promise.all(
        cookies.map(async (cookie, index) => {
          await new Promise((resolve) => setTimeout(resolve, (index / STUDENTS) * startWindowMs));
          return request(cookie, 'POST', `/api/online-tests/${testId}/attempts`);
        }),
      );
      const burstMs = performance.now() - startedAt;
      const startTimes = starts.map((start) => start.elapsed);
      const attempts = starts.map((start) => {
        const data = start.json?.data as { _id: string; questions: Started['questions'] } | undefined;
        return { attemptId: data?._id ?? '', questions: data?.questions ?? [] };
      });
      console.log(
        `  start: ${STUDENTS} students within ${startWindowMs / 1000} s (90 questions each): p50 ${round(percentile(startTimes, 0.5))} ms, p99 ${round(percentile(startTimes, 0.99))} ms, max ${round(Math.max(...startTimes))} ms; all started in ${round(burstMs / 1000)} s; ${cpuPerRequest(STUDENTS)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      const startErrors = errors;

      // Then an answer every 20 s each, the first saves spread over the first 20 s.
      const seconds = size.saveSeconds;
      const saveTimes: number[] = [];
      /** Answers the server took (200), each another question of its attempt: the rows the database must hold. */
      let accepted = 0;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        attempts.map(async (attempt, index) => {
          if (!attempt.attemptId) return;
          await new Promise((resolve) => setTimeout(resolve, (index / STUDENTS) * SAVE_EVERY_MS));
          for (let n = 0; performance.now() < until; n++) {
            const question = attempt.questions[n % attempt.questions.length]!;
            const answer = question.type === 'numeric' ? { questionId: question._id, value: n, timeSpentSeconds: 20, revision: n } : { questionId: question._id, choice: [question.options[n % 4]!._id], timeSpentSeconds: 20, revision: n };
            const saved = await request(cookies[index]!, 'PUT', `/api/attempts/${attempt.attemptId}/answers`, { answers: [answer] });
            saveTimes.push(saved.elapsed);
            if (saved.json) accepted += 1;
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAVE_EVERY_MS - saved.elapsed)));
          }
        }),
      );
      console.log(
        `  saves: ${saveTimes.length} over ${seconds} s (${round(saveTimes.length / seconds)} a second): p50 ${round(percentile(saveTimes, 0.5))} ms, p99 ${round(percentile(saveTimes, 0.99))} ms, max ${round(Math.max(...saveTimes))} ms; ${cpuPerRequest(saveTimes.length)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      const saveErrors = errors - startErrors;

      // The end: everyone submits within the submit window (scored on the server).
      const submitWindowMs = size.submitSeconds * 1000;
      const submitStarted = performance.now();
      const submits = await Promise.all(
        attempts.map(async (attempt, index) => {
          await new Promise((resolve) => setTimeout(resolve, (index / STUDENTS) * submitWindowMs));
          return request(cookies[index]!, 'POST', `/api/attempts/${attempt.attemptId}/submit`);
        }),
      );
      const submitAllMs = performance.now() - submitStarted;
      const submitTimes = submits.map((submit) => submit.elapsed);
      console.log(
        `  submit: ${STUDENTS} within ${submitWindowMs / 1000} s: p50 ${round(percentile(submitTimes, 0.5))} ms, p99 ${round(percentile(submitTimes, 0.99))} ms; all submitted in ${round(submitAllMs / 1000)} s; ${cpuPerRequest(STUDENTS)}; errors in all: ${errors}`,
      );
      const submitErrors = errors - startErrors - saveErrors;

      // Counted in the database: every accepted answer kept, every attempt submitted and scored.
      const counting = new pg.Client(databaseOverride(name));
      await counting.connect();
      const { rows: [counted] } = await counting
        .query<{ answers: number; attempts: number; submitted: number; scored: number }>(
          `select (select count(*)::int from online_test_answers where choice <> '{}' or value is not null) as answers, (select count(*)::int from online_test_attempts) as attempts,
            (select count(*)::int from online_test_attempts where submitted_at is not null and submitted_by = 'student') as submitted,
            (select count(*)::int from online_test_attempts where score_half_marks is not null) as scored`,
        )
        .finally(() => counting.end());
      console.log(`  in the database: ${counted!.answers} answers (${accepted} accepted), ${counted!.attempts} attempts, ${counted!.submitted} submitted by their student, ${counted!.scored} scored`);
      return {
        checks: [
          [`${STUDENTS} students start the test within ${startWindowMs / 1000} s: p99 < ${START_GOAL_MS} ms (${round(percentile(startTimes, 0.99))} ms; all started in ${round(burstMs / 1000)} s)`, percentile(startTimes, 0.99) < START_GOAL_MS && burstMs <= startWindowMs + 2000],
          [`answers saved every 20 s for ${seconds} s: p99 < ${SAVE_GOAL_MS} ms (${round(percentile(saveTimes, 0.99))} ms, ${saveTimes.length} saves)`, percentile(saveTimes, 0.99) < SAVE_GOAL_MS],
          [`all ${STUDENTS} submit within ${submitWindowMs / 1000} s (all in ${round(submitAllMs / 1000)} s, p99 ${round(percentile(submitTimes, 0.99))} ms)`, counted!.submitted === STUDENTS && submitAllMs <= submitWindowMs + 2000],
          [`no errors (starts ${startErrors}, saves ${saveErrors}, submits ${submitErrors})`, errors === 0],
          [`no answer lost: ${counted!.answers} in the database of ${accepted} accepted (${saveTimes.length} sent), ${counted!.scored} of ${STUDENTS} attempts scored`, counted!.answers === accepted && accepted === saveTimes.length && counted!.scored === STUDENTS],
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    fs.rmSync(workDir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}
