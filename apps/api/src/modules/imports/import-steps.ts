/** The import's changes, a step each: emails checked, students changed and made, parents linked, enrolments, opening balances. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { IMPORT_MESSAGES, type StudentImportResult } from '@academy/shared/schemas/imports';
import { type DbExecutor, joinOn, thisAcademy } from '../../db/client';
import { feeReceipts, students, users, type IMPORT_ITEM_KINDS } from '../../db/schema';
import type { AuditActor } from '../audit';
import { enrolMany } from '../batches';
import { recordOpeningBalances } from '../fees';
import { linkParents, type ParentLink } from '../parents';
import { changeStudent, insertStudents } from '../students';
import type { CellError } from './register-sheet';
import { STUDENT_FIELDS, type Group, type StudentFields } from './register-groups';

export type ItemKind = (typeof IMPORT_ITEM_KINDS)[number];
export type Item = { kind: ItemKind; entityId: string; relatedId?: string | null; before?: Record<string, unknown> | null };

export type Counts = Omit<StudentImportResult, 'importId'>;
export const zeroCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0, parentsCreated: 0, parentsLinked: 0, enrolled: 0, openingPayments: 0 });

type Outcome = { counts: Counts; items: Item[]; errors: CellError[] };

/** What every step shares: the transaction, who imports, the tallies, and the refusals so far. */
type Run = Outcome & {
  tx: DbExecutor;
  actor: AuditActor;
  language: Language;
  today: string;
  /** Each going student's name (theirs on file, or the sheet's for a new one). */
  names: Map<Group, string>;
  fail: (group: Group, column: CellError['column'], message: string) => void;
  /** The students nothing has refused yet. */
  going: () => Group[];
  /** Holds a student back from the later steps without an error of its own. */
  holdBack: (group: Group) => void;
};

/**
 * The import's changes, set-based so that thousands of rows take a few seconds: checks first (emails),
 * then the existing students' changes, the new students, their parents, their enrolments per batch and
 * their opening balances, each in a few statements for all rows. A refusal names its student's first
 * row; the caller rolls everything back when there is any. Every step runs for the students nothing
 * has refused yet, whatever was refused before (cell errors, another student's email), so one check
 * reports every problem of the sheet at once (issue 54: "already paid is more than the plan" came only
 * after the cell errors were fixed).
 */
export async function importGroups(tx: DbExecutor, actor: AuditActor, language: Language, today: string, groups: Group[], outcome: Outcome): Promise<void> {
  // Refused (with its error), or held back by another's refusal (a batch that enrolled nobody): left out of the later steps.
  const left = new Set<Group>();
  const run: Run = {
    ...outcome,
    tx,
    actor,
    language,
    today,
    names: new Map(),
    fail: (group, column, message) => {
      outcome.errors.push({ row: group.rows[0]!.row, column, message });
      left.add(group);
    },
    going: () => groups.filter((group) => !left.has(group)),
    holdBack: (group) => left.add(group),
  };
  await checkEmails(run, groups);
  await changeExistingStudents(run);
  await insertNewStudents(run);
  await linkTheParents(run);
  await enrolInBatches(run);
  await recordOpeningPayments(run);
}

/** An email must be free, or the matched student's own; two new students of the sheet cannot share one. */
async function checkEmails({ tx, fail }: Run, groups: Group[]): Promise<void> {
  const wanted = groups.flatMap((group) => (group.fields.email ? [{ group, email: group.fields.email }] : []));
  if (wanted.length === 0) return;
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

/** Existing students: only what the sheet gives and differs (an empty cell never clears what the office typed since). */
async function changeExistingStudents({ tx, actor, names, counts, items, going }: Run): Promise<void> {
  const existing = going().filter((group) => group.studentId);
  if (existing.length === 0) return;
  const currentRows = await tx
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
    .for('update', { of: students });
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
}

/** New students, in one go. The office's language: a Marathi office's register makes Marathi accounts. */
async function insertNewStudents({ tx, language, today, names, counts, items, going }: Run): Promise<void> {
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
}

/** Parents: one per distinct phone (or name and email) of each student's rows; siblings share one by phone. */
async function linkTheParents({ tx, language, names, counts, items, fail, going }: Run): Promise<void> {
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
}

/** Enrolments, per batch and fee plan choice: the batches module's rules (archived students, seats), clashes allowed. */
async function enrolInBatches({ tx, actor, counts, items, fail, going, holdBack }: Run): Promise<void> {
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
      for (const group of joining) holdBack(group);
      continue;
    }
    for (const student of check.toEnrol) items.push({ kind: 'enrolment', entityId: batchId, relatedId: student.id });
    counts.enrolled += check.toEnrol.length;
  }
}

/** Opening balances; imported again, a student who has one already gets no second. */
async function recordOpeningPayments({ tx, actor, today, names, counts, items, fail, going }: Run): Promise<void> {
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
