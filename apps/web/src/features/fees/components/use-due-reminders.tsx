import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReminderRequest } from '@academy/shared/schemas/fees';
import { normalizeError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { modals } from '../../../lib/modals';
import { translateServerText } from '../../../lib/server-text';
import { previewReminders, useSendReminders, type DuesFilter } from '../api';

/**
 * Fee reminders from the dues list: for the dues ticked, or for every overdue one the list shows (its
 * batch and search) after saying how many families; the answer tells what went, waits and was skipped.
 */
export function useDueReminders(filter: DuesFilter, clearSelection: () => void) {
  const { t } = useLingui();
  const remind = useSendReminders();
  const send = (input: ReminderRequest) =>
    remind.mutate(input, {
      onSuccess: ({ data }) => {
        clearSelection();
        const names = data.unreachable.join(', ');
        // Honest counts (issues 54 and 73): what goes now, what waits for the quiet hours to end, what no
        // channel can carry (and why), and what was skipped (and why).
        const sent = data.queued - data.waiting;
        const until = data.waitingUntil ? formatTime(data.waitingUntil) : '';
        const failed = data.failed;
        const counts =
          failed > 0
            ? data.waiting > 0
              ? t`${sent} sent, ${data.waiting} waiting for quiet hours to end (until ${until}), ${failed} not sent, ${data.skipped} skipped (already reminded this week)`
              : t`${sent} sent, ${failed} not sent, ${data.skipped} skipped (already reminded this week)`
            : data.waiting > 0
              ? t`${sent} sent, ${data.waiting} waiting for quiet hours to end (until ${until}), ${data.skipped} skipped (already reminded this week)`
              : t`${sent} sent, ${data.skipped} skipped (already reminded this week)`;
        const notDueYet = data.notDueYet;
        const notSent = data.notSent.map((entry) => `${entry.name} (${translateServerText(entry.reason)})`).join(', ');
        const lines = [
          counts,
          notDueYet > 0 ? t`${notDueYet} skipped (not due yet)` : null,
          notSent ? t`Not sent: ${notSent}` : null,
          data.unreachable.length ? t`No way to reach (no parent linked, no email): ${names}` : null,
        ].filter(Boolean);
        const trouble = data.unreachable.length > 0 || data.notSent.length > 0;
        notifications.show({
          title: t`Reminders`,
          message: lines.join('. '),
          color: trouble || data.queued === 0 ? 'yellow' : 'teal',
          // Names to call (or to set up a channel for) are read at leisure.
          autoClose: trouble ? false : undefined,
        });
      },
      onError: (error) => notifications.show({ title: t`Reminders not sent`, message: normalizeError(error).message, color: 'red' }),
    });
  // "Remind all overdue" reminds what the list shows (its batch and search), after saying how many families.
  const [asking, setAsking] = useState(false);
  const remindAllOverdue = async () => {
    const shown = { allOverdue: true, batch: filter.batch || undefined, search: filter.search || undefined };
    setAsking(true);
    let preview;
    try {
      preview = await previewReminders(shown);
    } catch (error) {
      notifications.show({ title: t`Reminders not sent`, message: normalizeError(error).message, color: 'red' });
      return;
    } finally {
      setAsking(false);
    }
    if (preview.families === 0) {
      // Nothing overdue in the list at all, or all of it reminded already this week: two different answers.
      const message = preview.skipped === 0 ? t`Nothing to send: no due in this list is overdue.` : t`Nothing to send: every overdue due shown was reminded this week.`;
      notifications.show({ title: t`Reminders`, message, color: 'yellow' });
      return;
    }
    modals.openConfirmModal({
      title: t`Remind all overdue`,
      children: (
        <Text size="sm">
          {plural(preview.families, { one: 'Send a reminder to # family about their overdue fees?', other: 'Send reminders to # families about their overdue fees?' })}
        </Text>
      ),
      labels: { confirm: t`Send reminders`, cancel: t`Cancel` },
      onConfirm: () => send(shown),
    });
  };

  return { send, remindAllOverdue, sending: remind.isPending, asking };
}
