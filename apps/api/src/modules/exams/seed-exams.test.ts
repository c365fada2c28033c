import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoAcademy, DEMO_LOGINS } from '../../demo-seed';
import { shareDemoDatabase } from '../../../test/demo-database';
import { examsOfStudent } from './exams.service';

const database = shareDemoDatabase();

describe('demo seed tests', () => {
  it('has published weekly tests with marks within the maximum in the demo batches, and the demo student sees them', async () => {
    const { rows } = await database.db.execute<{ tests: number; marks: number; over: number; absent: number }>(sql`
      select count(distinct t.id)::int as tests, count(m.*)::int as marks,
        count(*) filter (where m.half_marks > t.max_half_marks)::int as over, count(*) filter (where m.absent)::int as absent
      from exams t join exam_marks m on m.exam_id = t.id and m.academy_id = t.academy_id where t.published_at is not null`);
    expect(rows[0]!.tests).toBeGreaterThanOrEqual(6);
    expect(rows[0]!.over).toBe(0);
    expect(rows[0]!.absent).toBeGreaterThan(0);
    const { rows: student } = await database.db.execute<{ id: string }>(sql`select s.id from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where u.email = ${DEMO_LOGINS.student}`);
    const own = await examsOfStudent(database.db, student[0]!.id);
    expect(own.tests.length).toBeGreaterThanOrEqual(2);
  });

  it('has fees in the same transaction: plans with dues, receipts numbered from 1, and overdue dues', async () => {
    const { rows } = await database.db.execute<{ plans: number; dues: number; receipts: number; first: number; overdue: number }>(sql`
      select (select count(*)::int from fee_plans) as plans, (select count(*)::int from fee_dues) as dues,
        (select count(*)::int from fee_receipts) as receipts, (select min(seq)::int from fee_receipts) as first,
        (select count(*)::int from fee_dues where status = 'open' and due_date < current_date and amount_paise - concession_paise - paid_paise > 0) as overdue`);
    expect(rows[0]).toMatchObject({ plans: 2, receipts: 2, first: 1 });
    expect(rows[0]!.dues).toBeGreaterThan(6);
    expect(rows[0]!.overdue).toBeGreaterThan(0);
    // The demo's payments announced nothing left to deliver: nobody is mailed a receipt for them.
    const { rows: events } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from domain_events`);
    expect(events[0]!.n).toBe(0);
  });

  it('seeds nothing a second time (the database already has users)', async () => {
    expect(await seedDemoAcademy(database.db)).toBe(false);
  });
});
