import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createAcademySettings } from '../src/modules/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { seedDemoAcademy } from '../src/demo-seed';
import { FIRST_ACADEMY_ID, withAcademy } from '../src/lib/tenancy';
import { createEmptyTestDatabase, superuserConnectionTo } from './build-test-app';
import { migrateTo } from './migrate-to';

// Migration 0092 (issue 77, decision 053): every key of an academy table is led by academy_id. A database
// made by the version before (0091, the lectures' keys and settings), with the demo academy and a second academy in it,
// is migrated; every row of every table is still there, unchanged, and the keys are the academy's.
const BEFORE = '0091_lecture-keys-and-settings';
const SECOND = '00000000-0000-4000-8000-0000000000b2';

type Fingerprint = Record<string, { rows: number; digest: string }>;

/** Every table's rows per academy and a digest of their whole text (read as the superuser: no row-level security). */
async function fingerprint(client: pg.Client): Promise<Fingerprint> {
  const { rows: tables } = await client.query<{ name: string; academy: boolean }>(`
    select c.relname as name, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'academy_id' and not a.attisdropped) as academy
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`);
  const result: Fingerprint = {};
  for (const table of tables) {
    const name = client.escapeIdentifier(table.name);
    const groupBy = table.academy ? 'academy_id::text' : `'-'`;
    const { rows } = await client.query<{ academy: string; rows: number; digest: string }>(
      `select ${groupBy} as academy, count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t group by 1`,
    );
    for (const row of rows) result[`${table.name}/${row.academy}`] = { rows: row.rows, digest: row.digest };
  }
  return result;
}

describe('migration 0092: academy keys on a live database', () => {
  let database: Database;
  let superuser: pg.Client;
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    await migrateTo(database, BEFORE);
    superuser = new pg.Client(await superuserConnectionTo(database));
    await superuser.connect();
  }, 300_000);
  afterAll(async () => {
    await superuser?.end();
    await database?.close();
  });

  it('keeps every row of the demo academy and a second academy, and leads every key with the academy', async () => {
    await database.db.execute(sql`insert into academies (id, slug, name) values (${SECOND}, 'second', 'Second Academy')`);
    // Each with its settings row, as the academies' commands make it (migration 0098 is after this version).
    for (const academy of [FIRST_ACADEMY_ID, SECOND]) await withAcademy(academy, () => createAcademySettings(database.db));
    expect(await withAcademy(FIRST_ACADEMY_ID, async () => await seedDemoAcademy(database.db))).toBe(true);
    expect(await withAcademy(SECOND, async () => await seedDemoAcademy(database.db))).toBe(true);
    const before = await fingerprint(superuser);
    // Both academies have rows in the tables that matter.
    for (const academy of [FIRST_ACADEMY_ID, SECOND]) {
      for (const table of ['students', 'users', 'fee_receipts', 'attendance_records', 'exam_marks', 'batch_students', 'parent_students']) {
        expect(before[`${table}/${academy}`]?.rows ?? 0, `${table} of ${academy}`).toBeGreaterThan(0);
      }
    }

    await migrateTo(database);

    expect(await fingerprint(superuser)).toEqual(before);
    // The keys changed: the academy leads the primary keys, and a link can no longer cross academies.
    const { rows: keys } = await superuser.query<{ key: string }>(`
      select pg_get_constraintdef(oid) as key from pg_constraint
      where conname in ('students_pkey', 'batch_students_pkey', 'students_user_id_users_id_fk', 'attendance_records_marked_by_users_id_fk') order by conname`);
    expect(keys.map((row) => row.key)).toEqual([
      'FOREIGN KEY (academy_id, marked_by) REFERENCES users(academy_id, id) ON DELETE SET NULL (marked_by)',
      'PRIMARY KEY (academy_id, batch_id, student_id)',
      'PRIMARY KEY (academy_id, id)',
      'FOREIGN KEY (academy_id, user_id) REFERENCES users(academy_id, id) ON DELETE RESTRICT',
    ]);
    const { rows: student } = await superuser.query<{ id: string }>('select id from students where academy_id = $1 limit 1', [SECOND]);
    await expect(
      superuser.query(`insert into batch_students (academy_id, batch_id, student_id) select $1, id, $2 from batches where academy_id = $1 limit 1`, [FIRST_ACADEMY_ID, student[0]!.id]),
    ).rejects.toThrow(/foreign key/);
  }, 600_000);
});
