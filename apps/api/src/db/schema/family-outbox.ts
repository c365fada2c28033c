import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '@academy/shared/schemas/messaging';
import { parents } from './parents';
import { students } from './students';
import { academyId, academyRow } from './academy-column';
import { timestamps } from './columns';
import { SEND_MAX_ATTEMPTS } from '../../lib/delivery-timing';

/**
 * Each message to a parent, per channel (issue 21): absence alerts now, fee reminders and report
 * cards later. `key` names the event (`absence:{studentId}:{date}`): unique with the parent and the
 * channel, so an event reaches each parent once per channel, whatever number of batches or retries.
 * The job `parent-messages` sends the pending ones; a failure is retried with the runner's backoff.
 */
export const parentMessages = academyTable(
  'parent_messages',
  {
    ...academyRow(),
    kind: varchar({ length: 40 }).notNull(),
    key: varchar({ length: 200 }).notNull(),
    /** Null only for a parent's own sign-in code. */
    studentId: uuid().references(() => students.id, { onDelete: 'cascade' }),
    /** Null only for a code to an applicant's phone (the admission form, issue 37) or a demo class's or an admission's message to an enquiry's family (issues 41, 54): no parent yet. */
    parentId: uuid().references(() => parents.id, { onDelete: 'cascade' }),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** The day it is about (an absence's date), for the office's list. */
    date: date({ mode: 'string' }).notNull(),
    /** Subject and text in the parent's language, and the webhook's JSON. */
    subject: varchar({ length: 300 }).notNull(),
    text: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The template's values in order (WhatsApp {{1}}…, MSG91 var1…), for the phone channels. */
    templateValues: jsonb().$type<string[]>().notNull().default([]),
    /** The number or address it goes to, fixed when queued (the office sees where it went). */
    toAddress: varchar({ length: 254 }),
    /** The provider's id (WhatsApp's wamid, MSG91's request id): statuses come back by it. */
    providerId: varchar({ length: 200 }),
    /** SMS parts charged (Unicode: 70 characters a part); 1 otherwise. */
    parts: integer().notNull().default(1),
    /** Not sent before then (quiet hours). */
    notBefore: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    /** Claimed by a sender until then (several servers: each message is sent by one). */
    lockedUntil: timestamp({ withTimezone: true }),
    error: varchar({ length: 1000 }),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('parent_messages_key_parent_channel_unique').on(table.academyId, table.key, table.parentId, table.channel),
    uniqueIndex('parent_messages_provider_unique').on(table.academyId, table.channel, table.providerId),
    // The office's list of a day's alerts.
    index('parent_messages_kind_date_idx').on(table.kind, table.date),
    index('parent_messages_student_idx').on(table.studentId),
    index('parent_messages_parent_idx').on(table.parentId),
    // The office's list of every message made during a day (all kinds).
    index('parent_messages_created_at_idx').on(table.academyId, table.createdAt),
    // What the sender may still send, oldest first (its claim and its next time: family-outbox/sender-times.ts).
    index('parent_messages_pending_idx')
      .on(table.academyId, table.createdAt)
      .where(sql`(${table.status} = 'queued' or (${table.status} = 'failed' and ${table.attempts} < ${sql.raw(String(SEND_MAX_ATTEMPTS))})) and ${table.channel} <> 'none'`),
    // Sent on WhatsApp or as the app's notification, not yet delivered: the next channel after the set minutes.
    index('parent_messages_awaiting_delivery_idx')
      .on(table.academyId, table.sentAt)
      .where(sql`${table.channel} in ('push', 'whatsapp') and ${table.status} = 'sent'`),
    // Messages the quiet hours hold: timed again when the hours change (issue 54).
    index('parent_messages_held_idx').on(table.notBefore).where(sql`${table.status} = 'queued' and ${table.notBefore} is not null`),
    check('parent_messages_status_check', sql`${table.status} in ('queued', 'sent', 'delivered', 'read', 'failed', 'cancelled')`),
    // `none`: no channel could carry it (issue 73), recorded as failed for the office and never sent.
    check('parent_messages_channel_check', sql`${table.channel} in ('push', 'whatsapp', 'sms', 'email', 'webhook', 'none')`),
    // No parent: a code to an applicant's phone, a demo class's time and address to an enquiry's family (issue 41),
    // an application's reference, or how a new student signs in, to a family without a parent account (issue 54).
    check('parent_messages_recipient_check', sql`${table.parentId} is not null or ${table.kind} in ('sign-in-code', 'demo-class', 'enquiry-received', 'admitted')`),
  ],
);

/**
 * The providers' webhook events already acted on (issue 53): Meta signs a body but not when it was sent,
 * so a captured body could be posted again (a STOP reply undoing a later START). A second delivery of
 * the same event (`whatsapp:status:<wamid>:<status>`, `whatsapp:message:<wamid>`) changes nothing.
 * Kept 30 days (Meta retries for up to 7).
 */
export const providerWebhookEvents = academyTable(
  'provider_webhook_events',
  {
    academyId: academyId(),
    id: varchar({ length: 300 }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Per academy (issue 71): an id is the provider's, and another academy's webhook can carry any id;
    // keyed alone, B's event silenced A's, and an academy copied next to its original clashed with it.
    primaryKey({ columns: [table.academyId, table.id] }),
    index('provider_webhook_events_received_idx').on(table.academyId, table.receivedAt),
  ],
);
