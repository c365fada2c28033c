import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { buildTestApp, createTestDatabaseConnection, ownerConnectionTo, type TestApp } from './build-test-app';
import { buildBatch, buildStudent, buildTeacher, buildUser, loginAll } from './factories';
import { onCitus } from './citus-cluster';

/*
 * On Citus (npm run proof:citus) a statement that names no academy by value goes to every shard: row-level
 * security's filter is applied on the workers, where the coordinator's router cannot see it (decision 053).
 * The statements of a sign-in, of every signed-in request and of the busiest screens name their academy. Here
 * the coordinator refuses any statement for more than one shard (`citus.multi_task_query_log_level = 'error'`
 * on this test's database), so one that forgets its academy fails its request; on plain PostgreSQL the same
 * requests simply answer.
 */
async function databaseName(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string }>('select current_database() as name');
  return rows[0]!.name;
}

describe('the busiest requests reach one academy’s shard', () => {
  let t: TestApp;
  let cookies: Record<'admin' | 'teacher' | 'student', string>;
  let studentId: string;
  let joinerId: string;
  let batchId: string;
  let people: Record<'admin' | 'teacher' | 'student', { email: string } | { user: { email: string } }>;

  beforeAll(async () => {
    const connection = await createTestDatabaseConnection();
    // The people and their batch first, by the factories' own statements (not the subject here).
    const fixtures = createDatabase(connection);
    try {
      const teacher = await buildTeacher(fixtures.db);
      const student = await buildStudent(fixtures.db);
      const joiner = await buildStudent(fixtures.db);
      const batch = await buildBatch(fixtures.db, { teacherId: teacher.id, studentIds: [student.id] });
      const admin = await buildUser(fixtures.db, { role: 'admin' });
      studentId = student.id;
      joinerId = joiner.id;
      batchId = batch.id;
      people = { admin, teacher, student };
      if (onCitus()) {
        // Every connection opened from now on: a statement for more than one shard is an error.
        const owner = new pg.Client(ownerConnectionTo(fixtures));
        await owner.connect();
        try {
          await owner.query(`alter database ${owner.escapeIdentifier(await databaseName(owner))} set citus.multi_task_query_log_level = 'error'`);
        } finally {
          await owner.end();
        }
      }
    } finally {
      await fixtures.close();
    }
    t = await buildTestApp({ database: createDatabase(connection) });
    // The sign-in itself: the account by its email, the throttle's tries, the new session.
    cookies = await loginAll(t.app, people);
  });
  afterAll(() => t.close());

  it('answers a signed-in request, a ledger, a batch with its students, a roster, a student’s attendance, the admissions report and the admin’s dashboard', async () => {
    const asks: [string, string][] = [
      ['student', '/api/auth/me'],
      ['student', '/api/student/fees'],
      ['student', '/api/student/attendance'],
      ['admin', `/api/students/${studentId}/fees`],
      ['admin', `/api/batches/${batchId}?populate=enrolledStudents`],
      ['teacher', `/api/attendance/${batchId}/2026-06-03`],
      // Its time zone is read by value: with the enquiries left to row-level security alone Citus refused it (a 500).
      ['admin', '/api/admissions/report?from=2026-04-01&to=2026-06-30'],
      // Its counts named the academy in some tables only: on Citus they went to every shard (~300 ms a first asking).
      ['admin', '/api/admin/dashboard/summary'],
    ];
    for (const [who, url] of asks) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who as keyof typeof cookies] } });
      expect(`${url}: ${response.statusCode}`, response.body).toBe(`${url}: 200`);
    }
  });

  it('makes a fee plan, lists the plans, enrols a student with their dues and removes them with the dues cancelled', async () => {
    // Each of these went to every shard (the most frequent product statements of the multi-shard list after the suite).
    const admin = { cookie: cookies.admin };
    const plan = await t.app.inject({ method: 'POST', url: '/api/fee-plans', headers: admin, payload: { name: 'One shard fees', batch: batchId, amount: 1200, instalments: [{ dueDate: '2030-01-10', amount: 600 }, { dueDate: '2030-02-10', amount: 600 }] } });
    expect(plan.statusCode, plan.body).toBe(201);
    const plans = await t.app.inject({ method: 'GET', url: '/api/fee-plans', headers: admin });
    expect(plans.statusCode, plans.body).toBe(200);
    const added = await t.app.inject({ method: 'PUT', url: `/api/batches/${batchId}/students/${joinerId}/add?confirm=true`, headers: admin });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await t.app.inject({ method: 'PUT', url: `/api/batches/${batchId}/students/${joinerId}/remove?cancelDues=true`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
  });
  it('lists the dues with their totals, last reminders and invoices, searched and filtered, and as a CSV', async () => {
    // The office's dues screen: its page, totals and reminders joined five tables by the academy's rows only (issue 77).
    const admin = { cookie: cookies.admin };
    const plan = await t.app.inject({ method: 'POST', url: '/api/fee-plans', headers: admin, payload: { name: 'One shard dues', batch: batchId, amount: 900, instalments: [{ dueDate: '2030-03-10', amount: 900 }] } });
    expect(plan.statusCode, plan.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/fees/dues?limit=50', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json() as { data: { dues: { label: string; student: { _id: string; name: string } }[] } }).data.dues.find((due) => due.student._id === studentId);
    expect(mine, list.body).toBeDefined();
    for (const url of [`/api/fees/dues?search=${encodeURIComponent(mine!.student.name)}`, `/api/fees/dues?overdue=false&batch=${batchId}`, '/api/fees/dues.csv']) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(`${url}: ${response.statusCode}`, response.body).toBe(`${url}: 200`);
      expect(response.body).toContain(mine!.student.name);
    }
  });
});
