import { and, asc, between, isNull, sql, type SQL } from 'drizzle-orm';
import { COURSE_WEEKDAYS, type CourseBatch, type PublicCourses } from '@academy/shared/schemas/courses';
import { courseIdPart, courseSlug } from '@academy/shared/public-site';
import { academyTodaySql } from '../../db/academy-today';
import type { DbExecutor } from '../../db/client';
import { batches, batchStudents, feePlanInstalments, feePlans, standards, standardSubjects, students, subjects, teachers, users } from '../../db/schema';
import { paiseToRupees } from '@academy/shared/money';
import { AppError } from '../../lib/app-error';
import { batchClassTimes } from '../../read-models/batch-summaries';
import { joinOn, qualified } from '../../db/same-academy';

type CourseSubject = PublicCourses['standards'][number]['subjects'][number];

const weekdayOrder = (day: string) => COURSE_WEEKDAYS.indexOf(day as (typeof COURSE_WEEKDAYS)[number]);

/** An open course with when its batch last changed (the sitemap's lastmod; the API's answers leave it out). */
export type OpenCourse = CourseBatch & { updatedAt: Date };

/**
 * The open batches (not ended where the academy is, not archived by a new year's rollover) that
 * `where` keeps, as families see them: schedule, teacher, seats left, and their page's address.
 */
async function openCourses(db: DbExecutor, where?: SQL): Promise<OpenCourse[]> {
  const rows = await db
    .select({
      _id: batches.id,
      name: batches.name,
      description: batches.description,
      standardId: standards.id,
      standardName: standards.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
      teacherName: users.name,
      scheduleDays: batches.scheduleDays,
      ...batchClassTimes(),
      startDate: batches.startDate,
      endDate: batches.endDate,
      capacity: batches.capacity,
      updatedAt: batches.updatedAt,
      // Active students hold seats; archived ones have left (the same rule as the batch screens).
      enrolledCount: sql<number>`(
        select count(*)::int from ${batchStudents}
        join ${students} on ${students.id} = ${batchStudents.studentId} and ${students.academyId} = ${qualified(batchStudents.academyId)}
        where ${batchStudents.batchId} = ${batches.id} and ${batchStudents.academyId} = ${qualified(batches.academyId)} and ${students.status} = 'active')`,
      // The plans the office shows on the site, cheapest first (fee_plans_batch_idx).
      fees: sql<{ name: string; amountPaise: number; instalments: number }[]>`coalesce((
        select json_agg(json_build_object('name', ${feePlans.name}, 'amountPaise', ${feePlans.amountPaise},
          'instalments', (select count(*) from ${feePlanInstalments} where ${feePlanInstalments.planId} = ${feePlans.id} and ${feePlanInstalments.academyId} = ${qualified(feePlans.academyId)}))
          order by ${feePlans.amountPaise}, ${feePlans.name})
        from ${feePlans} where ${feePlans.batchId} = ${batches.id} and ${feePlans.academyId} = ${qualified(batches.academyId)} and ${feePlans.showOnSite}), '[]'::json)`,
    })
    .from(batches)
    .innerJoin(standards, joinOn(standards.id, batches.standardId))
    .innerJoin(subjects, joinOn(subjects.id, batches.subjectId))
    .innerJoin(teachers, joinOn(teachers.id, batches.teacherId))
    .innerJoin(users, joinOn(users.id, teachers.userId))
    // A batch ending today is still listed until midnight where the academy is.
    .where(and(sql`${batches.endDate} >= ${academyTodaySql()}`, isNull(batches.archivedAt), where))
    .orderBy(asc(standards.level), asc(subjects.name), asc(batches.startTime), asc(batches.name));

  return rows.map(({ standardId, standardName, subjectId, subjectName, fees, ...batch }) => ({
    ...batch,
    fees: fees.map((plan) => ({ name: plan.name, amount: paiseToRupees(Number(plan.amountPaise)), instalments: Number(plan.instalments) })),
    slug: courseSlug(batch.name, batch._id),
    standard: { _id: standardId, name: standardName },
    subject: { _id: subjectId, name: subjectName },
    scheduleDays: [...batch.scheduleDays].sort((a, b) => weekdayOrder(a) - weekdayOrder(b)),
    seatsLeft: Math.max(batch.capacity - batch.enrolledCount, 0),
  }));
}

/**
 * What the public /courses page shows: every standard with its subjects, and the open batches with
 * their schedule and free seats. Two queries, whatever the number of rows.
 */
export async function listPublicCourses(db: DbExecutor): Promise<PublicCourses & { batches: OpenCourse[] }> {
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
      .leftJoin(standardSubjects, joinOn(standardSubjects.standardId, standards.id))
      .leftJoin(subjects, joinOn(subjects.id, standardSubjects.subjectId))
      .groupBy(standards.academyId, standards.id)
      .orderBy(asc(standards.level)),
    openCourses(db),
  ]);
  return { standards: standardRows, batches: batchRows };
}

/**
 * One open course by its page's address (GET /api/public/courses/{slug}). The address's id part finds
 * it, as a range of the primary key (its index), whatever its words say: a renamed batch's old
 * address still finds it, and the answer's `slug` is the current one (the page redirects there). An
 * address without an id part, or of a batch that has ended or been archived, is 404.
 */
export async function findPublicCourse(db: DbExecutor, slug: string): Promise<OpenCourse> {
  const idPart = courseIdPart(slug);
  if (!idPart) throw new AppError('NOT_FOUND');
  // The first ten hex digits of a uuid are its first eight, a hyphen, and two more.
  const prefix = `${idPart.slice(0, 8)}-${idPart.slice(8)}`;
  const found = await openCourses(db, between(batches.id, `${prefix}00-0000-0000-000000000000`, `${prefix}ff-ffff-ffff-ffffffffffff`));
  // Two open batches sharing 40 bits of a random id would be a one-in-a-billion coincidence; the
  // address's own words then choose.
  const course = found.find((candidate) => candidate.slug === slug) ?? found[0];
  if (!course) throw new AppError('NOT_FOUND');
  return course;
}
