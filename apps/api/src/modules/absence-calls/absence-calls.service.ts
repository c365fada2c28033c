import { and, eq, sql } from 'drizzle-orm';
import type { AbsentToday } from '@academy/shared/schemas/absence-calls';
import type { Db, DbExecutor } from '../../db/client';
import { firstParentColumn } from '../../read-models/first-parent';
import { absenceCalls, attendanceRecords, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../../academy-settings';
import { formatDate } from '@academy/shared/calendar';
import { joinOn } from '../../db/same-academy';

export const NOT_ABSENT_TODAY = 'This student is not marked absent today, so there is no call to record';

type Row = {
  _id: string;
  name: string;
  parentName: string | null;
  parentPhone: string | null;
  phone: string | null;
  parents: { _id: string; name: string; phone: string | null; relation: 'mother' | 'father' | 'guardian' | 'other' }[];
  batches: { _id: string; name: string }[];
  calledAt: string | null;
  calledById: string | null;
  calledByName: string | null;
  reason: { _id: string; text: string; byName: string; byRelation: string; at: string; excused: boolean } | null;
};

/**
 * Today's absent students in one statement: each once, with every batch they missed, the phones to
 * call (the linked parents' when there are any, issue 21; the student's old parent phone otherwise)
 * and the office's "called" tick. Families not called yet come first, then by name.
 */
export async function absentToday(db: DbExecutor): Promise<AbsentToday> {
  const today = await academyToday(db);
  const { rows } = await db.execute<Row>(sql`
    select s.id as "_id", u.name, ${firstParentColumn(sql`s.id`, 'name', sql`s.academy_id`)} as "parentName", ${firstParentColumn(sql`s.id`, 'phone', sql`s.academy_id`)} as "parentPhone", s.phone,
      (select coalesce(json_agg(json_build_object('_id', p.id, 'name', pu.name, 'phone', p.phone, 'relation', p.relation) order by ps.created_at, p.id), '[]'::json)
        from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
        where ps.student_id = s.id and ps.academy_id = s.academy_id and pu.is_active) as parents,
      json_agg(json_build_object('_id', b.id, 'name', b.name) order by b.name) as batches,
      ac.called_at as "calledAt", cu.id as "calledById", cu.name as "calledByName",
      (select json_build_object('_id', ar.id, 'text', ar.text, 'byName', ar.by_name, 'byRelation', ar.by_relation, 'at', ar.at, 'excused', ar.excused_at is not null)
        from absence_reasons ar where ar.student_id = s.id and ar.academy_id = s.academy_id and ar.date = ${today}::date) as reason
    from attendance_records a
    join students s on s.id = a.student_id and s.academy_id = a.academy_id
    join users u on u.id = s.user_id and u.academy_id = s.academy_id
    join batches b on b.id = a.batch_id and b.academy_id = a.academy_id
    left join absence_calls ac on ac.student_id = s.id and ac.academy_id = s.academy_id and ac.date = a.date
    left join users cu on cu.id = ac.called_by and cu.academy_id = ac.academy_id
    -- An absence the office excused on the family's reason (issue 60) stays on the list, with its reason.
    where a.date = ${today}::date and (a.status = 'absent' or (a.status = 'excused' and exists (select 1 from absence_reasons r where r.student_id = a.student_id and r.academy_id = a.academy_id and r.date = a.date and r.excused_at is not null)))
    group by s.academy_id, s.id, u.name, ac.called_at, cu.id, cu.name
    order by ac.called_at is not null, u.name, s.id
  `);
  return {
    date: today,
    students: rows.map((row) => ({
      _id: row._id,
      name: row.name,
      parentName: row.parentName,
      parentPhone: row.parentPhone,
      phone: row.phone,
      parents: row.parents,
      batches: row.batches,
      called: row.calledAt ? { at: new Date(row.calledAt).toISOString(), by: row.calledById ? { _id: row.calledById, name: row.calledByName! } : null } : null,
      // The family's reason (issue 60: a reply to the absence alert), which the office may accept as excused.
      reason: row.reason ? { _id: row.reason._id, text: row.reason.text, by: { name: row.reason.byName, relation: row.reason.byRelation }, at: new Date(row.reason.at).toISOString(), excused: row.reason.excused } : null,
    })),
  };
}

/** Ticks (or unticks) "called" for a student absent today; refuses a student who is not absent today. */
export async function setAbsenceCalled(db: Db, actor: AuditActor, studentId: string, called: boolean): Promise<AbsentToday> {
  const calledBy = actor!.userId;
  const today = await academyToday(db);
  await db.transaction(async (tx) => {
    const [student] = await tx.select({ id: students.id, name: users.name }).from(students).innerJoin(users, joinOn(users.id, students.userId)).where(eq(students.id, studentId)).limit(1);
    if (!student) throw new AppError('NOT_FOUND', 'Student not found');
    const [absence] = await tx
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.studentId, studentId), eq(attendanceRecords.date, today), eq(attendanceRecords.status, 'absent')))
      .limit(1);
    if (!absence) throw new AppError('CONFLICT', NOT_ABSENT_TODAY);
    if (called) await tx.insert(absenceCalls).values({ studentId, date: today, calledBy }).onConflictDoNothing();
    else await tx.delete(absenceCalls).where(and(eq(absenceCalls.studentId, studentId), eq(absenceCalls.date, today)));
    await recordAudit(tx, actor, {
      action: called ? 'create' : 'delete',
      entityType: 'absence_call',
      entityId: studentId,
      text: { key: called ? 'absence.called' : 'absence.uncalled', values: { student: student.name, date: formatDate(today) } },
    });
  });
  return absentToday(db);
}
