import { asc, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BatchSyncReport } from '@academy/shared/schemas/batches';
import { joinOn, type DbExecutor } from '../../db/client';
import { batches, batchStudents, standards, students, users } from '../../db/schema';

/** Checks enrolment data and reports what it finds; it changes nothing. */
export async function syncStudentsReport(db: DbExecutor): Promise<BatchSyncReport> {
  const studentStandard = alias(standards, 'student_standard');
  const rows = await db
    .select({
      batchId: batches.id,
      batchName: batches.name,
      capacity: batches.capacity,
      batchStandardId: standards.id,
      batchStandardName: standards.name,
      batchStandardLevel: standards.level,
      studentId: students.id,
      studentName: users.name,
      studentStatus: students.status,
      studentStandardId: students.standardId,
      studentStandardName: studentStandard.name,
      studentStandardLevel: studentStandard.level,
    })
    .from(batchStudents)
    .innerJoin(batches, joinOn(batches.id, batchStudents.batchId))
    .innerJoin(standards, joinOn(standards.id, batches.standardId))
    .innerJoin(students, joinOn(students.id, batchStudents.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .leftJoin(studentStandard, joinOn(studentStandard.id, students.standardId))
    .orderBy(asc(batches.name), asc(users.name));
  const [{ count: checkedBatches } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(batches);
  const report: BatchSyncReport = { checkedBatches, ok: true, archivedEnrolments: [], overCapacity: [], standardMismatches: [] };
  const activeCounts = new Map<string, { batch: { _id: string; name: string }; capacity: number; count: number }>();
  for (const row of rows) {
    const batch = { _id: row.batchId, name: row.batchName };
    const student = { _id: row.studentId, name: row.studentName };
    if (row.studentStatus !== 'active') {
      report.archivedEnrolments.push({ batch, student });
      continue;
    }
    const entry = activeCounts.get(row.batchId) ?? { batch, capacity: row.capacity, count: 0 };
    entry.count += 1;
    activeCounts.set(row.batchId, entry);
    if (row.studentStandardId !== row.batchStandardId) {
      report.standardMismatches.push({
        batch,
        student,
        batchStandard: { _id: row.batchStandardId, name: row.batchStandardName, level: row.batchStandardLevel },
        studentStandard: row.studentStandardId ? { _id: row.studentStandardId, name: row.studentStandardName!, level: row.studentStandardLevel! } : null,
      });
    }
  }
  for (const entry of activeCounts.values()) {
    if (entry.count > entry.capacity) report.overCapacity.push({ batch: entry.batch, capacity: entry.capacity, enrolledCount: entry.count });
  }
  report.ok = report.archivedEnrolments.length === 0 && report.overCapacity.length === 0 && report.standardMismatches.length === 0;
  return report;
}
