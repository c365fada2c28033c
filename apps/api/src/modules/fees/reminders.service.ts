import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type reminderInputSchema } from '@academy/shared/schemas/fees';
import type { Db } from '../../db/client';
import { transactionWithRetry } from '../../db/retry-transaction';
import { feeDues, feeReminders } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { academyToday } from '../settings';
import { balanceSql, DUE_LOCK_ORDER } from './fee-queries';

/** Queuing fee reminders (the `fee-reminder` job in fee-reminders.ts sends them). */

type ReminderInput = z.output<typeof reminderInputSchema>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export type FeeReminderPayload = { studentId: string; dueIds: string[] };

/**
 * Reminders for the chosen dues (or every overdue one): at most one per due per week (a due reminded
 * in the last 7 days is skipped), recorded in fee_reminders and audited, then one job per student
 * (db/job-runner.ts) sends them with retries. Answers how many dues were queued and skipped.
 */
export async function queueFeeReminders(
  db: Db,
  actor: AuditActor,
  input: ReminderInput,
  enqueue: (payload: FeeReminderPayload) => Promise<unknown>,
): Promise<{ queued: number; skipped: number }> {
  const today = await academyToday(db);
  const weekAgo = new Date(Date.now() - WEEK_MS);
  const byStudent = await transactionWithRetry(db, async (tx) => {
    const chosen = await tx
      .select({ id: feeDues.id, studentId: feeDues.studentId })
      .from(feeDues)
      .where(
        and(
          eq(feeDues.status, 'open'),
          sql`${balanceSql} > 0`,
          input.allOverdue ? sql`${feeDues.dueDate} < ${today}` : inArray(feeDues.id, input.dueIds ?? []),
        ),
      )
      .orderBy(...DUE_LOCK_ORDER)
      .for('update');
    if (chosen.length === 0) return { groups: new Map<string, string[]>(), skipped: input.dueIds?.length ?? 0 };
    const recent = await tx
      .selectDistinct({ dueId: feeReminders.dueId })
      .from(feeReminders)
      .where(and(inArray(feeReminders.dueId, chosen.map((row) => row.id)), sql`${feeReminders.queuedAt} > ${weekAgo}`));
    const recentIds = new Set(recent.map((row) => row.dueId));
    const toSend = chosen.filter((row) => !recentIds.has(row.id));
    if (toSend.length > 0) {
      await tx.insert(feeReminders).values(toSend.map((row) => ({ dueId: row.id, queuedBy: actor?.userId ?? null })));
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'fee_reminder',
        text: { key: 'fee_reminder.sent', values: { dues: toSend.length, students: new Set(toSend.map((row) => row.studentId)).size } },
        changes: { dues: { old: null, new: toSend.length } },
      });
    }
    const groups = new Map<string, string[]>();
    for (const row of toSend) groups.set(row.studentId, [...(groups.get(row.studentId) ?? []), row.id]);
    // Skipped: reminded this week, or (when chosen by id) paid or cancelled meanwhile.
    return { groups, skipped: (input.allOverdue ? chosen.length : new Set(input.dueIds).size) - toSend.length };
  });
  for (const [studentId, dueIds] of byStudent.groups) await enqueue({ studentId, dueIds });
  const queued = [...byStudent.groups.values()].reduce((sum, ids) => sum + ids.length, 0);
  return { queued, skipped: byStudent.skipped };
}
