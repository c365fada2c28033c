import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type reminderInputSchema, type reminderResultSchema } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import type { JobPayloads } from '../../events/catalog';
import { transactionWithRetry } from '../../db/retry-transaction';
import { feeDues, feeReminders, students, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { familiesNoChannelReaches, familiesWaitingForQuietHours } from '../family-outbox';
import { academyToday } from '../../academy-settings';
import { DUE_LOCK_ORDER, duesFilters } from './fee-queries';
import { joinOn, thisAcademy } from '../../db/same-academy';

/** Queuing fee reminders (the `fee-reminder` job in fee-reminders.ts sends them). */

type ReminderInput = z.output<typeof reminderInputSchema>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A fee reminder job's payload (declared in events/catalog.ts). */
export type FeeReminderPayload = JobPayloads['fee-reminder'];

/** `waiting`: dues whose family hears only when the quiet hours end, at `waitingUntil` (ISO 8601). */
export type ReminderResult = z.output<typeof reminderResultSchema>;

/**
 * The names of the students among `studentIds` whom a reminder cannot reach: no active linked parent
 * and no email of their own (the reminder job would send nothing; the office calls them instead).
 */
async function unreachableStudents(db: DbExecutor, studentIds: string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const { rows } = await db.execute<{ name: string }>(sql`
    select u.name from ${students} s join ${users} u on u.id = s.user_id and u.academy_id = s.academy_id
    where s.id in (${sql.join(studentIds.map((id) => sql`${id}::uuid`), sql`, `)}) and u.email is null
      and not exists (
        select 1 from parent_students ps join parents p on p.id = ps.parent_id and p.academy_id = ps.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
        where ps.student_id = s.id and ps.academy_id = s.academy_id and pu.is_active)
    order by u.name`);
  return rows.map((row) => row.name);
}

/**
 * Reminders for the chosen dues, or for every overdue due the office's list shows (`allOverdue` with
 * its `batch` and `search`): at most one per due per week (a due reminded in the last 7 days is
 * skipped), recorded in fee_reminders and audited, then one job per student (db/job-runner.ts) sends
 * them with retries. Answers the dues queued and skipped, the families reached and the names of those
 * no channel reaches. `dryRun` answers the same and changes nothing (the screen asks with it first).
 */
export async function queueFeeReminders(
  db: Db,
  actor: AuditActor,
  input: ReminderInput,
  enqueue: (payload: FeeReminderPayload) => Promise<unknown>,
): Promise<ReminderResult> {
  const today = await academyToday(db);
  const weekAgo = new Date(Date.now() - WEEK_MS);
  const byStudent = await transactionWithRetry(db, async (tx) => {
    const chosen = await tx
      .select({ id: feeDues.id, studentId: feeDues.studentId, dueDate: feeDues.dueDate, name: users.name })
      .from(feeDues)
      .innerJoin(students, joinOn(students.id, feeDues.studentId))
      .innerJoin(users, joinOn(users.id, students.userId))
      .where(
        and(
          input.allOverdue
            ? duesFilters({ overdue: 'true', batch: input.batch, search: input.search }, today)
            : and(duesFilters({}, today), inArray(feeDues.id, input.dueIds ?? [])),
          thisAcademy(feeDues),
        ),
      )
      .orderBy(...DUE_LOCK_ORDER)
      .for('update', { of: feeDues });
    const none = { groups: new Map<string, string[]>(), failing: new Map<string, string>(), names: new Map<string, string>(), failedDues: 0, notDueYet: 0 };
    if (chosen.length === 0) return { ...none, skipped: input.dueIds?.length ?? 0 };
    // A reminder names what is due now (decision 072): a due whose date has not come is not reminded.
    const dueNowRows = chosen.filter((row) => row.dueDate <= today);
    const notDueYet = chosen.length - dueNowRows.length;
    const recent = await tx
      .selectDistinct({ dueId: feeReminders.dueId })
      .from(feeReminders)
      .where(and(inArray(feeReminders.dueId, chosen.map((row) => row.id)), sql`${feeReminders.queuedAt} > ${weekAgo}`));
    const recentIds = new Set(recent.map((row) => row.dueId));
    const toSend = dueNowRows.filter((row) => !recentIds.has(row.id));
    // Families no channel reaches: their reminder is still made (a failed message on the Messages
    // screen says what to set up), but not counted as sent nor as reminded this week (issue 73, point 6).
    const failing = await familiesNoChannelReaches(tx, 'fee-reminder', [...new Set(toSend.map((row) => row.studentId))]);
    const reached = toSend.filter((row) => !failing.has(row.studentId));
    if (reached.length > 0 && !input.dryRun) {
      await tx.insert(feeReminders).values(reached.map((row) => ({ dueId: row.id, queuedBy: actor?.userId ?? null })));
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'fee_reminder',
        text: { key: 'fee_reminder.sent', values: { dues: reached.length, students: new Set(reached.map((row) => row.studentId)).size } },
        changes: { dues: { old: null, new: reached.length } },
      });
    }
    const groups = new Map<string, string[]>();
    for (const row of toSend) groups.set(row.studentId, [...(groups.get(row.studentId) ?? []), row.id]);
    const names = new Map(toSend.map((row) => [row.studentId, row.name]));
    // Skipped: reminded this week, or (when chosen by id) paid or cancelled meanwhile; not due yet is said apart.
    const skipped = (input.allOverdue ? chosen.length : new Set(input.dueIds).size) - toSend.length - notDueYet;
    return { groups, failing, names, failedDues: toSend.length - reached.length, notDueYet, skipped };
  });
  const studentIds = [...byStudent.groups.keys()];
  if (!input.dryRun) for (const [studentId, dueIds] of byStudent.groups) await enqueue({ studentId, dueIds });
  const queued = [...byStudent.groups.values()].reduce((sum, ids) => sum + ids.length, 0) - byStudent.failedDues;
  // Said honestly (issue 54): a reminder queued in the quiet hours reaches a family on WhatsApp or SMS only when they end.
  const held = await familiesWaitingForQuietHours(db, 'fee-reminder', studentIds);
  const waiting = [...held.studentIds].reduce((sum, studentId) => sum + (byStudent.groups.get(studentId)?.length ?? 0), 0);
  return {
    queued,
    skipped: byStudent.skipped,
    families: studentIds.length,
    unreachable: await unreachableStudents(db, studentIds),
    waiting,
    waitingUntil: waiting > 0 && held.until ? held.until.toISOString() : null,
    failed: byStudent.failedDues,
    notSent: [...byStudent.failing].map(([studentId, reason]) => ({ name: byStudent.names.get(studentId) ?? '', reason })).sort((a, b) => a.name.localeCompare(b.name)),
    notDueYet: byStudent.notDueYet,
  };
}
