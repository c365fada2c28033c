import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { PARENT_MESSAGES } from '@academy/shared/schemas/parents';
import type { DbExecutor } from '../../db/client';
import { parents, parentStudents, users } from '../../db/schema';
import { parentRecordOf } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { createAccount, updateAccount } from '../users';

/**
 * The spec's parent fields of a student (parent name and phone, and our parent email) ARE the student's
 * first linked parent (issue 37, decision 030): one record per parent, whom WhatsApp, SMS and email
 * reach, shown as one parents block on the student's page. The first parent is the one linked
 * earliest (parent_students.created_at). Reads take them with `firstParentColumn`; the student form's
 * writes go through `saveFirstParent`.
 */

/** A column of the student's first parent (`pu` the parent's account, `p` the parent), for a query on `students`. */
export function firstParentColumn(studentId: SQL | unknown, column: 'name' | 'phone' | 'email'): SQL<string | null> {
  const value = { name: sql`pu.name`, phone: sql`p.phone`, email: sql`pu.email` }[column];
  return sql<string | null>`(select ${value} from parent_students ps join parents p on p.id = ps.parent_id join users pu on pu.id = p.user_id
    where ps.student_id = ${studentId} order by ps.created_at, p.id limit 1)`;
}

/** Whether any parent of the student has a number matching the pattern (the lists' search). */
export function parentPhoneMatches(studentId: SQL | unknown, pattern: string): SQL {
  return sql`exists (select 1 from parent_students ps join parents p on p.id = ps.parent_id where ps.student_id = ${studentId} and p.phone ilike ${pattern})`;
}

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
  if (phone) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parent-phone:${phone}`}))`);
  const [first] = await tx
    .select({ parentId: parents.id, userId: parents.userId, phone: parents.phone })
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .where(eq(parentStudents.studentId, student.id))
    .orderBy(parentStudents.createdAt, parents.id)
    .limit(1);
  const byPhone = async () => (phone ? (await tx.select({ id: parents.id }).from(parents).where(eq(parents.phone, phone)).limit(1))[0]?.id : undefined);

  if (!first) {
    if (!fields.name && !phone && !email) return;
    let parentId = await byPhone();
    if (!parentId && email) {
      const [account] = await tx
        .select({ role: users.role, parentId: parents.id })
        .from(users)
        .leftJoin(parents, eq(parents.userId, users.id))
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (account && !parentRecordOf(account)) throw new AppError('CONFLICT', PARENT_MESSAGES.notAParent, { parentEmail: PARENT_MESSAGES.notAParent });
      parentId = account?.parentId ?? undefined;
    }
    if (!parentId) {
      const account = await createAccount(tx, { name: fields.name || `Parent of ${student.name}`.slice(0, 120), email: email ?? null, role: 'parent', passwordHash: undefined, isActive: true, language: student.language });
      const [row] = await tx.insert(parents).values({ userId: account.userId, phone: phone ?? null, relation: 'guardian' }).returning({ id: parents.id });
      parentId = row!.id;
    }
    await tx.insert(parentStudents).values({ parentId, studentId: student.id }).onConflictDoNothing();
    return;
  }

  if (fields.name === null && phone === null && email === null) {
    await tx.delete(parentStudents).where(and(eq(parentStudents.parentId, first.parentId), eq(parentStudents.studentId, student.id)));
    return;
  }
  if (phone !== undefined && phone !== first.phone) {
    const other = await byPhone();
    if (other && other !== first.parentId) throw new AppError('CONFLICT', PARENT_MESSAGES.phoneTaken, { parentPhone: PARENT_MESSAGES.phoneTaken });
    await tx.update(parents).set({ phone }).where(eq(parents.id, first.parentId));
  }
  try {
    await updateAccount(tx, first.userId, { ...(fields.name ? { name: fields.name } : {}), ...(email !== undefined ? { email } : {}) });
  } catch (error) {
    // The email of another account: said on the form's parent email field.
    if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', error.message, { parentEmail: error.fieldErrors?.email ?? error.message });
    throw error;
  }
}
