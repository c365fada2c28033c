import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { seedDemoAcademy, DEMO_LOGINS } from '../../db/seed';
import { createTestDatabase } from '../../../test/build-test-app';
import { testsOfStudent } from './tests.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoAcademy(database.db);
});
afterAll(() => database.close());

describe('demo seed tests', () => {
  it('has published weekly tests with marks within the maximum in the demo batches, and the demo student sees them', async () => {
    const { rows } = await database.db.execute<{ tests: number; marks: number; over: number; absent: number }>(sql`
      select count(distinct t.id)::int as tests, count(m.*)::int as marks,
        count(*) filter (where m.half_marks > t.max_half_marks)::int as over, count(*) filter (where m.absent)::int as absent
      from tests t join test_marks m on m.test_id = t.id where t.published_at is not null`);
    expect(rows[0]!.tests).toBeGreaterThanOrEqual(6);
    expect(rows[0]!.over).toBe(0);
    expect(rows[0]!.absent).toBeGreaterThan(0);
    const { rows: student } = await database.db.execute<{ id: string }>(sql`select s.id from students s join users u on u.id = s.user_id where u.email = ${DEMO_LOGINS.student}`);
    const own = await testsOfStudent(database.db, student[0]!.id);
    expect(own.tests.length).toBeGreaterThanOrEqual(2);
  });
});
