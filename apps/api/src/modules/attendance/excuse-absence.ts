import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { academyToday } from '../../academy-settings';
import { announcePastDayChange } from './past-days-cache';

/**
 * The office accepts a family's reason for an absence (issue 60), or takes it back: the student's
 * absent marks of that day become excused (or absent again), so every statistic counts them apart.
 * Inside the caller's transaction (which audits it); a past day's kept counts are forgotten on commit.
 */
export async function excuseAbsence(tx: DbExecutor, studentId: string, date: string, excused: boolean): Promise<void> {
  await tx.execute(sql`
    update attendance_records set status = ${excused ? 'excused' : 'absent'}
    where student_id = ${studentId} and date = ${date} and status = ${excused ? 'absent' : 'excused'}`);
  if (date < (await academyToday(tx))) await announcePastDayChange(tx);
}
