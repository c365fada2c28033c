import { useState } from 'react';
import { Alert, Anchor, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import { normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { CALENDAR_FEED_FAILURES, useCalendarFeedStatus, useCreateCalendarFeed, useStopCalendarFeed } from '../api';

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

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (link) => setUrl(link.url),
      onError: (error) => notifications.show({ color: 'red', title: 'Calendar address', message: normalizeError(error, CALENDAR_FEED_FAILURES.create).message }),
    });
  const stopLink = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        notifications.show({ color: 'teal', title: 'Calendar address', message: 'The address has stopped working.' });
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Calendar address', message: normalizeError(error, CALENDAR_FEED_FAILURES.stop).message }),
    });

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarPlus size={20} aria-hidden="true" />
          <Title order={2} size="h4">
            Add to your phone&apos;s calendar
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Subscribe once and your calendar app keeps your classes up to date. Anyone who has the address can see your class times, so keep it to yourself.
        </Text>
        {url ? (
          <Stack gap="xs">
            <TextInput label="Your calendar address" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Group gap="sm">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button size="sm" variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy address'}
                  </Button>
                )}
              </CopyButton>
              <Button size="sm" variant="subtle" component="a" href={url.replace(/^https?:/, 'webcal:')}>
                Open in calendar app
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              This address is shown only now. If you lose it, make a new one (the old one then stops working).
            </Text>
          </Stack>
        ) : status.isError ? (
          <Alert color="red" variant="light">
            {normalizeError(status.error, CALENDAR_FEED_FAILURES.fetch).message}
          </Alert>
        ) : status.data?.active ? (
          <Text size="sm">A calendar address made on {formatDate(status.data.createdAt)} is working.</Text>
        ) : null}
        <Group gap="sm">
          <Button size="sm" onClick={makeLink} loading={create.isPending} disabled={status.isPending}>
            {status.data?.active || url ? 'Make a new address' : 'Get calendar address'}
          </Button>
          {status.data?.active ? (
            <Button size="sm" variant="default" onClick={stopLink} loading={stop.isPending}>
              Stop the address
            </Button>
          ) : null}
          <Anchor size="sm" href={downloadPath} download="schedule.ics">
            Download .ics file
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
