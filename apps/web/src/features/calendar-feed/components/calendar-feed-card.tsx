import { useState } from 'react';
import { Alert, Anchor, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import { normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { CALENDAR_FEED_FAILURES, useCalendarFeedStatus, useCreateCalendarFeed, useStopCalendarFeed } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

interface CalendarFeedCardProps {
  /** The cookie-based download for this role: /api/student/schedule.ics or /api/teachers/me/schedule.ics. */
  downloadPath: string;
}

/**
 * Puts the week of classes into a phone's calendar: a secret address to subscribe to (Google Calendar
 * "From URL", iPhone "Add Subscribed Calendar"), shown once because only its hash is stored, or a
 * one-off .ics download.
 */
export function CalendarFeedCard({ downloadPath }: CalendarFeedCardProps) {
  const status = useCalendarFeedStatus();
  const create = useCreateCalendarFeed();
  const stop = useStopCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const { t } = useLingui();

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (link) => setUrl(link.url),
      onError: (error) => notifications.show({ color: 'red', title: t`Calendar address`, message: normalizeError(error, CALENDAR_FEED_FAILURES.create).message }),
    });
  const stopLink = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        notifications.show({ color: 'teal', title: t`Calendar address`, message: t`The address has stopped working.` });
      },
      onError: (error) => notifications.show({ color: 'red', title: t`Calendar address`, message: normalizeError(error, CALENDAR_FEED_FAILURES.stop).message }),
    });

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarPlus size={20} aria-hidden="true" />
          <Title order={2} size="h4">
            <Trans>Add to your phone&apos;s calendar</Trans>
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Subscribe once and your calendar app keeps your classes up to date. Anyone who has the address can see your class times, so keep it to yourself.</Trans>
        </Text>
        {url ? (
          <Stack gap="xs">
            <TextInput label={t`Your calendar address`} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group gap="sm">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button size="sm" variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                    {copied ? t`Copied` : t`Copy address`}
                  </Button>
                )}
              </CopyButton>
              <Button size="sm" variant="subtle" component="a" href={url.replace(/^https?:/, 'webcal:')}>
                <Trans>Open in calendar app</Trans>
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              <Trans>This address is shown only now. If you lose it, make a new one (the old one then stops working).</Trans>
            </Text>
          </Stack>
        ) : status.isError ? (
          <Alert color="red" variant="light">
            {normalizeError(status.error, CALENDAR_FEED_FAILURES.fetch).message}
          </Alert>
        ) : status.data?.active ? (
          <Text size="sm">{t`A calendar address made on ${formatDate(status.data.createdAt)} is working.`}</Text>
        ) : null}
        <Group gap="sm">
          <Button size="sm" onClick={makeLink} loading={create.isPending} disabled={status.isPending}>
            {status.data?.active || url ? t`Make a new address` : t`Get calendar address`}
          </Button>
          {status.data?.active ? (
            <Button size="sm" variant="default" onClick={stopLink} loading={stop.isPending}>
              <Trans>Stop the address</Trans>
            </Button>
          ) : null}
          <Anchor size="sm" href={downloadPath} download="schedule.ics">
            <Trans>Download .ics file</Trans>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
