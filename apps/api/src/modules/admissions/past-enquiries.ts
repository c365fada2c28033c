import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { admissionEnquiries, admissionEnquiryStatusChanges, admissionEnquirySubjects } from '../../db/schema';

type Status = NonNullable<(typeof admissionEnquiryStatusChanges.$inferInsert)['fromStatus']>;
export type PastEnquiry = Omit<typeof admissionEnquiries.$inferInsert, 'id' | 'academyId' | 'createdAt' | 'updatedAt' | 'emailVerifiedAt'> & {
  /** Received this many hours ago (an admission form's email was verified then). */
  hoursAgo: number;
  subjectIds: readonly string[];
  /** The status changes after "new", two hours apart, by `changedBy`. */
  history: readonly { fromStatus: Status; toStatus: Status }[];
  changedBy: string;
};

/**
 * An enquiry received some hours ago with what the office did since (the demo's New Registrations
 * pipeline), in the caller's transaction: no confirmation mail, no follow-up. Answers its id.
 */
export async function recordPastEnquiry(tx: DbExecutor, enquiry: PastEnquiry): Promise<string> {
  const { hoursAgo, subjectIds, history, changedBy, ...fields } = enquiry;
  const hoursBefore = (hours: number) => sql`now() - make_interval(hours => ${hours})`;
  const [row] = await tx
    .insert(admissionEnquiries)
    .values({ ...fields, emailVerifiedAt: fields.form === 'admission' ? hoursBefore(hoursAgo) : null, createdAt: hoursBefore(hoursAgo), updatedAt: hoursBefore(hoursAgo) })
    .returning({ id: admissionEnquiries.id });
  const enquiryId = row!.id;
  if (subjectIds.length > 0) await tx.insert(admissionEnquirySubjects).values(subjectIds.map((subjectId) => ({ enquiryId, subjectId })));
  await tx.insert(admissionEnquiryStatusChanges).values([
    { enquiryId, fromStatus: null, toStatus: 'new', changedAt: hoursBefore(hoursAgo) },
    ...history.map((change, step) => ({ enquiryId, ...change, changedBy, changedAt: hoursBefore(hoursAgo - 2 * (step + 1)) })),
  ]);
  return enquiryId;
}
