import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { HOMEWORK_PAGES_KEEP_DAYS } from '@academy/shared/schemas/homework';
import type { Db, DbExecutor } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { homework, homeworkFiles, homeworkSubmissions } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../audit';
import { notifyParents, PARENT_SENDER_JOB } from '../family-outbox';
import { academyToday, homeworkSettings } from '../../academy-settings';
import { thisAcademy } from '../../db/same-academy';

/*
 * The academy's homework upkeep (issue 59, decision 056): the weekly summary to parents and the removal
 * of pages older than a term, each when its choice is on (Settings → Homework: read through
 * academy-settings, saved by modules/settings, the owner of the row). Both jobs run in every academy
 * (the job runner enters each one, so every query, message key and file here is that academy's).
 */

export const HOMEWORK_SUMMARY_JOB = 'homework-weekly-summary';
export const HOMEWORK_PAGES_JOB = 'homework-pages-removal';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pages removed per run: one bounded transaction; what is left goes at the next run. */
const PAGES_PER_RUN = 2000;

export type WeeklyFigures = { studentId: string; child: string; set: number; handedIn: number; late: number; redo: number };

/**
 * Each active student's homework of the week ending `until`: what was set or fell due in it, what they
 * handed in, what is late (handed in late, or past due and not handed in) and what is to redo. One
 * statement; students with no homework that week are not in it.
 */
export async function weeklyHomeworkFigures(db: DbExecutor, until: Date): Promise<WeeklyFigures[]> {
  const since = new Date(until.getTime() - 7 * DAY_MS);
  // Homework set during the week is due after it was set, so "due since" (the index) finds it too.
  const { rows } = await db.execute<{ student_id: string; child: string; set: number; handed_in: number; late: number; redo: number }>(sql`
    select s.id as student_id, u.name as child,
      count(h.id)::int as set,
      count(hs.id) filter (where h.hand_in)::int as handed_in,
      count(h.id) filter (where h.hand_in and (hs.late or (hs.id is null and h.due_at < ${until.toISOString()}::timestamptz)))::int as late,
      count(hs.id) filter (where hs.status = 'redo')::int as redo
    from homework h
    join batch_students bs on bs.batch_id = h.batch_id and bs.academy_id = h.academy_id
    join students s on s.id = bs.student_id and s.academy_id = bs.academy_id and s.status = 'active'
    join users u on u.id = s.user_id and u.academy_id = s.academy_id
    left join homework_submissions hs on hs.homework_id = h.id and hs.academy_id = h.academy_id and hs.student_id = s.id
    where h.due_at >= ${since.toISOString()}::timestamptz
      and (h.due_at < ${until.toISOString()}::timestamptz or h.created_at >= ${since.toISOString()}::timestamptz)
    group by s.academy_id, s.id, u.name
    order by s.id`);
  return rows.map((row) => ({ studentId: row.student_id, child: row.child, set: row.set, handedIn: row.handed_in, late: row.late, redo: row.redo }));
}

/** The summary's words in every language; `{parent}` becomes each parent's name in their copy. */
export function weeklySummaryMessages(figures: WeeklyFigures): Record<Language, { subject: string; text: string }> {
  const values = { child: figures.child, set: String(figures.set), handedIn: String(figures.handedIn), late: String(figures.late), redo: String(figures.redo) };
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: word('mail', "{child}'s homework this week", language, { child: figures.child }),
        text: word('mail', '{parent}, {child} had {set} homework this week: {handedIn} handed in, {late} late, {redo} to redo.', language, { parent: '{parent}', ...values }),
      },
    ]),
  ) as Record<Language, { subject: string; text: string }>;
}

/**
 * The weekly job: when the academy chose it, one summary per student to their parents through the
 * family outbox (each parent's channel and language). The key names the student and the academy's day,
 * so a run repeated the same day sends nothing twice. Returns how many messages were queued.
 */
export async function sendWeeklyHomeworkSummaries(db: Db, jobs: Jobs | undefined, now: Date = new Date()): Promise<number> {
  if (!(await homeworkSettings(db)).weeklySummary) return 0;
  const [figures, day] = await Promise.all([weeklyHomeworkFigures(db, now), academyToday(db, now)]);
  let queued = 0;
  // One notice per student (each has their own figures); notifyParents asks for the sender once per call.
  for (const student of figures) {
    queued += await notifyParents(db, undefined, {
      studentId: student.studentId,
      kind: 'homework-summary',
      key: `homework-summary:${student.studentId}:${day}`,
      date: day,
      messages: weeklySummaryMessages(student),
      payload: { child: { _id: student.studentId, name: student.child }, week: { until: day }, set: student.set, handedIn: student.handedIn, late: student.late, redo: student.redo },
      values: { child: student.child, set: String(student.set), handedIn: String(student.handedIn), late: String(student.late), redo: String(student.redo) },
    });
  }
  if (queued > 0 && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {});
  return queued;
}

/**
 * The daily job: when the academy chose it, the pages of homework due more than a term ago
 * (HOMEWORK_PAGES_KEEP_DAYS) leave the storage (the academy's folder); each submission stays with its
 * check, comment and marks, marked "pages removed". Rows first (one transaction), files after the commit.
 */
export async function removeOldHomeworkPages(db: Db, storage: FileStorage, now: Date = new Date()): Promise<number> {
  if (!(await homeworkSettings(db)).removeOldPages) return 0;
  const cutoff = new Date(now.getTime() - HOMEWORK_PAGES_KEEP_DAYS * DAY_MS);
  const keys = await db.transaction(async (tx) => {
    // The academy named in both tables: Citus plans the IN subquery apart (decision 053).
    const old = tx.select({ id: homework.id }).from(homework).where(and(thisAcademy(homework), lt(homework.dueAt, cutoff)));
    const pages = await tx
      .select({ id: homeworkFiles.id })
      .from(homeworkFiles)
      .where(and(thisAcademy(homeworkFiles), isNotNull(homeworkFiles.submissionId), inArray(homeworkFiles.homeworkId, old)))
      .limit(PAGES_PER_RUN);
    if (pages.length === 0) return [];
    const removed = await tx
      .delete(homeworkFiles)
      .where(
        inArray(
          homeworkFiles.id,
          pages.map((page) => page.id),
        ),
      )
      .returning({ key: homeworkFiles.fileKey, submissionId: homeworkFiles.submissionId });
    const submissionIds = [...new Set(removed.map((page) => page.submissionId!))];
    await tx.update(homeworkSubmissions).set({ pagesRemovedAt: now }).where(inArray(homeworkSubmissions.id, submissionIds));
    await recordAudit(tx, null, {
      action: 'homework.pages_removed',
      entityType: 'homework',
      entityId: null,
      text: { key: 'homework.pages_removed', values: { pages: removed.length, submissions: submissionIds.length } },
    });
    return removed.map((page) => page.key);
  });
  for (const key of keys) await storage.remove(key).catch(() => {});
  return keys.length;
}

/** Both jobs, defined by the app (app.ts defineJobs). */
export function defineHomeworkJobs(jobs: Jobs, deps: { db: Db; storage: FileStorage }): void {
  jobs.define(HOMEWORK_SUMMARY_JOB, {
    label: 'Weekly homework summary to parents (when the academy chose it)',
    everyMs: 7 * DAY_MS,
    run: () => sendWeeklyHomeworkSummaries(deps.db, jobs).then(() => undefined),
  });
  jobs.define(HOMEWORK_PAGES_JOB, {
    label: 'Homework pages older than a term removed (when the academy chose it)',
    everyMs: DAY_MS,
    run: () => removeOldHomeworkPages(deps.db, deps.storage).then(() => undefined),
  });
}
