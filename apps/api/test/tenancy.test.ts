import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { academies, feeReceipts, students, users } from '../src/db/schema';
import { nextStudentCode } from '../src/modules/students';
import { FIRST_ACADEMY_ID, PLATFORM_TABLES, withAcademy } from '../src/lib/tenancy';
import { createEmptyTestDatabase, createTestDatabaseConnection } from './build-test-app';
import { buildStudent, buildUser } from './factories';
import { databaseOverride } from './global-setup';
import { migrateTo } from './migrate-to';
import { onCitus } from './citus-cluster';

/**
 * Many academies in one database (issue 55, decision 053): every academy table carries academy_id and
 * row-level security that shows a connection only its academy's rows. These tests connect as the app
 * role (test/global-setup.ts), never as a superuser, who would see through every policy.
 */

/** What PostgreSQL says of an error: its SQLSTATE (drizzle wraps the driver's error in `cause`). */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return code ?? cause?.code;
  }
  return undefined;
}

let database: Database;
let unscoped: Database;
const SECOND = randomUUID();

beforeAll(async () => {
  const connection = await createTestDatabaseConnection();
  database = createDatabase(connection);
  // As a hosted deployment's pool: no academy unless one is entered.
  unscoped = createDatabase(connection, { defaultAcademyId: null });
  await database.db.insert(academies).values({ id: SECOND, slug: 'second', name: 'Second Academy' });
});
afterAll(async () => {
  await unscoped.close();
  await database.close();
});

describe('every academy table is guarded (the gate a new table must pass)', () => {
  it('has academy_id not null, row-level security enabled and forced, the academy_only policy and an index led by academy_id', async () => {
    const { rows } = await database.pool.query<{
      name: string;
      column: boolean | null;
      enabled: boolean;
      forced: boolean;
      policy: boolean;
      indexed: boolean;
    }>(`
      select c.relname as name,
        (select a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = 'academy_id' and not a.attisdropped) as column,
        c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and p.cmd = 'ALL'
          and p.qual = $1 and p.with_check = $1) as policy,
        exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where i.indrelid = c.oid and a.attname = 'academy_id' and i.indpred is null) as indexed
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`,
      // Issue 74 (migration 0077, decision 074): the academy read once per statement (an InitPlan), not per row.
      // A new table's policy: USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK (the same).
      // On Citus, which takes no subquery in a policy, the distribution step gives it back its pre-074 form
      // (db/citus.ts, decision 053): the same academy, read per row on the shards.
      [onCitus() ? '(academy_id = current_academy_id())' : '(academy_id = ( SELECT current_academy_id() AS current_academy_id))'],
    );
    const academyTables = rows.filter((row) => !PLATFORM_TABLES.has(row.name));
    expect(academyTables.length).toBeGreaterThan(60);
    const unguarded = academyTables.filter((row) => !(row.column === true && row.enabled && row.forced && row.policy && row.indexed));
    expect(unguarded).toEqual([]);
    // The platform's tables: no academy_id (the academies' own domains, their WhatsApp numbers and their
    // job heads name theirs as a plain reference), and no row-level security.
    const naming = ['academy_domains', 'academy_whatsapp_numbers', 'job_heads'];
    const platform = rows.filter((row) => PLATFORM_TABLES.has(row.name) && !naming.includes(row.name));
    expect(platform.map((row) => row.name).sort()).toEqual(['academies', 'academy_signup_codes', 'academy_usage', 'operator_login_failures', 'operator_sessions', 'operators', 'platform_rate_limit_hits']);
    expect(platform.filter((row) => row.column !== null || row.enabled)).toEqual([]);
    expect(rows.filter((row) => naming.includes(row.name) && row.enabled).map((row) => row.name)).toEqual([]);
  });

  it('connects as a role that is neither superuser nor BYPASSRLS', async () => {
    const { rows } = await database.pool.query<{ rolsuper: boolean; rolbypassrls: boolean }>('select rolsuper, rolbypassrls from pg_roles where rolname = current_user');
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });
});

describe('two academies in one database', () => {
  it('shows each academy only its own rows, and none outside every academy', async () => {
    const first = await withAcademy(FIRST_ACADEMY_ID, () => Promise.all([buildStudent(database.db), buildStudent(database.db)]));
    const second = await withAcademy(SECOND, () => buildStudent(database.db));

    const idsIn = async (academyId: string) =>
      withAcademy(academyId, async () => (await database.pool.query<{ id: string }>('select * from students')).rows.map((row) => row.id).sort());
    expect(await idsIn(FIRST_ACADEMY_ID)).toEqual(first.map((student) => student.id).sort());
    expect(await idsIn(SECOND)).toEqual([second.id]);
    // The one-academy default: the first academy, as before.
    expect((await database.db.select({ id: students.id }).from(students)).map((row) => row.id).sort()).toEqual(first.map((student) => student.id).sort());
    // A query outside every academy (no setting) sees nothing: it never sees everything.
    expect((await unscoped.pool.query('select * from students')).rows).toEqual([]);
    expect((await unscoped.pool.query('select * from users')).rows).toEqual([]);
    // Joins follow: another academy's user is not found through its student either.
    const { rows } = await withAcademy(FIRST_ACADEMY_ID, () =>
      database.pool.query('select u.id from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = $1', [second.id]),
    );
    expect(rows).toEqual([]);
  });

  it("refuses a row written into another academy, and leaves another academy's rows alone", async () => {
    const stranger = await withAcademy(SECOND, () => buildUser(database.db));
    // Inserting with the other academy's id from inside this one: refused by the policy's WITH CHECK.
    // (drizzle's builders run when awaited: the work awaits them inside the academy.)
    const refused = withAcademy(FIRST_ACADEMY_ID, async () =>
      await database.db.insert(users).values({ academyId: SECOND, name: 'Intruder', email: 'intruder@example.com', role: 'admin' }),
    );
    expect(await sqlState(refused)).toBe('42501');
    // Moving a row of this academy into the other: refused too (by the policy; on Citus first by Citus
    // itself, which never changes a row's distribution column: 0A000, "modifying the partition value").
    const own = await buildUser(database.db);
    expect(await sqlState(database.db.update(users).set({ academyId: SECOND }).where(eq(users.id, own.id)))).toBe(onCitus() ? '0A000' : '42501');
    // Updating or deleting the other academy's row by its id changes nothing.
    const renamed = await database.db.update(users).set({ name: 'Changed' }).where(eq(users.id, stranger.id)).returning();
    expect(renamed).toEqual([]);
    expect(await database.db.delete(users).where(eq(users.id, stranger.id)).returning()).toEqual([]);
    const [still] = await withAcademy(SECOND, async () => await database.db.select().from(users).where(eq(users.id, stranger.id)));
    expect(still!.name).toBe(stranger.name);
    // Without an academy nothing can be written (the column's default is no academy at all: the policy refuses it
    // first; on Citus, Citus itself, which places no row without its distribution column: 22004).
    expect(await sqlState(unscoped.db.insert(users).values({ name: 'Nobody', email: 'nobody@example.com', role: 'admin' }))).toBe(onCitus() ? '22004' : '42501');
  });

  it('lets the same email be a user in both academies, but not twice in one', async () => {
    const email = `shared-${randomUUID().slice(0, 8)}@example.com`;
    await withAcademy(FIRST_ACADEMY_ID, () => buildUser(database.db, { email }));
    await withAcademy(SECOND, () => buildUser(database.db, { email }));
    expect(await sqlState(withAcademy(SECOND, () => buildUser(database.db, { email: email.toUpperCase() })))).toBe('23505');
  });

  it('counts student IDs and receipt numbers per academy', async () => {
    const code = (academyId: string) => withAcademy(academyId, () => database.db.transaction((tx) => nextStudentCode(tx, '2031-06-01')));
    expect(await code(FIRST_ACADEMY_ID)).toBe('LAT-2031-0001');
    expect(await code(FIRST_ACADEMY_ID)).toBe('LAT-2031-0002');
    expect(await code(SECOND)).toBe('LAT-2031-0001');

    // The same receipt number in each academy; not twice in one.
    const receipt = async (academyId: string) =>
      withAcademy(academyId, async () => {
        const student = await buildStudent(database.db);
        return database.db.insert(feeReceipts).values({
          studentId: student.id,
          financialYear: '2031-32',
          seq: 1,
          number: 'R/2031-32/0001',
          date: '2031-06-01',
          amountPaise: 100_00,
          mode: 'cash',
          balanceAfterPaise: 0,
        });
      });
    await receipt(FIRST_ACADEMY_ID);
    await receipt(SECOND);
    expect(await sqlState(receipt(SECOND))).toBe('23505');
    const { rows } = await withAcademy(SECOND, () => database.pool.query('select count(*)::int as count from fee_receipts'));
    expect(rows).toEqual([{ count: 1 }]);
  });
});

describe('migration 0058 gives every row that existed to the first academy', () => {
  let old: Database;
  let hosted: Database;
  beforeAll(async () => {
    old = await createEmptyTestDatabase();
    await migrateTo(old, '0057_academies');
    // Migrated further by a pool with no academy at all (as ACADEMY_HOSTING=many runs): the migration sets its own.
    const { appConnection } = inject('testDatabaseServer');
    const { rows } = await old.pool.query<{ name: string }>('select current_database() as name');
    hosted = createDatabase({ ...appConnection, ...databaseOverride(appConnection, rows[0]!.name) }, { defaultAcademyId: null });
  });
  afterAll(async () => {
    await hosted.close();
    await old.close();
  });

  it('back-fills academy_id with FIRST_ACADEMY_ID in every table that had rows', async () => {
    const q = (text: string, values: unknown[] = []) => old.pool.query(text, values);
    const { rows: user } = await q(`insert into users (name, email, role) values ('Old', 'old@example.com', 'admin') returning id`);
    const { rows: student } = await q(`insert into users (name, email, role) values ('Pupil', 'pupil@example.com', 'student') returning id`);
    await q(`insert into students (user_id, student_code) values ($1, 'LAT-2026-0001')`, [student[0].id]);
    await q(`insert into student_id_counters (year, last) values (2026, 1)`);
    await q(`insert into fee_receipt_counters (financial_year, last_seq) values ('2026-27', 4)`);
    await q(`insert into sessions (token_hash, user_id, expires_at) values ('hash', $1, now() + interval '1 day')`, [user[0].id]);
    await q(`insert into jobs (key, name) values ('cleanup', 'cleanup')`);
    await q(`insert into audit_log (action, entity_type, summary) values ('test', 'test', 'before 0058')`);
    await q(`insert into academy_settings (id, name, tagline, address, phones, email, office_hours, time_zone)
      values (1, 'Old Academy', '', '', array['', '', ''], 'office@example.com', '', 'Asia/Kolkata') on conflict (id) do update set name = excluded.name`);

    await migrateTo(hosted);

    const tables = ['users', 'students', 'student_id_counters', 'fee_receipt_counters', 'sessions', 'jobs', 'audit_log', 'academy_settings'];
    for (const table of tables) {
      const { rows } = await withAcademy(FIRST_ACADEMY_ID, () => hosted.pool.query<{ academy_id: string }>(`select academy_id from ${table}`));
      expect({ table, academies: [...new Set(rows.map((row) => row.academy_id))] }).toEqual({ table, academies: [FIRST_ACADEMY_ID] });
    }
    // Nothing was left without an academy (such a row would be invisible to every academy).
    const { rows: hidden } = await hosted.pool.query('select * from users');
    expect(hidden).toEqual([]);
    // The kept settings and counters go on where they were.
    const { rows: settings } = await withAcademy(FIRST_ACADEMY_ID, () => hosted.pool.query('select name from academy_settings'));
    expect(settings).toEqual([{ name: 'Old Academy' }]);
    const next = await withAcademy(FIRST_ACADEMY_ID, () => hosted.db.transaction((tx) => nextStudentCode(tx, '2026-07-01')));
    expect(next).toBe('LAT-2026-0002');
  });
});
