import { and, eq } from 'drizzle-orm';
import { formatDate } from '@academy/shared/calendar';
import { word, wordTable } from '@academy/shared/i18n/server-catalog';
import { academyInLanguage } from '@academy/shared/academy-words';
import type { Language } from '@academy/shared/languages';
import { STUDENT_NO_EMAIL_MESSAGES, type studentSignInSlipInputSchema } from '@academy/shared/schemas/students';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { createAcademyPdf } from '../../lib/pdf';
import { recordAudit, type AuditActor } from '../audit';
import { academyHeaderLogo, academyToday, getAcademySettings } from '../../academy-settings';
import { updateAccount } from '../users';
import { joinOn, thisAcademy } from '../../db/same-academy';

type SlipInput = z.output<typeof studentSignInSlipInputSchema>;

const LABELS = wordTable('signInSlip', {
  title: 'Sign-in slip',
  student: 'Student',
  open: 'Open',
  studentId: 'Student ID',
  password: 'Password',
  how: 'How to sign in',
  field: 'Email or student ID',
  button: 'Login',
});

/**
 * POST /api/students/{id}/sign-in-slip (issue 42, point 8): sets the password the office just chose or
 * generated (the student is signed out everywhere, any reset link stops working, Activity records who
 * did it, never the password) and answers the slip to hand to the family: the academy's name, the
 * address to open, the student ID and that password, in the family's language (the one asked for, else
 * the student's account language). The password exists in clear only in this request and the PDF.
 */
export async function printSignInSlip(db: Db, actor: AuditActor, id: string, input: SlipInput, signInUrl: string): Promise<{ pdf: Buffer; fileName: string }> {
  const passwordHash = await hashPassword(input.password);
  const student = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: students.userId, code: students.studentCode, status: students.status, name: users.name, language: users.language })
      .from(students)
      .innerJoin(users, joinOn(users.id, students.userId))
      .where(and(eq(students.id, id), thisAcademy(students)))
      .for('update', { of: students });
    if (!row) throw new AppError('NOT_FOUND', 'Student not found');
    if (row.status !== 'active') throw new AppError('CONFLICT', STUDENT_NO_EMAIL_MESSAGES.slipNotActive);
    await updateAccount(tx, row.userId, { passwordHash });
    await tx.update(students).set({ updatedAt: new Date() }).where(eq(students.id, id));
    await recordAudit(tx, actor, { action: 'password.reset', entityType: 'student', entityId: id, text: { key: 'student.sign_in_slip', values: { name: row.name } } });
    return row;
  });
  const language: Language = input.language ?? student.language;
  const [settings, today, logo] = await Promise.all([getAcademySettings(db), academyToday(db), academyHeaderLogo(db)]);
  const label = LABELS[language];

  const pdf = await createAcademyPdf({
    // The address in the family's language when the office wrote one (issue 42, point 13).
    header: { name: settings.name, address: academyInLanguage(settings, language).address, phones: settings.phones, email: settings.email, logo, colour: settings.brand.colour },
    title: label.title,
    language,
    info: { Title: `${label.title} ${student.code}`, Subject: student.code },
  });
  pdf.doc.moveDown(0.5);
  pdf.row(label.student, student.name, { bold: true });
  pdf.rule();
  // What is typed, large enough to read across a desk.
  pdf.row(label.open, signInUrl, { bold: true, size: 13 });
  pdf.row(label.studentId, student.code, { bold: true, size: 15 });
  pdf.row(label.password, input.password, { bold: true, size: 15 });
  pdf.rule();
  pdf.text(label.how, { bold: true, size: 12 });
  pdf.doc.moveDown(0.2);
  pdf.text(word('signInSlip', '1. Open the address above on a phone or computer.', language));
  pdf.text(word('signInSlip', '2. In "{field}", type the student ID.', language, { field: label.field }));
  pdf.text(word('signInSlip', '3. Type the password exactly as printed (small letters, with the dash), then tap "{button}".', language, { button: label.button }));
  pdf.doc.moveDown(1);
  pdf.text(word('signInSlip', 'Keep this slip private: anyone who has it can sign in as the student. If it is lost, the office sets a new password.', language), { size: 10, color: '#495057' });
  pdf.doc.moveDown(1.5);
  pdf.text(word('signInSlip', 'Printed on {date}.', language, { date: formatDate(today) }), { size: 9, color: '#868e96', align: 'center' });
  return { pdf: await pdf.end(), fileName: `sign-in-slip-${student.code}.pdf` };
}
