import { Alert, Anchor, Button, Group, Select, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconCircleDot, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ENQUIRY_SOURCE_LABELS, ENQUIRY_STATUS_LABELS } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryDetail, EnquiryStatus } from '@academy/shared/schemas/admissions';
import { normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useBatches } from '../../batches/api';
import { ENQUIRY_FAILURES, useChangeEnquiryStatus, useConvertEnquiry, useUpdateEnquiry } from '../api';

const STATUS_ACTIONS: Record<EnquiryStatus, { label: string; color?: string; variant: string }> = {
  new: { label: 'Mark as new', variant: 'light' },
  contacted: { label: 'Mark as contacted', variant: 'filled' },
  admitted: { label: 'Mark as admitted', color: 'teal', variant: 'filled' },
  rejected: { label: 'Reject', color: 'red', variant: 'light' },
};

/** "12-05-2026, 10:32" in the browser's time. */
function dateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${formatDate(iso)}, ${time}`;
}

/** The buttons of the next steps of the pipeline (new → contacted → admitted | rejected). */
export function StatusActions({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const change = useChangeEnquiryStatus(enquiry._id);
  const [pending, setPending] = useState<EnquiryStatus | null>(null);
  if (enquiry.allowedStatuses.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {enquiry.status === 'rejected' ? 'This enquiry was rejected; its status is final.' : 'This enquiry is admitted; its status is final.'}
      </Text>
    );
  }
  return (
    <Group gap="sm">
      {enquiry.allowedStatuses.map((status) => (
        <Button
          key={status}
          color={STATUS_ACTIONS[status].color}
          variant={STATUS_ACTIONS[status].variant}
          loading={change.isPending && pending === status}
          disabled={change.isPending && pending !== status}
          onClick={() => {
            setPending(status);
            change.mutate(status, {
              onSuccess: () => notifications.show({ title: 'Status updated', message: `${enquiry.studentName} is now ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}.`, color: 'teal' }),
              onError: (error) => notifications.show({ title: 'Status not changed', message: normalizeError(error, ENQUIRY_FAILURES.status).message, color: 'red' }),
            });
          }}
        >
          {STATUS_ACTIONS[status].label}
        </Button>
      ))}
    </Group>
  );
}

/** Turns an admitted enquiry into a student, optionally enrolled in a batch; or shows the student made from it. */
export function ConvertPanel({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const convert = useConvertEnquiry(enquiry._id);
  const batches = useBatches();
  const [batchId, setBatchId] = useState<string | null>(null);

  if (enquiry.student) {
    return (
      <Alert color="teal" variant="light" icon={<IconUserCheck size={20} aria-hidden="true" />} title="Converted to a student">
        <Text size="sm">
          <Anchor component={Link} to={`/app/students/${enquiry.student._id}`} fw={600}>
            {enquiry.student.name}
          </Anchor>{' '}
          became a student on {enquiry.convertedAt ? formatDate(enquiry.convertedAt) : 'N/A'}. They were mailed a link to set their password.
        </Text>
      </Alert>
    );
  }
  if (enquiry.status !== 'admitted') {
    return (
      <Text size="sm" c="dimmed">
        Once the enquiry is admitted, you can turn it into a student account here.
      </Text>
    );
  }

  // The enquiry's own standard first: those are the batches that fit.
  const open = (batches.data ?? []).filter((batch) => batch.status !== 'completed');
  const fits = open.filter((batch) => !enquiry.standard || batch.standard._id === enquiry.standard._id);
  const options = (fits.length > 0 ? fits : open).map((batch) => ({
    value: batch._id,
    label: `${batch.name} (${batch.seatsLeft} ${batch.seatsLeft === 1 ? 'seat' : 'seats'} left)`,
    disabled: batch.isFull,
  }));

  const confirmConvert = () =>
    modals.openConfirmModal({
      title: 'Convert to student',
      centered: true,
      children: (
        <Text size="sm">
          Create a student account for <strong>{enquiry.studentName}</strong> ({enquiry.email ?? 'no email'})
          {batchId ? `, enrolled in ${options.find((option) => option.value === batchId)?.label ?? 'the chosen batch'}` : ''}? They will get a mail to set their password.
        </Text>
      ),
      labels: { confirm: 'Convert', cancel: 'Cancel' },
      onConfirm: () =>
        convert.mutate(
          { batchId },
          {
            onSuccess: ({ message }) => notifications.show({ title: 'Student created', message: message ?? 'The student account was created.', color: 'teal' }),
            onError: (error) => notifications.show({ title: 'Not converted', message: normalizeError(error, ENQUIRY_FAILURES.convert).message, color: 'red' }),
          },
        ),
    });

  return (
    <Stack gap="sm">
      <Text size="sm">Create the student account with this enquiry&apos;s details. The student gets a mail with a link to set their password.</Text>
      <Select
        label="Enrol in batch"
        description="Optional"
        placeholder={batches.isPending ? 'Loading batches…' : 'No batch for now'}
        data={options}
        value={batchId}
        onChange={setBatchId}
        clearable
        searchable
        nothingFoundMessage="No batches"
        maw={480}
      />
      <Group>
        <Button leftSection={<IconUserCheck size={18} aria-hidden="true" />} onClick={confirmConvert} loading={convert.isPending}>
          Convert to student
        </Button>
      </Group>
    </Stack>
  );
}

/** The office's follow-up notes: free text, saved with the enquiry, never shown to the applicant. */
export function FollowUpNotes({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const update = useUpdateEnquiry(enquiry._id);
  const [notes, setNotes] = useState(enquiry.notes ?? '');
  const changed = notes.trim() !== (enquiry.notes ?? '').trim();
  return (
    <Stack gap="sm">
      <Textarea
        label="Follow-up notes"
        description="Calls made, what the family said, when to call again"
        autosize
        minRows={3}
        maxRows={10}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <Group>
        <Button
          variant="light"
          disabled={!changed}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { notes },
              {
                onSuccess: () => notifications.show({ title: 'Notes saved', message: 'The follow-up notes were saved.', color: 'teal' }),
                onError: (error) => notifications.show({ title: 'Notes not saved', message: normalizeError(error, ENQUIRY_FAILURES.update).message, color: 'red' }),
              },
            )
          }
        >
          Save notes
        </Button>
      </Group>
    </Stack>
  );
}

/** Who moved the enquiry, when, from which status to which. */
export function StatusHistory({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  return (
    <Timeline active={enquiry.history.length - 1} bulletSize={22} lineWidth={2} aria-label="Status history">
      {enquiry.history.map((change) => (
        <Timeline.Item
          key={change._id}
          bullet={change.fromStatus ? <IconArrowRight size={12} aria-hidden="true" /> : <IconCircleDot size={12} aria-hidden="true" />}
          title={change.fromStatus ? `${ENQUIRY_STATUS_LABELS[change.fromStatus]} → ${ENQUIRY_STATUS_LABELS[change.toStatus]}` : `Received (${ENQUIRY_SOURCE_LABELS[enquiry.source].toLowerCase()})`}
        >
          <Text size="sm" c="dimmed">
            {change.changedBy ? `by ${change.changedBy.name}, ` : ''}
            {dateTime(change.changedAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The same email or phone elsewhere: a student already, or another enquiry. */
export function DuplicateHints({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { students, enquiries } = enquiry.duplicates;
  if (students.length === 0 && enquiries.length === 0) return null;
  const on = (matchedOn: ('email' | 'phone')[]) => `same ${matchedOn.join(' and ')}`;
  return (
    <Alert color="yellow" variant="light" title="Possible duplicates">
      <Stack gap={4} component="ul" m={0} pl="md">
        {students.map((student) => (
          <Text key={student._id} component="li" size="sm">
            Student{' '}
            <Anchor component={Link} to={`/app/students/${student._id}`}>
              {student.name}
            </Anchor>{' '}
            ({on(student.matchedOn)}
            {student.status === 'archived' ? ', archived' : ''})
          </Text>
        ))}
        {enquiries.map((other) => (
          <Text key={other._id} component="li" size="sm">
            Enquiry{' '}
            <Anchor component={Link} to={`/app/registrations/${other._id}`}>
              {other.studentName}
            </Anchor>{' '}
            of {formatDate(other.createdAt)}, {ENQUIRY_STATUS_LABELS[other.status].toLowerCase()} ({on(other.matchedOn)})
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
