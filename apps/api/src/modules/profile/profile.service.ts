import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGES } from '@academy/shared/messages';
import type { Student } from '@academy/shared/schemas/students';
import type { changePasswordInputSchema, StudentDetails, studentProfileUpdateSchema, UserProfile, userProfileUpdateSchema } from '@academy/shared/schemas/profile';
import type { Db, DbExecutor } from '../../db/client';
import { standardSubjects, subjects, teachers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Actor } from '../../access/actor';
import { assertMayEditProfileFields, hasTeacherProfile } from '../../access/profile';
import { updateAccount } from '../users';
import { changeOwnStudentContact, getStudentProfile, studentBatches } from '../students';
import { diffChanges, recordAudit } from '../audit';
import { changeOwnTeacherContact, teacherSubjectsJson } from '../teachers';
import { joinOn, thisAcademy } from '../../db/same-academy';

type ChangePasswordInput = z.output<typeof changePasswordInputSchema>;
type StudentProfileUpdate = z.output<typeof studentProfileUpdateSchema>;
type UserProfileUpdate = z.output<typeof userProfileUpdateSchema>;

/**
 * Changes the signed-in user's password after checking the current one. Every other session of the
 * user ends (and outstanding reset links stop working); the session making the change stays.
 */
export async function changeOwnPassword(db: Db, actor: Actor, currentSessionId: string | null, input: ChangePasswordInput): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!(await verifyPassword(row?.passwordHash ?? null, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', MESSAGES.currentPasswordIncorrect, { currentPassword: MESSAGES.currentPasswordIncorrect });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateAccount(tx, actor.userId, { passwordHash }, { keepSessionId: currentSessionId ?? undefined });
    await recordAudit(tx, actor, { action: 'password.change', entityType: 'account', entityId: actor.userId, text: { key: 'account.password_changed' } });
  });
}

/** The account's name and picture as they were (for the audit log), locked for the change. */
async function accountBefore(tx: DbExecutor, userId: string) {
  const [account] = await tx.select({ name: users.name, avatarUrl: users.avatarUrl }).from(users).where(and(eq(users.id, userId), thisAcademy(users))).for('update');
  return account;
}

/** The student's own profile. */
export function studentProfile(db: DbExecutor, actor: Actor): Promise<Student> {
  return getStudentProfile(db, actor.userId);
}

/** A student changes their phone, address and picture; nothing else (the schema refuses other fields). */
export async function updateStudentProfile(db: Db, actor: Actor, input: StudentProfileUpdate): Promise<Student> {
  await db.transaction(async (tx) => {
    const values = {
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      // A cleared address is empty, shown as "Not given" (decision 040).
      ...(input.address !== undefined ? { address: input.address } : {}),
    };
    const updated = await changeOwnStudentContact(tx, actor.userId, values);
    if (!updated) throw new AppError('NOT_FOUND', 'Student not found');
    let oldAvatar: string | null = null;
    if (input.avatarUrl !== undefined) {
      oldAvatar = (await accountBefore(tx, actor.userId))?.avatarUrl ?? null;
      await updateAccount(tx, actor.userId, { avatarUrl: input.avatarUrl });
    }
    const { id, ...before } = updated;
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'student',
      entityId: id,
      text: { key: 'account.profile_updated' },
      changes: diffChanges({ ...before, avatarUrl: oldAvatar }, { ...values, ...(input.avatarUrl !== undefined ? { avatarUrl: input.avatarUrl } : {}) }),
    });
  });
  return getStudentProfile(db, actor.userId);
}

/** GET /api/student/details: profile, standard with its subjects, batches. */
export async function studentDetails(db: DbExecutor, actor: Actor): Promise<StudentDetails> {
  const profile = await getStudentProfile(db, actor.userId);
  const [subjectRows, batches] = await Promise.all([
    profile.standard
      ? db
          .select({ _id: subjects.id, name: subjects.name, code: subjects.code })
          .from(standardSubjects)
          .innerJoin(subjects, joinOn(subjects.id, standardSubjects.subjectId))
          .where(eq(standardSubjects.standardId, profile.standard._id))
          .orderBy(sql`lower(${subjects.name})`)
      : Promise.resolve([]),
    studentBatches(db, profile._id),
  ]);
  return { profile, standard: profile.standard ? { ...profile.standard, subjects: subjectRows } : null, batches };
}

/** The signed-in admin's or teacher's profile; for a teacher, with their teacher record. */
export async function userProfile(db: DbExecutor, actor: Actor): Promise<UserProfile> {
  const [row] = await db
    .select({ name: users.name, email: users.email, role: users.role, avatarUrl: users.avatarUrl, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const [teacher] =
    hasTeacherProfile(actor)
      ? await db
          .select({
            _id: teachers.id,
            phone: teachers.phone,
            address: teachers.address,
            qualification: teachers.qualification,
            subjects: teacherSubjectsJson,
            joiningDate: teachers.joiningDate,
            gender: teachers.gender,
            status: teachers.status,
          })
          .from(teachers)
          .innerJoin(users, joinOn(users.id, teachers.userId))
          .where(eq(users.id, actor.userId))
          .limit(1)
      : [];
  // Admins, teachers and parents always have an email (users_email_required_check).
  return { _id: actor.userId, ...row, email: row.email ?? '', lastLoginAt: row.lastLoginAt?.toISOString() ?? null, teacher: teacher ?? null };
}

/** Name and picture for everyone; phone and address for teachers only (an admin has neither). */
export async function updateUserProfile(db: Db, actor: Actor, input: UserProfileUpdate): Promise<UserProfile> {
  assertMayEditProfileFields(actor, input);
  await db.transaction(async (tx) => {
    const account = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.avatarUrl !== undefined ? { avatarUrl: input.avatarUrl } : {}),
    };
    const oldAccount = Object.keys(account).length > 0 ? await accountBefore(tx, actor.userId) : undefined;
    if (oldAccount) await updateAccount(tx, actor.userId, account);
    const teacher = {
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.address !== undefined ? { address: input.address ?? '' } : {}),
    };
    const oldTeacher = hasTeacherProfile(actor) ? await changeOwnTeacherContact(tx, actor.userId, teacher) : undefined;
    const { id: teacherId, ...teacherBefore } = oldTeacher ?? { id: undefined };
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: teacherId ? 'teacher' : 'user',
      entityId: teacherId ?? actor.userId,
      text: { key: 'account.profile_updated' },
      changes: diffChanges({ ...oldAccount, ...teacherBefore }, { ...account, ...teacher }),
    });
  });
  return userProfile(db, actor);
}

