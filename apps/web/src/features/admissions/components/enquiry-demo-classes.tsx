import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { WEEKDAYS, weekdayOfDate } from '@academy/shared/schedule';
import type { AdmissionEnquiryDetail } from '@academy/shared/schemas/admissions';
import type { Batch } from '@academy/shared/schemas/batches';
import { demoBookingInputSchema, type DemoClass } from '@academy/shared/schemas/demo-classes';
import type { MessageChannel, MessageStatus } from '@academy/shared/schemas/messaging';
import { SectionCard } from '../../../components/detail-page';
import { DateField } from '../../../components/ui/date-field';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatTime, formatWeekdayName } from '../../../lib/format-date';
import { modals } from '../../../lib/modals';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { BATCHES_FAILURE, useBatches } from '../../batches/api';
import { useBookDemo, useCancelDemo, useEnquiryDemos } from '../enquiry-demo-classes-api';
import { useLocalNames } from '../../../lib/public-settings';
import type { LocalNamesIn } from '@academy/shared/academy-words';
import { searchEnglishToo } from '../../../lib/local-name-search';
import { FormButtons } from '../../../components/ui/form-buttons';

/** Shown when a request fails without the server's words. */
const DEMO_FAILURES = {
  fetch: msg`Failed to load the demo classes`,
  book: msg`Failed to book the demo class`,
  cancel: msg`Failed to cancel the demo class`,
};

/** "Tue, 01-12-2026": a class day with its weekday in the language shown. */
function useClassDay(): (date: string) => string {
  const { t } = useLingui();
  return (date) => {
    // WEEKDAYS starts on Monday, Intl's day numbers on Sunday.
    const weekday = formatWeekdayName((WEEKDAYS.indexOf(weekdayOfDate(date)) + 1) % 7, 'short');
    const day = formatDate(date);
    return t`${weekday}, ${day}`;
  };
}

const classTime = (startTime: string, endTime: string) => `${formatTime(startTime)} – ${formatTime(endTime)}`;

/** Whether the office may still book a demo: an open enquiry (new or contacted) not yet a student. */
function canBook(enquiry: AdmissionEnquiryDetail): boolean {
  return !enquiry.student && (enquiry.status === 'new' || enquiry.status === 'contacted');
}

/**
 * The batches a demo can be booked in: running or upcoming, not archived, not ended before today;
 * only those of the enquiry's standard (the classes that fit, issue 54), unless the office asks for the
 * others too (`all`), which then follow them. Subjects and the standard are named in the reader's
 * language; a search finds a batch by its English subject too. `fitting`: how many are of its standard.
 */
function bookableBatches(batches: readonly Batch[], today: string, standardId: string | undefined, otherLabel: string, names: LocalNamesIn, all: boolean) {
  const open = batches.filter((batch) => !batch.archived && batch.endDate >= today).sort((a, b) => a.name.localeCompare(b.name));
  const label = (batch: Batch, subject: string) => `${batch.name} · ${subject} · ${classTime(batch.schedule.startTime, batch.schedule.endTime)}`;
  const option = (batch: Batch) => ({ value: batch._id, label: label(batch, names.subject(batch.subject)) });
  const filter = searchEnglishToo(new Map(open.map((batch) => [batch._id, label(batch, batch.subject.name)])));
  const fits = open.filter((batch) => batch.standard._id === standardId);
  const others = open.filter((batch) => batch.standard._id !== standardId);
  if (fits.length === 0) return { options: { data: others.map(option), filter }, fitting: 0 };
  const fitting = { group: names.standard(fits[0]!.standard), items: fits.map(option) };
  return { options: { data: [fitting, ...(all && others.length ? [{ group: otherLabel, items: others.map(option) }] : [])], filter }, fitting: fits.length };
}

function BookDemoForm({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const today = useAcademyToday();
  const batches = useBatches();
  const book = useBookDemo(enquiry._id);
  const [allBatches, setAllBatches] = useState(false);

  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { batch: '', date: '' },
    schema: demoBookingInputSchema,
    mode: 'controlled',
    save: (values) => book.mutateAsync(values),
    onSaved: ({ message }) => {
      notifications.show({ title: t`Demo class booked`, message: message ?? t`Demo class booked`, color: 'teal' });
      modals.closeAll();
    },
    failure: DEMO_FAILURES.book,
    leaveGuard: false,
  });

  if (batches.isError) {
    return <LoadErrorAlert title={t`The batches could not be loaded`} error={batches.error} fallback={BATCHES_FAILURE} onRetry={() => void batches.refetch()} />;
  }

  const batch = batches.data?.find((candidate) => candidate._id === form.values.batch);
  const bookable = bookableBatches(batches.data ?? [], today, enquiry.standard?._id, t`Other batches`, names, allBatches);
  // Only the batch's class days can be picked, from today (or its start) to its end; the server checks
  // closures and says so.
  const firstDay = batch && batch.startDate > today ? batch.startDate : today;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Book <strong>{enquiry.studentName}</strong> into a class. The teacher sees them on that day’s attendance sheet, and the family gets the time and address.
          </Trans>
        </Text>
        <Select
          label={t`Batch`}
          placeholder={batches.isPending ? t`Loading batches…` : t`Choose a batch`}
          {...bookable.options}
          searchable
          nothingFoundMessage={t`No batch matches`}
          disabled={batches.isPending}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          key={form.key('batch')}
          {...form.getInputProps('batch')}
          onChange={(value) => {
            // Another batch has other class days: the date is chosen again.
            form.setFieldValue('batch', value ?? '');
            form.setFieldValue('date', '');
          }}
        />
        {bookable.fitting > 0 && enquiry.standard ? (
          <Checkbox
            label={t`Show the batches of other standards too`}
            checked={allBatches}
            onChange={(event) => setAllBatches(event.currentTarget.checked)}
            data-testid="demo-all-batches"
          />
        ) : null}
        {batch ? (
          <Text size="sm" c="dimmed">
            {t`Teacher: ${batch.teacher.name}`}
          </Text>
        ) : null}
        <DateField
          label={t`Date`}
          description={t`Only the batch’s class days can be chosen.`}
          disabled={!batch}
          min={firstDay}
          max={batch?.endDate}
          excludeDate={(date) => !batch || !batch.schedule.days.includes(weekdayOfDate(date))}
          key={form.key('date')}
          {...form.getInputProps('date')}
        />
        {formError ? (
          <Alert color="red" variant="light" title={t`The demo class was not booked`} role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormButtons cancel={{ onClick: () => modals.closeAll() }} submitLabel={<Trans>Book the demo class</Trans>} saving={saving} gap="xs" />
      </Stack>
    </form>
  );
}

function MarkBadge({ status }: { status: DemoClass['status'] }) {
  const { t } = useLingui();
  if (status === 'present') return <Badge color="teal" variant="light" tt="none">{t`Present`}</Badge>;
  if (status === 'absent') return <Badge color="red" variant="light" tt="none">{t`Absent`}</Badge>;
  return <Badge color="gray" variant="light" tt="none">{t`Not marked`}</Badge>;
}

/** "Told by WhatsApp: delivered": how the family's message with the time and address is doing. */
function MessageLine({ message }: { message: DemoClass['message'] }) {
  const { t } = useLingui();
  if (!message) return null;
  const channels: Record<MessageChannel, string> = { push: t`App notification`, whatsapp: t`WhatsApp`, sms: t`SMS`, email: t`Email`, webhook: t`Webhook`, none: t`No channel` };
  const statuses: Record<MessageStatus, string> = { queued: t`Waiting`, sent: t`Sent`, delivered: t`Delivered`, read: t`Read`, failed: t`Failed`, cancelled: t`Cancelled` };
  const channel = channels[message.channel];
  const status = statuses[message.status];
  return (
    <Text size="xs" c={message.status === 'failed' ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
      {t`Family told by ${channel}: ${status}`}
      {message.status === 'failed' && message.error ? ` (${message.error})` : ''}
      {message.waitingUntil ? ` · ${t`waiting for quiet hours to end (until ${formatTime(message.waitingUntil)})`}` : ''}
    </Text>
  );
}

function DemoRow({ enquiryId, demo }: { enquiryId: string; demo: DemoClass }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const cancel = useCancelDemo(enquiryId);
  const day = useClassDay()(demo.date);
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: t`Cancel this demo class?`,
      centered: true,
      children: <Text size="sm">{t`The demo class in ${demo.batch.name} on ${day} is cancelled. A message not sent yet is not sent; tell the family yourself if they already know.`}</Text>,
      labels: { confirm: t`Cancel the demo class`, cancel: t`Keep it` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(demo._id, {
          onSuccess: ({ message }) => notifications.show({ title: t`Demo class cancelled`, message: message ?? t`Demo class cancelled`, color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Demo class not cancelled`, message: normalizeError(error, DEMO_FAILURES.cancel).message, color: 'red' }),
        }),
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="demo-class">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {day} · {classTime(demo.startTime, demo.endTime)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {demo.batch.name} · {names.subject(demo.batch.subject)} · {demo.batch.teacher.name}
          </Text>
          {demo.markedBy ? (
            <Text size="xs" c="dimmed">
              {t`Marked by ${demo.markedBy.name}`}
            </Text>
          ) : null}
          <MessageLine message={demo.message} />
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <MarkBadge status={demo.status} />
          {demo.status === null ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={confirmCancel} loading={cancel.isPending} aria-label={t`Cancel the demo class on ${day}`}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The enquiry's demo classes (issue 41): each booking with its class day and time, the teacher's mark
 * (not marked, present, absent) and how the family was told; "Book a demo class" while the enquiry is open.
 */
export function DemoClasses({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const demos = useEnquiryDemos(enquiry._id);
  const openBooking = () => modals.open({ title: t`Book a demo class`, centered: true, size: 'lg', children: <BookDemoForm enquiry={enquiry} /> });
  return (
    <SectionCard
      title={t`Demo classes`}
      actions={
        canBook(enquiry) ? (
          <Button variant="light" leftSection={<IconCalendarPlus size={18} aria-hidden="true" />} onClick={openBooking}>
            <Trans>Book a demo class</Trans>
          </Button>
        ) : null
      }
    >
      {demos.isPending ? (
        <Skeleton h={60} radius="md" aria-hidden="true" />
      ) : demos.isError ? (
        <LoadErrorAlert title={t`The demo classes could not be loaded`} error={demos.error} fallback={DEMO_FAILURES.fetch} onRetry={() => void demos.refetch()} />
      ) : demos.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No demo class booked yet.</Trans>
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Demo classes`}>
          {demos.data.map((demo) => (
            <DemoRow key={demo._id} enquiryId={enquiry._id} demo={demo} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
