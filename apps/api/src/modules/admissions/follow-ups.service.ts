import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { REFERRAL_NEEDS_SOURCE, type AdmissionEnquiryDetail, type EnquiryAssignees, type enquiryContactInputSchema, type enquiryFollowUpInputSchema } from '@academy/shared/schemas/admissions';
import type { Db } from '../../db/client';
import { admissionEnquiries, admissionEnquiryContacts, admissionEnquiryStatusChanges, users } from '../../db/schema';
import { ENQUIRY_HANDLER_ROLES } from '../../access/enquiries';
import type { Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { diffChanges, recordAudits, type AuditEntryInput } from '../audit';
import { academyToday } from '../../academy-settings';
import { getEnquiry } from './admissions.service';
import { lockEnquiry } from './enquiry-lock';
import { assertFollowUpDate, assertFollowUpFields } from './follow-up-queries';

/*
 * Follow-ups (issue 41, docs/decisions/034-admission-follow-ups.md): the next day to call a family,
 * where the family heard of the academy, who handles them, and the log of calls, WhatsApp messages
 * and visits. Every change is audited on the enquiry, in its own transaction.
 */

type FollowUpInput = z.output<typeof enquiryFollowUpInputSchema>;
type ContactInput = z.output<typeof enquiryContactInputSchema>;

/** PATCH /api/admission-enquiries/{id}: the fields sent change (null clears one). */
export async function updateFollowUp(db: Db, actor: Actor, id: string, input: FollowUpInput): Promise<AdmissionEnquiryDetail> {
  await assertFollowUpFields(db, input);
  await db.transaction(async (tx) => {
    const current = await lockEnquiry(tx, id, {
      name: admissionEnquiries.studentName,
      followUpOn: admissionEnquiries.followUpOn,
      source: admissionEnquiries.source,
      referredBy: admissionEnquiries.referredByStudentId,
      assignedTo: admissionEnquiries.assignedTo,
    });
    const source = input.source ?? current.source;
    let referredBy = input.referredBy !== undefined ? input.referredBy : current.referredBy;
    if (source !== 'referral') {
      // A referring student named together with another source is a mistake worth saying; one left
      // over from an earlier referral source simply goes.
      if (input.referredBy) throw new AppError('BAD_REQUEST', REFERRAL_NEEDS_SOURCE, { referredBy: REFERRAL_NEEDS_SOURCE });
      referredBy = null;
    }
    const after = {
      followUpOn: input.followUpOn !== undefined ? input.followUpOn : current.followUpOn,
      source,
      referredBy,
      assignedTo: input.assignedTo !== undefined ? input.assignedTo : current.assignedTo,
    };
    await tx
      .update(admissionEnquiries)
      .set({ followUpOn: after.followUpOn, source: after.source, referredByStudentId: after.referredBy, assignedTo: after.assignedTo, updatedAt: new Date() })
      .where(eq(admissionEnquiries.id, id));
    const changes = diffChanges(current, after);
    if (changes) {
      await recordAudits(tx, actor, [{ action: 'update', entityType: 'enquiry', entityId: id, text: { key: 'enquiry.follow_up', values: { name: current.name } }, changes }]);
    }
  });
  return getEnquiry(db, id);
}

/**
 * POST /api/admission-enquiries/{id}/contacts: logs a call, WhatsApp message or visit. With
 * `followUpOn` it sets the next follow-up (null: none); without it, a follow-up that was due (today or
 * overdue) is settled by this contact and a later one stays. A `new` enquiry becomes `contacted`,
 * which the status history records.
 */
export async function logContact(db: Db, actor: Actor, id: string, input: ContactInput): Promise<AdmissionEnquiryDetail> {
  await assertFollowUpDate(db, input.followUpOn);
  const today = await academyToday(db);
  await db.transaction(async (tx) => {
    const current = await lockEnquiry(tx, id, { name: admissionEnquiries.studentName, status: admissionEnquiries.status, followUpOn: admissionEnquiries.followUpOn });
    await tx.insert(admissionEnquiryContacts).values({
      enquiryId: id,
      kind: input.kind,
      outcome: input.outcome,
      note: input.note ?? null,
      followUpOn: input.followUpOn ?? null,
      createdBy: actor.userId,
    });
    const dueSettled = current.followUpOn !== null && current.followUpOn <= today;
    const followUpOn = input.followUpOn !== undefined ? input.followUpOn : dueSettled ? null : current.followUpOn;
    const becomesContacted = current.status === 'new';
    await tx
      .update(admissionEnquiries)
      .set({ followUpOn, ...(becomesContacted ? { status: 'contacted' as const } : {}), updatedAt: new Date() })
      .where(eq(admissionEnquiries.id, id));
    const entries: AuditEntryInput[] = [
      {
        action: 'contact',
        entityType: 'enquiry',
        entityId: id,
        text: { key: 'enquiry.contact_logged', values: { name: current.name } },
        changes: diffChanges({ followUpOn: current.followUpOn }, { kind: input.kind, outcome: input.outcome, note: input.note ?? null, followUpOn }),
      },
    ];
    if (becomesContacted) {
      await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: id, fromStatus: 'new', toStatus: 'contacted', changedBy: actor.userId });
      entries.push({
        action: 'status',
        entityType: 'enquiry',
        entityId: id,
        text: { key: 'enquiry.status', values: { name: current.name, from: 'new', to: 'contacted' } },
        changes: { status: { old: 'new', new: 'contacted' } },
      });
    }
    await recordAudits(tx, actor, entries);
  });
  return getEnquiry(db, id);
}

/** GET /api/admission-enquiries/assignees: the active accounts enquiries can be given to, by name. */
export async function listAssignees(db: Db): Promise<EnquiryAssignees> {
  return db
    .select({ _id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.role, [...ENQUIRY_HANDLER_ROLES])))
    .orderBy(asc(users.name), asc(users.id));
}
