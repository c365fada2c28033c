/**
 * A register's import in `npm run bench` (issue 39: "2,000 rows import in under 10 s"): POST
 * /api/imports/students with an XLSX of 2,000 students (each with a parent, siblings sharing one by
 * phone, a batch with a ₹10,000 plan in two instalments, every other one with ₹2,000 already paid),
 * through the whole application (app.inject: session, access rule, multipart, the sheet read with
 * exceljs, the transaction), first as a dry run then for real, each timed from the request to the
 * answer. The goal: under 10 s each. `BENCH_ONLY=import` runs only this; `BENCH_KEEP=1` keeps the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/api/src/app';
import { createDatabase, runMigrations } from '../apps/api/src/db/client';
import { createMailer } from '../apps/api/src/lib/mailer';
import { createLocalStorage } from '../apps/api/src/lib/storage';
import { serverKeysFrom } from '../apps/api/src/lib/server-keys';
import { hashPassword } from '../apps/api/src/lib/password';

const GOAL_MS = 10_000;
const PASSWORD = 'import-bench-password-2026';

async function registerFile(ROWS: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  sheet.addRow(['Student name', 'Date of birth (DD-MM-YYYY)', 'Gender', 'Standard', 'Parent name', 'Relation', 'Parent phone', 'Batch', 'Already paid (₹)']);
  for (let i = 0; i < ROWS; i++) {
    // Pairs of siblings share a mother's phone.
    const phone = `97${String(10_000_000 + Math.floor(i / 2)).padStart(8, '0')}`;
    sheet.addRow([`Student ${i} Patil`, `${String((i % 28) + 1).padStart(2, '0')}-06-2011`, i % 2 ? 'Female' : 'Male', '9th Standard', `Mother ${Math.floor(i / 2)}`, 'Mother', phone, `9th Maths ${i % 4}`, i % 2 ? '2,000' : '']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="register.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Makes a throw-away database on `connection`'s server, times a dry run and the import, drops the database. */
/** `rows`: the register's students (2,000; a toy's in npm test). */
export async function runRegisterImportBench(connection: pg.PoolConfig, databaseOverride: (name: string) => pg.PoolConfig, ROWS = 2000): Promise<{ checks: [string, boolean][] }> {
  const name = `academy_bench_import_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const database = createDatabase(databaseOverride(name));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-import-'));
  try {
    await runMigrations(database.pool);
    const db = database.db;
    await db.execute(sql`insert into standards (name, level) values ('9th Standard', 9)`);
    await db.execute(sql`insert into subjects (name, code) values ('Mathematics', 'MATH')`);
    await db.execute(sql`insert into users (name, email, role, password_hash) values ('Bench Admin', 'admin@bench.test', 'admin', ${await hashPassword(PASSWORD)})`);
    await db.execute(sql`insert into users (name, email, role) values ('Bench Teacher', 'teacher@bench.test', 'teacher')`);
    await db.execute(sql`insert into teachers (user_id) select id from users where role = 'teacher'`);
    await db.execute(sql`
      insert into batches (name, standard_id, subject_id, teacher_id, schedule_days, start_time, end_time, start_date, end_date, capacity)
      select '9th Maths ' || n, (select id from standards), (select id from subjects), (select id from teachers), '{mon,wed,fri}', '07:00', '08:00', '2026-06-01', '2027-03-31', 1000
      from generate_series(0, 3) n`);
    await db.execute(sql`insert into fee_plans (name, batch_id, amount_paise) select 'Yearly', id, 1000000 from batches`);
    await db.execute(sql`insert into fee_plan_instalments (plan_id, seq, due_date, amount_paise) select id, 1, date '2026-07-01', 600000 from fee_plans union all select id, 2, date '2027-01-01', 400000 from fee_plans`);
    const mailer = createMailer({ smtpUrl: undefined, from: { name: 'Academy', address: 'no-reply@localhost' }, outboxDir: path.join(workDir, 'outbox'), log: () => {} });
    const filesDir = path.join(workDir, 'files');
    const storage = createLocalStorage({ root: filesDir, incomingDir: path.join(workDir, 'files-incoming') });
    const app = await buildApp({ db, config: { isProduction: false, publicUrl: undefined, trustProxy: false }, mailer, keys: serverKeysFrom(randomBytes(32).toString('hex')), storage, backups: { backupsDir: path.join(workDir, 'backups'), filesDir } });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@bench.test', password: PASSWORD } });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const file = await registerFile(ROWS);
      const times: Record<string, number> = {};
      for (const dryRun of [true, false]) {
        const body = multipart(file);
        const started = process.hrtime.bigint();
        const response = await app.inject({ method: 'POST', url: `/api/imports/students${dryRun ? '?dryRun=true' : ''}`, payload: body.payload, headers: { ...body.headers, cookie } });
        const elapsed = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
        if (response.statusCode !== 200) throw new Error(`the import answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        const label = dryRun ? 'dry run' : 'import';
        times[label] = elapsed;
        console.log(`  ${label}: ${elapsed} ms (${(file.length / 1024).toFixed(0)} kB sheet): ${JSON.stringify(response.json().data).slice(0, 160)}; load average ${os.loadavg()[0]!.toFixed(1)}`);
      }
      return {
        checks: [
          [`a ${ROWS}-row register's dry run in < ${GOAL_MS / 1000} s (${times['dry run']} ms)`, times['dry run']! < GOAL_MS],
          [`a ${ROWS}-row register's import in < ${GOAL_MS / 1000} s (${times.import} ms)`, times.import! < GOAL_MS],
        ],
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(workDir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}
