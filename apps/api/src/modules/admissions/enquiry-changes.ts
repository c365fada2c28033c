/** The office's changes to an enquiry: its fields, its status (along the allowed transitions), its removal. */
import { eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import {
    ENQUIRY_STATUS_LABELS,
    ENQUIRY_TRANSITIONS, type AdmissionEnquiryDetail, type EnquiryStatus, type admissionEnquiryUpdateInputSchema, type enquiryStatusInputSchema,
    CLOSED_WITH_REASON_STATUSES
} from '@academy/shared/schemas/admissions';
import type { Db } from '../../db/client';
import {
    admissionEnquiries,
    admissionEnquiryStatusChanges
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertDateOfBirthInPast } from '../../academy-settings';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { ENQUIRY_NOT_FOUND, lockEnquiry } from './enquiry-lock';
import { getEnquiry } from './enquiry-reads';
import { assertReferences, replaceSubjects } from './enquiry-intake';

type UpdateInput = z.output<typeof admissionEnquiryUpdateInputSchema>;

type StatusInput = z.output<typeof enquiryStatusInputSchema>;

export const ENQUIRY_ALREADY_STUDENT = 'This enquiry has become a student, so its status cannot change any more. Archive the student instead if it was a mistake.';

/** PUT /api/admission-enquiries/{id}: the fields sent change; `subjects` replaces the list. */
export async function updateEnquiry(db: Db, actor: AuditActor, id: string, input: UpdateInput): Promise<AdmissionEnquiryDetail> {
  await assertReferences(db, { standard: input.standard, subjects: input.subjects });
  await assertDateOfBirthInPast(db, input.dateOfBirth);
  await db.transaction(async (tx) => {
    const current = await lockEnquiry(tx, id, getTableColumns(admissionEnquiries));
    const { subjects: subjectIds, standard, email, ...fields } = input;
    const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    await tx
      .update(admissionEnquiries)
      .set({
        ...values,
        ...(standard !== undefined ? { standardId: standard } : {}),
        // A changed address is no longer the one the code proved.
        ...(email !== undefined ? { email, ...(email !== current.email ? { emailVerifiedAt: null } : {}) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(admissionEnquiries.id, id));
    if (subjectIds !== undefined) await replaceSubjects(tx, id, subjectIds);
    const after = { ...values, ...(standard !== undefined ? { standardId: standard } : {}), ...(email !== undefined ? { email } : {}), ...(subjectIds !== undefined ? { subjects: subjectIds } : {}) };
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'enquiry',
      entityId: id,
      text: { key: 'enquiry.updated', values: { name: (values.studentName as string | undefined) ?? current.studentName } },
      changes: diffChanges(current, after),
    });
  });
  return getEnquiry(db, id);
}

export async function deleteEnquiry(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(admissionEnquiries).where(eq(admissionEnquiries.id, id)).returning({ id: admissionEnquiries.id, name: admissionEnquiries.studentName });
    if (!deleted) throw new AppError('NOT_FOUND', ENQUIRY_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'delete', entityType: 'enquiry', entityId: id, text: { key: 'enquiry.deleted', values: { name: deleted.name } } });
  });
}

/** "contacted", "admitted or rejected" */
function orList(statuses: readonly string[]): string {
  return statuses.length <= 1 ? (statuses[0] ?? '') : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;
}

/** Why a move is refused, naming the moves that are allowed. */
export function transitionError(from: EnquiryStatus, to: EnquiryStatus): string {
  const allowed = ENQUIRY_TRANSITIONS[from];
  const label = ENQUIRY_STATUS_LABELS[from].toLowerCase();
  const article = from === 'admitted' ? 'An' : 'A';
  return `${article} ${label} enquiry can only move to ${orList(allowed)}, not to ${to}`;
}

/** PATCH /api/admission-enquiries/{id}/status: one step of the pipeline, recorded with who and when. */
export async function changeEnquiryStatus(db: Db, actor: NonNullable<AuditActor>, id: string, input: StatusInput): Promise<AdmissionEnquiryDetail> {
  const { status } = input;
  const changedBy = actor.userId;
  // The schema asks rejected and lost for a reason; any other move keeps none.
  const closing = (CLOSED_WITH_REASON_STATUSES as readonly EnquiryStatus[]).includes(status);
  const reason = closing ? (input.reason ?? null) : null;
  const note = closing ? (input.note ?? null) : null;
  await db.transaction(async (tx) => {
    const current = await lockEnquiry(tx, id, { status: admissionEnquiries.status, studentId: admissionEnquiries.studentId, name: admissionEnquiries.studentName });
    // The student account made from it stays; reopening would leave the two disagreeing.
    if (current.studentId) throw new AppError('CONFLICT', ENQUIRY_ALREADY_STUDENT);
    if (!ENQUIRY_TRANSITIONS[current.status].includes(status)) {
      const message = transitionError(current.status, status);
      throw new AppError('BAD_REQUEST', message, { status: message });
    }
    // A decided enquiry has nobody left to call back: its follow-up day goes (issue 41).
    const decided = status !== 'contacted';
    await tx
      .update(admissionEnquiries)
      .set({ status, lostReason: reason, lostNote: note, ...(decided ? { followUpOn: null } : {}), updatedAt: new Date() })
      .where(eq(admissionEnquiries.id, id));
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: id, fromStatus: current.status, toStatus: status, reason, note, changedBy });
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'enquiry',
      entityId: id,
      text: { key: 'enquiry.status', values: { name: current.name, from: current.status, to: status } },
      changes: {
        status: { old: current.status, new: status },
        ...(reason ? { lostReason: { old: null, new: reason } } : {}),
        ...(note ? { lostNote: { old: null, new: note } } : {}),
      },
    });
  });
  return getEnquiry(db, id);
}
