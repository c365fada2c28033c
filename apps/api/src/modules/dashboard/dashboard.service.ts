import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One round trip of SQL aggregates: counting never loads the rows themselves. */
export async function dashboardSummary(db: Db) {
  const { rows } = await db.execute<{
    active_students: number;
    teachers: number;
    batches: number;
    subjects: number;
    standards: number;
  }>(sql`
    select
      (select count(*)::int from students where status = 'active') as active_students,
      (select count(*)::int from teachers where status <> 'inactive') as teachers,
      (select count(*)::int from batches) as batches,
      (select count(*)::int from subjects) as subjects,
      (select count(*)::int from standards) as standards
  `);
  const row = rows[0]!;
  return {
    activeStudents: row.active_students,
    teachers: row.teachers,
    batches: row.batches,
    subjects: row.subjects,
    standards: row.standards,
  };
}
