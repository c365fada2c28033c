import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWifiOff } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSendWhenOnline, useWaitingEntries } from '../../../lib/outbox';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { homeworkKeys } from '../api';
import { useCurrentUser } from '../../../lib/session';
import { readWaiting, sendHandIns, subscribeHandIns, type WaitingHandIn } from '../hand-in-outbox';

const NOTHING_WAITS: WaitingHandIn[] = [];

/** What waits on this phone for the signed-in student (nothing of anyone else's). */
export function useHandInOutbox(): WaitingHandIn[] {
  return useWaitingEntries(useCurrentUser()?._id, subscribeHandIns, readWaiting, NOTHING_WAITS);
}

/** Sends what waits, announces each hand-in the server took and refreshes the homework screens. */
async function sendAndAnnounce(queryClient: QueryClient, userId: string) {
  if (readWaiting(userId).length === 0) return;
  const sent = await sendHandIns(userId);
  if (sent.length === 0) return;
  for (const submission of sent) {
    const pages = submission.pages.length;
    notifications.show({ title: translate`Homework handed in`, message: translate`${pages} pages sent. Your teacher will check them.`, color: 'teal' });
  }
  await queryClient.invalidateQueries({ queryKey: homeworkKeys.all });
}

/** Sends the signed-in student's waiting hand-ins now (the form's "Hand in" and "Send now"). */
export function useSendHandIns(): () => Promise<void> {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?._id;
  return useCallback(async () => {
    if (userId) await sendAndAnnounce(queryClient, userId);
  }, [queryClient, userId]);
}

/** Mounted once in the student's shell: sends waiting pages on app start and whenever the browser is back online. */
export function HandInOutboxSender() {
  const send = useSendHandIns();
  useSendWhenOnline(useCallback(() => void send(), [send]));
  return null;
}

/** The homework list's reminder of what waits on this phone; nothing when nothing waits. */
export function HandInOutboxPanel() {
  const { t } = useLingui();
  const entries = useHandInOutbox();
  if (entries.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden="true" />} title={t`Waiting to send`} mb="md" data-testid="hand-in-outbox">
      <Stack gap={4}>
        {entries.map((entry) => (
          <Text key={entry.homeworkId} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.error ? <Trans>{entry.title}: not taken. Open it to see why.</Trans> : <Trans>{entry.title}: {entry.pageCount} pages, sent when the phone is online.</Trans>}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
