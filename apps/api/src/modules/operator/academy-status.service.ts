import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq, lt, sql } from 'drizzle-orm';
import { CLOSED_ACADEMY_KEPT_DAYS, OPERATOR_MESSAGES, type AcademyStatus, type Operator, type OperatorAction } from '@academy/shared/schemas/operator';
import type { Db } from '../../db/client';
import { academies } from '../../db/schema';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { AppError } from '../../lib/app-error';
import type { AuditText } from '@academy/shared/i18n/audit-texts';
import { recordAudit } from '../audit';
import { deleteAcademyRow, setAcademyStatus } from '../academies';

/**
 * Suspending, resuming and closing an academy (issue 55). The operator sets the status only: the host
 * plugin (academies/hosting.ts) answers a suspended academy's address with its notice (403) and a closed
 * one's with 404, the job runner pauses a suspended academy's jobs. The row itself is written by its
 * owner, the academies module (`setAcademyStatus`, `deleteAcademyRow`). Each action is written in the
 * academy's own audit log, so its admin reads who did it and when.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type StatusChange = { id: string; slug: string; name: string; from: AcademyStatus; to: AcademyStatus };

const NEXT: Record<OperatorAction, AcademyStatus> = { suspend: 'suspended', resume: 'active', close: 'closed' };

/** The academy at `slug` (whatever its status), or 404: the operator's actions name academies by address. */
export async function academyBySlug(db: Db, slug: string) {
  const [academy] = await withoutAcademy(async () => await db.select().from(academies).where(eq(academies.slug, slug)).limit(1));
  if (!academy) throw new AppError('NOT_FOUND', 'Not found');
  return academy;
}

/** How the academy's own audit log names the operator (no account of the academy). */
export function operatorNamed(operator: Operator): string {
  return `${operator.name} <${operator.email}>`;
}

export async function changeAcademyStatus(db: Db, operator: Operator, slug: string, action: OperatorAction): Promise<StatusChange> {
  const academy = await academyBySlug(db, slug);
  const from = academy.status as AcademyStatus;
  const to = NEXT[action];
  // A closed academy is only ever resumed (or removed after its 30 days): suspending it would hide the removal date.
  if (from === 'closed' && action === 'suspend') throw new AppError('CONFLICT', OPERATOR_MESSAGES.alreadyClosed);
  const change = { id: academy.id, slug: academy.slug, name: academy.name, from, to };
  if (from === to) return change;
  const now = new Date();
  const times =
    to === 'active' ? { suspendedAt: null, closedAt: null } : to === 'suspended' ? { suspendedAt: now, closedAt: null } : { closedAt: now, suspendedAt: academy.suspendedAt ?? null };
  await setAcademyStatus(db, academy.id, { status: to, ...times, at: now });
  // In the academy's own log, as no account of it: the entry names the operator.
  const who = operatorNamed(operator);
  const text: AuditText =
    to === 'suspended'
      ? { key: 'academy.suspended_by_operator', values: { operator: who } }
      : to === 'active'
        ? { key: 'academy.resumed_by_operator', values: { operator: who } }
        : { key: 'academy.closed_by_operator', values: { operator: who, days: CLOSED_ACADEMY_KEPT_DAYS } };
  await withAcademy(academy.id, async () => await
    recordAudit(db, null, { action: `academy.${action}`, entityType: 'settings', entityId: academy.id, changes: { status: { old: from, new: to } }, text }),
  );
  return change;
}

/**
 * The tables holding an academy's rows (every table with `academy_id` but `academies` itself: the
 * academy tables, and platform tables about one academy such as its domains and figures), children first: a table
 * comes before every table it references, so a restricting foreign key never stops a delete.
 */
export async function academyTablesChildrenFirst(db: Db): Promise<string[]> {
  const tables = (
    await db.execute<{ table_name: string }>(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name = 'academy_id' and c.table_name <> 'academies'`)
  ).rows.map((row) => row.table_name);
  const references = (
    await db.execute<{ child: string; parent: string }>(sql`
      select distinct con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent
      from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where con.contype = 'f' and n.nspname = 'public' and con.conrelid <> con.confrelid`)
  ).rows.map((row) => ({ child: row.child.replace(/"/g, ''), parent: row.parent.replace(/"/g, '') }));
  const known = new Set(tables);
  const parentsOf = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) if (known.has(child) && known.has(parent)) parentsOf.get(child)!.add(parent);
  // Take a table once no remaining table references it (it has no children left).
  const ordered: string[] = [];
  const remaining = new Set(tables);
  while (remaining.size > 0) {
    const childless = [...remaining].filter((table) => ![...remaining].some((other) => other !== table && parentsOf.get(other)!.has(table))).sort();
    // A cycle (none today): the rest in name order; the transaction fails rather than leave half an academy.
    const next = childless.length > 0 ? childless : [...remaining].sort();
    for (const table of next) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered;
}

/**
 * Removes one academy for good: inside its context, every academy table's rows of it (children first,
 * `where academy_id` as well as the row-level policy), in one transaction; then its row in `academies`
 * (its domains and figures go with it) and its files folder `<filesDir>/<academy id>/`.
 */
export async function removeAcademy(db: Db, filesDir: string, academyId: string): Promise<{ tables: number; rows: number }> {
  const tables = await withoutAcademy(async () => await academyTablesChildrenFirst(db));
  let rows = 0;
  await withAcademy(academyId, async () => await
    db.transaction(async (tx) => {
      // The audit log refuses deletes except a pruning that says so in its own transaction (migration 0014);
      // SET LOCAL, not set_config: on Citus the trigger runs on a worker, which sees only a SET LOCAL (decision 053).
      await tx.execute(sql`set local academy.audit_prune = 'on'`);
      for (const table of tables) {
        const result = await tx.execute(sql`delete from ${sql.identifier(table)} where academy_id = ${academyId}`);
        rows += result.rowCount ?? 0;
      }
    }),
  );
  await deleteAcademyRow(db, academyId);
  await fsp.rm(path.join(filesDir, academyId), { recursive: true, force: true });
  return { tables: tables.length, rows };
}

/** The job: every academy closed more than 30 days ago is removed with its files. */
export async function removeClosedAcademies(db: Db, filesDir: string, log?: { info(object: object, message: string): void }, now: Date = new Date()): Promise<string[]> {
  const due = await withoutAcademy(async () => await
    db
      .select({ id: academies.id, slug: academies.slug })
      .from(academies)
      .where(and(eq(academies.status, 'closed'), lt(academies.closedAt, new Date(now.getTime() - CLOSED_ACADEMY_KEPT_DAYS * DAY_MS)))),
  );
  for (const academy of due) {
    const removed = await removeAcademy(db, filesDir, academy.id);
    log?.info({ academy: academy.slug, academyId: academy.id, ...removed }, 'closed academy removed after its 30 days');
  }
  return due.map((academy) => academy.slug);
}
