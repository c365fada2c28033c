import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, notLike, or, sql } from 'drizzle-orm';
import { academyLockName } from '../../db/advisory-locks';
import { academicYearNameOf, academicYearStart, shiftAcademicYear } from '@academy/shared/calendar';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { ACADEMIC_YEAR_MESSAGES, type AcademicYears, type RolloverResult, type RolloverSummary, type rolloverInputSchema } from '@academy/shared/schemas/academic-years';
import type { z } from 'zod';
import type { Db, DbExecutor } from '../../db/client';
import { academicYearRolloverItems, academicYearRollovers, auditLog, batches, standards, students, users, type ROLLOVER_ITEM_KINDS } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { carryOverBalances, undoCarryOver } from '../fees';
import { academyCurrentYear, academyToday } from '../../academy-settings';
import { updateAccount } from '../users';
import { archiveBatchesEndingBy, unarchiveBatch } from '../batches';
import { setStudentsStandard, setStudentsStatus } from '../students';
import { joinOn, thisAcademy } from '../../db/same-academy';

/*
 * The new academic year (issue 39; docs/decisions/033-the-new-academic-year.md). A rollover moves every
 * active student up by the standards' levels (the last standard's leave as alumni), except those the
 * office keeps back (repeat) or lets go (leave); ends and archives last year's batches; and carries each
 * student's unpaid dues of that year into one "Previous year balance" due. The dry run is the same
 * transaction rolled back. What it changed is kept (academic_year_rollover_items) so that its undo puts
 * it back exactly, until the first change of the new year.
 */

type RolloverInput = z.output<typeof rolloverInputSchema>;
type ItemKind = (typeof ROLLOVER_ITEM_KINDS)[number];
type Item = { kind: ItemKind; entityId: string; before?: Record<string, unknown> | null };

/** Thrown to roll a dry run's transaction back once its answer is known. */
class Rollback extends Error {
  constructor(readonly summary: RolloverSummary) {
    super('rollback');
  }
}

/** Rollovers and their undo take turns (one transaction-scoped lock), so two clicks cannot both move a year on. */
const lockRollovers = (tx: DbExecutor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${academyLockName('academic-year-rollover')}))`);

const yearMessage = (message: string, year: string) => message.replace('{year}', year);

/** POST /api/academic-years/rollover[?dryRun=true]: what it does (the dry run: nothing changed) or did. */
export async function rollover(db: Db, actor: AuditActor, input: RolloverInput, dryRun: boolean): Promise<RolloverSummary | RolloverResult> {
  const today = await academyToday(db);
  const fromYear = academicYearNameOf(input.batchesEndOn);
  const toYear = shiftAcademicYear(fromYear, 1);
  const newYearStart = academicYearStart(toYear);
  if (fromYear > academicYearNameOf(today)) {
    const message = yearMessage(ACADEMIC_YEAR_MESSAGES.futureYear, fromYear);
    throw new AppError('BAD_REQUEST', message, { batchesEndOn: message });
  }
  try {
    return await db.transaction(async (tx) => {
      await lockRollovers(tx);
      const [done] = await tx
        .select({ fromYear: academicYearRollovers.fromYear })
        .from(academicYearRollovers)
        .where(and(isNull(academicYearRollovers.undoneAt), sql`${academicYearRollovers.fromYear} >= ${fromYear}`))
        .orderBy(desc(academicYearRollovers.fromYear))
        .limit(1);
      if (done) {
        throw new AppError('CONFLICT', done.fromYear === fromYear ? yearMessage(ACADEMIC_YEAR_MESSAGES.alreadyRolled, fromYear) : yearMessage(ACADEMIC_YEAR_MESSAGES.laterYearRolled, shiftAcademicYear(done.fromYear, 1)));
      }
      const items: Item[] = [];
      const summary: RolloverSummary = { fromYear, toYear, promoted: 0, alumni: 0, repeating: 0, leaving: 0, batchesArchived: 0, balancesCarried: 0, amountCarried: 0, byStandard: [] };

      await moveStudents(tx, input, summary, items);
      await archiveBatches(tx, input.batchesEndOn, newYearStart, summary, items);
      const carried = await carryOverBalances(tx, { before: newYearStart, dueDate: newYearStart, label: `Previous year balance ${fromYear}` });
      summary.balancesCarried = carried.students;
      summary.amountCarried = rupees(carried.amountPaise);
      for (const id of carried.carriedDueIds) items.push({ kind: 'due_carried', entityId: id, before: { status: 'open' } });
      for (const id of carried.createdDueIds) items.push({ kind: 'due_created', entityId: id });

      if (dryRun) throw new Rollback(summary);
      const [saved] = await tx
        .insert(academicYearRollovers)
        .values({ fromYear, toYear, batchesEndOn: input.batchesEndOn, summary, createdBy: actor?.userId ?? null })
        .returning({ id: academicYearRollovers.id });
      const rolloverId = saved!.id;
      for (let start = 0; start < items.length; start += 1000) {
        await tx.insert(academicYearRolloverItems).values(items.slice(start, start + 1000).map((item) => ({ rolloverId, kind: item.kind, entityId: item.entityId, before: item.before ?? null })));
      }
      await recordAudit(tx, actor, {
        action: 'rollover',
        entityType: 'academic_year',
        entityId: rolloverId,
        text: { key: 'academic_year.rolled_over', values: { from: fromYear, to: toYear, promoted: summary.promoted, alumni: summary.alumni } },
        changes: null,
      });
      return { rolloverId, ...summary };
    });
  } catch (error) {
    if (error instanceof Rollback) return error.summary;
    throw error;
  }
}

/** Every active student: up a standard, alumni from the last one, or as the office chose (repeat, leave). */
async function moveStudents(tx: DbExecutor, input: RolloverInput, summary: RolloverSummary, items: Item[]): Promise<void> {
  const active = await tx
    .select({ id: students.id, userId: students.userId, standardId: students.standardId, isActive: users.isActive })
    .from(students)
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(eq(students.status, 'active'), thisAcademy(students)))
    .orderBy(asc(students.id))
    // NO KEY UPDATE: what changes is no key, so an enrolment or payment (FOR KEY SHARE through their
    // foreign keys) never waits on it, nor it on them in a circle.
    .for('no key update', { of: students });
  const activeIds = new Set(active.map((student) => student.id));
  for (const field of ['repeat', 'leave'] as const) {
    if (input[field].some((id) => !activeIds.has(id))) throw new AppError('BAD_REQUEST', ACADEMIC_YEAR_MESSAGES.unknownStudents, { [field]: ACADEMIC_YEAR_MESSAGES.unknownStudents });
  }
  const levels = await tx.select({ id: standards.id, name: standards.name, level: standards.level }).from(standards).orderBy(asc(standards.level));
  const nextOf = new Map(levels.map((standard, index) => [standard.id, levels[index + 1] ?? null]));
  const nameOf = new Map(levels.map((standard) => [standard.id, standard.name]));
  const repeat = new Set(input.repeat);
  const leave = new Set(input.leave);

  const promotions = new Map<string, string[]>(); // new standard → students
  const toAlumni: typeof active = [];
  const leavers: typeof active = [];
  const byStandard = new Map<string, { from: string; to: string | null; count: number; level: number }>();
  for (const student of active) {
    if (leave.has(student.id)) {
      leavers.push(student);
      continue;
    }
    if (repeat.has(student.id)) {
      summary.repeating++;
      continue;
    }
    if (!student.standardId) continue;
    const next = nextOf.get(student.standardId) ?? null;
    if (next) promotions.set(next.id, [...(promotions.get(next.id) ?? []), student.id]);
    else toAlumni.push(student);
    const key = student.standardId;
    const entry = byStandard.get(key) ?? { from: nameOf.get(key)!, to: next?.name ?? null, count: 0, level: levels.find((standard) => standard.id === key)!.level };
    entry.count++;
    byStandard.set(key, entry);
    items.push({ kind: 'student', entityId: student.id, before: { standardId: student.standardId, status: 'active', isActive: student.isActive } });
  }
  summary.byStandard = [...byStandard.values()].sort((a, b) => a.level - b.level).map(({ level: _level, ...entry }) => entry);

  const now = new Date();
  for (const [standardId, ids] of promotions) {
    await setStudentsStandard(tx, ids, standardId, now);
    summary.promoted += ids.length;
  }
  // Alumni and leavers keep every record; their sign-in is disabled like an archived student's.
  for (const [group, status] of [
    [toAlumni, 'alumni'],
    [leavers, 'archived'],
  ] as const) {
    if (group.length === 0) continue;
    await setStudentsStatus(tx, group.map((student) => student.id), status, now);
    for (const student of group) await updateAccount(tx, student.userId, { isActive: false });
  }
  for (const student of leavers) items.push({ kind: 'student', entityId: student.id, before: { standardId: student.standardId, status: 'active', isActive: student.isActive } });
  summary.alumni = toAlumni.length;
  summary.leaving = leavers.length;
}

/** Last year's batches (started before the new 1 June) end by `endsOn` and are archived; their records stay. */
async function archiveBatches(tx: DbExecutor, endsOn: string, newYearStart: string, summary: RolloverSummary, items: Item[]): Promise<void> {
  const old = await tx
    .select({ id: batches.id, endDate: batches.endDate })
    .from(batches)
    .where(and(lt(batches.startDate, newYearStart), isNull(batches.archivedAt), thisAcademy(batches)))
    .orderBy(asc(batches.id))
    .for('no key update');
  if (old.length === 0) return;
  const ids = old.map((batch) => batch.id);
  await archiveBatchesEndingBy(tx, ids, endsOn);
  for (const batch of old) items.push({ kind: 'batch', entityId: batch.id, before: { endDate: batch.endDate } });
  summary.batchesArchived = old.length;
}

/** GET /api/academic-years: the current year, the rollovers (newest first) and the active students by standard. */
export async function academicYears(db: DbExecutor): Promise<AcademicYears> {
  const today = await academyToday(db);
  const [currentYear, rows, active] = await Promise.all([
    academyCurrentYear(db, today),
    db
      .select({ rollover: academicYearRollovers, createdBy: users.name })
      .from(academicYearRollovers)
      .leftJoin(users, joinOn(users.id, academicYearRollovers.createdBy))
      .orderBy(desc(academicYearRollovers.createdAt))
      .limit(50),
    db
      .select({ _id: students.id, name: users.name, studentCode: students.studentCode, standardId: standards.id, standardName: standards.name, standardLevel: standards.level })
      .from(students)
      .innerJoin(users, joinOn(users.id, students.userId))
      .leftJoin(standards, joinOn(standards.id, students.standardId))
      .where(eq(students.status, 'active'))
      .orderBy(sql`${standards.level} nulls last`, asc(sql`lower(${users.name})`)),
  ]);
  return {
    currentYear,
    rollovers: rows.map(({ rollover: row, createdBy }) => ({
      ...(row.summary as RolloverSummary),
      fromYear: row.fromYear,
      toYear: row.toYear,
      _id: row.id,
      batchesEndOn: row.batchesEndOn,
      createdBy,
      createdAt: row.createdAt.toISOString(),
      undoneAt: row.undoneAt?.toISOString() ?? null,
    })),
    students: active.map(({ standardId, standardName, standardLevel, ...student }) => ({
      ...student,
      standard: standardId ? { _id: standardId, name: standardName!, level: standardLevel! } : null,
    })),
  };
}

/**
 * DELETE /api/academic-years/rollover/{id}: puts back what the rollover changed (standards, statuses,
 * sign-ins, batches' end dates and archiving, the old dues; the previous year balances deleted), while
 * nothing else has happened since: any Activity entry after it other than sign-ins refuses (409).
 */
export async function undoRollover(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRollovers(tx);
    const [record] = await tx.select().from(academicYearRollovers).where(and(eq(academicYearRollovers.id, id), thisAcademy(academicYearRollovers))).for('update');
    if (!record) throw new AppError('NOT_FOUND', ACADEMIC_YEAR_MESSAGES.notFound);
    if (record.undoneAt) throw new AppError('CONFLICT', ACADEMIC_YEAR_MESSAGES.alreadyUndone);
    const [later] = await tx
      .select({ id: academicYearRollovers.id })
      .from(academicYearRollovers)
      .where(and(isNull(academicYearRollovers.undoneAt), gt(academicYearRollovers.fromYear, record.fromYear)))
      .limit(1);
    if (later) throw new AppError('CONFLICT', ACADEMIC_YEAR_MESSAGES.notLatest);
    const [changes] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          sql`${auditLog.at} > ${record.createdAt}`,
          notLike(auditLog.action, 'signin%'),
          or(ne(auditLog.entityType, 'academic_year'), sql`${auditLog.entityId} is distinct from ${id}`),
        ),
      );
    if ((changes?.count ?? 0) > 0) throw new AppError('CONFLICT', ACADEMIC_YEAR_MESSAGES.changedSince.replace('{count}', String(changes!.count)));

    const items = await tx.select().from(academicYearRolloverItems).where(eq(academicYearRolloverItems.rolloverId, id)).orderBy(academicYearRolloverItems.id);
    const ofKind = (kind: ItemKind) => items.filter((item) => item.kind === kind);
    await undoCarryOver(
      tx,
      ofKind('due_carried').map((item) => item.entityId),
      ofKind('due_created').map((item) => item.entityId),
      ACADEMIC_YEAR_MESSAGES.duesPaid,
    );
    const now = new Date();
    for (const item of ofKind('batch')) {
      const before = item.before as { endDate: string };
      await unarchiveBatch(tx, item.entityId, before.endDate, now);
    }
    const movedStudents = ofKind('student');
    const accounts = movedStudents.length
      ? await tx
          .select({ id: students.id, userId: students.userId, isActive: users.isActive })
          .from(students)
          .innerJoin(users, joinOn(users.id, students.userId))
          .where(inArray(students.id, movedStudents.map((item) => item.entityId)))
      : [];
    const accountOf = new Map(accounts.map((row) => [row.id, row]));
    for (const item of movedStudents) {
      const before = item.before as { standardId: string | null; status: 'active'; isActive: boolean };
      await setStudentsStandard(tx, [item.entityId], before.standardId, now);
      await setStudentsStatus(tx, [item.entityId], before.status, now);
      const account = accountOf.get(item.entityId);
      if (account && account.isActive !== before.isActive) await updateAccount(tx, account.userId, { isActive: before.isActive });
    }
    await tx.update(academicYearRollovers).set({ undoneAt: now, undoneBy: actor?.userId ?? null }).where(eq(academicYearRollovers.id, id));
    await recordAudit(tx, actor, {
      action: 'undo',
      entityType: 'academic_year',
      entityId: id,
      text: { key: 'academic_year.rollover_undone', values: { from: record.fromYear, to: record.toYear } },
      changes: null,
    });
  });
}
