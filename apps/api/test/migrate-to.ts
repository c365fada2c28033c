import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from '../src/paths';
import type { Database } from '../src/db/client';
import { createEmptyTestDatabase, ownerDatabaseOf } from './build-test-app';

/**
 * Migrates an empty test database up to the migration tagged `lastTag` (e.g. '0043_academy-location'),
 * or through every migration when none is given: a migration's test writes the rows of before, then
 * migrates the rest and reads what became of them.
 */
export async function migrateTo(database: Database, lastTag?: string): Promise<void> {
  let folder = migrationsFolder;
  if (lastTag) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-migrations-'));
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    if (last < 0) throw new Error(`No migration tagged ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
  }
  // As the server migrates: as the tables' owner; the test reads and writes as the serving role (decision 068).
  const owner = ownerDatabaseOf(database);
  const client = await owner.pool.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    client.release();
    await owner.close();
  }
}

/**
 * An empty test database migrated up to `lastTag`, shared by a migration's test file: made before its
 * tests, closed after them. Filled in by beforeAll, so read it inside tests only.
 */
export function shareDatabaseMigratedTo(lastTag: string): Database {
  const shared = {} as Database;
  beforeAll(async () => {
    Object.assign(shared, await createEmptyTestDatabase());
    await migrateTo(shared, lastTag);
  });
  afterAll(() => shared.close());
  return shared;
}
