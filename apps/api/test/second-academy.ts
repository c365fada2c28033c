import fs from 'node:fs';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import type { Db } from '../src/db/client';
import { createDatabase } from '../src/db/client';
import { withAcademy } from '../src/lib/tenancy';
import { buildTestApp, createTestDatabaseConnection, type TestApp } from './build-test-app';
import { buildAcademies, buildBatch, buildStudent, buildTeacher, buildUser, TEST_PASSWORD } from './factories';

/*
 * Academy B of an isolation test (issue 55): the other academy on the same database, reached at its own
 * address, that must see none of the first academy's rows.
 */

/** The two test apps of such a test, on one database: `t` serves the first academy, `many` every academy at its own address. */
export async function buildAppPair(options: Omit<Parameters<typeof buildTestApp>[0], 'database'> = {}): Promise<{ t: TestApp; many: TestApp }> {
  const connection = await createTestDatabaseConnection();
  const t = await buildTestApp({ ...options, database: createDatabase(connection) });
  const many = await buildTestApp({ database: createDatabase(connection, { defaultAcademyId: null }), config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
  return { t, many };
}

/**
 * Academies A and B (rows as buildAcademies takes them, each with its settings row) on a fresh database
 * served by a test app of many academies, for a test that one never sees the other's rows: `run` gets the
 * database and the app, which is closed after, whatever happens.
 */
export async function withTwoAcademies(academies: [Parameters<typeof buildAcademies>[1], Parameters<typeof buildAcademies>[1]], run: (db: Db, many: TestApp) => Promise<void>): Promise<void> {
  const many = await buildTestApp({ config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
  try {
    await buildAcademies(many.database.db, academies.flat());
    await run(many.database.db, many);
  } finally {
    await many.close();
  }
}

/** After the tests of a buildAppPair: both apps closed (those that were built) and the tests' scratch folder removed. */
export async function closeAppPair(t: TestApp | undefined, many: TestApp | undefined, work?: string): Promise<void> {
  await many?.close();
  await t?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}

/** Signs in at an academy's own address through a test app of many academies: the session's cookie. */
export async function signInAt(many: TestApp, host: string, email: string): Promise<string> {
  const login = await many.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email, password: TEST_PASSWORD } });
  const cookie = login.cookies.find((one) => one.name === SESSION_COOKIE)!;
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Academy B at `<slug>.localhost`: made with its settings row, a teacher's batch with one student, and an
 * admin signed in through `many`. Answers its address, the admin's cookie and its people's emails.
 */
export async function buildSecondAcademy(db: Db, many: TestApp, academy: { id: string; slug: string; name?: string }) {
  await buildAcademies(db, { id: academy.id, slug: academy.slug, name: academy.name ?? 'Second Academy' });
  const emails = await withAcademy(academy.id, async () => {
    const student = await buildStudent(db);
    const teacher = await buildTeacher(db);
    await buildBatch(db, { teacherId: teacher.id, studentIds: [student.id] });
    return { admin: (await buildUser(db, { role: 'admin' })).email, teacher: teacher.user.email, student: student.user.email };
  });
  const host = `${academy.slug}.localhost`;
  return { host, emails, adminCookie: await signInAt(many, host, emails.admin) };
}
