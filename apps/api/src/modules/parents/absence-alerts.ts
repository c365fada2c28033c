import { sql } from 'drizzle-orm';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { ABSENCE_STATUS_WORDS, DEFAULT_ABSENCE_ALERT_TEMPLATES, renderAbsenceTemplate, type AbsenceAlertTemplates } from '@academy/shared/schemas/settings';
import type { Db, DbExecutor } from '../../db/client';
import type { JobPayloads, Jobs } from '../../events/catalog';
import { getAcademySettings } from '../../academy-settings';
import { cancelParentNotice, notifyParents, type ParentNotice } from '../family-outbox';
import { formatDate } from '@academy/shared/calendar';

/** The one-off job that sends (or cancels) the alerts of one submission after the correction delay. */
export const ABSENCE_ALERT_JOB = 'absence-alerts';

type Mark = { studentId: string; status: string };

/**
 * After a teacher submits today's attendance: the students marked with an alerting status (absent;
 * late if the academy chose it) get an alert after the correction delay, by one job for the
 * submission. Other days, or alerts switched off: nothing. "Today" is the submission's (`onTheDay`,
 * decided when it was saved) and the delay counts from `submittedAt`, so the answer is the same
 * whenever this runs (a retried delivery after midnight; a late one runs the job at once).
 */
export async function scheduleAbsenceAlerts(db: DbExecutor, jobs: Jobs | undefined, input: { date: string; marks: Mark[]; onTheDay: boolean; submittedAt: Date }): Promise<void> {
  if (!jobs || !input.onTheDay) return;
  const settings = await getAcademySettings(db);
  const alerts = settings.absenceAlerts;
  if (!alerts.enabled) return;
  const studentIds = [...new Set(input.marks.filter((mark) => (alerts.statuses as string[]).includes(mark.status)).map((mark) => mark.studentId))];
  if (studentIds.length === 0) return;
  await jobs.enqueue(ABSENCE_ALERT_JOB, { date: input.date, studentIds }, { runAt: new Date(input.submittedAt.getTime() + alerts.delayMinutes * 60_000) });
}

/**
 * The alert's words in each language: the subject is the server catalog's (the glossary's words), the text is the
 * academy's template for that language (Settings), the same for the email and the webhook's `message`.
 */
export function absenceMessages(input: { child: string; batches: string; status: string; date: string; academy: string; templates?: AbsenceAlertTemplates }): ParentNotice['messages'] {
  const day = formatDate(input.date);
  const templates = input.templates ?? DEFAULT_ABSENCE_ALERT_TEMPLATES;
  const status = (language: Language) => ABSENCE_STATUS_WORDS[language][input.status as 'absent' | 'late'] ?? input.status;
  // {parent} stays as it is here: notifyParents puts each parent's name in their own copy.
  const text = (language: Language) => renderAbsenceTemplate(templates[language], { child: input.child, parent: '{parent}', batch: input.batches, date: day, status: status(language), academy: input.academy });
  const message = (language: Language) => ({ subject: word('mail', '{child} was marked {status} today', language, { child: input.child, status: status(language) }), text: text(language) });
  return { en: message('en'), mr: message('mr'), hi: message('hi') };
}

type CurrentMarks = { studentId: string; child: string; status: string | null; batches: { _id: string; name: string }[] };

/**
 * The job: for each student of the submission, the marks as they are NOW (a correction within the
 * delay wins). Still absent (or late, if chosen) in any batch: one alert to each linked parent for the
 * day (`absence:{student}:{date}`, whatever number of batches or submissions); corrected: the alert is
 * recorded as cancelled and nothing is sent.
 */
export async function runAbsenceAlerts(db: Db, jobs: Jobs | undefined, payload: JobPayloads['absence-alerts']): Promise<void> {
  const { date, studentIds } = payload;
  const settings = await getAcademySettings(db);
  if (!settings.absenceAlerts.enabled || studentIds.length === 0) return;
  const statuses = settings.absenceAlerts.statuses;
  const { rows } = await db.execute<CurrentMarks>(sql`
    select s.id as "studentId", u.name as child,
      (select a.status from attendance_records a where a.student_id = s.id and a.academy_id = s.academy_id and a.date = ${date} and a.status in ${sql`(${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`} order by case a.status when 'absent' then 0 else 1 end limit 1) as status,
      coalesce((select json_agg(json_build_object('_id', b.id, 'name', b.name) order by b.name)
        from attendance_records a join batches b on b.id = a.batch_id and b.academy_id = a.academy_id
        where a.student_id = s.id and a.academy_id = s.academy_id and a.date = ${date} and a.status in ${sql`(${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})`}), '[]'::json) as batches
    from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id
    where s.id in ${sql`(${sql.join(
      studentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}`);
  for (const row of rows) {
    const status = row.status ?? 'absent';
    const batchNames = row.batches.map((batch) => batch.name).join(', ');
    const notice: ParentNotice = {
      studentId: row.studentId,
      kind: 'absence',
      key: `absence:${row.studentId}:${date}`,
      date,
      messages: absenceMessages({ child: row.child, batches: batchNames, status, date, academy: settings.name, templates: settings.absenceAlerts.templates }),
      payload: { child: { _id: row.studentId, name: row.child }, batch: row.batches[0] ?? null, batches: row.batches, date, status },
      values: { child: row.child, date: formatDate(date), batch: batchNames },
    };
    if (row.status) await notifyParents(db, jobs, notice);
    else await cancelParentNotice(db, notice);
  }
}
