/** The imports made (newest first), and one taken back while none of its students has changed since. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, type ImportList } from '@academy/shared/schemas/imports';
import { type Db, type DbExecutor, joinOn, thisAcademy, qualified } from '../../db/client';
import { attendanceRecords, batchStudents, feeConcessions, feeReceipts, importItems, imports, paymentClaims, students, examMarks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { removeEnrolment } from '../batches';
import { removeDuesOfEnrolmentSince, removeOpeningReceipts } from '../fees';
import { removeChildlessParents, unlinkParent } from '../parents';
import { changeStudent, removeImportedStudents } from '../students';
import { zeroCounts, type ItemKind } from './import-steps';

/** GET /api/imports: the imports, newest first. */
export async function listImports(db: DbExecutor): Promise<ImportList> {
  const rows = await db
    .select({ id: imports.id, fileName: imports.fileName, rowCount: imports.rowCount, summary: imports.summary, createdBy: users.name, createdAt: imports.startedAt, undoneAt: imports.undoneAt })
    .from(imports)
    .leftJoin(users, joinOn(users.id, imports.createdBy))
    .orderBy(desc(imports.startedAt))
    .limit(50);
  return {
    imports: rows.map((row) => ({
      _id: row.id,
      fileName: row.fileName,
      rowCount: row.rowCount,
      summary: { ...zeroCounts(), ...row.summary },
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      undoneAt: row.undoneAt?.toISOString() ?? null,
    })),
  };
}

/**
 * DELETE /api/imports/{id}: takes back what the import made, in one transaction, while none of its
 * students has changed since (409 naming them): edited, marked present or absent, given marks, paid,
 * given a concession, or enrolled elsewhere by the office. New students and parents are deleted (their
 * numbers given back when they were the last), opening receipts deleted with what they paid, enrolments
 * and their dues removed, parent links removed, and updated students' fields put back.
 */
export async function undoImport(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [record] = await tx.select().from(imports).where(and(eq(imports.id, id), thisAcademy(imports))).for('update');
    if (!record) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
    if (record.undoneAt) throw new AppError('CONFLICT', IMPORT_MESSAGES.alreadyUndone);
    const items = await tx.select().from(importItems).where(eq(importItems.importId, id)).orderBy(importItems.id);
    const ofKind = (kind: ItemKind) => items.filter((item) => item.kind === kind);
    const createdStudents = ofKind('student').map((item) => item.entityId);
    const touched = [...new Set([...createdStudents, ...ofKind('student_update').map((item) => item.entityId), ...items.filter((item) => item.relatedId).map((item) => item.relatedId!)])];
    const importReceipts = ofKind('receipt').map((item) => item.entityId);
    const importEnrolments = ofKind('enrolment');

    if (touched.length > 0) {
      const after = record.finishedAt;
      const changed = await tx
        .select({ name: users.name })
        .from(students)
        .innerJoin(users, joinOn(users.id, students.userId))
        .where(
          and(
            inArray(students.id, touched),
            sql`(
              ${students.updatedAt} > ${after}
              or exists (select 1 from ${attendanceRecords} where ${attendanceRecords.studentId} = ${students.id} and ${attendanceRecords.academyId} = ${qualified(students.academyId)} and ${attendanceRecords.markedAt} >= ${record.startedAt})
              or exists (select 1 from ${examMarks} where ${examMarks.studentId} = ${students.id} and ${examMarks.academyId} = ${qualified(students.academyId)} and ${examMarks.enteredAt} >= ${record.startedAt})
              or exists (select 1 from ${feeReceipts} where ${feeReceipts.studentId} = ${students.id} and ${feeReceipts.academyId} = ${qualified(students.academyId)} and ${feeReceipts.createdAt} >= ${record.startedAt}
                         ${importReceipts.length ? sql`and ${feeReceipts.id} not in (${sql.join(importReceipts.map((receipt) => sql`${receipt}`), sql`, `)})` : sql``})
              or exists (select 1 from ${feeConcessions} where ${feeConcessions.studentId} = ${students.id} and ${feeConcessions.academyId} = ${qualified(students.academyId)} and ${feeConcessions.createdAt} >= ${record.startedAt})
              or exists (select 1 from ${paymentClaims} where ${paymentClaims.studentId} = ${students.id} and ${paymentClaims.academyId} = ${qualified(students.academyId)} and ${paymentClaims.createdAt} >= ${record.startedAt})
              or exists (select 1 from ${batchStudents} where ${batchStudents.studentId} = ${students.id} and ${batchStudents.academyId} = ${qualified(students.academyId)} and ${batchStudents.enrolledAt} > ${after})
            )`,
          ),
        )
        .orderBy(users.name);
      if (changed.length > 0) {
        const shown = changed.slice(0, 5).map((row) => row.name);
        const names = changed.length > 5 ? `${shown.join(', ')} and ${changed.length - 5} more` : shown.join(', ');
        throw new AppError('CONFLICT', IMPORT_MESSAGES.changedSince.replace('{names}', names));
      }
    }

    // Each owner takes back its part, in this transaction: opening receipts (what they paid comes off the
    // dues), the enrolments with the dues they made (nothing else paid them: checked above), parent links,
    // the students' changes and the students made, then parents it made who have no child left.
    await removeOpeningReceipts(tx, importReceipts);
    for (const enrolment of importEnrolments) {
      await removeDuesOfEnrolmentSince(tx, enrolment.relatedId!, enrolment.entityId, record.startedAt);
      await removeEnrolment(tx, enrolment.relatedId!, enrolment.entityId);
    }
    for (const link of ofKind('parent_link')) await unlinkParent(tx, link.entityId, link.relatedId!);
    for (const update of ofKind('student_update')) {
      await changeStudent(tx, actor, update.entityId, (update.before ?? {}) as Parameters<typeof changeStudent>[3]);
    }
    await removeImportedStudents(tx, createdStudents);
    await removeChildlessParents(tx, ofKind('parent').map((item) => item.entityId));
    await tx.update(imports).set({ undoneAt: new Date(), undoneBy: actor?.userId ?? null }).where(eq(imports.id, id));
    await recordAudit(tx, actor, {
      action: 'undo',
      entityType: 'import',
      entityId: id,
      text: { key: 'import.undone', values: { file: record.fileName, created: createdStudents.length } },
      changes: null,
    });
  });
}
