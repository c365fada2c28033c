import { Alert, Anchor, Button, Code, Group, Select, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconCircleDot, IconKey, IconPrinter, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOST_REASONS, enquiryStatusInputSchema, type AdmissionEnquiryDetail, type ConvertEnquiryResult, type EnquiryStatus, type LostReason } from '@academy/shared/schemas/admissions';
import type { Language } from '@academy/shared/languages';
import { useEntityForm } from '../../../lib/use-entity-form';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useBatches } from '../../batches/api';
import { ENQUIRY_FAILURES, useChangeEnquiryStatus, useConvertEnquiry, useUpdateEnquiry } from '../api';
import { useEnquiryLabels } from '../enquiry-labels';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormButtons } from '../../../components/ui/form-buttons';

/** The button for a move from `from` to `to`; moving back to contacted from a decision is a reopen. */
function statusAction(i18n: I18n, from: EnquiryStatus, to: EnquiryStatus): { label: string; color?: string; variant: string } {
  if (to === 'contacted' && from !== 'new') return { label: i18n._(msg`Reopen`), variant: 'default' };
  if (to === 'contacted') return { label: i18n._(msg`Mark as contacted`), variant: 'filled' };
  if (to === 'admitted') return { label: i18n._(msg`Mark as admitted`), color: 'teal', variant: 'filled' };
  if (to === 'rejected') return { label: i18n._(msg`Reject`), color: 'red', variant: 'light' };
  if (to === 'lost') return { label: i18n._(msg`Mark as lost`), color: 'orange', variant: 'light' };
  return { label: i18n._(msg`Mark as new`), variant: 'light' };
}

/** What the confirm dialog says before a move; every move asks first, as none is a single slip. */
function confirmText(i18n: I18n, name: string, from: EnquiryStatus, to: EnquiryStatus): { title: string; body: string } {
  if (to === 'admitted') return { title: i18n._(msg`Mark as admitted?`), body: i18n._(msg`${name} will be marked as admitted. You can then make a student account from this enquiry.`) };
  if (to === 'rejected') return { title: i18n._(msg`Reject this enquiry?`), body: i18n._(msg`${name} will be marked as rejected. You can reopen it later if this was a mistake.`) };
  if (to === 'lost') return { title: i18n._(msg`Mark as lost?`), body: i18n._(msg`${name} will be marked as lost: the family went elsewhere or could not be reached. You can reopen it later.`) };
  if (from !== 'new') {
    return { title: i18n._(msg`Reopen this enquiry?`), body: i18n._(msg`${name} goes back to contacted. The status history keeps the earlier decision.`) };
  }
  return { title: i18n._(msg`Mark as contacted?`), body: i18n._(msg`Confirm that the office has spoken to the family of ${name}.`) };
}

/** The buttons of the next steps of the pipeline (new → contacted → admitted | rejected, and reopen). */
export function StatusActions({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t, i18n } = useLingui();
  const labels = useEnquiryLabels();
  const change = useChangeEnquiryStatus(enquiry._id);
  const [pending, setPending] = useState<EnquiryStatus | null>(null);
  if (enquiry.allowedStatuses.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {enquiry.student ? t`This enquiry has become a student; its status no longer changes.` : t`No further steps for this enquiry.`}
      </Text>
    );
  }
  const move = (status: EnquiryStatus) => {
    setPending(status);
    change.mutate({ status }, {
      onSuccess: () => {
        const name = enquiry.studentName;
        const label = labels.status(status).toLocaleLowerCase();
        notifications.show({ title: t`Status updated`, message: t`${name} is now ${label}.`, color: 'teal' });
      },
      onError: (error) => notifications.show({ title: t`Status not changed`, message: normalizeError(error, ENQUIRY_FAILURES.status).message, color: 'red' }),
    });
  };
  return (
    <Group gap="sm">
      {enquiry.allowedStatuses.map((status) => {
        const action = statusAction(i18n, enquiry.status, status);
        const text = confirmText(i18n, enquiry.studentName, enquiry.status, status);
        return (
          <Button
            key={status}
            color={action.color}
            variant={action.variant}
            loading={change.isPending && pending === status}
            disabled={change.isPending && pending !== status}
            onClick={() =>
              // Rejected and lost ask why (issue 41): the season's report counts the reasons.
              status === 'rejected' || status === 'lost'
                ? modals.open({
                    title: text.title,
                    centered: true,
                    children: <ReasonForm enquiry={enquiry} status={status} body={text.body} confirm={action.label} color={action.color} onDone={() => modals.closeAll()} />,
                  })
                : modals.openConfirmModal({
                    title: text.title,
                    centered: true,
                    children: <Text size="sm">{text.body}</Text>,
                    labels: { confirm: action.label, cancel: t`Cancel` },
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

/** The dialog of a rejection or a loss: the reason (required) and a note (required for "other"). */
function ReasonForm({
  enquiry,
  status,
  body,
  confirm,
  color,
  onDone,
}: {
  enquiry: AdmissionEnquiryDetail;
  status: 'rejected' | 'lost';
  body: string;
  confirm: string;
  color?: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const change = useChangeEnquiryStatus(enquiry._id);
  const { form, onSubmit, saving } = useEntityForm<{ status: EnquiryStatus; reason: LostReason | null; note: string }, Awaited<ReturnType<typeof change.mutateAsync>>>({
    initialValues: { status, reason: null, note: '' },
    schema: enquiryStatusInputSchema,
    leaveGuard: false,
    save: (values) => change.mutateAsync(values),
    onSaved: () => {
      const name = enquiry.studentName;
      const label = labels.status(status).toLocaleLowerCase();
      notifications.show({ title: t`Status updated`, message: t`${name} is now ${label}.`, color: 'teal' });
      onDone();
    },
    failure: ENQUIRY_FAILURES.status,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{body}</Text>
        <Select
          label={t`Reason`}
          placeholder={t`Choose a reason`}
          data={LOST_REASONS.map((reason) => ({ value: reason, label: labels.reason(reason) }))}
          withAsterisk
          key={form.key('reason')}
          {...form.getInputProps('reason')}
        />
        <Textarea label={t`Note`} description={t`Needed when the reason is "Other"`} autosize minRows={2} maxRows={5} key={form.key('note')} {...form.getInputProps('note')} />
        <FormButtons cancel={{ onClick: onDone }} submitLabel={confirm} saving={saving} submitProps={{ color }} />
      </Stack>
    </form>
  );
}

/** The student a conversion made, for the sign-in slip the route offers (issue 54). */
export type ConvertedStudent = { _id: string; name: string; studentCode: string };

/**
 * Turns an admitted enquiry into a student, optionally enrolled in a batch; or shows the student made
 * from it. A student without an email (a family that applied with a mobile number, issue 54) signs in
 * with the student ID and a first password: shown here once after converting, with how the family was
 * told, and the sign-in slip one tap away (`onPrintSlip`, from the route: the slip is the students' screen's).
 */
export function ConvertPanel({ enquiry, onPrintSlip }: { enquiry: AdmissionEnquiryDetail; onPrintSlip: (student: ConvertedStudent, options: { password: string; language: Language }) => void }) {
  // Here, not in the form: the form is gone once the enquiry has its student, and the answer must still land.
  const convert = useConvertEnquiry(enquiry._id);
  const batches = useBatches();
  // The answer of this page's conversion: its first password exists nowhere else (the server keeps a hash).
  const [converted, setConverted] = useState<ConvertEnquiryResult | null>(null);

  if (enquiry.student) return <ConvertedStudentNote enquiry={enquiry} student={enquiry.student} converted={converted} onPrintSlip={onPrintSlip} />;
  if (enquiry.status !== 'admitted') {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Once the enquiry is admitted, you can turn it into a student account here.</Trans>
      </Text>
    );
  }

  return <ConvertForm enquiry={enquiry} batches={batches} convert={convert} onConverted={setConverted} />;
}

/** The student this enquiry became, and (right after converting here) their student ID and first password. */
function ConvertedStudentNote({
  enquiry,
  student,
  converted,
  onPrintSlip,
}: {
  enquiry: AdmissionEnquiryDetail;
  student: NonNullable<AdmissionEnquiryDetail['student']>;
  converted: ConvertEnquiryResult | null;
  onPrintSlip: (student: ConvertedStudent, options: { password: string; language: Language }) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      {converted?.firstPassword ? <FirstPassword result={converted} password={converted.firstPassword} onPrint={() => onPrintSlip(converted.student, { password: converted.firstPassword!, language: enquiry.language })} /> : null}
      <Alert color="teal" variant="light" icon={<IconUserCheck size={20} aria-hidden="true" />} title={t`Converted to a student`}>
        <Text size="sm">
          <Trans>
            <Anchor component={Link} to={`/app/students/${student._id}`} fw={600}>
              {student.name}
            </Anchor>{' '}
            became a student on {enquiry.convertedAt ? formatDate(enquiry.convertedAt) : t`N/A`}. Their page shows their student ID, parents and sign-in.
          </Trans>
        </Text>
      </Alert>
    </Stack>
  );
}

/** What the dialog asks before converting: with an email, a mail to set the password; without, a first password (issue 54). */
function ConvertConfirmText({ enquiry, batchLabel }: { enquiry: AdmissionEnquiryDetail; batchLabel: string | null }) {
  if (enquiry.email) {
    return (
      <Stack gap="xs">
        <Text size="sm">
          {batchLabel ? (
            <Trans>
              Create a student account for <strong>{enquiry.studentName}</strong> ({enquiry.email}), enrolled in {batchLabel}? They will get a mail to set their password.
            </Trans>
          ) : (
            <Trans>
              Create a student account for <strong>{enquiry.studentName}</strong> ({enquiry.email})? They will get a mail to set their password.
            </Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>If this email already belongs to a parent or to a brother or sister, the student is created without an email (they sign in with their student ID and a first password shown to you) and linked to that parent.</Trans>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        {batchLabel ? (
          <Trans>
            Create a student account for <strong>{enquiry.studentName}</strong> (no email), enrolled in {batchLabel}?
          </Trans>
        ) : (
          <Trans>
            Create a student account for <strong>{enquiry.studentName}</strong> (no email)?
          </Trans>
        )}
      </Text>
      <Text size="sm">
        <Trans>They will sign in with their student ID and a first password, shown to you once after converting: give it to the family or print the sign-in slip. The family gets the student ID and how to sign in by WhatsApp or SMS (never the password), when the academy&apos;s messages reach them.</Trans>
      </Text>
    </Stack>
  );
}

/** The batch to enrol the new student in (optional; the enquiry's standard first), and the Convert button with its dialog. */
function ConvertForm({
  enquiry,
  batches,
  convert,
  onConverted,
}: {
  enquiry: AdmissionEnquiryDetail;
  batches: ReturnType<typeof useBatches>;
  convert: ReturnType<typeof useConvertEnquiry>;
  onConverted: (result: ConvertEnquiryResult) => void;
}) {
  const { t } = useLingui();
  const [batchId, setBatchId] = useState<string | null>(null);
  // The enquiry's own standard first: those are the batches that fit.
  const open = (batches.data ?? []).filter((batch) => batch.status !== 'completed');
  const fits = open.filter((batch) => !enquiry.standard || batch.standard._id === enquiry.standard._id);
  const options = (fits.length > 0 ? fits : open).map((batch) => ({
    value: batch._id,
    label: `${batch.name} (${plural(batch.seatsLeft, { one: '# seat left', other: '# seats left' })})`,
    disabled: batch.isFull,
  }));
  const batchLabel = batchId ? (options.find((option) => option.value === batchId)?.label ?? t`the chosen batch`) : null;

  const confirmConvert = () =>
    modals.openConfirmModal({
      title: t`Convert to student`,
      centered: true,
      children: <ConvertConfirmText enquiry={enquiry} batchLabel={batchLabel} />,
      labels: { confirm: t`Convert`, cancel: t`Cancel` },
      onConfirm: () =>
        convert.mutate(
          { batchId },
          {
            // When the family's email was already an account's, the message says which parent was linked
            // (or what to do): it stays until closed.
            onSuccess: ({ data, message }) => {
              onConverted(data);
              // A first password is shown on the page itself, with the student ID: a toast would only cover it
              // on a phone. The family's linked parent (emailOwner) is said in the toast only.
              if (data.firstPassword && !data.emailOwner) return;
              notifications.show({ title: t`Student created`, message: message ?? t`The student account was created.`, color: 'teal', autoClose: data.emailOwner ? false : undefined });
            },
            onError: (error) => notifications.show({ title: t`Not converted`, message: normalizeError(error, ENQUIRY_FAILURES.convert).message, color: 'red' }),
          },
        ),
    });

  return (
    <Stack gap="sm">
      <Text size="sm">
        {enquiry.email ? (
          <Trans>Create the student account with this enquiry&apos;s details. The student gets a mail with a link to set their password.</Trans>
        ) : (
          <Trans>Create the student account with this enquiry&apos;s details. Without an email, the student signs in with their student ID and a first password you give the family.</Trans>
        )}
      </Text>
      <Select
        label={t`Enrol in batch`}
        description={t`Optional`}
        placeholder={batches.isPending ? t`Loading batches…` : t`No batch for now`}
        data={options}
        value={batchId}
        onChange={setBatchId}
        clearable
        searchable
        nothingFoundMessage={t`No batches`}
        maw={480}
      />
      <Group>
        <Button leftSection={<IconUserCheck size={18} aria-hidden="true" />} onClick={confirmConvert} loading={convert.isPending}>
          <Trans>Convert to student</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The new student's student ID and first password, once, and how the family was told (issue 54). */
function FirstPassword({ result, password, onPrint }: { result: ConvertEnquiryResult; password: string; onPrint: () => void }) {
  const { t } = useLingui();
  const name = result.student.name;
  const code = result.student.studentCode;
  const told: Record<NonNullable<ConvertEnquiryResult['familyToldBy']>, string> = {
    push: t`The family gets the student ID and how to sign in as an app notification (never the password).`,
    whatsapp: t`The family gets the student ID and how to sign in on WhatsApp (never the password).`,
    sms: t`The family gets the student ID and how to sign in by SMS (never the password).`,
    email: t`The family gets the student ID and how to sign in by email (never the password).`,
  };
  return (
    <Alert color="blue" variant="light" icon={<IconKey size={20} aria-hidden="true" />} title={t`How ${name} signs in`} data-testid="first-password">
      <Stack gap={6}>
        <Text size="sm">
          <Trans>
            Student ID: <strong>{code}</strong>
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>First password:</Trans> <Code fz="md">{password}</Code>
        </Text>
        <Text size="sm">
          {result.familyToldBy ? told[result.familyToldBy] : t`No message can reach the family (WhatsApp and SMS are off, or have no template for admissions): tell them the student ID and the password yourself.`}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>The password is shown only now: give it to the family or print the sign-in slip. If it is lost, set a new one on the student&apos;s page.</Trans>
        </Text>
        <Group>
          <Button size="sm" leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={onPrint}>
            <Trans>Print sign-in slip</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The office's follow-up notes: free text, saved with the enquiry, never shown to the applicant. */
export function FollowUpNotes({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const update = useUpdateEnquiry(enquiry._id);
  const [notes, setNotes] = useState(enquiry.notes ?? '');
  const changed = notes.trim() !== (enquiry.notes ?? '').trim();
  return (
    <Stack gap="sm">
      <Textarea
        label={t`Follow-up notes`}
        description={t`Calls made, what the family said, when to call again`}
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
                onSuccess: () => notifications.show({ title: t`Notes saved`, message: t`The follow-up notes were saved.`, color: 'teal' }),
                onError: (error) => notifications.show({ title: t`Notes not saved`, message: normalizeError(error, ENQUIRY_FAILURES.update).message, color: 'red' }),
              },
            )
          }
        >
          <Trans>Save notes</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** Who moved the enquiry, when, from which status to which. */
export function StatusHistory({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const received = labels.form(enquiry.form).toLocaleLowerCase();
  return (
    <Timeline active={enquiry.history.length - 1} bulletSize={22} lineWidth={2} aria-label={t`Status history`}>
      {enquiry.history.map((change) => (
        <Timeline.Item
          key={change._id}
          bullet={change.fromStatus ? <IconArrowRight size={12} aria-hidden="true" /> : <IconCircleDot size={12} aria-hidden="true" />}
          title={change.fromStatus ? `${labels.status(change.fromStatus)} → ${labels.status(change.toStatus)}` : t`Received (${received})`}
        >
          {change.reason ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {labels.reason(change.reason)}
              {change.note ? `: ${change.note}` : ''}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {change.changedBy ? t`by ${change.changedBy.name}, ${formatDateTime(change.changedAt)}` : formatDateTime(change.changedAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The same email or phone elsewhere: a student already, or another enquiry. */
export function DuplicateHints({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const { students, enquiries } = enquiry.duplicates;
  if (students.length === 0 && enquiries.length === 0) return null;
  const on = (matchedOn: ('email' | 'phone')[]) =>
    matchedOn.length > 1 ? t`same email and phone` : matchedOn[0] === 'email' ? t`same email` : t`same phone`;
  return (
    <Alert color="yellow" variant="light" title={t`Possible duplicates`}>
      <Stack gap={4} component="ul" m={0} pl="md">
        {students.map((student) => (
          <Text key={student._id} component="li" size="sm">
            <Trans>
              Student{' '}
              <Anchor component={Link} to={`/app/students/${student._id}`}>
                {student.name}
              </Anchor>{' '}
              ({on(student.matchedOn)}
              {student.status === 'archived' ? t`, archived` : ''})
            </Trans>
          </Text>
        ))}
        {enquiries.map((other) => (
          <Text key={other._id} component="li" size="sm">
            <Trans>
              Enquiry{' '}
              <Anchor component={Link} to={`/app/registrations/${other._id}`}>
                {other.studentName}
              </Anchor>{' '}
              of {formatDate(other.createdAt)}, {labels.status(other.status).toLocaleLowerCase()} ({on(other.matchedOn)})
            </Trans>
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
