/** A register's rows grouped by student, its names (standards, batches, fee plans, IDs) resolved. */
import { inArray, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES } from '@academy/shared/schemas/imports';
import { type DbExecutor, joinOn } from '../../db/client';
import { batches, feePlans, parents, parentStudents, standards, students, users } from '../../db/schema';
import type { CellError, RegisterRow } from './register-sheet';

/** A student's fields the register may set, as the students module takes them. */
export const STUDENT_FIELDS = ['gender', 'dateOfBirth', 'standard', 'board', 'medium', 'school', 'phone', 'email', 'address'] as const;
export type StudentFields = Record<(typeof STUDENT_FIELDS)[number], string | null>;

/** One student of the sheet: the rows that name them (a second batch is a second row). */
export type Group = {
  rows: RegisterRow[];
  /** An existing student the rows match, else a new one. */
  studentId: string | null;
  fields: StudentFields;
  /** Batch id → the fee plans named for it (null: all the batch's plans). */
  batches: Map<string, string[] | null>;
};

const keyOf = (name: string, dateOfBirth: string | null, parentPhone: string | null) => `${name.toLowerCase()}|${dateOfBirth ?? ''}|${parentPhone ?? ''}`;


/**
 * Resolves the names of standards, batches and fee plans, the student IDs and the emails, and groups the
 * rows by student (an ID, else name + date of birth + parent phone). Unknown names are cell errors. The
 * rows that already have cell errors (`wrongRows`) get their names checked too, so one check names every
 * problem (issue 54), but join no group.
 */
export async function groupRows(db: DbExecutor, rows: RegisterRow[], errors: CellError[], wrongRows: RegisterRow[] = []): Promise<Group[]> {
  const [standardRows, batchRows, planRows] = await Promise.all([
    db.select({ id: standards.id, name: standards.name, names: standards.names }).from(standards),
    db.select({ id: batches.id, name: batches.name }).from(batches),
    db.select({ id: feePlans.id, name: feePlans.name, batchId: feePlans.batchId }).from(feePlans),
  ]);
  // A register may name the standard in English or by its Marathi or Hindi name (issue 42).
  const standardByName = new Map(standardRows.flatMap((row) => [row.name, row.names.mr, row.names.hi].filter((name) => name !== undefined).map((name) => [name.toLowerCase(), row.id] as const)));
  const batchByName = new Map(batchRows.map((row) => [row.name.toLowerCase(), row]));
  const planByName = new Map(planRows.map((row) => [`${row.batchId}|${row.name.toLowerCase()}`, row.id]));

  const codes = [...new Set([...rows, ...wrongRows].flatMap((row) => (row.studentCode ? [row.studentCode] : [])))];
  const byCode = new Map(
    codes.length ? (await db.select({ id: students.id, code: students.studentCode }).from(students).where(inArray(students.studentCode, codes))).map((row) => [row.code, row.id]) : [],
  );
  // Existing students who may be the rows' (same name): their keys with each parent's phone, and without one.
  const names = [...new Set(rows.filter((row) => !row.studentCode).map((row) => row.name.toLowerCase()))];
  const byKey = new Map<string, string>();
  if (names.length) {
    const candidates = await db
      .select({ id: students.id, name: users.name, dateOfBirth: students.dateOfBirth, parentPhone: parents.phone })
      .from(students)
      .innerJoin(users, joinOn(users.id, students.userId))
      .leftJoin(parentStudents, joinOn(parentStudents.studentId, students.id))
      .leftJoin(parents, joinOn(parents.id, parentStudents.parentId))
      .where(inArray(sql`lower(${users.name})`, names))
      .orderBy(students.createdAt);
    for (const candidate of candidates) {
      for (const phone of [candidate.parentPhone, null]) {
        const key = keyOf(candidate.name, candidate.dateOfBirth, phone);
        if (!byKey.has(key)) byKey.set(key, candidate.id);
      }
    }
  }

  const groups = new Map<string, Group>();
  const wrong = new Set(wrongRows);
  for (const row of [...rows, ...wrongRows]) {
    const fail = (column: CellError['column'], message: string) => errors.push({ row: row.row, column, message });
    const before = errors.length;
    const standardId = row.standard ? standardByName.get(row.standard.toLowerCase()) : null;
    if (standardId === undefined) fail('standard', IMPORT_MESSAGES.unknownStandard.replace('{name}', row.standard!));
    const rowBatches = new Map<string, string[] | null>();
    for (const name of row.batches) {
      const batch = batchByName.get(name.toLowerCase());
      if (!batch) {
        fail('batch', IMPORT_MESSAGES.unknownBatch.replace('{name}', name));
        continue;
      }
      const planId = row.feePlan ? planByName.get(`${batch.id}|${row.feePlan.toLowerCase()}`) : null;
      if (planId === undefined) fail('feePlan', IMPORT_MESSAGES.unknownPlan.replace('{batch}', batch.name).replace('{name}', row.feePlan!));
      rowBatches.set(batch.id, planId ? [planId] : null);
    }
    const studentId = (row.studentCode ? byCode.get(row.studentCode) : byKey.get(keyOf(row.name, row.dateOfBirth, row.parentPhone))) ?? null;
    if (row.studentCode && !studentId) fail('studentId', IMPORT_MESSAGES.unknownStudentId.replace('{code}', row.studentCode));
    if (errors.length > before || wrong.has(row)) continue;
    const identity = studentId ?? keyOf(row.name, row.dateOfBirth, row.parentPhone);
    const group = groups.get(identity);
    if (group) {
      group.rows.push(row);
      for (const [batchId, plans] of rowBatches) if (!group.batches.has(batchId)) group.batches.set(batchId, plans);
      continue;
    }
    groups.set(identity, {
      rows: [row],
      studentId,
      fields: {
        gender: row.gender,
        dateOfBirth: row.dateOfBirth,
        standard: standardId ?? null,
        board: row.board,
        medium: row.medium,
        school: row.school,
        phone: row.phone,
        email: row.email,
        address: row.address,
      },
      batches: rowBatches,
    });
  }
  return [...groups.values()];
}
