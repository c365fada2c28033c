import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatNumber } from '../../../lib/format-number';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AbsenceAlert } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PhoneLink } from '../../../components/ui/phone-link';
import { normalizeError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { translateServerText } from '../../../lib/server-text';
import { useAbsenceAlerts, useRetryAbsenceAlert } from '../api';
import { MESSAGE_STATUS_COLORS, useMessageLabels } from '../../../lib/message-labels';

const ROW_BORDER = '1px solid var(--mantine-color-default-border)';

type MessagesToday = AdminDashboardSummary['messagesToday'];

/**
 * Today's messages to parents on the dashboard (issues 21, 54): how many of each kind and how they stand, with a
 * link to the Messages screen that lists them; rows only for the failed ones (per child, parent and kind, each
 * channel's state, the parent's phone to tap, and a retry): 40 online-test notices were three screens of rows.
 */
export function AbsenceAlertsPanel({ counts }: { counts?: MessagesToday }) {
  const { t } = useLingui();
  const alerts = useAbsenceAlerts(undefined, 'all');
  const retry = useRetryAbsenceAlert();
  // One row per child, parent and kind, with their channels; only where a channel failed (the to-do).
  const groups = new Map<string, AbsenceAlert[]>();
  for (const alert of alerts.data?.alerts ?? []) {
    const key = [alert.child._id, alert.parent._id, alert.kind].join('/');
    groups.set(key, [...(groups.get(key) ?? []), alert]);
  }
  for (const [key, channels] of groups) if (!channels.some((alert) => alert.status === 'failed')) groups.delete(key);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="absence-alerts-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="absence-alerts-title">
            <Trans>Messages to parents today</Trans>
          </Title>
          <Anchor component={Link} to="/app/messages" size="sm">
            <Trans>Open Messages</Trans>
          </Anchor>
        </Group>
        {counts ? <MessageCounts counts={counts} /> : <Skeleton h={40} radius="md" aria-hidden="true" />}
        {alerts.isPending ? (
          <Skeleton h={80} radius="md" aria-hidden="true" />
        ) : alerts.isError ? (
          <LoadErrorAlert title={t`The messages could not be loaded`} error={alerts.error} fallback={t`Failed to load the messages`} onRetry={() => void alerts.refetch()} />
        ) : groups.size === 0 ? (
          counts?.total === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No message to parents today. Parents linked to a child marked absent get an alert after the correction delay.</Trans>
            </Text>
          ) : null
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Messages that failed`}>
            {[...groups.values()].map((channels) => (
              <FailedAlertRow key={channels[0]!._id} channels={channels} retry={retry} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** One child's alert of one kind to one parent, with each channel's status; a failed one can be sent again. */
function FailedAlertRow({ channels, retry }: { channels: AbsenceAlert[]; retry: ReturnType<typeof useRetryAbsenceAlert> }) {
  const { t } = useLingui();
  const labels = useMessageLabels();
  const kindLabel = labels.kind;
  const first = channels[0]!;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderTop: ROW_BORDER }}
      data-testid="absence-alert"
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Group gap="xs">
          <Text fw={600}>{first.child.name}</Text>
          <Badge size="sm" variant="outline" color="gray" data-testid="message-kind">
            {kindLabel(first.kind)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {first.parent.name}
          </Text>
          <PhoneLink phone={first.parent.phone} />
        </Group>
      </Stack>
      <Stack gap={4} align="flex-end">
        {channels.map((alert) => (
          <Group key={alert._id} gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {labels.channel(alert.channel)} · {formatTime(alert.at)}
            </Text>
            <Badge size="sm" variant="light" color={MESSAGE_STATUS_COLORS[alert.status]} title={alert.error ? translateServerText(alert.error) : undefined}>
              {labels.status(alert.status)}
            </Badge>
            {alert.status === 'failed' ? (
              <Button
                size="compact-xs"
                variant="light"
                loading={retry.isPending && retry.variables === alert._id}
                onClick={() =>
                  retry.mutate(alert._id, {
                    onSuccess: ({ message }) => notifications.show({ title: t`Sending again`, message: message ?? t`The message will be sent again`, color: 'teal' }),
                    onError: (error) => notifications.show({ title: t`Not sent again`, message: normalizeError(error, t`Failed to send the message again`).message, color: 'red' }),
                  })
                }
              >
                <Trans>Retry</Trans>
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

/** Counts by kind, each with how many wait or failed; the day's statuses in one line; held ones said apart. */
function MessageCounts({ counts }: { counts: MessagesToday }) {
  const { t } = useLingui();
  const labels = useMessageLabels();
  if (counts.total === 0) return null;
  const delivered = counts.byStatus.delivered + counts.byStatus.read;
  return (
    <Stack gap={6} data-testid="messages-today-counts">
      <Text size="sm">
        {plural(counts.total, { one: '# message today', other: '# messages today' })}
        {' · '}
        {t`${formatNumber(counts.byStatus.sent + delivered)} sent`}
        {counts.byStatus.queued > 0 ? ` · ${t`${formatNumber(counts.byStatus.queued)} waiting`}` : ''}
        {counts.byStatus.failed > 0 ? ` · ${t`${formatNumber(counts.byStatus.failed)} failed`}` : ''}
      </Text>
      {counts.held > 0 ? (
        <Anchor component={Link} to="/app/messages?status=queued" size="sm" c="orange.9" data-testid="messages-held">
          {plural(counts.held, { one: '# message held until the quiet hours end', other: '# messages held until the quiet hours end' })}
        </Anchor>
      ) : null}
      <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Messages by kind`}>
        {counts.byKind.map((entry) => (
          <li key={entry.kind}>
            <Badge
              component={Link}
              to={`/app/messages?kind=${entry.kind}`}
              variant="light"
              color={entry.failed > 0 ? 'red' : entry.waiting > 0 ? 'yellow' : 'gray'}
              tt="none"
              size="lg"
              style={{ cursor: 'pointer' }}
              data-testid="message-kind-count"
            >
              {`${labels.kind(entry.kind)}: ${formatNumber(entry.total)}`}
              {entry.failed > 0 ? ` · ${t`${formatNumber(entry.failed)} failed`}` : ''}
            </Badge>
          </li>
        ))}
      </Group>
    </Stack>
  );
}
