import type { Role } from '@academy/shared/roles';
import type { Db } from './db/client';
import { diffChanges, recordAudit } from './modules/audit';
import { addStudentRecord } from './modules/students';
import { addTeacherRecord } from './modules/teachers';
import { checkNewUser, createAccount } from './modules/users';

/**
 * Creates a sign-in account (the CLI's users:create). A teacher or student account gets its teacher or
 * student record in the same transaction, as the admin's screens do, so it appears in every list and
 * can be given a batch; the other details (phone, standard…) are filled in on those screens. Beside
 * cli.ts, above the modules: the account is users', each record its owner's (teachers, students), and
 * users stands below both, so no module could make the two together.
 */
export async function createUser(db: Db, input: { name: string; email: string; role: Role; password: string }) {
  const account = await checkNewUser(db, input);
  return db.transaction(async (tx) => {
    const { userId } = await createAccount(tx, { ...account, isActive: true });
    // The new account's role is data here, not a rule: it says which record to create with it.
    // eslint-disable-next-line no-restricted-syntax -- data: a teacher's account gets its teacher record
    if (account.role === 'teacher') await addTeacherRecord(tx, userId);
    // eslint-disable-next-line no-restricted-syntax -- data: a student's account gets its student record
    if (account.role === 'student') await addStudentRecord(tx, userId);
    await recordAudit(tx, null, { action: 'create', entityType: 'user', entityId: userId, text: { key: 'account.created_cli', values: { role: account.role, email: account.email } }, changes: diffChanges({}, { name: account.name, email: account.email, role: account.role }) });
    return { id: userId, name: account.name, email: account.email, role: account.role };
  });
}
