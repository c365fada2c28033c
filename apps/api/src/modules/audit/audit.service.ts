import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { CsvHeader } from '@academy/shared/i18n/server-catalog';
import { wordAuditSummary, type AuditText } from '@academy/shared/i18n/audit-texts';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import type { z } from 'zod';
import type { AuditEntityType, AuditEntry, AuditPerson, AuditLogList, auditLogFilterQuerySchema, auditLogListQuerySchema } from '@academy/shared/schemas/audit-log';
import { STAFF_ROLES, type Role } from '@academy/shared/roles';
import { academyDayStartSql } from '../../db/academy-today';
import type { DbExecutor } from '../../db/client';
import { auditLog, users, type AuditChanges } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { joinOn } from '../../db/same-academy';

type FilterQuery = z.output<typeof auditLogFilterQuerySchema>;
type ListQuery = z.output<typeof auditLogListQuerySchema>;

/** Who did it: a signed-in account (any object with userId and role, e.g. the Actor), or null for a visitor or the system. */
export type AuditActor = { userId: string; role: Role } | null;

/** The role the actor acted in, as the entry records it: data kept for the reader, never compared (access/ decides). */
function actorRoleOf(actor: AuditActor): Role | null {
  // eslint-disable-next-line no-restricted-syntax -- recorded, not a check (see the rule in eslint.config.js)
  return actor?.role ?? null;
}

export type AuditEntryInput = {
  action: string;
  entityType: AuditEntityType;
  entityId?: string | null;
  /** Another record this entry concerns (the student of an enrolment): found by its History too. */
  relatedId?: string | null;
  changes?: AuditChanges | null;
  /**
   * The one line a person reads, as a key and its values (AUDIT_TEXTS): stored with its English wording
   * and shown in each reader's language. Every entry has one (no free text: it would stay English).
   */
  text: AuditText;
};

/** The English summary, key and values an entry is stored with. */
function summaryOf(entry: AuditEntryInput): { summary: string; summaryKey: string | null; summaryValues: Record<string, string> | null } {
  const values = Object.fromEntries(Object.entries(entry.text.values ?? {}).map(([name, value]) => [name, String(value)]));
  return { summary: clip(wordAuditSummary(entry.text.key, values, 'en') ?? entry.text.key), summaryKey: entry.text.key, summaryValues: values };
}

const clip = (summary: string) => summary.replace(/\s+/g, ' ').trim().slice(0, 500);

/**
 * Field names whose values never enter the log, whatever the record: passwords, their hashes,
 * tokens, one-time codes, secrets, file contents (a subject's `code` is record data: see PLAIN_FIELDS). Matched on the name without case or separators,
 * so passwordHash, password_hash, otpCode, fileContent… all count.
 */
const SECRET_FIELD = /passw(or)?d|hash|token|secret|otp|code|cookie|session|signature|apikey|privatekey|file(content|data|bytes|body)/i;

/** True when a field's value must never be written to the audit log. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name.replace(/[_\s-]/g, ''));
}

// Field names that look like a secret but are plain record data worth keeping.
const PLAIN_FIELDS = new Set(['code', 'subjectCode']);

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return (a ?? null) === (b ?? null);
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

const loggable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields that changed between two versions of a record, field → { old, new }. Fields only in
 * `after` are compared with undefined in `before` (a create: pass `{}` as before), secret fields and
 * bookkeeping (updatedAt, createdAt) are left out. Null when nothing changed.
 */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>, options: { plain?: readonly string[] } = {}): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (field === 'updatedAt' || field === 'createdAt') continue;
    if (isSecretField(field) && !PLAIN_FIELDS.has(field) && !options.plain?.includes(field)) continue;
    if (!(field in after)) continue;
    if (sameValue(before[field], after[field])) continue;
    changes[field] = { old: loggable(before[field]), new: loggable(after[field]) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Drops any secret field from changes built by hand (the last line of defence before the INSERT). */
function withoutSecrets(changes: AuditChanges | null | undefined): AuditChanges | null {
  if (!changes) return null;
  const kept = Object.fromEntries(Object.entries(changes).filter(([field]) => PLAIN_FIELDS.has(field) || !isSecretField(field)));
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * Records one entry: ONE INSERT, run on the caller's transaction so the entry exists exactly when the
 * change does (a rolled-back change leaves no entry, a committed one always has its entry).
 */
export async function recordAudit(tx: DbExecutor, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Records many entries of one actor (a register's import, a bulk enrolment) in as few INSERTs as 1,000 rows each allow. */
export async function recordAudits(tx: DbExecutor, actor: AuditActor, entries: readonly AuditEntryInput[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) {
    await tx.insert(auditLog).values(
      entries.slice(start, start + 1000).map((entry) => ({
        actorUserId: actor?.userId ?? null,
        actorRole: actorRoleOf(actor),
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId ?? null,
        relatedId: entry.relatedId ?? null,
        ...summaryOf(entry),
        changes: withoutSecrets(entry.changes),
      })),
    );
  }
}

/**
 * Records the entry unless the same action on the same record was recorded within `withinMinutes`:
 * still ONE statement (INSERT … SELECT … WHERE NOT EXISTS), for events that repeat in bursts (a
 * throttle refusing every further try) where one entry per burst says it all. `returning`: on Citus an
 * INSERT … SELECT without it is copied into the shards, which row-level security refuses (decision 053).
 */
export async function recordAuditOnce(db: DbExecutor, actor: AuditActor, entry: AuditEntryInput, withinMinutes: number): Promise<void> {
  const changes = withoutSecrets(entry.changes);
  const { summary, summaryKey, summaryValues } = summaryOf(entry);
  await db.execute(sql`
    insert into ${auditLog} (actor_user_id, actor_role, action, entity_type, entity_id, summary, summary_key, summary_values, changes)
    select ${actor?.userId ?? null}::uuid, ${actorRoleOf(actor)}, ${entry.action}, ${entry.entityType}, ${entry.entityId ?? null}, ${summary}, ${summaryKey}, ${summaryValues ? JSON.stringify(summaryValues) : null}::jsonb, ${changes ? JSON.stringify(changes) : null}::jsonb
    where not exists (
      select 1 from ${auditLog}
      where ${auditLog.entityType} = ${entry.entityType} and ${auditLog.entityId} is not distinct from ${entry.entityId ?? null}
        and ${auditLog.action} = ${entry.action} and ${auditLog.at} > now() - make_interval(mins => ${withinMinutes}))
    returning 1`);
}

/** How long entries are kept. */
export const AUDIT_RETENTION_YEARS = 2;

/**
 * Deletes entries older than two years. The table's trigger refuses every DELETE unless the
 * transaction says it is this pruning (`academy.audit_prune`), so no other path can remove history.
 */
export async function pruneAuditLog(db: DbExecutor, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
  return db.transaction(async (tx) => {
    // Local to this transaction: the permission ends with it. SET LOCAL, not set_config: on Citus the
    // trigger runs on a worker, which sees only a SET LOCAL (decision 053).
    await tx.execute(sql`set local academy.audit_prune = 'on'`);
    const deleted = await tx.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
    return deleted.length;
  });
}

function filters(query: FilterQuery): SQL | undefined {
  // from/to are the academy's calendar dates: a day runs midnight to midnight on its clock.
  const startOf = (day: string) => academyDayStartSql(day);
  return and(
    query.actor ? eq(auditLog.actorUserId, query.actor) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    // One record's history: the entries about it, and those where it is the related record.
    query.entityId ? or(eq(auditLog.entityId, query.entityId), eq(auditLog.relatedId, query.entityId)) : undefined,
    query.from ? gte(auditLog.at, startOf(query.from)) : undefined,
    query.to ? sql`${auditLog.at} < ${startOf(query.to)} + interval '1 day'` : undefined,
  );
}

// Words of the screen and the CSV, in server-messages.ts with their Marathi and Hindi.
const DELETED_ACCOUNT = 'Deleted account';
const VISITOR_OR_SYSTEM = 'Visitor or system';

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorUserId: auditLog.actorUserId,
  actorRole: auditLog.actorRole,
  actorName: users.name,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  summary: auditLog.summary,
  summaryKey: auditLog.summaryKey,
  summaryValues: auditLog.summaryValues,
  changes: auditLog.changes,
};

type EntryRow = {
  id: number;
  at: Date;
  actorUserId: string | null;
  actorRole: Role | null;
  actorName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  summaryKey: string | null;
  summaryValues: Record<string, string> | null;
  changes: AuditChanges | null;
};

/** An entry as read in a language: a keyed summary is worded for the reader, an older one stays as stored (English). */
function toEntry(row: EntryRow, language: Language): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actorUserId && row.actorRole ? { _id: row.actorUserId, name: row.actorName ?? translateServerMessage(DELETED_ACCOUNT, language), role: row.actorRole } : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: (row.summaryKey && wordAuditSummary(row.summaryKey, row.summaryValues, language)) || row.summary,
    changes: row.changes,
  };
}

function selectEntries(db: DbExecutor) {
  return db.select(entryColumns).from(auditLog).leftJoin(users, joinOn(users.id, auditLog.actorUserId));
}

/** A page of entries, newest first; the page and its total in one statement (count(*) over ()). */
export async function listAuditLog(db: DbExecutor, query: ListQuery, language: Language = 'en'): Promise<AuditLogList> {
  const where = filters(query);
  const rows = await db
    .select({ ...entryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(auditLog)
    .leftJoin(users, joinOn(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db.select({ value: sql<number>`count(*)::int` }).from(auditLog).where(where);
    total = counted?.value ?? 0;
  }
  return { items: rows.map((row) => toEntry(row, language)), pagination: { page: query.page, limit: query.limit, total } };
}

/** Admins and teachers by name: the "Who" filter's choices. */
export async function listAuditPeople(db: DbExecutor): Promise<AuditPerson[]> {
  return db
    .select({ _id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.role, STAFF_ROLES))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

const EMPTY_VALUE = '(empty)';

const CSV_HEADER: readonly CsvHeader[] = ['When (UTC)', 'Who', 'Role', 'Action', 'Record type', 'Record id', 'Summary', 'Changes'];

const describeValue = (value: unknown, language: Language) => (value === null || value === undefined || value === '' ? translateServerMessage(EMPTY_VALUE, language) : typeof value === 'string' ? value : JSON.stringify(value));

/** Every matching entry, newest first, as CSV (the changes as "field: old → new" lines). */
export async function exportAuditLogCsv(db: DbExecutor, query: FilterQuery, language: Language = 'en'): Promise<string> {
  const rows = await selectEntries(db)
    .where(filters(query))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return toCsv(
    CSV_HEADER,
    rows.map((row) => {
      const entry = toEntry(row, language);
      return [
        entry.at,
        entry.actor?.name ?? translateServerMessage(VISITOR_OR_SYSTEM, language),
        entry.actor?.role ?? '',
        entry.action,
        entry.entityType,
        entry.entityId,
        entry.summary,
        Object.entries(entry.changes ?? {})
          .map(([field, change]) => `${field}: ${describeValue(change.old, language)} → ${describeValue(change.new, language)}`)
          .join('\n'),
      ];
    }),
    language,
  );
}
