import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabaseConnection } from '../../test/build-test-app';
import { buildStudent } from '../../test/factories';
import { createDatabase, type Database } from './client';
import { academies } from './schema';
import { withAcademy, withoutAcademy } from './tenancy';

const A = '00000000-0000-4000-8000-0000000000c1';
const B = '00000000-0000-4000-8000-0000000000c2';

/**
 * Each statement runs with its own academy's setting, however pg's pool hands connections around
 * (issue 55): with two connections and hundreds of statements of two academies asked for at once,
 * a waiting statement is given a connection from inside another's work, and must still be its own.
 */
describe('the academy of a statement under a busy pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = createDatabase({ ...(await createTestDatabaseConnection()), max: 2 }, { defaultAcademyId: null });
    await withoutAcademy(() => database.db.insert(academies).values([{ id: A, slug: 'ctx-a', name: 'A' }, { id: B, slug: 'ctx-b', name: 'B' }]));
    await withAcademy(A, () => buildStudent(database.db));
    await withAcademy(B, async () => {
      await buildStudent(database.db);
      await buildStudent(database.db);
    });
  });
  afterAll(() => database.close());

  it('never runs a statement as another academy', async () => {
    const asked = Array.from({ length: 300 }, (_, n) => (n % 3 === 0 ? A : B));
    const answers = await Promise.all(
      asked.map((academy, n) =>
        withAcademy(academy, async () => {
          // Some statements alone, some in a transaction, some after a pause: every path through the pool.
          if (n % 5 === 0) await new Promise((resolve) => setTimeout(resolve, n % 7));
          const read = (db: Pick<Database['db'], 'execute'>) => db.execute<{ academy: string; students: number }>(sql`select current_setting('app.academy_id') as academy, (select count(*)::int from students) as students`);
          const { rows } = n % 4 === 0 ? await database.db.transaction((tx) => read(tx)) : await read(database.db);
          return rows[0]!;
        }),
      ),
    );
    expect(answers.map((answer) => answer.academy)).toEqual(asked);
    expect(answers.map((answer) => answer.students)).toEqual(asked.map((academy) => (academy === A ? 1 : 2)));
    // Outside every academy afterwards: nothing, whichever connection answers.
    const { rows } = await database.db.execute<{ students: number }>(sql`select count(*)::int as students from students`);
    expect(rows[0]!.students).toBe(0);
  });
});
