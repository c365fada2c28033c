import { sql } from 'drizzle-orm';
import { NEAR_CAPACITY_SHARE, type AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { countActiveAnnouncements } from '../announcements/announcements.service';

type Row = {
  active_students: number;
  teachers: number;
  batches: number;
  subjects: number;
  standards: number;
  new_registrations: number;
  recent_students: (Omit<AdminDashboardSummary['recentStudents'][number], 'createdAt'> & { createdAt: string })[];
  recent_registrations: (Omit<AdminDashboardSummary['recentRegistrations'][number], 'createdAt'> & { createdAt: string })[];
  near_capacity: AdminDashboardSummary['batchesNearCapacity'];
};

/**
 * The admin dashboard in one round trip: counts are SQL aggregates and the two short lists are built
 * as JSON by the same statement, so no table is ever loaded row by row. Only active students count
 * (archived ones keep their enrolment rows as history).
 */
export async function dashboardSummary(db: Db): Promise<AdminDashboardSummary> {
  const { rows } = await db.execute<Row>(sql`
    with enrolment as (
      select bs.batch_id, count(*)::int as enrolled
      from batch_students bs join students s on s.id = bs.student_id and s.status = 'active'
      group by bs.batch_id
    )
    select
      (select count(*)::int from students where status = 'active') as active_students,
      (select count(*)::int from teachers where status <> 'inactive') as teachers,
      (select count(*)::int from batches) as batches,
      (select count(*)::int from subjects) as subjects,
      (select count(*)::int from standards) as standards,
      (select count(*)::int from admission_enquiries where status = 'new') as new_registrations,
      (select coalesce(json_agg(recent), '[]'::json) from (
        select e.id as "_id", e.student_name as "studentName", e.status, e.source, e.created_at as "createdAt",
          case when st.id is null then null else json_build_object('_id', st.id, 'name', st.name, 'level', st.level) end as standard
        from admission_enquiries e left join standards st on st.id = e.standard_id
        order by e.created_at desc, e.id desc
        limit 5
      ) recent) as recent_registrations,
      (select coalesce(json_agg(recent), '[]'::json) from (
        select s.id as "_id", u.name, u.email, s.admission_date as "admissionDate", s.created_at as "createdAt",
          case when st.id is null then null else json_build_object('_id', st.id, 'name', st.name, 'level', st.level) end as standard
        from students s join users u on u.id = s.user_id left join standards st on st.id = s.standard_id
        where s.status = 'active'
        order by s.created_at desc, s.id desc
        limit 5
      ) recent) as recent_students,
      (select coalesce(json_agg(near), '[]'::json) from (
        select b.id as "_id", b.name, b.capacity, e.enrolled as "enrolledCount", greatest(b.capacity - e.enrolled, 0) as "seatsLeft",
          json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject,
          json_build_object('_id', t.id, 'name', tu.name) as teacher
        from batches b
        join enrolment e on e.batch_id = b.id
        join subjects sub on sub.id = b.subject_id
        join teachers t on t.id = b.teacher_id
        join users tu on tu.id = t.user_id
        where e.enrolled >= b.capacity * ${NEAR_CAPACITY_SHARE}::numeric
        order by e.enrolled::float / b.capacity desc, b.name
      ) near) as near_capacity
  `);
  const row = rows[0]!;
  return {
    counts: {
      activeStudents: row.active_students,
      teachers: row.teachers,
      batches: row.batches,
      subjects: row.subjects,
      standards: row.standards,
      newRegistrations: row.new_registrations,
      activeAnnouncements: await countActiveAnnouncements(db),
    },
    recentStudents: row.recent_students.map((student) => ({ ...student, createdAt: new Date(student.createdAt).toISOString() })),
    recentRegistrations: row.recent_registrations.map((enquiry) => ({ ...enquiry, createdAt: new Date(enquiry.createdAt).toISOString() })),
    batchesNearCapacity: row.near_capacity,
  };
}
