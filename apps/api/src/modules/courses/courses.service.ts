import { asc, eq, sql } from 'drizzle-orm';
import { COURSE_WEEKDAYS, type PublicCourses } from '@academy/shared/schemas/courses';
import { academyTodaySql } from '../../db/academy-today';
import type { DbExecutor } from '../../db/client';
import { batches, batchStudents, standards, standardSubjects, students, subjects, teachers, users } from '../../db/schema';

type CourseSubject = PublicCourses['standards'][number]['subjects'][number];

const weekdayOrder = (day: string) => COURSE_WEEKDAYS.indexOf(day as (typeof COURSE_WEEKDAYS)[number]);

/**
 * What the public /courses page shows: every standard with its subjects, and the batches that have
 * not ended yet with their schedule and free seats. Two queries, whatever the number of rows.
 */
export async function listPublicCourses(db: DbExecutor): Promise<PublicCourses> {
  const [standardRows, batchRows] = await Promise.all([
    db
      .select({
        _id: standards.id,
        name: standards.name,
        level: standards.level,
        subjects: sql<CourseSubject[]>`coalesce(
          json_agg(json_build_object('_id', ${subjects.id}, 'name', ${subjects.name}, 'code', ${subjects.code}) order by ${subjects.name})
            filter (where ${subjects.id} is not null),
          '[]'::json)`,
      })
      .from(standards)
      .leftJoin(standardSubjects, eq(standardSubjects.standardId, standards.id))
      .leftJoin(subjects, eq(subjects.id, standardSubjects.subjectId))
      .groupBy(standards.id)
      .orderBy(asc(standards.level)),
    db
      .select({
        _id: batches.id,
        name: batches.name,
        standardId: standards.id,
        standardName: standards.name,
        subjectId: subjects.id,
        subjectName: subjects.name,
        teacherName: users.name,
        scheduleDays: batches.scheduleDays,
        startTime: sql<string>`to_char(${batches.startTime}, 'HH24:MI')`,
        endTime: sql<string>`to_char(${batches.endTime}, 'HH24:MI')`,
        startDate: batches.startDate,
        endDate: batches.endDate,
        capacity: batches.capacity,
        // Active students hold seats; archived ones have left (the same rule as the batch screens).
        enrolledCount: sql<number>`(
          select count(*)::int from ${batchStudents}
          join ${students} on ${students.id} = ${batchStudents.studentId}
          where ${batchStudents.batchId} = ${batches.id} and ${students.status} = 'active')`,
      })
      .from(batches)
      .innerJoin(standards, eq(standards.id, batches.standardId))
      .innerJoin(subjects, eq(subjects.id, batches.subjectId))
      .innerJoin(teachers, eq(teachers.id, batches.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      // A batch ending today is still listed until midnight where the academy is.
      .where(sql`${batches.endDate} >= ${academyTodaySql}`)
      .orderBy(asc(standards.level), asc(subjects.name), asc(batches.startTime), asc(batches.name)),
  ]);

  return {
    standards: standardRows,
    batches: batchRows.map(({ standardId, standardName, subjectId, subjectName, ...batch }) => ({
      ...batch,
      standard: { _id: standardId, name: standardName },
      subject: { _id: subjectId, name: subjectName },
      scheduleDays: [...batch.scheduleDays].sort((a, b) => weekdayOrder(a) - weekdayOrder(b)),
      seatsLeft: Math.max(batch.capacity - batch.enrolledCount, 0),
    })),
  };
}
