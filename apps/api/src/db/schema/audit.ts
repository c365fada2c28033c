import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { ROLES } from '@academy/shared/roles';
import { academyId } from './academy-column';

/** One changed field: what it was and what it became (null for a field that was or became empty). */
export type AuditChange = { old: unknown; new: unknown };
export type AuditChanges = Record<string, AuditChange>;

/**
 * Who did what to which record, and when (issue 19): one row per write, inserted in the same
 * transaction as the change (modules/audit/audit.service.ts). Append-only: a trigger (migration
 * 0013) refuses UPDATE and DELETE except the two-year pruning. `actorUserId` has no foreign key on
 * purpose: deleting an account must neither delete its history nor update it (the trigger would
 * refuse the ON DELETE SET NULL); the screen shows such an actor as a deleted account.
 */
export const auditLog = academyTable(
  'audit_log',
  {
    academyId: academyId(),
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null for visitors (a public enquiry, a failed sign-in) and the system (automatic backups). */
    actorUserId: uuid(),
    actorRole: text({ enum: ROLES }),
    action: varchar({ length: 40 }).notNull(),
    entityType: varchar({ length: 40 }).notNull(),
    entityId: text(),
    /** A second record the entry is about: the student of an enrolment, the student made from an enquiry. Their History shows it too. */
    relatedId: text(),
    /** English, always set: what rows made before summary keys show, and the CSV's fallback. */
    summary: text().notNull(),
    /**
     * The summary as a key and its values (AUDIT_TEXTS in @academy/shared/i18n/audit-texts), worded in
     * the reader's language when read. Null on rows made before and for call sites without a key.
     */
    summaryKey: varchar({ length: 60 }),
    summaryValues: jsonb().$type<Record<string, string>>(),
    changes: jsonb().$type<AuditChanges>(),
  },
  (table) => [
    // Each filter of the Activity screen, newest first: none, one record (its History panel: ids are
    // unique across types, so the id alone), a record type, a person.
    index('audit_log_at_idx').on(table.academyId, table.at.desc()),
    index('audit_log_entity_at_idx').on(table.entityId, table.at.desc()),
    index('audit_log_related_at_idx')
      .on(table.relatedId, table.at.desc())
      .where(sql`${table.relatedId} is not null`),
    index('audit_log_type_at_idx').on(table.academyId, table.entityType, table.at.desc()),
    index('audit_log_actor_at_idx').on(table.actorUserId, table.at.desc()),
  ],
);
