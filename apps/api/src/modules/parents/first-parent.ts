import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { PARENT_MESSAGES, type ParentRelation } from '@academy/shared/schemas/parents';
import { academyLockName, lockAdvisoryKeys } from '../../db/advisory-locks';
import type { DbExecutor } from '../../db/client';
import { parents, parentStudents, users } from '../../db/schema';
import { parentRecordOf } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { createAccount, createAccounts, removeAccounts, updateAccount } from '../users';
import { joinOn, qualified, thisAcademy } from '../../db/same-academy';

// Every statement names its academy by value in each table besides row-level security's: on Citus it then
// reaches that academy's shard alone (decision 053).

/**
 * The spec's parent fields of a student (parent name and phone, and our parent email) ARE the student's
 * first linked parent (issue 37, decision 030): one record per parent, whom WhatsApp, SMS and email
 * reach, shown as one parents block on the student's page. The first parent is the one linked
 * earliest (parent_students.created_at). Reads take them with `firstParentColumn` (read-models/first-parent.ts); the student form's
 * writes go through `saveFirstParent`.
 */

export type FirstParentFields = { name?: string | null; phone?: string | null; email?: string | null };

/**
 * Saves the student form's parent fields onto the first parent, inside the caller's transaction.
 * - No parent yet: the parent with that number (siblings share them), else the parent account with
 *   that email, else a new parent (named as entered, else "Parent of <student>", in the student's
 *   language, no invitation mailed), linked to the student. Nothing given: nothing happens.
 * - A first parent: the given fields change theirs (a name left empty keeps theirs); a number of
 *   another parent is refused (409) and so is an email of another account; all three cleared unlinks
 *   them from this student (their record stays, with any other children).
 */
export async function saveFirstParent(tx: DbExecutor, student: { id: string; name: string; language: Language }, fields: FirstParentFields): Promise<void> {
  const email = fields.email ? fields.email.trim().toLowerCase() : fields.email;
  const phone = fields.phone;
  if (phone) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${academyLockName(`parent-phone:${phone}`)}))`);
  const [first] = await tx
    .select({ parentId: parents.id, userId: parents.userId, phone: parents.phone })
    .from(parentStudents)
    .innerJoin(parents, joinOn(parents.id, parentStudents.parentId))
    .where(and(thisAcademy(parentStudents), thisAcademy(parents), eq(parentStudents.studentId, student.id)))
    .orderBy(parentStudents.createdAt, parents.id)
    .limit(1);
  const byPhone = async () => (phone ? (await tx.select({ id: parents.id }).from(parents).where(and(thisAcademy(parents), eq(parents.phone, phone))).limit(1))[0]?.id : undefined);

  if (!first) {
    if (!fields.name && !phone && !email) return;
    await linkParent(tx, student, { name: fields.name ?? null, phone: phone ?? null, email: email ?? null, relation: null });
    return;
  }

  if (fields.name === null && phone === null && email === null) {
    await tx.delete(parentStudents).where(and(thisAcademy(parentStudents), eq(parentStudents.parentId, first.parentId), eq(parentStudents.studentId, student.id)));
    return;
  }
  if (phone !== undefined && phone !== first.phone) {
    const other = await byPhone();
    if (other && other !== first.parentId) throw new AppError('CONFLICT', PARENT_MESSAGES.phoneTaken, { parentPhone: PARENT_MESSAGES.phoneTaken });
    await tx.update(parents).set({ phone }).where(and(thisAcademy(parents), eq(parents.id, first.parentId)));
  }
  try {
    await updateAccount(tx, first.userId, { ...(fields.name ? { name: fields.name } : {}), ...(email !== undefined ? { email } : {}) });
  } catch (error) {
    // The email of another account: said on the form's parent email field.
    if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', error.message, { parentEmail: error.fieldErrors?.email ?? error.message });
    throw error;
  }
}

/**
 * Links a parent to the student inside the caller's transaction: the parent with that number (siblings
 * share them), else the parent account with that email (another kind of account is refused, 409), else
 * a new parent (named as given, else "Parent of <student>", in the student's language, no invitation
 * mailed). Answers the parent and whether they were made now. Used by the student form (first parent)
 * and a register's import (a parent of each row).
 */
export async function linkParent(
  tx: DbExecutor,
  student: { id: string; name: string; language: Language },
  fields: { name: string | null; phone: string | null; email: string | null; relation: ParentRelation | null },
): Promise<{ parentId: string; created: boolean }> {
  const email = fields.email ? fields.email.trim().toLowerCase() : null;
  const { phone } = fields;
  if (phone) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${academyLockName(`parent-phone:${phone}`)}))`);
  let parentId = phone ? (await tx.select({ id: parents.id }).from(parents).where(and(thisAcademy(parents), eq(parents.phone, phone))).limit(1))[0]?.id : undefined;
  if (!parentId && email) {
    const [account] = await tx
      .select({ role: users.role, parentId: parents.id })
      .from(users)
      .leftJoin(parents, and(joinOn(parents.userId, users.id), thisAcademy(parents)))
      .where(and(thisAcademy(users), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (account && !parentRecordOf(account)) throw new AppError('CONFLICT', PARENT_MESSAGES.notAParent, { parentEmail: PARENT_MESSAGES.notAParent });
    parentId = account?.parentId ?? undefined;
  }
  let created = false;
  if (!parentId) {
    const account = await createAccount(tx, { name: fields.name || `Parent of ${student.name}`.slice(0, 120), email, role: 'parent', passwordHash: undefined, isActive: true, language: student.language });
    const [row] = await tx
      .insert(parents)
      .values({ userId: account.userId, phone: phone ?? null, relation: fields.relation ?? 'guardian' })
      .returning({ id: parents.id });
    parentId = row!.id;
    created = true;
  }
  await tx.insert(parentStudents).values({ parentId, studentId: student.id }).onConflictDoNothing();
  return { parentId, created };
}

export type ParentLink = { studentId: string; studentName: string; language: Language; name: string | null; phone: string | null; email: string | null; relation: ParentRelation | null };

/**
 * linkParent for many students at once (a register's import), in a few statements: each link's parent
 * is the one with that number, else the parent account with that email, else a new parent; links
 * naming the same number (siblings) or the same new email share one new parent. Answers, in the
 * links' order, the parent, whether it was made now and whether the link is new; a link whose email
 * belongs to another kind of account is answered in `refused` (nothing is made for it).
 */
export async function linkParents(
  tx: DbExecutor,
  links: readonly ParentLink[],
): Promise<{ results: ({ parentId: string; created: boolean; linked: boolean } | null)[]; refused: { index: number; message: string }[] }> {
  const phones = [...new Set(links.flatMap((link) => (link.phone ? [link.phone] : [])))].sort();
  await lockAdvisoryKeys(tx, phones.map((phone) => `parent-phone:${phone}`));
  const byPhone = new Map(
    phones.length ? (await tx.select({ id: parents.id, phone: parents.phone }).from(parents).where(and(thisAcademy(parents), inArray(parents.phone, phones)))).map((row) => [row.phone!, row.id] as const) : [],
  );
  const emails = [...new Set(links.flatMap((link) => (link.email && !(link.phone && byPhone.has(link.phone)) ? [link.email.toLowerCase()] : [])))];
  const accounts = emails.length
    ? await tx
        .select({ email: sql<string>`lower(${users.email})`, role: users.role, parentId: parents.id })
        .from(users)
        .leftJoin(parents, and(joinOn(parents.userId, users.id), thisAcademy(parents)))
        .where(and(thisAcademy(users), inArray(sql`lower(${users.email})`, emails)))
    : [];
  const byEmail = new Map(accounts.map((account) => [account.email, account]));
  const refused: { index: number; message: string }[] = [];
  // Each link's parent: an existing one, or the key of a new one (shared by siblings).
  const chosen: ({ existing: string } | { newKey: string } | null)[] = links.map((link, index) => {
    const known = link.phone ? byPhone.get(link.phone) : undefined;
    if (known) return { existing: known };
    const account = link.email ? byEmail.get(link.email.toLowerCase()) : undefined;
    if (account && !parentRecordOf(account)) {
      refused.push({ index, message: PARENT_MESSAGES.notAParent });
      return null;
    }
    if (account?.parentId) return { existing: account.parentId };
    return { newKey: link.phone ?? (link.email ? `email:${link.email.toLowerCase()}` : `row:${index}`) };
  });
  if (refused.length > 0) return { results: links.map(() => null), refused };
  const firstOfKey = new Map<string, number>();
  chosen.forEach((choice, index) => {
    if (choice && 'newKey' in choice && !firstOfKey.has(choice.newKey)) firstOfKey.set(choice.newKey, index);
  });
  const makers = [...firstOfKey.values()].map((index) => links[index]!);
  const userIds = await createAccounts(
    tx,
    makers.map((link) => ({ name: link.name || `Parent of ${link.studentName}`.slice(0, 120), email: link.email?.toLowerCase() ?? null, role: 'parent', language: link.language })),
  );
  const newRows = makers.map((link, index) => ({ id: randomUUID(), userId: userIds[index]!, phone: link.phone, relation: link.relation ?? ('guardian' as const) }));
  for (let start = 0; start < newRows.length; start += 1000) await tx.insert(parents).values(newRows.slice(start, start + 1000));
  const newParentOf = new Map([...firstOfKey.keys()].map((key, index) => [key, newRows[index]!.id]));
  const parentIds = chosen.map((choice) => (choice === null ? null : 'existing' in choice ? choice.existing : newParentOf.get(choice.newKey)!));
  // Which links are there already (an existing parent of an existing student).
  const existingParents = [...new Set(chosen.flatMap((choice) => (choice && 'existing' in choice ? [choice.existing] : [])))];
  const linked = new Set(
    existingParents.length
      ? (await tx.select({ parentId: parentStudents.parentId, studentId: parentStudents.studentId }).from(parentStudents).where(inArray(parentStudents.parentId, existingParents))).map(
          (row) => `${row.parentId}|${row.studentId}`,
        )
      : [],
  );
  const makerIndexes = new Set(firstOfKey.values());
  const results = links.map((link, index) => {
    const parentId = parentIds[index]!;
    const isNew = !linked.has(`${parentId}|${link.studentId}`);
    linked.add(`${parentId}|${link.studentId}`);
    return { parentId, created: makerIndexes.has(index), linked: isNew };
  });
  const linkRows = results.flatMap((result, index) => (result.linked ? [{ parentId: result.parentId, studentId: links[index]!.studentId }] : []));
  for (let start = 0; start < linkRows.length; start += 1000) await tx.insert(parentStudents).values(linkRows.slice(start, start + 1000)).onConflictDoNothing();
  return { results, refused };
}

/** Removes one parent–student link (an import undone), in the caller's transaction. */
export async function unlinkParent(tx: DbExecutor, parentId: string, studentId: string): Promise<void> {
  await tx.delete(parentStudents).where(and(thisAcademy(parentStudents), eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)));
}

/** Deletes those of these parents who have no child left, with their accounts (one linked to another child since stays). */
export async function removeChildlessParents(tx: DbExecutor, parentIds: string[]): Promise<void> {
  if (parentIds.length === 0) return;
  const orphans = await tx
    .delete(parents)
    .where(and(inArray(parents.id, parentIds), sql`not exists (select 1 from ${parentStudents} where ${parentStudents.parentId} = ${parents.id} and ${parentStudents.academyId} = ${qualified(parents.academyId)})`))
    .returning({ userId: parents.userId });
  await removeAccounts(tx, orphans.map((row) => row.userId));
}

/** Links known parents to a student (an enquiry's family on admission), in the caller's transaction; a link already there stays. */
export async function linkParentsToStudent(tx: DbExecutor, parentIds: string[], studentId: string): Promise<void> {
  if (parentIds.length > 0) await tx.insert(parentStudents).values(parentIds.map((parentId) => ({ parentId, studentId }))).onConflictDoNothing();
}
