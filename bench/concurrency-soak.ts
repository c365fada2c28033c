/**
 * The concurrency soak of `npm run bench` (issue 35): payments (with double taps and cancellations),
 * marks saves (with the test's maximum changed under them), attendance submissions and enrolments
 * (with and without cancelling dues), all at once for SOAK_SECONDS (default 60), through the whole
 * application (app.inject: session, validation, access rules, transactions; no network). Refusals
 * (4xx) are expected when two changes collide; a 5xx is not, whatever the timing. Afterwards it checks
 * the books: every due's paid amount is what its live allocations say, receipt numbers have no gaps
 * in a financial year, no mark is above its test's maximum, and every accepted attendance submission
 * left its audit entry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { createDatabase, runMigrations, type Database } from '../apps/api/src/db/client';
import { createMailer } from '../apps/api/src/lib/mailer';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { serverKeysFrom } from '../apps/api/src/lib/server-keys';
import { hashPassword } from '../apps/api/src/lib/password';
import { academyToday } from '../apps/api/src/academy-settings';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const PASSWORD = 'soak-password-2026';
const TEACHERS = 3;
const BATCHES = 6;
/**
 * Each of the first 240 students is in two neighbouring batches (80 a batch): their marks and
 * attendance are saved again and again, and they owe two plans' instalments on the same days.
 */
const ROSTER = 40;
/** Students the enrolment workers move in and out of the batches (their dues come and go). */
const FLOATING = 60;
/** Concurrent requests of each kind: together about the pool's 10 connections, so they queue for it. */
const WORKERS = { payments: 4, marks: 2, attendance: 2, enrolments: 2 } as const;
type Kind = keyof typeof WORKERS;
/**
 * Payments of one student sent at the same instant, now and then. More than the pool's connections,
 * so some start while others have committed: the case that deadlocked (finding 2).
 */
const SAME_STUDENT_BURST = 16;

type Seeded = {
  adminEmail: string;
  teacherEmails: string[];
  batches: { id: string; teacherIndex: number; testId: string; roster: string[] }[];
  floating: string[];
};

function shiftDate(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * A small academy made in SQL: 3 teachers with 2 batches each, 80 students in each batch (every
 * student in two), a ₹18,000 plan in three instalments per batch (their dues, six a student, two on
 * each day), one test of 20 marks per batch, and 60 students in no batch. Batches run from a year ago
 * to four months ahead, every day of the week.
 */
async function seed(database: Database, today: string): Promise<Seeded> {
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into standards (name, level) values ('10th Standard', 10)`);
  await db.execute(sql`insert into subjects (name, code) values ('Mathematics', 'MATH')`);
  await db.execute(sql`insert into users (name, email, role, password_hash) values ('Soak Admin', 'admin@soak.test', 'admin', ${passwordHash})`);
  await db.execute(sql`
    insert into users (name, email, role, password_hash)
    select 'Teacher ' || n, 'teacher' || n || '@soak.test', 'teacher', ${passwordHash} from generate_series(1, ${TEACHERS}) n`);
  await db.execute(sql`insert into teachers (user_id) select id from users where role = 'teacher'`);
  await db.execute(sql`
    insert into users (name, email, role, password_hash)
    select 'Student ' || n, 'student' || n || '@soak.test', 'student', ${passwordHash} from generate_series(1, ${BATCHES * ROSTER + FLOATING}) n`);
  await db.execute(sql`
    insert into students (user_id, student_code, standard_id)
    select u.id, 'SOAK-' || lpad((row_number() over (order by u.email))::text, 5, '0'), (select id from standards) from users u where u.role = 'student'`);
  await db.execute(sql`
    insert into batches (name, standard_id, subject_id, teacher_id, schedule_days, start_time, end_time, start_date, end_date, capacity)
    select 'Batch ' || b.n, (select id from standards), (select id from subjects), t.id, array['mon','tue','wed','thu','fri','sat','sun'],
      make_time(7 + b.n, 0, 0), make_time(8 + b.n, 0, 0), ${shiftDate(today, -365)}::date, ${shiftDate(today, 120)}::date, 500
    from generate_series(1, ${BATCHES}) b(n)
    join (select te.id, row_number() over (order by u.email) as n from teachers te join users u on u.id = te.user_id) t on t.n = (b.n - 1) % ${TEACHERS} + 1`);
  await db.execute(sql`
    with s as (select id, row_number() over (order by student_code) - 1 as i from students),
         b as (select id, row_number() over (order by name) - 1 as j from batches)
    insert into batch_students (batch_id, student_id)
    select b.id, s.id from b join s on s.i < ${BATCHES * ROSTER} and (s.i / ${ROSTER} = b.j or (s.i / ${ROSTER} + 1) % ${BATCHES} = b.j)`);
  await db.execute(sql`insert into fee_plans (name, batch_id, amount_paise) select name || ' fees', id, 1800000 from batches`);
  await db.execute(sql`
    insert into fee_plan_instalments (plan_id, seq, due_date, amount_paise)
    select p.id, i, ${today}::date + (i * 60 - 120), 600000 from fee_plans p cross join generate_series(1, 3) i`);
  await db.execute(sql`
    insert into fee_dues (student_id, plan_id, batch_id, seq, number, label, due_date, amount_paise)
    select bs.student_id, p.id, p.batch_id, i.seq, row_number() over (partition by bs.student_id order by p.id, i.seq), p.name || ' · ' || i.seq || '/3', i.due_date, i.amount_paise
    from batch_students bs join fee_plans p on p.batch_id = bs.batch_id join fee_plan_instalments i on i.plan_id = p.id`);
  await db.execute(sql`
    insert into exams (batch_id, name, date, max_half_marks, created_by)
    select id, 'Weekly test', ${shiftDate(today, -1)}::date, 40, (select id from users where role = 'admin') from batches`);

  const { rows: batchRows } = await db.execute<{ id: string; teacher_email: string; test_id: string }>(sql`
    select b.id, u.email as teacher_email, t.id as test_id from batches b join teachers te on te.id = b.teacher_id join users u on u.id = te.user_id
    join exams t on t.batch_id = b.id order by b.name`);
  const { rows: enrolled } = await db.execute<{ batch_id: string; student_id: string }>(sql`select batch_id, student_id from batch_students`);
  const { rows: floating } = await db.execute<{ id: string }>(sql`select id from students where id not in (select student_id from batch_students)`);
  const teacherEmails = [...new Set(batchRows.map((row) => row.teacher_email))];
  return {
    adminEmail: 'admin@soak.test',
    teacherEmails,
    batches: batchRows.map((row) => ({
      id: row.id,
      teacherIndex: teacherEmails.indexOf(row.teacher_email),
      testId: row.test_id,
      roster: enrolled.filter((enrolment) => enrolment.batch_id === row.id).map((enrolment) => enrolment.student_id),
    })),
    floating: floating.map((row) => row.id),
  };
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`signing in ${email} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Answers counted per kind of work, and every 5xx by route and status. */
class Tally {
  readonly byKind = new Map<Kind, { ok: number; refused: number; failed: number }>();
  readonly failures = new Map<string, number>();
  /** Why requests were refused (4xx), by route: expected when two changes collide, shown to judge the mix. */
  readonly refusals = new Map<string, number>();
  attendanceAccepted = 0;

  count(kind: Kind, route: string, answer: { statusCode: number; json(): { message?: string } }) {
    const status = answer.statusCode;
    const counts = this.byKind.get(kind) ?? { ok: 0, refused: 0, failed: 0 };
    if (status >= 500) {
      counts.failed += 1;
      const key = `${route} → ${status}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    } else if (status >= 400) {
      counts.refused += 1;
      // Numbers (amounts, rows) vary: one line per kind of refusal.
      const key = `${route} → ${status} ${String(answer.json().message).replace(/\d+(?:[,.]\s?\d+)*/g, 'n')}`;
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
    } else counts.ok += 1;
    this.byKind.set(kind, counts);
  }

  get failed(): number {
    return [...this.failures.values()].reduce((sum, n) => sum + n, 0);
  }
}

type Soak = { app: FastifyInstance; seeded: Seeded; today: string; admin: string; teachers: string[]; tally: Tally; until: number };

/**
 * Pays ₹50–₹500 of a random student's dues. One round in eight is a double tap (the same
 * Idempotency-Key twice at once), one in eight a burst of different payments of one student at once
 * (their dues in two batches fall due on the same days, the case that deadlocked); one in
 * ten cancels a receipt.
 */
async function paymentsWorker(soak: Soak) {
  const { app, seeded, today, admin, tally } = soak;
  const enrolled = [...new Set(seeded.batches.flatMap((batch) => batch.roster))];
  const everyone = [...enrolled, ...seeded.floating];
  const receipts: string[] = [];
  for (let round = 0; Date.now() < soak.until; round += 1) {
    if (round % 10 === 9 && receipts.length > 0) {
      const receiptId = receipts.splice(Math.floor(Math.random() * receipts.length), 1)[0]!;
      const cancelled = await app.inject({ method: 'POST', url: `/api/receipts/${receiptId}/cancel`, headers: { cookie: admin }, payload: { reason: 'Entered twice by mistake' } });
      tally.count('payments', 'POST /api/receipts/:id/cancel', cancelled);
      continue;
    }
    // A burst is for a student with dues for sure; a single payment may be for anyone.
    const studentId = round % 8 === 4 ? pick(enrolled) : pick(everyone);
    const payment = { amount: (5_000 + Math.floor(Math.random() * 45_000)) / 100, date: today, mode: pick(['cash', 'upi', 'cheque', 'bank_transfer', 'card'] as const) };
    const key = randomUUID();
    const send = (idempotencyKey: string) => app.inject({ method: 'POST', url: `/api/students/${studentId}/payments`, headers: { cookie: admin, 'idempotency-key': idempotencyKey }, payload: payment });
    const answers = round % 8 === 0 ? await Promise.all([send(key), send(key)]) : round % 8 === 4 ? await Promise.all([send(key), ...Array.from({ length: SAME_STUDENT_BURST - 1 }, () => send(randomUUID()))]) : [await send(key)];
    for (const answer of answers) {
      tally.count('payments', 'POST /api/students/:id/payments', answer);
      if (answer.statusCode === 201) receipts.push(answer.json().data._id);
    }
  }
}

/** Saves a whole batch's marks (sometimes all at most 16, sometimes up to 20), or sets the test's maximum to 16 or 20. */
async function marksWorker(soak: Soak) {
  const { app, seeded, teachers, tally } = soak;
  while (Date.now() < soak.until) {
    const batch = pick(seeded.batches);
    const cookie = teachers[batch.teacherIndex]!;
    if (Math.random() < 0.3) {
      const payload = { name: 'Weekly test', date: shiftDate(soak.today, -1), maxMarks: pick([16, 20]) };
      const changed = await app.inject({ method: 'PUT', url: `/api/tests/${batch.testId}`, headers: { cookie }, payload });
      tally.count('marks', 'PUT /api/tests/:id', changed);
      continue;
    }
    const ceiling = pick([16, 20]);
    const marks = batch.roster.map((studentId) => (Math.random() < 0.05 ? { studentId, marks: null, absent: true } : { studentId, marks: Math.floor(Math.random() * (ceiling * 2 + 1)) / 2 }));
    const saved = await app.inject({ method: 'PUT', url: `/api/tests/${batch.testId}/marks`, headers: { cookie }, payload: { marks } });
    tally.count('marks', 'PUT /api/tests/:id/marks', saved);
  }
}

/** Submits (or corrects) a day of the last three weeks for a whole batch. */
async function attendanceWorker(soak: Soak) {
  const { app, seeded, teachers, tally } = soak;
  const statuses = ['present', 'present', 'present', 'present', 'absent', 'late', 'excused'] as const;
  while (Date.now() < soak.until) {
    const batch = pick(seeded.batches);
    const date = shiftDate(soak.today, -Math.floor(Math.random() * 21));
    const records = batch.roster.map((studentId) => ({ studentId, status: pick(statuses) }));
    const submitted = await app.inject({ method: 'POST', url: `/api/attendance/batch/${batch.id}`, headers: { cookie: teachers[batch.teacherIndex]! }, payload: { date, records } });
    tally.count('attendance', 'POST /api/attendance/batch/:batchId', submitted);
    if (submitted.statusCode === 200) tally.attendanceAccepted += 1;
  }
}

/** Enrols a student who is in no batch (their dues are made), or removes them again, half the time cancelling their unpaid dues. */
async function enrolmentsWorker(soak: Soak) {
  const { app, seeded, admin, tally } = soak;
  const enrolled = new Set<string>();
  while (Date.now() < soak.until) {
    const batch = pick(seeded.batches);
    const studentId = pick(seeded.floating);
    const pair = `${batch.id}/${studentId}`;
    if (enrolled.has(pair)) {
      const url = `/api/batches/${batch.id}/students/${studentId}/remove?cancelDues=${Math.random() < 0.5 ? 'true' : 'false'}`;
      const removed = await app.inject({ method: 'PUT', url, headers: { cookie: admin } });
      tally.count('enrolments', 'PUT /api/batches/:id/students/:studentId/remove', removed);
      if (removed.statusCode === 200) enrolled.delete(pair);
    } else {
      const added = await app.inject({ method: 'PUT', url: `/api/batches/${batch.id}/students/${studentId}/add?confirm=true`, headers: { cookie: admin } });
      tally.count('enrolments', 'PUT /api/batches/:id/students/:studentId/add', added);
      if (added.statusCode === 200) enrolled.add(pair);
    }
  }
}

/** What the books say after the soak: each a label, whether it holds, and what was found. */
async function checkBooks(db: Database['db'], attendanceAccepted: number): Promise<[string, boolean][]> {
  const { rows: [dues] } = await db.execute<{ dues: number; wrong: number }>(sql`
    select count(*)::int as dues, count(*) filter (where d.paid_paise <> coalesce(live.paid, 0))::int as wrong
    from fee_dues d
    left join (select a.due_id, sum(a.amount_paise) as paid from fee_allocations a join fee_receipts r on r.id = a.receipt_id
               where r.cancelled_at is null group by a.due_id) live on live.due_id = d.id`);
  const { rows: years } = await db.execute<{ year: string; receipts: number; first: number; last: number; counter: number | null }>(sql`
    select r.financial_year as year, count(*)::int as receipts, min(r.seq) as first, max(r.seq) as last, min(c.last_seq) as counter
    from fee_receipts r left join fee_receipt_counters c on c.financial_year = r.financial_year group by r.financial_year order by 1`);
  const { rows: [marks] } = await db.execute<{ marks: number; above: number }>(sql`
    select count(*)::int as marks, count(*) filter (where m.half_marks > t.max_half_marks)::int as above from exam_marks m join exams t on t.id = m.exam_id`);
  const { rows: [audit] } = await db.execute<{ entries: number }>(sql`
    select count(*)::int as entries from audit_log where action in ('attendance.submit', 'attendance.correct')`);
  const gapFree = years.every((year) => year.first === 1 && year.last === year.receipts && year.counter === year.last);
  const receiptCount = years.reduce((sum, year) => sum + year.receipts, 0);
  return [
    [`every due's paid amount equals its live allocations (${dues!.dues} dues, ${dues!.wrong} wrong)`, dues!.wrong === 0],
    [`receipt numbers gap-free per financial year (${years.map((year) => `${year.year}: ${year.receipts} receipts, 1–${year.last}, counter ${year.counter}`).join('; ') || 'no receipts'})`, gapFree && receiptCount > 0],
    [`no mark above its test's maximum (${marks!.marks} marks, ${marks!.above} above)`, marks!.above === 0],
    [`each accepted attendance submission left its audit entry (${attendanceAccepted} accepted, ${audit!.entries} entries)`, attendanceAccepted > 0 && audit!.entries === attendanceAccepted],
  ];
}

/**
 * Runs the soak on a throw-away database of the given server and prints its figures; answers the
 * goals, each met or not. `connectionTo(name)` is how to reach a database of that server.
 */
/** `seconds`: how long everything runs at once (SOAK_SECONDS, default 60; a toy's in npm test). */
export async function runConcurrencySoak(admin: pg.PoolConfig, connectionTo: (database: string) => pg.PoolConfig, seconds = SOAK_SECONDS): Promise<[string, boolean][]> {
  const name = `academy_bench_soak_${randomBytes(3).toString('hex')}`;
  const server = new pg.Client(admin);
  await server.connect();
  await server.query(`create database "${name}"`);
  const database = createDatabase(connectionTo(name));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-soak-'));
  // Why a request failed: the server's error log lines (the answer itself says only "something went wrong").
  const errors = new Map<string, number>();
  const errorLog = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
        // pino ends a failed query's message with its cause ("Failed query: select … params: …: deadlock
        // detected"): that last part alone, so that one cause is one line whatever the query's values.
        const cause = (entry.err?.message ?? '').replace(/\s+/g, ' ').split(': ').at(-1)!.slice(0, 160);
        const text = `${entry.msg ?? ''}: ${cause}`;
        errors.set(text, (errors.get(text) ?? 0) + 1);
      }
      done();
    },
  });
  try {
    await runMigrations(database.pool);
    const today = await academyToday(database.db);
    const seeded = await seed(database, today);
    const mailer = createMailer({ smtpUrl: undefined, from: { name: 'Academy', address: 'no-reply@localhost' }, outboxDir: path.join(workDir, 'outbox'), log: () => {} });
    const filesDir = path.join(workDir, 'files');
    const storage = createLocalStorage({ root: filesDir, incomingDir: path.join(workDir, 'files-incoming') });
    const app = await buildApp({
      db: database.db,
      config: { isProduction: false, publicUrl: undefined, trustProxy: false },
      mailer,
      keys: serverKeysFrom(randomBytes(32).toString('hex')),
      storage,
      backups: { backupsDir: path.join(workDir, 'backups'), filesDir },
      logger: { level: 'error', stream: errorLog },
    });
    try {
      const soak: Soak = {
        app,
        seeded,
        today,
        admin: await signIn(app, seeded.adminEmail),
        teachers: await Promise.all(seeded.teacherEmails.map((email) => signIn(app, email))),
        tally: new Tally(),
        until: Date.now() + seconds * 1000,
      };
      const workers = { payments: paymentsWorker, marks: marksWorker, attendance: attendanceWorker, enrolments: enrolmentsWorker };
      const started = Date.now();
      await Promise.all(Object.entries(WORKERS).flatMap(([kind, count]) => Array.from({ length: count }, () => workers[kind as Kind](soak))));
      const ran = (Date.now() - started) / 1000;
      await app.backgroundIdle();

      const { tally } = soak;
      let total = 0;
      for (const kind of Object.keys(WORKERS) as Kind[]) {
        const counts = tally.byKind.get(kind) ?? { ok: 0, refused: 0, failed: 0 };
        const requests = counts.ok + counts.refused + counts.failed;
        total += requests;
        console.log(`  ${kind.padEnd(11)} ${String(requests).padStart(6)} requests (${WORKERS[kind]} workers): ${counts.ok} 2xx · ${counts.refused} 4xx · ${counts.failed} 5xx`);
      }
      console.log(`  ${total} requests in ${ran.toFixed(1)} s (${Math.round(total / ran)} req/s; load average ${os.loadavg()[0]!.toFixed(1)})`);
      console.log(`  5xx answers: ${tally.failed}`);
      for (const [route, count] of tally.failures) console.log(`    ${count} × ${route}`);
      for (const [text, count] of errors) console.log(`    server log: ${count} × ${text}`);
      console.log('  refusals (4xx, expected when changes collide):');
      for (const [refusal, count] of [...tally.refusals].sort((a, b) => b[1] - a[1])) console.log(`    ${count} × ${refusal}`);
      const books = await checkBooks(database.db, tally.attendanceAccepted);
      return [[`no 5xx answer in ${total} concurrent requests (${tally.failed})`, tally.failed === 0], ...books];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    // Without FORCE the drop waits (up to 5 s) for the pool's connections that are still closing.
    await server.query(`drop database if exists "${name}"`).catch(() => server.query(`drop database if exists "${name}" with (force)`));
    await server.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
