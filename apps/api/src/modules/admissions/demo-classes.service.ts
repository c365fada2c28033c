import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clockIn, formatClock, formatDate } from '@academy/shared/calendar';
import { OPEN_ENQUIRY_STATUSES } from '@academy/shared/schemas/admissions';
import type { DemoClass, demoBookingInputSchema } from '@academy/shared/schemas/demo-classes';
import type { DemoStatus } from '@academy/shared/demo-statuses';
import { weekdayOfDate, type Weekday } from '@academy/shared/schedule';
import type { Db, DbExecutor } from '../../db/client';
import { admissionDemos, admissionEnquiries, admissionEnquiryStatusChanges, batches, subjects, teachers, users } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { queueJob } from '../../events/queue-job';
import { AppError } from '../../lib/app-error';
import { recordAudit, recordAudits } from '../audit';
import type { DemoMarksSaver } from '../attendance';
import { closureTitleOn } from '../closures';
import { cancelContactMessages, latestMessagesByKey, quietHoursHoldOf, reachOfContact } from '../family-outbox';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { ENQUIRY_NOT_FOUND, lockEnquiry } from './enquiry-lock';
import { batchClassTimes } from '../../read-models/batch-summaries';
import { academySql, joinOn, thisAcademy } from '../../db/same-academy';

type BookingInput = z.output<typeof demoBookingInputSchema>;

/** The outbox key of a demo class's message to the family: one message per booking. */
export const demoMessageKey = (demoId: string) => `demo-class:${demoId}`;

export const DEMO_NOT_FOUND = 'Demo class not found';

const markers = alias(users, 'demo_markers');
const teacherUsers = alias(users, 'demo_teacher_users');

/**
 * The marks of a day's demo students, saved on their bookings with the batch's attendance, in its
 * transaction (POST /api/attendance/batch/{batchId}; attendance's DemoMarksSaver, handed in by app.ts).
 * Each must be booked in this batch on this day (else nothing is saved, as for a student not enrolled).
 * A mark that changed is recorded with who and when and in the enquiry's history; marking them again
 * the same way changes nothing.
 */
export const saveDemoMarks: DemoMarksSaver = async (tx, actor, batch, date, demos) => {
  const demoIds = demos.map((demo) => demo.demoId);
  const { rows: booked } = await tx.execute<{ id: string; enquiryId: string; name: string; status: DemoStatus | null }>(sql`
    select d.id, d.enquiry_id as "enquiryId", e.student_name as name, d.status
    from admission_demos d join admission_enquiries e on e.id = d.enquiry_id and e.academy_id = d.academy_id
    where d.academy_id = ${academySql()} and d.batch_id = ${batch.id} and d.date = ${date} and d.id = any(${sql.param(demoIds)}::uuid[])
    for update of d`);
  const byId = new Map(booked.map((row) => [row.id, row]));
  const errors: Record<string, string> = {};
  demos.forEach((demo, index) => {
    if (!byId.has(demo.demoId)) errors[`demos.${index}.demoId`] = 'This demo student is not booked in this batch on this day';
  });
  if (Object.keys(errors).length > 0) throw new AppError('BAD_REQUEST', 'Nothing was saved: a demo student is not booked in this batch on this day', errors);
  const changed = demos.filter((demo) => byId.get(demo.demoId)!.status !== demo.status);
  if (changed.length === 0) return;
  await tx.execute(sql`
    update admission_demos d set status = i.status, marked_by = ${actor.userId}, marked_at = now()
    from unnest(${sql.param(changed.map((demo) => demo.demoId))}::uuid[], ${sql.param(changed.map((demo) => demo.status))}::text[]) as i(id, status)
    where d.id = i.id`);
  await recordAudits(
    tx,
    actor,
    changed.map((demo) => {
      const row = byId.get(demo.demoId)!;
      const values = { name: row.name, batch: batch.name, date: formatDate(date) };
      return {
        action: 'demo.mark',
        entityType: 'enquiry' as const,
        entityId: row.enquiryId,
        relatedId: batch.id,
        text: demo.status === 'present' ? { key: 'enquiry.demo_present' as const, values } : { key: 'enquiry.demo_absent' as const, values },
        changes: { status: { old: row.status, new: demo.status } },
      };
    }),
  );
};

/** Demo classes with their batch (subject, teacher, time) and who marked them, in one query. */
async function selectDemos(db: DbExecutor, where: SQL) {
  return db
    .select({
      _id: admissionDemos.id,
      date: admissionDemos.date,
      status: admissionDemos.status,
      markedAt: admissionDemos.markedAt,
      markedById: markers.id,
      markedByName: markers.name,
      createdAt: admissionDemos.createdAt,
      batchId: batches.id,
      batchName: batches.name,
      ...batchClassTimes(),
      subject: { _id: subjects.id, name: subjects.name, code: subjects.code },
      teacher: { _id: teachers.id, name: teacherUsers.name },
    })
    .from(admissionDemos)
    .innerJoin(batches, joinOn(batches.id, admissionDemos.batchId))
    .innerJoin(subjects, joinOn(subjects.id, batches.subjectId))
    .innerJoin(teachers, joinOn(teachers.id, batches.teacherId))
    .innerJoin(teacherUsers, joinOn(teacherUsers.id, teachers.userId))
    .leftJoin(markers, joinOn(markers.id, admissionDemos.markedBy))
    .where(where)
    .orderBy(desc(admissionDemos.date), asc(batches.startTime), asc(admissionDemos.createdAt));
}

/** The rows as the API answers them, each with the latest state of its message to the family (one query for all). */
async function toDemoClasses(db: DbExecutor, rows: Awaited<ReturnType<typeof selectDemos>>): Promise<DemoClass[]> {
  const messages = await latestMessagesByKey(
    db,
    rows.map((row) => demoMessageKey(row._id)),
  );
  return rows.map((row) => ({
    _id: row._id,
    date: row.date,
    batch: { _id: row.batchId, name: row.batchName, subject: row.subject, teacher: row.teacher },
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    markedAt: row.markedAt?.toISOString() ?? null,
    markedBy: row.markedById ? { _id: row.markedById, name: row.markedByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    message: messages.get(demoMessageKey(row._id)) ?? null,
  }));
}

async function assertEnquiryExists(db: DbExecutor, enquiryId: string): Promise<void> {
  const [found] = await db.select({ id: admissionEnquiries.id }).from(admissionEnquiries).where(eq(admissionEnquiries.id, enquiryId)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', ENQUIRY_NOT_FOUND);
}

/** GET /api/admission-enquiries/{id}/demos: the enquiry's demo classes, the latest date first, with their marks. */
export async function listEnquiryDemos(db: DbExecutor, enquiryId: string): Promise<DemoClass[]> {
  await assertEnquiryExists(db, enquiryId);
  return toDemoClasses(db, await selectDemos(db, eq(admissionDemos.enquiryId, enquiryId)));
}

function refuseDate(message: string): never {
  throw new AppError('BAD_REQUEST', message, { date: message });
}

/**
 * Whether the batch holds a class on the date the office chose: today or later (the academy's today),
 * within the batch's dates, on a day of its schedule and not closed by a closure announcement.
 * Each refusal names the date field, so the dialog shows it beside the date.
 */
async function assertClassDay(db: DbExecutor, batch: { id: string; startDate: string; endDate: string; days: Weekday[] }, date: string, today: string) {
  if (date < today) refuseDate('A demo class can be booked for today or a later day');
  if (date < batch.startDate) refuseDate(`The batch starts on ${formatDate(batch.startDate)}: choose a day from then on`);
  if (date > batch.endDate) refuseDate(`The batch ends on ${formatDate(batch.endDate)}: choose a day up to then`);
  if (!batch.days.includes(weekdayOfDate(date))) refuseDate(`The batch has no class on ${formatDate(date)}: choose one of its class days`);
  const closure = await closureTitleOn(db, batch.id, date);
  if (closure) refuseDate(`The academy is closed on ${formatDate(date)} (${closure}): choose another day`);
}

/**
 * What the office is told after booking: how the family learns the time and address, or that nothing
 * can reach them; and, for a WhatsApp or SMS the quiet hours hold (a class on a later day), when.
 */
function bookedMessage(channel: string | null, waitsUntil: string | null): string {
  if (channel === 'whatsapp' && waitsUntil) return `Demo class booked. The family will get the time and address by WhatsApp when quiet hours end, at ${waitsUntil}.`;
  if (channel === 'sms' && waitsUntil) return `Demo class booked. The family will get the time and address by SMS when quiet hours end, at ${waitsUntil}.`;
  if (channel === 'whatsapp') return 'Demo class booked. The family will get the time and address by WhatsApp.';
  if (channel === 'sms') return 'Demo class booked. The family will get the time and address by SMS.';
  if (channel === 'email') return 'Demo class booked. The family will get the time and address by email.';
  return 'Demo class booked. No message can reach the family (no WhatsApp or SMS set up, and no email): tell them the time and address yourself.';
}

/**
 * POST /api/admission-enquiries/{id}/demo: books an open enquiry (new or contacted) into a batch's
 * class on a date, in one transaction with its audit entry and the `demo.booked` event (the family's
 * message is queued when the event is delivered, after this commits). Booking a demo means the office
 * has spoken to the family, so a new enquiry moves to contacted (the pipeline's first step), recorded
 * in its status history. The same enquiry, batch and day twice is refused (409).
 */
export async function bookDemoClass(db: Db, actor: Actor, enquiryId: string, input: BookingInput): Promise<{ demo: DemoClass; message: string }> {
  const today = await academyToday(db);
  const { demoId, recipient } = await db.transaction(async (tx) => {
    // The enquiry's row lock: a booking and a status change (or a second booking) take turns.
    const enquiry = await lockEnquiry(tx, enquiryId, {
      status: admissionEnquiries.status,
      name: admissionEnquiries.studentName,
      phone: admissionEnquiries.phone,
      parentPhone: admissionEnquiries.parentPhone,
      email: admissionEnquiries.email,
      language: admissionEnquiries.language,
    });
    if (!(OPEN_ENQUIRY_STATUSES as readonly string[]).includes(enquiry.status)) {
      throw new AppError('CONFLICT', 'Only a new or contacted enquiry can be booked for a demo class');
    }
    const [batch] = await tx
      .select({ id: batches.id, name: batches.name, archivedAt: batches.archivedAt, startDate: batches.startDate, endDate: batches.endDate, days: batches.scheduleDays })
      .from(batches)
      .where(eq(batches.id, input.batch))
      .limit(1);
    if (!batch) throw new AppError('BAD_REQUEST', 'The chosen batch does not exist', { batch: 'Choose a batch from the list' });
    if (batch.archivedAt) {
      const message = 'This batch belongs to a past academic year and is archived: a demo class cannot be booked in it';
      throw new AppError('BAD_REQUEST', message, { batch: message });
    }
    await assertClassDay(tx, { ...batch, days: batch.days as Weekday[] }, input.date, today);
    const [demo] = await tx
      .insert(admissionDemos)
      .values({ enquiryId, batchId: batch.id, date: input.date, createdBy: actor.userId })
      .onConflictDoNothing()
      .returning({ id: admissionDemos.id });
    if (!demo) throw new AppError('CONFLICT', 'This enquiry is already booked for a demo class of this batch on that day');
    if (enquiry.status === 'new') {
      await tx.update(admissionEnquiries).set({ status: 'contacted', updatedAt: new Date() }).where(eq(admissionEnquiries.id, enquiryId));
      await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId, fromStatus: 'new', toStatus: 'contacted', changedBy: actor.userId });
      await recordAudit(tx, actor, {
        action: 'status',
        entityType: 'enquiry',
        entityId: enquiryId,
        text: { key: 'enquiry.status', values: { name: enquiry.name, from: 'new', to: 'contacted' } },
        changes: { status: { old: 'new', new: 'contacted' } },
      });
    }
    await recordAudit(tx, actor, {
      action: 'demo.book',
      entityType: 'enquiry',
      entityId: enquiryId,
      relatedId: batch.id,
      text: { key: 'enquiry.demo_booked', values: { name: enquiry.name, batch: batch.name, date: formatDate(input.date) } },
    });
    await queueJob(tx, 'demo-class-message', { demoId: demo.id });
    // The family's phone: the parent's when the form had one, else the number the enquiry gave.
    return { demoId: demo.id, recipient: { phone: enquiry.parentPhone ?? enquiry.phone, email: enquiry.email, language: enquiry.language } };
  });
  const [[row], channel, hold, settings] = await Promise.all([
    selectDemos(db, eq(admissionDemos.id, demoId)),
    reachOfContact(db, recipient, 'demo-class'),
    // A class today is urgent (the family must hear before it); a later one waits for the quiet hours to end.
    input.date === today ? Promise.resolve(null) : quietHoursHoldOf(db, 'demo-class'),
    getAcademySettings(db),
  ]);
  const [demo] = await toDemoClasses(db, [row!]);
  const waitsUntil = hold && (channel === 'whatsapp' || channel === 'sms') ? formatClock(clockIn(settings.timeZone, hold)) : null;
  return { demo: demo!, message: bookedMessage(channel, waitsUntil) };
}

/**
 * DELETE /api/admission-enquiries/{id}/demos/{demoId}: cancels a booking the teacher has not marked
 * (a marked one is the record of a class that took place: 409). A message to the family not sent yet
 * is cancelled with it.
 */
export async function cancelDemoClass(db: Db, actor: Actor, enquiryId: string, demoId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .select({ status: admissionDemos.status, date: admissionDemos.date, name: admissionEnquiries.studentName, batchId: batches.id, batchName: batches.name })
      .from(admissionDemos)
      .innerJoin(admissionEnquiries, joinOn(admissionEnquiries.id, admissionDemos.enquiryId))
      .innerJoin(batches, joinOn(batches.id, admissionDemos.batchId))
      .where(and(eq(admissionDemos.id, demoId), eq(admissionDemos.enquiryId, enquiryId), thisAcademy(admissionDemos)))
      .for('update', { of: admissionDemos });
    if (!demo) throw new AppError('NOT_FOUND', DEMO_NOT_FOUND);
    if (demo.status) throw new AppError('CONFLICT', 'This demo class is already marked, so it stays on record');
    await tx.delete(admissionDemos).where(eq(admissionDemos.id, demoId));
    await cancelContactMessages(tx, demoMessageKey(demoId));
    await recordAudit(tx, actor, {
      action: 'demo.cancel',
      entityType: 'enquiry',
      entityId: enquiryId,
      relatedId: demo.batchId,
      text: { key: 'enquiry.demo_cancelled', values: { name: demo.name, batch: demo.batchName, date: formatDate(demo.date) } },
    });
  });
}
