import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shareDemoDatabase } from '../../../test/demo-database';
import { academyToday } from '../../academy-settings';

const database = shareDemoDatabase();

describe('demo seed attendance', () => {
  it('marks enrolled students on past class days only, with a believable rate', async () => {
    const today = await academyToday(database.db);
    const { rows } = await database.db.execute<{ total: number; outside: number; not_class_day: number; not_past: number; rate: number; days: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where not exists (select 1 from batch_students bs where bs.academy_id = a.academy_id and bs.batch_id = a.batch_id and bs.student_id = a.student_id))::int as outside,
        count(*) filter (where not (lower(to_char(a.date, 'Dy')) = any(b.schedule_days)))::int as not_class_day,
        count(*) filter (where a.date >= ${today}::date or a.date < b.start_date)::int as not_past,
        round(100.0 * count(*) filter (where a.status in ('present', 'late')) / count(*), 1)::float8 as rate,
        count(distinct a.date)::int as days
      from attendance_records a join batches b on b.academy_id = a.academy_id and b.id = a.batch_id`);
    const row = rows[0]!;
    expect(row.total).toBeGreaterThan(300);
    expect(row).toMatchObject({ outside: 0, not_class_day: 0, not_past: 0 });
    expect(row.rate).toBeGreaterThan(75);
    expect(row.rate).toBeLessThan(97);
    expect(row.days).toBeGreaterThanOrEqual(20);
  });
});
