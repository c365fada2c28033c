import { describe, expect, it } from 'vitest';
import { batches, batchStudents } from '../../db/schema';
import { shareDemoDatabase } from '../../../test/demo-database';
import { syncStudentsReport } from './students-sync-report';

const database = shareDemoDatabase();

type Row = typeof batches.$inferSelect;
const overlaps = (a: Row, b: Row) =>
  a.scheduleDays.some((day) => b.scheduleDays.includes(day)) && a.startTime < b.endTime && b.startTime < a.endTime && a.startDate <= b.endDate && b.startDate <= a.endDate;

describe('demo seed batches', () => {
  it('no teacher and no student has two batches at the same time, and the enrolment check is clean', async () => {
    const rows = await database.db.select().from(batches);
    const enrolments = await database.db.select().from(batchStudents);
    expect(rows.length).toBeGreaterThan(0);
    for (const a of rows) {
      for (const b of rows) {
        if (a.id >= b.id || !overlaps(a, b)) continue;
        expect(a.teacherId, `${a.name} / ${b.name}`).not.toBe(b.teacherId);
        const shared = enrolments.filter((e) => e.batchId === a.id).some((e) => enrolments.some((f) => f.batchId === b.id && f.studentId === e.studentId));
        expect(shared, `${a.name} / ${b.name}`).toBe(false);
      }
    }
    expect((await syncStudentsReport(database.db)).ok).toBe(true);
  });
});
