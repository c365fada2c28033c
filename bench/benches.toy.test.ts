/**
 * Every bench of `npm run bench` at a toy size, inside `npm test` (issue 74): a few students and a few
 * seconds each, so a renamed table, column or route breaks a test here instead of the next full run
 * (the exams rename broke three benches unseen). What is checked is that each bench seeds, drives its
 * requests and counts its results without an error; its goals (p99s at 300 req/s, 3,000 students) are
 * for the full sizes only, which stay outside `npm test`. The benches:
 * - bench/attendance-bench.ts (`npm run bench`): seeding, marking, the statistics and dues reads in process,
 *   and the HTTP reads on the built server (bench/http-bench.ts), serving as the role row-level security binds;
 * - bench/concurrency-soak.ts, bench/academy-export.ts, bench/register-import.ts, bench/online-tests.ts,
 *   bench/many-academies.ts (all run by `npm run bench`);
 * - bench/cpu-reads.ts, bench/profile-read.ts and bench/kept-reads.ts (command-line tools on a kept database): on the toy's.
 * Not here: the cold start of `npm run bench` (it initialises a PostgreSQL of its own, a minute on a
 * busy machine), and bench/web (the first screens on Slow 3G, `npm run bench:web`; its size budgets
 * already run in `npm test`).
 * The HTTP benches need the built server (apps/api/dist, which `npm test` builds first; built here if missing).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseOverride, run, type Scenario } from './attendance-bench';
import { runConcurrencySoak } from './concurrency-soak';
import { runAcademyExportBench } from './academy-export';
import { runRegisterImportBench } from './register-import';
import { runOnlineTestBench } from './online-tests';
import { runManyAcademiesBench } from './many-academies';
import { databaseUrl } from './http-bench';
// The test database server this project's global setup provides (its `inject` type).
import type {} from '../apps/api/test/global-setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { connection } = inject('testDatabaseServer');
const connectionTo = (name: string) => databaseOverride(connection, name);
/** Half a second saturated, half a second at a modest fixed rate: enough for every read to be answered many times. */
const TOY_HTTP = { seconds: 0.5, saturatedSeconds: 0.5, rate: 50 };
/** The checks that hold at any size (what was counted), not the timing goals of the full size. */
const failedOf = (checks: [string, boolean][], countedOnly?: RegExp) => checks.filter(([label, ok]) => !ok && (!countedOnly || countedOnly.test(label))).map(([label]) => label);

let kept: string | undefined;
afterAll(async () => {
  if (!kept) return;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`drop database if exists "${kept}" with (force)`);
  await admin.end();
});

// CI's host is several times slower than this machine: a toy's seconds here are minutes there at worst.
describe('every bench at a toy size', { timeout: 240_000 }, () => {
  it('npm run bench: one batch of 80 and its year of marks, marked and read in process, then every HTTP read on the built server', async () => {
    const toy: Scenario = {
      label: 'toy',
      students: 80,
      teachers: 2,
      batches: 2,
      history: true,
      http: true,
      keep: true,
      runs: { mark: 3, read: 3, warmUp: 1, http: TOY_HTTP },
    };
    const result = await run(connection, toy);
    kept = result.database;
    expect(result.seeded.students).toBe(80);
    expect(result.sampleMarks).toBeGreaterThan(0);
    expect(result.http!.length).toBe(10);
    // Every read answered as it should (its own status, no connection error).
    expect(result.http!.filter((read) => read.errors + read.wrongStatus > 0).map((read) => read.label)).toEqual([]);
  });

  it('bench/cpu-reads.ts, bench/profile-read.ts and bench/kept-reads.ts run on the database the toy kept', () => {
    expect(kept).toBeDefined();
    const url = databaseUrl(connection, kept!);
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const cpu = spawnSync(tsx, ['bench/cpu-reads.ts', url, '2'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(cpu.status, cpu.stderr).toBe(0);
    // Each read's line ends with its status: the bare route's 401, every other 200.
    expect(cpu.stdout).toMatch(/bare: anonymous GET \/api\/auth\/me \(401\).* 401$/m);
    expect(cpu.stdout.split('\n').filter((line) => / (4|5)\d\d$/.test(line) && !line.startsWith('bare'))).toEqual([]);
    const profile = spawnSync(tsx, ['bench/profile-read.ts', url, 'admin@bench.test', '/api/batches', '0.5'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(profile.status, profile.stderr).toBe(0);
    expect(profile.stdout).toMatch(/non-2xx 0/);
    expect(profile.stdout).toMatch(/profile: .*\.cpuprofile/);
    // The HTTP reads again on the kept database, one of them by its label (and the bare route, always).
    const again = spawnSync(tsx, ['bench/kept-reads.ts', kept!, 'each a new student'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, TEST_DATABASE_URL: url, BENCH_SECONDS: '0.5', BENCH_RATE: '50' },
    });
    expect(again.status, again.stderr).toBe(0);
    const lines = again.stdout.split('\n').filter((line) => /^ {4}(bare|student)/.test(line));
    expect(lines.map((line) => line.trim().split(/ {2,}/)[0])).toEqual(['bare: anonymous GET /api/auth/me (401)', 'student GET /api/student/attendance, each a new student']);
    // Its errors column (before bytes, the server's, PostgreSQL's and the load generator's CPU, and the cores' busy share): none.
    for (const line of lines) {
      const columns = line.trim().split(/\s+/);
      expect(columns.at(-6)).toBe('0');
      expect(columns.at(-1)).toMatch(/^(\d+%|–)$/);
    }
  });

  it('the concurrency soak: payments, marks, attendance and enrolments at once, then the books checked', async () => {
    const checks = await runConcurrencySoak(connection, connectionTo, 2);
    // No 5xx and the books balanced: at any size.
    expect(failedOf(checks)).toEqual([]);
  });

  it('the academy workbook of a few students', async () => {
    const { checks } = await runAcademyExportBench(connection, connectionTo, { students: 40, teachers: 2, batches: 2, batchSize: 20, runs: 1 });
    expect(checks.length).toBe(2);
    expect(failedOf(checks, /every student and every due/)).toEqual([]);
  });

  it("a register's import of a few rows", async () => {
    const { checks } = await runRegisterImportBench(connection, connectionTo, 20);
    expect(failedOf(checks, /^(?!a \d+-row register's (dry run|import) in <)/)).toEqual([]);
  });

  it('an online test of a few students: started, saved, submitted, every answer counted in the database', async () => {
    const { checks } = await runOnlineTestBench(connection, connectionTo, { students: 6, startSeconds: 0.5, saveSeconds: 1.5, submitSeconds: 0.5, saveEveryMs: 500 });
    expect(checks.length).toBe(5);
    // No error, no answer lost, every attempt submitted and scored: at any size (the latency goals are the full size's).
    expect(failedOf(checks, /^(no errors|no answer lost)/)).toEqual([]);
  });

  it('many academies: a few academies of a dozen students, each request at another academy', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const { seeded, reads } = await runManyAcademiesBench(connection, undefined, today, { academies: 3, studentsEach: 12, http: TOY_HTTP });
    expect(seeded.academies).toBe(3);
    expect(reads.filter((read) => read.errors + read.wrongStatus > 0).map((read) => read.label)).toEqual([]);
  });
});
