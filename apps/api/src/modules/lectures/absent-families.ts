import { and, eq } from 'drizzle-orm';
import { formatDate } from '@academy/shared/calendar';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { DbExecutor } from '../../db/client';
import { attendanceRecords, batches, lectures, students, subjects, users } from '../../db/schema';
import { academyToday } from '../../academy-settings';
import { notifyParents } from '../family-outbox';
import { notifyStudentsOfRecordedLecture } from '../notifications';
import { joinOn } from '../../db/same-academy';

/*
 * The absent student's message (issue 75, decision 082): when a lecture becomes ready, each active
 * student marked absent in its batch on its day is told in their bell, and their parents through the
 * family outbox (kind `lecture-recorded`: each parent's channel and language, held through quiet hours
 * like every message that is not urgent). Run in the transaction that makes the lecture ready; the
 * notification's unique (student, lecture) and the message key `lecture-recorded:{lecture}:{student}`
 * tell no one twice, whatever the retries.
 */

type Missed = { studentId: string; child: string };

function recordedMessages(subject: string, date: string, today: boolean): Record<Language, { subject: string; text: string }> {
  const day = formatDate(date);
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: today
          ? word('mail', "Today's {subject} class is recorded: watch it", language, { subject })
          : word('mail', 'The {subject} class of {date} is recorded: watch it', language, { subject, date: day }),
        text: today
          ? word('mail', "{parent}, {child} missed today's {subject} class. It is recorded: watch it in the app under Lectures.", language, { parent: '{parent}', child: '{child}', subject })
          : word('mail', '{parent}, {child} missed the {subject} class of {date}. It is recorded: watch it in the app under Lectures.', language, { parent: '{parent}', child: '{child}', subject, date: day }),
      },
    ]),
  ) as Record<Language, { subject: string; text: string }>;
}

/** Tells the lecture's absent students and their parents that it is ready. Returns how many parent messages were queued. */
export async function tellAbsentFamilies(db: DbExecutor, lectureId: string, now: Date = new Date()): Promise<number> {
  const [lecture] = await db
    .select({ batchId: lectures.batchId, batchName: batches.name, subject: subjects.name, date: lectures.date })
    .from(lectures)
    .innerJoin(batches, joinOn(batches.id, lectures.batchId))
    .leftJoin(subjects, joinOn(subjects.id, batches.subjectId))
    .where(eq(lectures.id, lectureId))
    .limit(1);
  if (!lecture) return 0;
  const missed: Missed[] = await db
    .select({ studentId: students.id, child: users.name })
    .from(attendanceRecords)
    .innerJoin(students, joinOn(students.id, attendanceRecords.studentId))
    .innerJoin(users, joinOn(users.id, students.userId))
    .where(and(eq(attendanceRecords.batchId, lecture.batchId), eq(attendanceRecords.date, lecture.date), eq(attendanceRecords.status, 'absent'), eq(students.status, 'active')));
  if (missed.length === 0) return 0;
  const subject = lecture.subject ?? lecture.batchName;
  const today = lecture.date === (await academyToday(db, now));
  await notifyStudentsOfRecordedLecture(db, { lectureId, studentIds: missed.map((one) => one.studentId), subject, date: formatDate(lecture.date), today });
  const messages = recordedMessages(subject, lecture.date, today);
  let queued = 0;
  for (const student of missed) {
    queued += await notifyParents(db, undefined, {
      studentId: student.studentId,
      kind: 'lecture-recorded',
      key: `lecture-recorded:${lectureId}:${student.studentId}`,
      date: lecture.date,
      messages: Object.fromEntries(
        Object.entries(messages).map(([language, words]) => [language, { subject: words.subject, text: words.text.replaceAll('{child}', student.child) }]),
      ) as Record<Language, { subject: string; text: string }>,
      payload: { child: { _id: student.studentId, name: student.child }, batch: { _id: lecture.batchId, name: lecture.batchName }, lecture: { _id: lectureId }, date: lecture.date, subject },
      values: { child: student.child, subject, date: formatDate(lecture.date) },
    });
  }
  return queued;
}
