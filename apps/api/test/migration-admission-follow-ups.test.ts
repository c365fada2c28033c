import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/paths';
import { createEmptyTestDatabase } from './build-test-app';
import type { Database } from '../src/db/client';

/**
 * Migration 0040 (issue 41, decision 034): the enquiry's old `source` (which form) moves to `form`,
 * and `source` becomes the marketing source: the public forms count as website, the office's as walk-in.
 */
let database: Database;

async function migrateTo(lastTag: string | undefined) {
  let folder = migrationsFolder;
  if (lastTag) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-migrations-'));
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    journal.entries = journal.entries.slice(0, last + 1);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
  }
  const client = await database.pool.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateTo('0039_academic-year-rollover');
});
afterAll(() => database.close());

describe('migration 0040: enquiry form and source', () => {
  it('keeps the form and gives existing enquiries a sensible source', async () => {
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    for (const source of ['admission', 'contact', 'office']) {
      await q(`insert into admission_enquiries (student_name, phone, source) values ($1, '+919822000001', $2)`, [`From ${source}`, source]);
    }
    await migrateTo(undefined);
    const { rows } = await q(`select student_name, form, source, follow_up_on from admission_enquiries order by student_name`);
    expect(rows).toEqual([
      { student_name: 'From admission', form: 'admission', source: 'website', follow_up_on: null },
      { student_name: 'From contact', form: 'contact', source: 'website', follow_up_on: null },
      { student_name: 'From office', form: 'office', source: 'walk_in', follow_up_on: null },
    ]);
    await expect(q(`insert into admission_enquiries (student_name, form, source) values ('Bad', 'office', 'office')`)).rejects.toThrow(/source_check/);
  });
});
