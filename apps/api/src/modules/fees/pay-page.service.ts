import { PAY_LINK_MESSAGES, type PayPage } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { dueNow } from '@academy/shared/due-now';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { dueUpiWhere, studentLedger } from './dues.service';
import { studentOfPayLink } from './pay-link';

/**
 * What a fee reminder's pay link opens (issue 38; the token in pay-link.ts is the permission, no
 * session): the student's dues due now (`dueNow`: overdue and due today), each with its UPI request. A link that is
 * malformed, forged or past its day answers 404 with words a parent can act on, as an unknown one does.
 */
function studentOf(key: Buffer, token: string): string {
  const studentId = studentOfPayLink(key, token);
  if (!studentId) throw new AppError('NOT_FOUND', PAY_LINK_MESSAGES.invalid);
  return studentId;
}

/** GET /api/pay/{token} */
export async function payPage(db: DbExecutor, key: Buffer, token: string): Promise<PayPage> {
  const studentId = studentOf(key, token);
  const [ledger, settings, today] = await Promise.all([
    studentLedger(db, studentId).catch((error: unknown) => {
      // A student deleted since the reminder went out: the link leads nowhere, as a forged one.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', PAY_LINK_MESSAGES.invalid);
      throw error;
    }),
    getAcademySettings(db),
    academyToday(db),
  ]);
  const paise = (amount: number) => Math.round(amount * 100);
  // What is due now (the shared definition, decision 072): the same dues and total the reminder names.
  const now = dueNow(
    ledger.dues.map((due) => ({ ...due, balancePaise: paise(due.balance), open: due.status === 'due' || due.status === 'overdue' })),
    today,
  );
  const open = now.dues;
  const total = now.totalPaise;
  // The ledger's GST on top of each due (the same figure its UPI request asks for), added up over the dues listed.
  const tax = open.reduce((sum, due) => sum + paise(due.gst?.tax ?? 0), 0);
  return {
    academy: { name: settings.name, phone: settings.phones.find(Boolean) ?? null },
    student: { name: ledger.student.name },
    dues: open.map(({ _id, label, dueDate, balance, status, upi, gst }) => {
      const waiting = ledger.claims.find((claim) => claim.status === 'pending' && claim.due._id === _id);
      return { _id, label, dueDate, balance, status, upi, gst, reported: waiting ? { amount: waiting.amount, utr: waiting.utr } : null };
    }),
    total: total / 100,
    gst: tax > 0 ? { tax: tax / 100, total: (total + tax) / 100 } : null,
  };
}

/** GET /api/pay/{token}/dues/{dueId}/upi-qr.svg: a due of the link's student only (another's answers 404). */
export async function payPageUpi(db: DbExecutor, key: Buffer, token: string, dueId: string): Promise<{ link: string; reference: string }> {
  const studentId = studentOf(key, token);
  return dueUpiWhere(db, dueId, (owner) => owner === studentId);
}
