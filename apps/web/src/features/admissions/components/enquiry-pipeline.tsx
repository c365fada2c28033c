import { Alert, Anchor, Button, Group, Select, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconCircleDot, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ENQUIRY_SOURCE_LABELS, ENQUIRY_STATUS_LABELS } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryDetail, EnquiryStatus } from '@academy/shared/schemas/admissions';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useBatches } from '../../batches/api';
import { ENQUIRY_FAILURES, useChangeEnquiryStatus, useConvertEnquiry, useUpdateEnquiry } from '../api';

/** The button for a move from `from` to `to`; moving back to contacted from a decision is a reopen. */
function statusAction(from: EnquiryStatus, to: EnquiryStatus): { label: string; color?: string; variant: string } {
  if (to === 'contacted' && (from === 'admitted' || from === 'rejected')) return { label: 'Reopen', variant: 'default' };
  if (to === 'contacted') return { label: 'Mark as contacted', variant: 'filled' };
  if (to === 'admitted') return { label: 'Mark as admitted', color: 'teal', variant: 'filled' };
  if (to === 'rejected') return { label: 'Reject', color: 'red', variant: 'light' };
  return { label: 'Mark as new', variant: 'light' };
}

/** What the confirm dialog says before a move; every move asks first, as none is a single slip. */
function confirmText(name: string, from: EnquiryStatus, to: EnquiryStatus): { title: string; body: string } {
  if (to === 'admitted') return { title: 'Mark as admitted?', body: `${name} will be marked as admitted. You can then make a student account from this enquiry.` };
  if (to === 'rejected') return { title: 'Reject this enquiry?', body: `${name} will be marked as rejected. You can reopen it later if this was a mistake.` };
  if (from === 'admitted' || from === 'rejected') {
    return { title: 'Reopen this enquiry?', body: `${name} goes back to contacted. The status history keeps the earlier decision.` };
  }
  return { title: 'Mark as contacted?', body: `Confirm that the office has spoken to the family of ${name}.` };
}

/** The buttons of the next steps of the pipeline (new → contacted → admitted | rejected, and reopen). */
export function StatusActions({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const change = useChangeEnquiryStatus(enquiry._id);
  const [pending, setPending] = useState<EnquiryStatus | null>(null);
  if (enquiry.allowedStatuses.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {enquiry.student ? 'This enquiry has become a student; its status no longer changes.' : 'No further steps for this enquiry.'}
      </Text>
    );
  }
  const move = (status: EnquiryStatus) => {
    setPending(status);
    change.mutate(status, {
      onSuccess: () => notifications.show({ title: 'Status updated', message: `${enquiry.studentName} is now ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}.`, color: 'teal' }),
      onError: (error) => notifications.show({ title: 'Status not changed', message: normalizeError(error, ENQUIRY_FAILURES.status).message, color: 'red' }),
    });
  };
  return (
    <Group gap="sm">
      {enquiry.allowedStatuses.map((status) => {
        const action = statusAction(enquiry.status, status);
        const text = confirmText(enquiry.studentName, enquiry.status, status);
        return (
          <Button
            key={status}
            color={action.color}
            variant={action.variant}
            loading={change.isPending && pending === status}
            disabled={change.isPending && pending !== status}
            onClick={() =>
              modals.openConfirmModal({
                title: text.title,
                centered: true,
                children: <Text size="sm">{text.body}</Text>,
                labels: { confirm: action.label, cancel: 'Cancel' },
                confirmProps: { color: action.color },
                onConfirm: () => move(status),
              })
            }
          >
            {action.label}
          </Button>
        );
      })}
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
            {formatDateTime(change.changedAt)}
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
