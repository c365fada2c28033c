import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { PARENT_RELATIONS } from '@academy/shared/schemas/parents';
import { students } from './catalogue';
import { timestamps, users } from './users';

/**
 * A parent (issue 21): the person behind a `parent` account (name, email and language live on the
 * account), linked to one or more students; siblings share one parent.
 */
export const parents = pgTable(
  'parents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'restrict' }),
    phone: varchar({ length: 20 }),
    relation: text({ enum: PARENT_RELATIONS }).notNull().default('guardian'),
    ...timestamps,
  },
  (table) => [check('parents_relation_check', sql`${table.relation} in ('mother', 'father', 'guardian', 'other')`)],
);

/** Which parent is linked to which student. The session lookup aggregates a parent's rows (primary key). */
export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: uuid()
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A student's parents (the student page, alerts) read the second index.
  (table) => [primaryKey({ columns: [table.parentId, table.studentId] }), index('parent_students_student_idx').on(table.studentId)],
);

/**
 * Each message to a parent, per channel (issue 21): absence alerts now, fee reminders and report
 * cards later. `key` names the event (`absence:{studentId}:{date}`): unique with the parent and the
 * channel, so an event reaches each parent once per channel, whatever number of batches or retries.
 * The job `parent-messages` sends the pending ones; a failure is retried with the runner's backoff.
 */
export const parentMessages = pgTable(
  'parent_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: varchar({ length: 40 }).notNull(),
    key: varchar({ length: 200 }).notNull(),
    studentId: uuid()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    parentId: uuid()
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    channel: text({ enum: ['email', 'webhook'] }).notNull(),
    status: text({ enum: ['pending', 'sent', 'failed', 'cancelled'] }).notNull().default('pending'),
    /** The day it is about (an absence's date), for the office's list. */
    date: date({ mode: 'string' }).notNull(),
    /** Subject and text in the parent's language, and the webhook's JSON. */
    subject: varchar({ length: 300 }).notNull(),
    text: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    /** Claimed by a sender until then (several servers: each message is sent by one). */
    lockedUntil: timestamp({ withTimezone: true }),
    error: varchar({ length: 1000 }),
    sentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('parent_messages_key_parent_channel_unique').on(table.key, table.parentId, table.channel),
    // The office's list of a day's alerts.
    index('parent_messages_kind_date_idx').on(table.kind, table.date),
    index('parent_messages_student_idx').on(table.studentId),
    index('parent_messages_parent_idx').on(table.parentId),
    // The office's list of every message made during a day (all kinds).
    index('parent_messages_created_at_idx').on(table.createdAt),
    check('parent_messages_status_check', sql`${table.status} in ('pending', 'sent', 'failed', 'cancelled')`),
    check('parent_messages_channel_check', sql`${table.channel} in ('email', 'webhook')`),
  ],
);
