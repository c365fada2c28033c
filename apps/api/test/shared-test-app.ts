import { afterAll, beforeAll } from 'vitest';
import { academyToday } from '../src/modules/settings/settings.service';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildUser, loginAs } from './factories';

/** The app one test file shares, with what nearly every such file sets up first. */
export type SharedTestApp = TestApp & {
  /** Cookie header of an admin signed in for the whole file. */
  adminCookie: string;
  adminId: string;
  /** The academy's date when the file started (academyToday). */
  today: string;
};

/**
 * Builds the real app on a fresh database before the file's tests, signs an admin in, reads the
 * academy's date, and closes it all after the tests. Call it once at the top of a test file.
 *
 * The object is filled in by the beforeAll hook this registers, so read its fields only inside hooks
 * and tests (a file's own beforeAll, registered after this call, already sees them).
 */
export function shareTestApp(options: { adminName?: string } = {}): SharedTestApp {
  const shared = {} as SharedTestApp;
  beforeAll(async () => {
    const testApp = await buildTestApp();
    const admin = await buildUser(testApp.database.db, { role: 'admin', ...(options.adminName ? { name: options.adminName } : {}) });
    Object.assign(shared, testApp, {
      adminCookie: await loginAs(testApp.app, admin.email),
      adminId: admin.id,
      today: await academyToday(testApp.database.db),
    });
  });
  afterAll(() => shared.close());
  return shared;
}
