import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import {
  IMPORT_MESSAGES,
  REGISTER_COLUMNS,
  REGISTER_HEADERS,
  type ImportList,
  type RegisterColumn,
  type StudentImportPreview,
  type StudentImportResult,
} from '@academy/shared/schemas/imports';
import { type Db, type DbExecutor, joinOn, thisAcademy, qualified } from '../../db/client';
import {
  attendanceRecords,
  batches,
  batchStudents,
  feeConcessions,
  feePlans,
  feeReceipts,
  importItems,
  imports,
  parents,
  parentStudents,
  paymentClaims,
  standards,
  students,
  examMarks,
  users,
  type IMPORT_ITEM_KINDS,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DryRunRollback, readUploadedSheet, wordSheetErrors, wrongRowCount, wrongRowsRefusal } from '../../lib/sheet-import';
import { recordAudit, type AuditActor } from '../audit';
import { enrolMany, removeEnrolment } from '../batches';
import { recordOpeningBalances, removeDuesOfEnrolmentSince, removeOpeningReceipts } from '../fees';
import { linkParents, removeChildlessParents, unlinkParent, type ParentLink } from '../parents';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { changeStudent, insertStudents, removeImportedStudents } from '../students';
import { MAX_REGISTER_ROWS, readRegister, type CellError, type RegisterRow } from './register-sheet';

/*
 * A register of students imported from a spreadsheet (issue 39; docs/decisions/032-registers-in-and-out.md).
 * The dry run and the import are the same work: the import's transaction, rolled back for a dry run or
 * when any row is wrong, so a preview's counts are exactly what the import will do and nothing is ever
 * half imported. A student is matched by their ID, else by name, date of birth and parent phone, so the
 * same sheet imported twice creates nothing new. What an import made is kept (import_items) so that it
 * can be undone while none of it has changed since.
 */

export const REGISTER_MAX_BYTES = 5 * 1024 * 1024;

type ItemKind = (typeof IMPORT_ITEM_KINDS)[number];
type Item = { kind: ItemKind; entityId: string; relatedId?: string | null; before?: Record<string, unknown> | null };

type Counts = Omit<StudentImportResult, 'importId'>;
const zeroCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0, parentsCreated: 0, parentsLinked: 0, enrolled: 0, openingPayments: 0 });

/** A student's fields the register may set, as the students module takes them. */
const STUDENT_FIELDS = ['gender', 'dateOfBirth', 'standard', 'board', 'medium', 'school', 'phone', 'email', 'address'] as const;
type StudentFields = Record<(typeof STUDENT_FIELDS)[number], string | null>;

/** One student of the sheet: the rows that name them (a second batch is a second row). */
type Group = {
  rows: RegisterRow[];
  /** An existing student the rows match, else a new one. */
  studentId: string | null;
  fields: StudentFields;
  /** Batch id → the fee plans named for it (null: all the batch's plans). */
  batches: Map<string, string[] | null>;
};

const headerOf = (language: Language) => (column: RegisterColumn) => word('register', REGISTER_HEADERS[column], language);

const keyOf = (name: string, dateOfBirth: string | null, parentPhone: string | null) => `${name.toLowerCase()}|${dateOfBirth ?? ''}|${parentPhone ?? ''}`;

/**
 * POST /api/imports/students[?dryRun=true]. A dry run answers the preview (its errors in the office's
 * language); an import answers what it did, or refuses (422) with nothing changed when a row is wrong.
 */
export async function importStudents(
  db: Db,
  actor: AuditActor,
  language: Language,
  file: { fileName: string; bytes: Buffer },
  dryRun: boolean,
): Promise<{ preview: StudentImportPreview } | { result: StudentImportResult }> {
  // Date cells are read as the academy's calendar reads them (no shift by the server's time zone).
  const { timeZone } = await getAcademySettings(db);
  const cells = await readUploadedSheet(file, IMPORT_MESSAGES, MAX_REGISTER_ROWS, timeZone);
  const today = await academyToday(db);
  const read = readRegister(cells, today);
  if (read.columns.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noHeader, { file: IMPORT_MESSAGES.noHeader });
  if (read.rows.length === 0 && read.errors.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noRows, { file: IMPORT_MESSAGES.noRows });

  const errors: CellError[] = [...read.errors];
  const groups = await groupRows(db, read.rows, errors, read.wrongRows);
  const rowCount = read.rows.length + wrongRowCount(read.errors);
  const preview = (counts: Counts): { preview: StudentImportPreview } => {
    return {
      preview: {
        rows: rowCount,
        valid: rowCount - wrongRowCount(errors),
        // By row, then in the template's column order.
        errors: wordSheetErrors(errors, REGISTER_COLUMNS, headerOf(language), language),
        create: counts.created,
        update: counts.updated,
        unchanged: counts.unchanged,
        parents: counts.parentsCreated,
        parentsLinked: counts.parentsLinked,
        enrolments: counts.enrolled,
        openingPayments: counts.openingPayments,
        columns: read.columns.map((key) => ({ key, header: word('register', REGISTER_HEADERS[key], language) })),
        table: previewTable(read.cells, errors),
      },
    };
  };
  const refuse = () => wrongRowsRefusal(IMPORT_MESSAGES.hasErrors, errors);
  if (!dryRun && errors.length > 0) throw refuse();

  const startedAt = new Date();
  try {
    const result = await db.transaction(async (tx) => {
      const items: Item[] = [];
      const counts = zeroCounts();
      await importGroups(tx, actor, language, today, groups, { counts, items, errors });
      if (dryRun || errors.length > 0) throw new DryRunRollback(counts);
      const finishedAt = new Date();
      const [saved] = await tx
        .insert(imports)
        .values({ kind: 'students', fileName: file.fileName.slice(0, 200), rowCount, summary: counts, createdBy: actor?.userId ?? null, startedAt, finishedAt })
        .returning({ id: imports.id });
      const importId = saved!.id;
      for (let start = 0; start < items.length; start += 1000) {
        await tx.insert(importItems).values(items.slice(start, start + 1000).map((item) => ({ importId, kind: item.kind, entityId: item.entityId, relatedId: item.relatedId ?? null, before: item.before ?? null })));
      }
      await recordAudit(tx, actor, {
        action: 'import',
        entityType: 'import',
        entityId: importId,
        text: { key: 'import.students', values: { file: file.fileName, created: counts.created, updated: counts.updated } },
        changes: null,
      });
      return { importId, ...counts };
    });
    return { result };
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    if (!dryRun) throw refuse();
    return preview(error.answer as Counts);
  }
}

const PREVIEW_ROWS = 200;

/** The rows the screen shows: those with errors first (the office fixes them), then the first of the others, in sheet order. */
function previewTable(cells: Map<number, string[]>, errors: CellError[]): { row: number; cells: string[] }[] {
  const wrong = new Set(errors.map((error) => error.row));
  const chosen = [...wrong].filter((row) => cells.has(row)).slice(0, PREVIEW_ROWS);
  for (const row of cells.keys()) {
    if (chosen.length >= PREVIEW_ROWS) break;
    if (!wrong.has(row)) chosen.push(row);
  }
  return chosen.sort((a, b) => a - b).map((row) => ({ row, cells: cells.get(row)! }));
}

/**
 * Resolves the names of standards, batches and fee plans, the student IDs and the emails, and groups the
 * rows by student (an ID, else name + date of birth + parent phone). Unknown names are cell errors. The
 * rows that already have cell errors (`wrongRows`) get their names checked too, so one check names every
 * problem (issue 54), but join no group.
 */
async function groupRows(db: DbExecutor, rows: RegisterRow[], errors: CellError[], wrongRows: RegisterRow[] = []): Promise<Group[]> {
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

type Outcome = { counts: Counts; items: Item[]; errors: CellError[] };

/**
 * The import's changes, set-based so that thousands of rows take a few seconds: checks first (emails),
 * then the existing students' changes, the new students, their parents, their enrolments per batch and
 * their opening balances, each in a few statements for all rows. A refusal names its student's first
 * row; the caller rolls everything back when there is any. Every step runs for the students nothing
 * has refused yet, whatever was refused before (cell errors, another student's email), so one check
 * reports every problem of the sheet at once (issue 54: "already paid is more than the plan" came only
 * after the cell errors were fixed).
 */
async function importGroups(tx: DbExecutor, actor: AuditActor, language: Language, today: string, groups: Group[], { counts, items, errors }: Outcome): Promise<void> {
  // Refused (with its error), or held back by another's refusal (a batch that enrolled nobody): left out of the later steps.
  const left = new Set<Group>();
  const fail = (group: Group, column: CellError['column'], message: string) => {
    errors.push({ row: group.rows[0]!.row, column, message });
    left.add(group);
  };
  const going = () => groups.filter((group) => !left.has(group));

  // An email must be free, or the matched student's own; two new students of the sheet cannot share one.
  const wanted = groups.flatMap((group) => (group.fields.email ? [{ group, email: group.fields.email }] : []));
  if (wanted.length > 0) {
    const owners = await tx
      .select({ email: sql<string>`lower(${users.email})`, studentId: students.id })
      .from(users)
      .leftJoin(students, joinOn(students.userId, users.id))
      .where(inArray(sql`lower(${users.email})`, wanted.map((entry) => entry.email)));
    const ownerOf = new Map(owners.map((owner) => [owner.email, owner.studentId]));
    const claimedBy = new Map<string, Group>();
    for (const { group, email } of wanted) {
      const owner = ownerOf.get(email);
      const other = claimedBy.get(email);
      if ((owner !== undefined && owner !== group.studentId) || (other && other !== group)) fail(group, 'email', IMPORT_MESSAGES.emailTaken);
      claimedBy.set(email, group);
    }
  }

  // Existing students: only what the sheet gives and differs (an empty cell never clears what the office typed since).
  const names = new Map<Group, string>();
  const existing = going().filter((group) => group.studentId);
  const currentRows = existing.length
    ? await tx
        .select({
          id: students.id,
          name: users.name,
          gender: students.gender,
          dateOfBirth: students.dateOfBirth,
          standard: students.standardId,
          board: students.board,
          medium: students.medium,
          school: students.school,
          phone: students.phone,
          email: users.email,
          address: students.address,
        })
        .from(students)
        .innerJoin(users, joinOn(users.id, students.userId))
        .where(and(inArray(students.id, existing.map((group) => group.studentId!)), thisAcademy(students)))
        .for('update', { of: students })
    : [];
  const currentOf = new Map(currentRows.map((row) => [row.id, row]));
  for (const group of existing) {
    const current = currentOf.get(group.studentId!)!;
    names.set(group, current.name);
    const changes: Partial<StudentFields> = {};
    const before: Record<string, unknown> = {};
    for (const field of STUDENT_FIELDS) {
      const value = group.fields[field];
      if (value !== null && value !== current[field]) {
        changes[field] = value;
        before[field] = current[field];
      }
    }
    if (Object.keys(changes).length === 0) {
      counts.unchanged++;
      continue;
    }
    await changeStudent(tx, actor, group.studentId!, changes as Parameters<typeof changeStudent>[3]);
    items.push({ kind: 'student_update', entityId: group.studentId!, before });
    counts.updated++;
  }

  // New students, in one go. The office's language: a Marathi office's register makes Marathi accounts.
  const fresh = going().filter((group) => !group.studentId);
  const newIds = await insertStudents(
    tx,
    fresh.map((group) => {
      const first = group.rows[0]!;
      return {
        name: first.name,
        email: group.fields.email,
        gender: first.gender,
        address: first.address,
        phone: first.phone,
        dateOfBirth: first.dateOfBirth,
        standard: group.fields.standard,
        school: first.school,
        board: first.board,
        medium: first.medium,
        language,
        admissionDate: first.admissionDate ?? today,
      };
    }),
  );
  fresh.forEach((group, index) => {
    group.studentId = newIds[index]!;
    names.set(group, group.rows[0]!.name);
    items.push({ kind: 'student', entityId: group.studentId });
  });
  counts.created += fresh.length;

  // Parents: one per distinct phone (or name and email) of each student's rows; siblings share one by phone.
  const links: ParentLink[] = [];
  const linkGroups: Group[] = [];
  for (const group of going()) {
    const seen = new Set<string>();
    for (const row of group.rows) {
      if (!row.parentPhone && !row.parentName && !row.parentEmail) continue;
      const key = row.parentPhone ?? `${row.parentName ?? ''}|${row.parentEmail ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      links.push({ studentId: group.studentId!, studentName: names.get(group)!, language, name: row.parentName, phone: row.parentPhone, email: row.parentEmail, relation: row.parentRelation });
      linkGroups.push(group);
    }
  }
  const parentLinks = await linkParents(tx, links);
  for (const refusal of parentLinks.refused) fail(linkGroups[refusal.index]!, 'parentEmail', refusal.message);
  parentLinks.results.forEach((result, index) => {
    if (!result) return;
    if (result.created) {
      items.push({ kind: 'parent', entityId: result.parentId });
      counts.parentsCreated++;
    }
    if (result.linked) {
      items.push({ kind: 'parent_link', entityId: result.parentId, relatedId: links[index]!.studentId });
      if (!result.created) counts.parentsLinked++;
    }
  });

  // Enrolments, per batch and fee plan choice: the batches module's rules (archived students, seats), clashes allowed.
  const enrolments = new Map<string, { batchId: string; planIds: string[] | null; groups: Group[] }>();
  for (const group of going()) {
    for (const [batchId, planIds] of group.batches) {
      const key = `${batchId}|${planIds?.join(',') ?? ''}`;
      const entry = enrolments.get(key) ?? { batchId, planIds, groups: [] };
      entry.groups.push(group);
      enrolments.set(key, entry);
    }
  }
  for (const { batchId, planIds, groups: joining } of enrolments.values()) {
    const groupOf = new Map(joining.map((group) => [group.studentId!, group]));
    const check = await enrolMany(tx, actor, batchId, [...groupOf.keys()], planIds ?? undefined);
    for (const refusal of check.refusals) fail(groupOf.get(refusal.studentId)!, 'batch', refusal.message);
    if (check.capacity) fail(joining[0]!, 'batch', check.capacity);
    if (check.refusals.length > 0 || check.capacity) {
      // Nobody joined this batch: its students' opening balances would find no dues to pay.
      for (const group of joining) left.add(group);
      continue;
    }
    for (const student of check.toEnrol) items.push({ kind: 'enrolment', entityId: batchId, relatedId: student.id });
    counts.enrolled += check.toEnrol.length;
  }

  // Opening balances; imported again, a student who has one already gets no second.
  const paying = going().filter((group) => group.rows.some((row) => row.alreadyPaidPaise > 0));
  if (paying.length === 0) return;
  const recorded = new Set(
    (
      await tx
        .select({ studentId: feeReceipts.studentId })
        .from(feeReceipts)
        .where(and(inArray(feeReceipts.studentId, paying.map((group) => group.studentId!)), eq(feeReceipts.mode, 'opening_balance'), isNull(feeReceipts.cancelledAt)))
    ).map((row) => row.studentId),
  );
  const toRecord = paying.filter((group) => !recorded.has(group.studentId!));
  const groupOf = new Map(toRecord.map((group) => [group.studentId!, group]));
  const opening = await recordOpeningBalances(
    tx,
    actor,
    toRecord.map((group) => ({ studentId: group.studentId!, studentName: names.get(group)!, amountPaise: group.rows.reduce((sum, row) => sum + row.alreadyPaidPaise, 0) })),
    today,
  );
  for (const refusal of opening.refused) fail(groupOf.get(refusal.studentId)!, 'alreadyPaid', refusal.message);
  for (const receipt of opening.receipts) items.push({ kind: 'receipt', entityId: receipt.id, relatedId: receipt.studentId });
  counts.openingPayments += opening.receipts.length;
}

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
