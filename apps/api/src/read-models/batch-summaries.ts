import type { BatchDelivery } from '@academy/shared/gst';
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import { formatSchedule, type Weekday } from '@academy/shared/schedule';
import type { DbExecutor } from '../db/client';
import { batches, batchStudents, standards, students, subjects, teachers, users } from '../db/schema';
import { academySql, joinOn, qualified, thisAcademy } from '../db/same-academy';

/*
 * Batches as lists show them (a teacher's batches, a student's batches, the batch screens, the week):
 * a read model over the batches, standards, subjects and teachers tables, so the student and teacher
 * modules read it without importing the batches module (issue 61); the batches module writes them.
 */

/**
 * Active students enrolled in the batch: archived students keep their enrolment rows as history. The academy by
 * value, as the batches it counts for (on Citus the statement then stays on the academy's shard: decision 053),
 * and the batch's own (in a statement naming no academy, Citus pushes the subquery down by that column).
 */
const enrolledCountSql = () => sql<number>`(
  select count(*)::int from ${batchStudents}
  join ${students} on ${students.id} = ${batchStudents.studentId} and ${students.academyId} = ${qualified(batchStudents.academyId)}
  where ${batchStudents.academyId} = ${academySql()} and ${batchStudents.academyId} = ${qualified(batches.academyId)} and ${batchStudents.batchId} = ${batches.id} and ${students.status} = 'active'
)`;

/** A batch's class times as the screens and messages show them ('17:00'), to spread into a select. */
export function batchClassTimes() {
  return {
    startTime: sql<string>`to_char(${batches.startTime}, 'HH24:MI')`,
    endTime: sql<string>`to_char(${batches.endTime}, 'HH24:MI')`,
  };
}

/**
 * Batches with their standard, subject, teacher, schedule and seats, in one query, for the lists
 * outside the batch screens (a teacher's batches, a student's batches).
 */
export async function listBatchSummaries(db: DbExecutor, where: SQL | undefined): Promise<BatchSummary[]> {
  return (await listBatchRows(db, where)).map(({ description: _description, delivery: _delivery, createdAt: _createdAt, updatedAt: _updatedAt, archivedAt: _archivedAt, ...summary }) => summary);
}

/** The summaries with the batch's description and timestamps (the batch screens), still one query. */
export async function listBatchRows(db: DbExecutor, where: SQL | undefined): Promise<(BatchSummary & { description: string; delivery: BatchDelivery; createdAt: Date; updatedAt: Date; archivedAt: Date | null })[]> {
  const rows = await db
    .select({
      _id: batches.id,
      name: batches.name,
      standard: { _id: standards.id, name: standards.name, level: standards.level },
      subject: { _id: subjects.id, name: subjects.name, code: subjects.code },
      teacher: { _id: teachers.id, name: users.name },
      days: batches.scheduleDays,
      ...batchClassTimes(),
      startDate: batches.startDate,
      endDate: batches.endDate,
      capacity: batches.capacity,
      enrolledCount: enrolledCountSql(),
      description: batches.description,
      delivery: batches.delivery,
      archivedAt: batches.archivedAt,
      createdAt: batches.createdAt,
      updatedAt: batches.updatedAt,
    })
    .from(batches)
    .innerJoin(standards, joinOn(standards.id, batches.standardId))
    .innerJoin(subjects, joinOn(subjects.id, batches.subjectId))
    .innerJoin(teachers, joinOn(teachers.id, batches.teacherId))
    .innerJoin(users, joinOn(users.id, teachers.userId))
    .where(and(thisAcademy(batches), where))
    .orderBy(asc(standards.level), asc(batches.startTime), asc(batches.name));
  return rows.map(({ days, startTime, endTime, ...row }) => {
    const schedule = { days: days as Weekday[], startTime, endTime };
    return { ...row, schedule, scheduleText: formatSchedule(schedule), seatsLeft: Math.max(0, row.capacity - row.enrolledCount) };
  });
}
