import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from '@academy/shared/schemas/messaging';
import { ListFilters, ListFooter, ListStates } from '../../../components/list-kit';
import { DateField } from '../../../components/ui/date-field';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDate } from '../../../lib/format-date';
import { MESSAGE_FAILURES, useMessages } from '../../../features/messages/api';
import { MessageListView, MessageStatusTiles } from '../../../features/messages/components/message-list-view';
import { messageFiltersOf, messageQueryOf, messageSearchOf, type MessageFilters } from '../../../features/messages/message-filters';
import { useMessageLabels } from '../../../lib/message-labels';

const PAGE_SIZE = 25;
type MessagesData = NonNullable<ReturnType<typeof useMessages>['data']>;
type UpdateFilters = (next: Partial<MessageFilters>) => void;

/**
 * The office's Messages screen (issue 37): the day's messages to families by status, filtered by day,
 * kind, channel and status, each with its delivery and a "Send again" on a failed one; this month's
 * count per channel (SMS parts are what MSG91 charges). `?parentId=` shows one parent's messages of every day.
 */
export function Component() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = messageFiltersOf(params);
  const messages = useMessages(messageQueryOf(filters, PAGE_SIZE));
  const data = messages.data;

  const update: UpdateFilters = (next) => setParams(messageSearchOf({ ...filters, page: 1, ...next }), { replace: true });
  const filtered = Boolean(filters.kind || filters.channel || filters.status || filters.date);
  const total = data?.pagination.total ?? 0;

  return (
    <>
      <PageHeader title={t`Messages`} description={t`Messages to families by WhatsApp, SMS, email and the webhook: what was sent, delivered and read.`} />
      <Stack gap="md">
        {/* Families' replies (issue 60). */}
        <Group>
          <Button component={Link} to="/app/messages/conversations" variant="light">
            <Trans>Conversations</Trans>
          </Button>
        </Group>
        <ParentOrDayPanel filters={filters} data={data} update={update} />

        <MessageFilterFields filters={filters} filtered={filtered} update={update} />

        <ListStates
          query={messages}
          count={data?.items.length ?? 0}
          errorTitle={t`The messages could not be loaded`}
          errorFallback={MESSAGE_FAILURES.fetch}
          empty={filtered ? t`No message matches these filters.` : filters.parentId ? t`No message to this parent yet.` : t`No message to families on this day.`}
        >
          <MessageListView items={data?.items ?? []} everyDay={Boolean(filters.parentId)} />
          <ListFooter
            countText={plural(total, { one: '# message', other: '# messages' })}
            paging={{ total, pageSize: PAGE_SIZE, page: filters.page, onChange: (page) => update({ page }) }}
          />
        </ListStates>
        {data && data.month.length > 0 ? <ThisMonth month={data.month} /> : null}
      </Stack>
    </>
  );
}

/** One parent's messages of every day (with the way back to all), or the chosen day's counts by status. */
function ParentOrDayPanel({ filters, data, update }: { filters: MessageFilters; data: MessagesData | undefined; update: UpdateFilters }) {
  const parentName = data?.items.find((item) => item.parent._id === filters.parentId)?.parent.name;
  const day = data?.date ? formatDate(data.date) : '';
  return filters.parentId ? (
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            {parentName ? <Trans>Messages to {parentName}, every day</Trans> : <Trans>Messages to one parent, every day</Trans>}
          </Text>
          <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden="true" />} onClick={() => update({ parentId: '' })}>
            <Trans>All parents</Trans>
          </Button>
        </Group>
      </Paper>
    ) : (
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="messages-day-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="messages-day-title">
            {filters.date ? <Trans>Messages on {day}</Trans> : <Trans>Today</Trans>}
          </Title>
          {data ? <MessageStatusTiles counts={data.today} picked={filters.status} onPick={(status) => update({ status: status as MessageFilters['status'] })} /> : <Text size="sm">…</Text>}
        </Stack>
      </Paper>
  );
}

/** The day, kind, channel and status filters, and a way to clear them. */
function MessageFilterFields({ filters, filtered, update }: { filters: MessageFilters; filtered: boolean; update: UpdateFilters }) {
  const { t } = useLingui();
  const labels = useMessageLabels();
  return (
    <>
      <ListFilters columns={{ sm: 2, lg: filters.parentId ? 3 : 4 }}>
        {filters.parentId ? null : <DateField label={t`Day`} value={filters.date} onChange={(date) => update({ date })} />}
        <ChoiceFilter label={t`Kind`} placeholder={t`All kinds`} choices={MESSAGE_KINDS} labelOf={labels.kind} value={filters.kind} onChange={(kind) => update({ kind })} />
        <ChoiceFilter label={t`Channel`} placeholder={t`All channels`} choices={MESSAGE_CHANNELS} labelOf={labels.channel} value={filters.channel} onChange={(channel) => update({ channel })} />
        <ChoiceFilter label={t`Status`} placeholder={t`All statuses`} choices={MESSAGE_STATUSES} labelOf={labels.status} value={filters.status} onChange={(status) => update({ status })} />
      </ListFilters>
      {filtered ? (
        <Group justify="flex-end" mt={-8}>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden="true" />}
            onClick={() => update({ date: '', kind: '', channel: '', status: '' })}
          >
            <Trans>Clear filters</Trans>
          </Button>
        </Group>
      ) : null}
    </>
  );
}

interface ChoiceFilterProps<T extends string> {
  label: string;
  placeholder: string;
  choices: readonly T[];
  labelOf: (choice: T) => string;
  value: T | '';
  onChange: (value: T | '') => void;
}

/** A clearable choice among fixed values, each shown by its label; cleared is ''. */
function ChoiceFilter<T extends string>({ label, placeholder, choices, labelOf, value, onChange }: ChoiceFilterProps<T>) {
  return <Select label={label} placeholder={placeholder} clearable data={choices.map((choice) => ({ value: choice, label: labelOf(choice) }))} value={value || null} onChange={(next) => onChange((next ?? '') as T | '')} />;
}

/** This month's count per channel, with SMS parts (what MSG91 charges). */
function ThisMonth({ month }: { month: MessagesData['month'] }) {
  const labels = useMessageLabels();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="messages-month-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="messages-month-title">
          <Trans>This month</Trans>
        </Title>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {month.map((row) => (
            <Text key={row.channel} component="li" size="sm" data-testid={`month-${row.channel}`}>
              <Text span fw={600}>
                {labels.channel(row.channel)}:
              </Text>{' '}
              {plural(row.messages, { one: '# message', other: '# messages' })}
              {row.channel === 'sms' ? <> · {plural(row.parts, { one: '# SMS part', other: '# SMS parts' })}</> : null}
            </Text>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          <Trans>MSG91 charges per SMS part: a message in Marathi or Hindi of more than 70 letters takes two or more parts.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
