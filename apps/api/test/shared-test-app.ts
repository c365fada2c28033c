import { afterAll, beforeAll, expect } from 'vitest';
import { academyToday } from '../src/academy-settings';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildTeacher, buildUser, loginAs } from './factories';

/**
 * The real app on a fresh database, shared by the tests of one file or describe block: built before
 * them and closed after them. Call it at the top of the file (or of the describe block).
 *
 * The object is filled in by the beforeAll hook this registers, so read its fields only inside hooks
 * and tests (a beforeAll registered after this call already sees them).
 */
export function shareTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  const shared = {} as TestApp;
  beforeAll(async () => {
    Object.assign(shared, await buildTestApp(options));
  });
  afterAll(() => shared.close());
  return shared;
}

/** A shared app (shareTestApp) with what most API test files set up first. */
export type SignedInTestApp = TestApp & {
  /** Cookie header of an admin signed in for all the tests. */
  adminCookie: string;
  adminId: string;
  /** The academy's date when the tests started (academyToday). */
  today: string;
  /** Cookie header of a teacher signed in for all the tests (only with `signInTeacher`). */
  teacherCookie: string;
};

/**
 * shareTestApp, then an admin signed in and the academy's date read, before the tests; with
 * `signInTeacher`, a teacher (of no batch) signed in too.
 */
export function shareSignedInTestApp(options: { adminName?: string; signInTeacher?: boolean } = {}): SignedInTestApp {
  const shared = shareTestApp() as SignedInTestApp;
  beforeAll(async () => {
    const admin = await buildUser(shared.database.db, { role: 'admin', ...(options.adminName ? { name: options.adminName } : {}) });
    shared.adminCookie = await loginAs(shared.app, admin.email);
    shared.adminId = admin.id;
    shared.today = await academyToday(shared.database.db);
    if (options.signInTeacher) shared.teacherCookie = await loginAs(shared.app, (await buildTeacher(shared.database.db)).user.email);
  });
  return shared;
}

/**
 * Requests to the shared app's API: `url` without its `/api` prefix, as the signed-in admin unless
 * another session's cookie is given, with a JSON payload when there is one.
 */
export const apiCaller =
  (shared: SignedInTestApp) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = shared.adminCookie) =>
    shared.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Checks a creation's reply: status 201 and `{ success: true, message, data }`, `data` matched as toEqual does. */
export function expectCreatedReply(response: { statusCode: number; json: () => unknown }, message: string, data: unknown) {
  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual({ success: true, message, data });
}
