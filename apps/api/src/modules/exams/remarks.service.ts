import { sql } from 'drizzle-orm';
import type { BatchRemarks, Remark } from '@academy/shared/schemas/exams';
import type { SubjectRef } from '@academy/shared/schemas/common';
import type { Db, DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { assertStaffOfBatch } from '../../access/batches';
import { recordAudit } from '../audit';
import { academySql } from '../../db/same-academy';

/**
 * The teacher's remark on a student's report card, one per student per batch (issue 23). The batch's
 * teacher or an admin writes it (another teacher: 404, as for the batch itself); the report card
 * prints the remarks of all the student's batches with the writer's name.
 */

type BatchRow = { id: string; name: string; subject: SubjectRef; teacherId: string | null };

async function batchForStaff(db: DbExecutor, actor: Actor, batchId: string): Promise<BatchRow> {
  const { rows } = await db.execute<BatchRow>(sql`
    select b.id, b.name, json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject, b.teacher_id as "teacherId" from batches b join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id where b.id = ${batchId}`);
  const batch = rows[0];
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found');
  assertStaffOfBatch(actor, batch.teacherId);
  return batch;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** GET /api/batches/{id}/remarks: the batch's active students (and anyone else with a remark), by name, each with their remark. */
export async function listBatchRemarks(db: DbExecutor, actor: Actor, batchId: string): Promise<BatchRemarks> {
  const batch = await batchForStaff(db, actor, batchId);
  const { rows } = await db.execute<{ _id: string; name: string; remark: string | null; writtenBy: string | null; writtenAt: Date | string | null }>(sql`
    with people as (
      select bs.student_id from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active' where bs.academy_id = ${academySql()} and bs.batch_id = ${batchId}
      union select r.student_id from report_card_remarks r where r.academy_id = ${academySql()} and r.batch_id = ${batchId}
    )
    select s.id as "_id", u.name, r.remark, w.name as "writtenBy", r.written_at as "writtenAt"
    from people p join students s on s.id = p.student_id and s.academy_id = ${academySql()} join users u on u.id = s.user_id and u.academy_id = s.academy_id
    left join report_card_remarks r on r.batch_id = ${batchId} and r.student_id = s.id and r.academy_id = s.academy_id
    left join users w on w.id = r.written_by and w.academy_id = r.academy_id
    order by lower(u.name), s.id`);
  return {
    batch: { _id: batch.id, name: batch.name, subject: batch.subject },
    rows: rows.map((row) => ({ student: { _id: row._id, name: row.name }, remark: row.remark, writtenBy: row.remark === null ? null : row.writtenBy, writtenAt: iso(row.writtenAt) })),
  };
}

/**
 * PUT /api/batches/{id}/students/{studentId}/remark: writes (or, when empty, removes) the remark of a
 * student enrolled in the batch; audited in the same transaction with the text before and after.
 */
export async function saveRemark(db: Db, actor: Actor, batchId: string, studentId: string, text: string): Promise<Remark> {
  const batch = await batchForStaff(db, actor, batchId);
  const remark = text.trim();
  return db.transaction(async (tx) => {
    // The student must be enrolled in this batch; the current remark is read (and locked) in the same statement.
    const { rows } = await tx.execute<{ name: string; before: string | null }>(sql`
      select u.name, (select r.remark from report_card_remarks r where r.academy_id = ${academySql()} and r.batch_id = ${batchId} and r.student_id = s.id for update) as before
      from batch_students bs join students s on s.id = bs.student_id and s.academy_id = bs.academy_id join users u on u.id = s.user_id and u.academy_id = s.academy_id
      where bs.academy_id = ${academySql()} and bs.batch_id = ${batchId} and bs.student_id = ${studentId}`);
    const student = rows[0];
    if (!student) throw new AppError('NOT_FOUND', 'Student not found');
    if (remark === '') {
      await tx.execute(sql`delete from report_card_remarks where batch_id = ${batchId} and student_id = ${studentId}`);
    } else {
      await tx.execute(sql`
        insert into report_card_remarks (batch_id, student_id, remark, written_by, written_at) values (${batchId}, ${studentId}, ${remark}, ${actor.userId}, now())
        on conflict (academy_id, batch_id, student_id) do update set remark = excluded.remark, written_by = excluded.written_by, written_at = excluded.written_at`);
    }
    if ((student.before ?? '') !== remark) {
      await recordAudit(tx, actor, {
        action: remark === '' ? 'test.remark_remove' : 'test.remark',
        // The student's record (their History shows it); the batch as the related record.
        entityType: 'student',
        entityId: studentId,
        relatedId: batchId,
        text: { key: remark === '' ? 'test.remark_removed' : 'test.remark_written', values: { student: student.name, batch: batch.name } },
        changes: { remark: { old: student.before, new: remark === '' ? null : remark } },
      });
    }
    const { rows: written } = await tx.execute<{ writtenBy: string | null; writtenAt: Date | string }>(sql`
      select w.name as "writtenBy", r.written_at as "writtenAt" from report_card_remarks r left join users w on w.id = r.written_by and w.academy_id = r.academy_id
      where r.batch_id = ${batchId} and r.student_id = ${studentId}`);
    return {
      student: { _id: studentId, name: student.name },
      remark: remark === '' ? null : remark,
      writtenBy: written[0]?.writtenBy ?? null,
      writtenAt: written[0] ? iso(written[0].writtenAt) : null,
    };
  });
}

/** The remarks printed on a student's report card: one per batch, with the writer's name. */
export async function remarksOfStudent(db: DbExecutor, studentId: string): Promise<{ batch: string; subject: SubjectRef; writtenBy: string | null; remark: string }[]> {
  const { rows } = await db.execute<{ batch: string; subject: SubjectRef; writtenBy: string | null; remark: string }>(sql`
    select b.name as batch, json_build_object('_id', sub.id, 'name', sub.name, 'code', sub.code) as subject, w.name as "writtenBy", r.remark
    from report_card_remarks r join batches b on b.id = r.batch_id and b.academy_id = r.academy_id join subjects sub on sub.id = b.subject_id and sub.academy_id = b.academy_id left join users w on w.id = r.written_by and w.academy_id = r.academy_id
    where r.student_id = ${studentId}
    order by lower(b.name), b.id`);
  return rows;
}
