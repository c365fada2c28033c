/** Who a message goes to: a student's linked parents, one parent, a number that said STOP on WhatsApp. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { type MessageChannel, type MessageKind, type PreferredChannel } from '@academy/shared/schemas/messaging';
import type { DbExecutor } from '../../db/client';
import { parents, parentStudents, users } from '../../db/schema';
import { academySql, joinOn, qualified, thisAcademy } from '../../db/same-academy';

/** A message for a student's parents: what it is about and its words in every language. */
export type ParentNotice = {
  studentId: string;
  kind: MessageKind;
  /** The event (e.g. `absence:{studentId}:{date}`): each parent gets it once per channel. */
  key: string;
  /** The day it is about ('YYYY-MM-DD'). */
  date: string;
  /** Subject and text per language; `{parent}` in them becomes the parent's name. */
  messages: Record<Language, { subject: string; text: string }>;
  /** Facts for the provider's webhook (child, batch, status…); parent, phone and message are added. */
  payload: Record<string, unknown>;
  /** The WhatsApp/SMS template's values by name (TEMPLATE_VALUES of the kind), or by language where words differ; `parent` is each parent's name. */
  values: Record<string, string | Record<Language, string>>;
  /** Only these channels (a report card's or a receipt's mail carries its PDF and is sent by its own job: no email here). Default: all. */
  channels?: readonly MessageChannel[];
};

export type LinkedParent = {
  parentId: string;
  name: string;
  /** Null for a parent with only a phone (issue 37). */
  email: string | null;
  phone: string | null;
  language: Language;
  preferredChannel: PreferredChannel | null;
  whatsappStopped: boolean;
  /** They turned on notifications in the installed app (a Web Push subscription). */
  hasPush: boolean;
};

/**
 * A linked parent's columns, from `parents` joined to its `users` row. Every table names the academy by value
 * (`academySql()`), the push subscriptions' subquery too, and the callers' tables by `inThisAcademy`: on Citus
 * the statement then reaches that academy's shard alone (decision 053; as a module constant its subquery
 * named none and went to every shard).
 */
export function linkedParentColumns() {
  return {
    parentId: parents.id,
    hasPush: sql<boolean>`exists (select 1 from push_subscriptions s where s.academy_id = ${academySql()} and s.user_id = ${parents.userId} and s.academy_id = ${qualified(parents.academyId)})`,
    name: users.name,
    email: users.email,
    phone: parents.phone,
    language: users.language,
    preferredChannel: parents.preferredChannel,
    whatsappStopped: sql<boolean>`${parents.whatsappStoppedAt} is not null`,
  };
}

/** `parents` and `users` (and `parent_students` when joined) of the running academy, by value: with linkedParentColumns. */
export function inThisAcademy(withLinks: boolean): SQL {
  return and(thisAcademy(parents), thisAcademy(users), withLinks ? thisAcademy(parentStudents) : undefined)!;
}

/** The active parents linked to a student (for a message that `notifyParents` cannot carry, e.g. a PDF). */
export async function linkedParentsOf(db: DbExecutor, studentId: string): Promise<LinkedParent[]> {
  return db
    .select(linkedParentColumns())
    .from(parentStudents)
    .innerJoin(parents, joinOn(parents.id, parentStudents.parentId))
    .innerJoin(users, joinOn(users.id, parents.userId))
    .where(and(inThisAcademy(true), eq(parentStudents.studentId, studentId), eq(users.isActive, true)));
}

/** The active parents linked to any of these students, one row per link (a parent of two is here twice). */
export async function linkedParentsOfStudents(db: DbExecutor, studentIds: string[]): Promise<(LinkedParent & { studentId: string })[]> {
  return db
    .select({ ...linkedParentColumns(), studentId: parentStudents.studentId })
    .from(parentStudents)
    .innerJoin(parents, joinOn(parents.id, parentStudents.parentId))
    .innerJoin(users, joinOn(users.id, parents.userId))
    .where(and(inThisAcademy(true), inArray(parentStudents.studentId, studentIds), eq(users.isActive, true)));
}

export async function parentById(db: DbExecutor, parentId: string): Promise<LinkedParent | undefined> {
  const [row] = await db
    .select(linkedParentColumns())
    .from(parents)
    .innerJoin(users, joinOn(users.id, parents.userId))
    .where(and(inThisAcademy(false), eq(parents.id, parentId), eq(users.isActive, true)));
  return row;
}

/** Whether a parent with this number replied STOP on WhatsApp: the number says no to WhatsApp whoever writes to it. */
export async function phoneStoppedWhatsApp(db: DbExecutor, phone: string): Promise<boolean> {
  const [stopped] = await db.select({ id: parents.id }).from(parents).where(and(thisAcademy(parents), eq(parents.phone, phone), sql`${parents.whatsappStoppedAt} is not null`)).limit(1);
  return Boolean(stopped);
}
