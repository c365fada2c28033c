import { sql } from 'drizzle-orm';
import { check, index, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { PREFERRED_CHANNELS } from '@academy/shared/schemas/messaging';
import { PARENT_RELATIONS } from '@academy/shared/schemas/parents';
import { students } from './students';
import { users } from './users';
import { academyRow } from './academy-column';
import { createdAt, requiredRef, timestamps } from './columns';
import { linkTable } from './link-table';

/**
 * A parent (issue 21): the person behind a `parent` account (name, email and language live on the
 * account), linked to one or more students; siblings share one parent.
 */
export const parents = academyTable(
  'parents',
  {
    ...academyRow(),
    // The person's own account, one record per account; the account cannot go while the record points at it.
    userId: requiredRef(() => users.id, 'restrict').unique(),
    /** Canonical +91XXXXXXXXXX; identifies a parent without email (issue 37): siblings share it. */
    phone: varchar({ length: 20 }),
    relation: text({ enum: PARENT_RELATIONS }).notNull().default('guardian'),
    /** Null: WhatsApp when a phone is known, else email. */
    preferredChannel: text({ enum: PREFERRED_CHANNELS }),
    /** They replied STOP on WhatsApp (or asked the office): WhatsApp carries them nothing since. */
    whatsappStoppedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('parents_relation_check', sql`${table.relation} in ('mother', 'father', 'guardian', 'other')`),
    check('parents_preferred_channel_check', sql`${table.preferredChannel} in ('whatsapp', 'sms', 'email')`),
    uniqueIndex('parents_phone_unique').on(table.academyId, table.phone),
    // The student and parent lists search parents' numbers with ILIKE '%…%' (pg_trgm).
    index('parents_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
  ],
);

/**
 * Which parent is linked to which student. The session lookup aggregates a parent's rows (primary key);
 * a student's parents (the student page, alerts) read the second index.
 */
export const parentStudents = linkTable(
  'parent_students',
  'student',
  {
    parentId: requiredRef(() => parents.id, 'cascade'),
    studentId: requiredRef(() => students.id, 'cascade'),
  },
  {
    createdAt: createdAt(),
  },
);
