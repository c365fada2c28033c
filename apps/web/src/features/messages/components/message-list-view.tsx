import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageItem } from '@academy/shared/schemas/messaging';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime, formatTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/phone';
import { translateServerText } from '../../../lib/server-text';
import { MESSAGE_FAILURES, useRetryMessage, useSendMessageNow } from '../api';
import { MESSAGE_STATUS_COLORS, useMessageLabels } from '../../../lib/message-labels';

/** Where a message went: a phone grouped as "+91 98220 12345", an email as it is, the webhook by name. */
function recipientOf(item: MessageItem): string | null {
  // A phone is shown the one way whatever the channel (issue 73: a message no channel could carry names the
  // phone it was for); an email, a webhook's address, anything else as it is.
  return item.to ? formatPhone(item.to) : null;
}

type MessageActions = ReturnType<typeof useMessageActions>;

/** Sending a held message now, and a failed one again, each with its notification. */
function useMessageActions() {
  const { t } = useLingui();
  const retry = useRetryMessage();
  const sendNow = useSendMessageNow();
  const sendHeldNow = (item: MessageItem) =>
    sendNow.mutate(item._id, {
      onSuccess: ({ message }) => notifications.show({ title: t`Sending now`, message: message ?? t`The message is being sent now`, color: 'teal' }),
      onError: (error) => notifications.show({ title: t`Not sent now`, message: normalizeError(error, MESSAGE_FAILURES.sendNow).message, color: 'red' }),
    });

  const sendAgain = (item: MessageItem) =>
    retry.mutate(item._id, {
      onSuccess: ({ message }) => notifications.show({ title: t`Sending again`, message: message ?? t`The message will be sent again`, color: 'teal' }),
      onError: (error) => notifications.show({ title: t`Not sent again`, message: normalizeError(error, MESSAGE_FAILURES.retry).message, color: 'red' }),
    });
  return {
    sendNow: (item: MessageItem) => (
      <MessageActionButton icon={<IconSend size={14} aria-hidden="true" />} loading={sendNow.isPending && sendNow.variables === item._id} onClick={() => sendHeldNow(item)}>
        <Trans>Send now</Trans>
      </MessageActionButton>
    ),
    sendAgain: (item: MessageItem) => (
      <MessageActionButton icon={<IconRefresh size={14} aria-hidden="true" />} loading={retry.isPending && retry.variables === item._id} onClick={() => sendAgain(item)}>
        <Trans>Send again</Trans>
      </MessageActionButton>
    ),
  };
}

function MessageActionButton({ icon, loading, onClick, children }: { icon: ReactNode; loading: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="compact-sm" variant="light" leftSection={icon} loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * The Messages screen's list (issue 37): child and kind, parent, channel and where it went, status
 * with the reason of a failure in plain words, SMS parts, and when it was made, delivered and read.
 * `everyDay`: one parent's messages of many days, so each time carries its date.
 */
export function MessageListView({ items, everyDay }: { items: MessageItem[]; everyDay: boolean }) {
  const { t } = useLingui();
  const actions = useMessageActions();
  const columns = useMessageColumns(everyDay, actions);
  // The list's own breakpoint (ListView): on a phone's card "Send now" sits under its reason, not beside the status.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  return (
    <ListView
      rows={items}
      columns={columns}
      label={t`Messages`}
      minWidth={900}
      actions={(item) =>
        item.waitingFor ? (wide ? actions.sendNow(item) : null) : item.status === 'failed' && item.channel !== 'none' ? actions.sendAgain(item) : null
      }
    />
  );
}

function MessageStatus({ item }: { item: MessageItem }) {
  const labels = useMessageLabels();
  return (
    <Badge variant="light" color={MESSAGE_STATUS_COLORS[item.status]} data-testid="message-status">
      {labels.status(item.status)}
    </Badge>
  );
}

/** Why a queued message has not gone, and until when (issue 54): the quiet hours set in Settings → Messages. */
function QuietHoursWait({ item }: { item: MessageItem }) {
  return item.waitingFor === 'quiet-hours' && item.waitingUntil ? (
    <Text size="xs" c="dimmed" data-testid="message-waiting">
      <Trans>Waiting for quiet hours to end (until {formatTime(item.waitingUntil)})</Trans>
    </Text>
  ) : null;
}

function MessageError({ item }: { item: MessageItem }) {
  return item.error ? (
    <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
      {translateServerText(item.error)}
    </Text>
  ) : null;
}

/** The list's columns; on a phone's card the channel and the times are each one line. */
function useMessageColumns(everyDay: boolean, actions: MessageActions): ListColumn<MessageItem>[] {
  const { t } = useLingui();
  const labels = useMessageLabels();
  const when = everyDay ? formatDateTime : formatTime;
  return [
    {
      key: 'child',
      header: t`Child`,
      card: 'title',
      cell: (item) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {item.child ? (
              <Anchor component={Link} to={`/app/students/${item.child._id}`} inherit>
                {item.child.name}
              </Anchor>
            ) : (
              '—'
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {labels.kind(item.kind)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'parent',
      header: t`Parent`,
      card: 'subtitle',
      cell: (item) => (
        <Anchor component={Link} to={`/app/messages?parentId=${encodeURIComponent(item.parent._id)}`} size="sm">
          {item.parent.name}
        </Anchor>
      ),
    },
    { key: 'channel', header: t`Channel and to`, cell: (item) => <ChannelCell item={item} />, cardCell: (item) => <ChannelCard item={item} /> },
    {
      key: 'status',
      header: t`Status`,
      card: 'aside',
      miw: 140,
      cell: (item) => (
        <Stack gap={2} align="flex-start">
          <MessageStatus item={item} />
          <QuietHoursWait item={item} />
          <MessageError item={item} />
        </Stack>
      ),
      cardCell: (item) => <MessageStatus item={item} />,
    },
    {
      key: 'waiting',
      header: t`Waiting`,
      inTable: false,
      cell: (item) =>
        item.waitingFor ? (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <QuietHoursWait item={item} />
            {actions.sendNow(item)}
          </Group>
        ) : null,
    },
    { key: 'error', header: t`Error`, inTable: false, cell: (item) => <MessageError item={item} /> },
    { key: 'parts', header: t`SMS parts`, align: 'right', inTable: true, card: 'hidden', cell: (item) => (item.channel === 'sms' ? item.parts : '—') },
    { key: 'time', header: t`Time`, nowrap: true, cell: (item) => <TimesCell item={item} when={when} />, cardCell: (item) => <TimesCard item={item} when={when} /> },
  ];
}

function ChannelCell({ item }: { item: MessageItem }) {
  const labels = useMessageLabels();
  return (
    <Stack gap={0}>
      <Text size="sm">{labels.channel(item.channel)}</Text>
      {recipientOf(item) ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="message-to">
          {recipientOf(item)}
        </Text>
      ) : null}
    </Stack>
  );
}

function ChannelCard({ item }: { item: MessageItem }) {
  const labels = useMessageLabels();
  return (
    <Text size="sm">
      {labels.channel(item.channel)}
      {recipientOf(item) ? (
        <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {' · '}
          {recipientOf(item)}
        </Text>
      ) : null}
      {item.channel === 'sms' ? (
        <Text span size="sm" c="dimmed">
          {' · '}
          {plural(item.parts, { one: '# SMS part', other: '# SMS parts' })}
        </Text>
      ) : null}
    </Text>
  );
}

function TimesCell({ item, when }: { item: MessageItem; when: (value: string) => string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{when(item.createdAt)}</Text>
      {item.deliveredAt ? (
        <Text size="xs" c="dimmed">
          <Trans>Delivered {formatTime(item.deliveredAt)}</Trans>
        </Text>
      ) : null}
      {item.readAt ? (
        <Text size="xs" c="dimmed">
          <Trans>Read {formatTime(item.readAt)}</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

function TimesCard({ item, when }: { item: MessageItem; when: (value: string) => string }) {
  return (
    <Text size="xs" c="dimmed">
      {when(item.createdAt)}
      {item.deliveredAt ? (
        <>
          {' · '}
          <Trans>Delivered {formatTime(item.deliveredAt)}</Trans>
        </>
      ) : null}
      {item.readAt ? (
        <>
          {' · '}
          <Trans>Read {formatTime(item.readAt)}</Trans>
        </>
      ) : null}
    </Text>
  );
}

/** The tiles of the day's messages by status (tapping one filters the list by it). */
export function MessageStatusTiles({ counts, onPick, picked }: { counts: Partial<Record<string, number>>; onPick: (status: string) => void; picked: string }) {
  const labels = useMessageLabels();
  const shown = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
  return (
    <Group gap="xs" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {shown.map((status) => (
        <li key={status}>
          <Button
            variant={picked === status ? 'filled' : 'light'}
            color={MESSAGE_STATUS_COLORS[status]}
            size="sm"
            aria-pressed={picked === status}
            onClick={() => onPick(picked === status ? '' : status)}
            data-testid={`count-${status}`}
          >
            {labels.status(status)}: {counts[status] ?? 0}
          </Button>
        </li>
      ))}
    </Group>
  );
}
