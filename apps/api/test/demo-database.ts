import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client';
import { seedDemoAcademy } from '../src/demo-seed';
import { createTestDatabase } from './build-test-app';

/**
 * A test database with the demo academy in it (demo-seed.ts), shared by a file's tests: made and
 * seeded before them, closed after them. Filled in by beforeAll, so read it inside tests only.
 */
export function shareDemoDatabase(): Database {
  const shared = {} as Database;
  beforeAll(async () => {
    Object.assign(shared, await createTestDatabase());
    await seedDemoAcademy(shared.db);
  });
  afterAll(() => shared.close());
  return shared;
}
