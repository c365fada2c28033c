import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createTestDatabaseConnection, type TestApp } from './build-test-app';
import { buildAcademies, buildBatch, buildStudent, buildTeacher, buildUser, loginAll, TEST_PASSWORD } from './factories';
import { createDatabase } from '../src/db/client';
import { withAcademy } from '../src/lib/tenancy';
import { SESSION_COOKIE } from '@academy/shared/cookies';

/**
 * The OMR tests' academy: a teacher's batch of the named students with its offline tests, another teacher,
 * an admin, each signed in; and a second academy (`<slug>.localhost`, served by `many`) whose admin must
 * never see the first's scans.
 */
export async function setUpOmrAcademies(options: { academyId: string; slug: string; batchName: string; studentNames: readonly string[]; maxMarks: number; tests: readonly string[] }) {
  const connection = await createTestDatabaseConnection();
  const t: TestApp = await buildTestApp({ database: createDatabase(connection) });
  const many: TestApp = await buildTestApp({ database: createDatabase(connection, { defaultAcademyId: null }), config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
  const db = t.database.db;
  const teacher = await buildTeacher(db);
  const otherTeacher = await buildTeacher(db);
  const students = await Promise.all(options.studentNames.map((name) => buildStudent(db, { name })));
  const batch = await buildBatch(db, { name: options.batchName, teacherId: teacher.id, studentIds: students.map((s) => s.id) });
  const admin = await buildUser(db, { role: 'admin' });
  const cookies = await loginAll(t.app, { teacher, otherTeacher, admin, student: students[0]! });
  await buildAcademies(db, { id: options.academyId, slug: options.slug, name: 'Second Academy' });
  const bAdminEmail = await withAcademy(options.academyId, async () => (await buildUser(db, { role: 'admin' })).email);
  const login = await many.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: `${options.slug}.localhost` }, payload: { email: bAdminEmail, password: TEST_PASSWORD } });
  const cookie = login.cookies.find((one) => one.name === SESSION_COOKIE)!;
  const tests: string[] = [];
  for (const name of options.tests) {
    const made = await t.app.inject({ method: 'POST', url: `/api/batches/${batch.id}/tests`, headers: { cookie: cookies.teacher }, payload: { name, date: '2026-11-28', maxMarks: options.maxMarks } });
    tests.push(made.json().data._id as string);
  }
  return { t, many, db, teacher, students, batch, cookies, bAdmin: `${cookie.name}=${cookie.value}`, tests };
}

/** Each query of the OMR sheet of `testId` in `refusals` answers 400 with its message (asked with `cookie`). */
export async function expectSheetQueriesRefused(app: FastifyInstance, cookie: string, testId: string, refusals: ReadonlyArray<readonly [query: string, message: string]>) {
  for (const [query, message] of refusals) {
    const response = await app.inject({ method: 'GET', url: `/api/tests/${testId}/omr-sheet.pdf?${query}`, headers: { cookie } });
    expect(response.statusCode, query).toBe(400);
    expect(JSON.stringify(response.json()), query).toContain(message);
  }
}
