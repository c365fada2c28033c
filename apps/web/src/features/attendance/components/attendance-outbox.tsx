import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSendWhenOnline, useWaitingEntries } from '../../../lib/outbox';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useCurrentUser } from '../../../lib/session';
import { discardFromOutbox, readOutbox, sendOutbox, subscribeOutbox, type OutboxEntry } from '../attendance-outbox';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural, t as translate } from '@lingui/core/macro';
import { attendanceKeys, batchKeys } from '../../../lib/query-keys';

/** The heading the teacher sees while marks wait on the phone (issue 17). */
export const OUTBOX_TITLE = 'Saved on this phone, will be sent when you are online';

const NOTHING_WAITS: OutboxEntry[] = [];

/** What waits on this phone for the signed-in teacher (nothing of anyone else's). */
export function useAttendanceOutbox(): OutboxEntry[] {
  return useWaitingEntries(useCurrentUser()?._id, subscribeOutbox, readOutbox, NOTHING_WAITS);
}

/** Sends what waits, announces each saved day and refreshes what shows attendance. */
async function sendAndAnnounce(queryClient: QueryClient, userId: string) {
  if (readOutbox(userId).length === 0) return;
  const saved = await sendOutbox(userId);
  if (saved.length === 0) return;
  for (const day of saved) {
    const batchName = day.batch.name;
    const date = formatDate(day.date);
    notifications.show({ title: translate`Attendance sent`, message: translate`${batchName}, ${date}: the marks saved on this phone are now submitted.`, color: 'teal' });
  }
  await Promise.all([queryClient.invalidateQueries({ queryKey: attendanceKeys.all }), queryClient.invalidateQueries({ queryKey: batchKeys.teacherSchedule() })]);
}

/** Mounted once in the teacher's shell: sends waiting attendance on app start and whenever the browser is back online. */
export function AttendanceOutboxSender() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?._id;
  useSendWhenOnline(
    useCallback(() => {
      if (userId) void sendAndAnnounce(queryClient, userId);
    }, [queryClient, userId]),
  );
  return null;
}

function timeOf(iso: string): string {
  return formatTime(iso);
}

/** What waits on this phone, each with a Discard; nothing when the outbox is empty. */
export function AttendanceOutboxPanel() {
  const { t } = useLingui();
  const entries = useAttendanceOutbox();
  const userId = useCurrentUser()?._id;
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  if (entries.length === 0 || !userId) return null;

  const send = async () => {
    setSending(true);
    try {
      await sendAndAnnounce(queryClient, userId);
    } finally {
      setSending(false);
    }
  };

  const discard = (entry: OutboxEntry) =>
    modals.openConfirmModal({
      title: t`Discard these marks?`,
      children: t`The attendance of ${entry.batchName} for ${formatDate(entry.date)} saved on this phone will not be sent.`,
      labels: { confirm: t`Discard`, cancel: t`Keep` },
      confirmProps: { color: 'red' },
      onConfirm: () => discardFromOutbox(userId, entry.batchId, entry.date),
    });

  return (
    <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden="true" />} title={OUTBOX_TITLE} role="status">
      <Stack gap="xs">
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Paper key={`${entry.batchId}|${entry.date}`} component="li" withBorder radius="sm" p="xs" aria-label={`${entry.batchName}, ${formatDate(entry.date)}`}>
              <Group justify="space-between" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 10rem' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.batchName} · {formatDate(entry.date)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {`${plural(entry.submission.records.length, { one: '# student', other: '# students' })} · ${t`saved at ${timeOf(entry.savedAt)}`}`}
                  </Text>
                  {entry.error ? (
                    <Text size="xs" c="red.8">
                      <Trans>Not accepted: {entry.error}</Trans>
                    </Text>
                  ) : null}
                </Stack>
                <Button size="xs" variant="subtle" color="red" onClick={() => discard(entry)}>
                  <Trans>Discard</Trans>
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
        <Group>
          <Button size="xs" variant="default" leftSection={<IconCloudUpload size={16} aria-hidden="true" />} loading={sending} onClick={() => void send()}>
            <Trans>Send now</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
