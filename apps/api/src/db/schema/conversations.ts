import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { students } from './students';
import { parents } from './parents';
import { userRef } from './users';
import { academyId, academyRow } from './academy-column';
import { createdAt, requiredRef } from './columns';

/**
 * One conversation per family on WhatsApp (issue 60): the parent's messages in, the automatic answers
 * and the office's replies out. `lastInboundAt` opens WhatsApp's 24-hour customer-service window, in
 * which free-form (session) messages may be sent; outside it only an approved template.
 */
export const conversations = academyTable(
  'conversations',
  {
    ...academyRow(),
    parentId: requiredRef(() => parents.id, 'cascade'),
    /** The staff member who looks after it (null: anyone in the office). */
    assignedTo: userRef(),
    /** Messages from the parent the office has not opened yet. */
    unread: integer().notNull().default(0),
    /** The parent wrote something no automatic answer covers: the office owes a reply. */
    waiting: boolean().notNull().default(false),
    /** A note only staff see. */
    note: text().notNull().default(''),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastInboundAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_parent_unique').on(table.academyId, table.parentId),
    // The inbox: newest first.
    index('conversations_last_message_idx').on(table.academyId, table.lastMessageAt),
  ],
);

/**
 * Each message of a conversation. Inbound: Meta's message id (`providerId`, unique: a replayed
 * webhook is handled once) and `contextId`, the id of the message the parent answered. Outbound
 * session messages wait `queued` until the job `conversation-messages` hands them to WhatsApp.
 */
export const conversationMessages = academyTable(
  'conversation_messages',
  {
    ...academyRow(),
    conversationId: requiredRef(() => conversations.id, 'cascade'),
    direction: text({ enum: ['in', 'out'] }).notNull(),
    /** in: text, button, list; out: auto (an automatic answer), reply (the office's), menu (the interactive list). */
    kind: varchar({ length: 20 }).notNull(),
    text: text().notNull(),
    /** An interactive list's rows or an answer's facts, for the sender (out) and the screen. */
    interactive: text(),
    providerId: varchar({ length: 200 }),
    contextId: varchar({ length: 200 }),
    status: text({ enum: ['received', 'queued', 'sent', 'failed'] }).notNull(),
    error: varchar({ length: 500 }),
    /** The staff member who wrote an office reply. */
    sentBy: userRef(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversation_messages_provider_unique').on(table.academyId, table.providerId),
    index('conversation_messages_conversation_idx').on(table.academyId, table.conversationId, table.createdAt),
    check('conversation_messages_direction_check', sql`${table.direction} in ('in', 'out')`),
    check('conversation_messages_status_check', sql`${table.status} in ('received', 'queued', 'sent', 'failed')`),
  ],
);

/**
 * A family's reason for a child's absence on a day (issue 60): a reply to the absence alert (a
 * quick-reply button or words the same day). The office may accept it as excused; the statistics
 * count excused absences apart.
 */
export const absenceReasons = academyTable(
  'absence_reasons',
  {
    ...academyRow(),
    studentId: requiredRef(() => students.id, 'cascade'),
    date: date({ mode: 'string' }).notNull(),
    text: varchar({ length: 500 }).notNull(),
    parentId: uuid().references(() => parents.id, { onDelete: 'set null' }),
    /** Who gave it as shown: "Sunita Patil" and the relation, kept as they were. */
    byName: varchar({ length: 200 }).notNull(),
    byRelation: varchar({ length: 20 }).notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excusedAt: timestamp({ withTimezone: true }),
    excusedBy: userRef(),
  },
  (table) => [uniqueIndex('absence_reasons_student_date_unique').on(table.academyId, table.studentId, table.date), index('absence_reasons_date_idx').on(table.academyId, table.date)],
);

/** The short replies the office writes once and picks in the inbox. */
export const quickReplies = academyTable(
  'quick_replies',
  {
    ...academyRow(),
    text: varchar({ length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('quick_replies_academy_idx').on(table.academyId, table.createdAt)],
);

/** Unknown numbers that got the academy's contact details, once a day at most (issue 60). */
export const whatsappContactReplies = academyTable(
  'whatsapp_contact_replies',
  {
    academyId: academyId(),
    phone: varchar({ length: 20 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (table) => [uniqueIndex('whatsapp_contact_replies_unique').on(table.academyId, table.phone, table.day)],
);
