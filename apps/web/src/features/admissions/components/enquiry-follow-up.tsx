import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle, IconPhoneCall, IconWalk } from '@tabler/icons-react';
import { shiftDate } from '@academy/shared/calendar';
import {
  CONTACT_KINDS,
  CONTACT_OUTCOMES,
  enquiryContactInputSchema,
  enquiryFollowUpInputSchema,
  type AdmissionEnquiry,
  type AdmissionEnquiryDetail,
  type ContactKind,
  type EnquiryContact,
} from '@academy/shared/schemas/admissions';
import { DateField } from '../../../components/ui/date-field';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { modals } from '../../../lib/modals';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { ENQUIRY_FAILURES, useLogContact, useUpdateFollowUp } from '../api';
import { useEnquiryLabels } from '../enquiry-labels';
import { FollowUpDay } from './enquiry-follow-up-day';
import { EnquiryAssigneeSelect, EnquirySourceFields } from './enquiry-follow-up-fields';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormButtons } from '../../../components/ui/form-buttons';

/*
 * Follow-ups (issue 41): the next day to call the family, where they heard of the academy, who at the
 * office handles them, and the log of calls, WhatsApp messages and visits with the "Log contact"
 * dialog that the dashboard's Call today list opens too.
 */

const KIND_ICONS: Record<ContactKind, typeof IconPhoneCall> = { call: IconPhoneCall, whatsapp: IconMessageCircle, visit: IconWalk };

interface FollowUpValues {
  followUpOn: string;
  source: string;
  referredBy: string | null;
  assignedTo: string | null;
}

/** The office's edit of the follow-up fields (PATCH): day, source with the referring student, assignee. */
function FollowUpForm({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  const update = useUpdateFollowUp(enquiry._id);
  const initial: FollowUpValues = { followUpOn: enquiry.followUpOn ?? '', source: enquiry.source, referredBy: enquiry.referredBy?._id ?? null, assignedTo: enquiry.assignedTo?._id ?? null };
  // Only what changed is sent: an overdue day left as it is must not be refused as "in the past".
  const changes = (values: FollowUpValues) => {
    const input = { ...values, referredBy: values.source === 'referral' ? values.referredBy : null };
    return Object.fromEntries(Object.entries(input).filter(([field, value]) => value !== initial[field as keyof FollowUpValues]));
  };
  const { form, onSubmit, saving } = useEntityForm<FollowUpValues, Awaited<ReturnType<typeof update.mutateAsync>>>({
    initialValues: initial,
    schema: enquiryFollowUpInputSchema,
    mode: 'controlled',
    leaveGuard: false,
    toInput: changes,
    save: (values) => update.mutateAsync(changes(values) as Parameters<typeof update.mutateAsync>[0]),
    onSaved: () => notifications.show({ title: t`Follow-up saved`, message: t`The next call, source and assignee were saved.`, color: 'teal' }),
    onFailed: (error) => notifications.show({ title: t`Follow-up not saved`, message: normalizeError(error, ENQUIRY_FAILURES.followUp).message, color: 'red' }),
    failure: ENQUIRY_FAILURES.followUp,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          <DateField label={t`Next follow-up`} min={today} key={form.key('followUpOn')} {...form.getInputProps('followUpOn')} />
          <EnquiryAssigneeSelect current={enquiry.assignedTo} key={form.key('assignedTo')} {...form.getInputProps('assignedTo')} />
          <EnquirySourceFields form={form} initial={enquiry.referredBy} />
        </SimpleGrid>
        <Group>
          <Button type="submit" variant="light" loading={saving} disabled={!form.isDirty()}>
            <Trans>Save follow-up</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ContactValues {
  kind: ContactKind;
  outcome: string | null;
  note: string;
  followUpOn: string;
}

/** The "Log contact" dialog's form: what was done, what came of it, and when to call next. */
export function LogContactForm({ enquiry, kind = 'call', onDone }: { enquiry: Pick<AdmissionEnquiry, '_id' | 'studentName'>; kind?: ContactKind; onDone: () => void }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const today = useAcademyToday();
  const log = useLogContact(enquiry._id);
  const { form, onSubmit, saving } = useEntityForm<ContactValues, Awaited<ReturnType<typeof log.mutateAsync>>>({
    initialValues: { kind, outcome: null, note: '', followUpOn: '' },
    schema: enquiryContactInputSchema,
    mode: 'controlled',
    leaveGuard: false,
    // No next day typed: the call settles today's follow-up (the server keeps a later one).
    toInput: (values) => ({ ...values, followUpOn: values.followUpOn === '' ? undefined : values.followUpOn }),
    save: (values) => log.mutateAsync({ ...values, outcome: values.outcome ?? undefined, followUpOn: values.followUpOn === '' ? undefined : values.followUpOn } as Parameters<typeof log.mutateAsync>[0]),
    onSaved: () => {
      const name = enquiry.studentName;
      notifications.show({ title: t`Contact logged`, message: t`The contact with the family of ${name} was logged.`, color: 'teal' });
      onDone();
    },
    failure: ENQUIRY_FAILURES.logContact,
  });
  const quick = [
    { label: t`Tomorrow`, days: 1 },
    { label: t`In 3 days`, days: 3 },
    { label: t`Next week`, days: 7 },
  ];
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Select
          label={t`How`}
          data={CONTACT_KINDS.map((value) => ({ value, label: labels.kind(value) }))}
          allowDeselect={false}
          withAsterisk
          key={form.key('kind')}
          {...form.getInputProps('kind')}
        />
        <Select
          label={t`Outcome`}
          placeholder={t`What came of it`}
          data={CONTACT_OUTCOMES.map((value) => ({ value, label: labels.outcome(value) }))}
          withAsterisk
          key={form.key('outcome')}
          {...form.getInputProps('outcome')}
        />
        <Textarea label={t`Note`} autosize minRows={2} maxRows={6} key={form.key('note')} {...form.getInputProps('note')} />
        <DateField
          label={t`Next follow-up`}
          description={t`Leave empty when no further call is needed`}
          min={today}
          key={form.key('followUpOn')}
          {...form.getInputProps('followUpOn')}
        />
        <Group gap="xs">
          {quick.map((choice) => (
            <Button key={choice.days} size="compact-sm" variant="default" onClick={() => form.setFieldValue('followUpOn', shiftDate(today, choice.days))}>
              {choice.label}
            </Button>
          ))}
        </Group>
        <FormButtons cancel={{ onClick: onDone }} submitLabel={<Trans>Log contact</Trans>} saving={saving} mt="xs" />
      </Stack>
    </form>
  );
}

/** Opens the "Log contact" dialog for an enquiry (the detail screen and the Call today list). */
export function openLogContact(enquiry: Pick<AdmissionEnquiry, '_id' | 'studentName'>, title: string, kind: ContactKind = 'call') {
  modals.open({ title, centered: true, children: <LogContactForm enquiry={enquiry} kind={kind} onDone={() => modals.closeAll()} /> });
}

/** The contacts log, newest first. */
function ContactLog({ contacts }: { contacts: EnquiryContact[] }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  if (contacts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No calls, messages or visits logged yet.</Trans>
      </Text>
    );
  }
  return (
    <Timeline bulletSize={24} lineWidth={2} aria-label={t`Contacts`}>
      {contacts.map((contact) => {
        const Icon = KIND_ICONS[contact.kind];
        const by = contact.createdBy?.name;
        return (
          <Timeline.Item key={contact._id} bullet={<Icon size={14} aria-hidden="true" />} title={`${labels.kind(contact.kind)}: ${labels.outcome(contact.outcome)}`}>
            {contact.note ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {contact.note}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {by ? t`by ${by}, ${formatDateTime(contact.createdAt)}` : formatDateTime(contact.createdAt)}
              {contact.followUpOn ? ` · ${t`next call ${formatDate(contact.followUpOn)}`}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** The detail screen's follow-up section: the fields to edit, "Log contact", and the log. */
export function FollowUpPanel({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const campaign = [enquiry.utmSource, enquiry.utmCampaign].filter(Boolean).join(' · ');
  const name = enquiry.studentName;
  const source = labels.source(enquiry.source);
  const referrer = enquiry.referredBy?.name;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            <Trans>Next call:</Trans>
          </Text>
          <FollowUpDay date={enquiry.followUpOn} />
        </Group>
        <Button leftSection={<IconPhoneCall size={18} aria-hidden="true" />} onClick={() => openLogContact(enquiry, t`Log contact with ${name}`)}>
          <Trans>Log contact</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {referrer ? t`Heard of us through ${source} (${referrer})` : t`Heard of us through ${source}`}
        {campaign ? ` · ${t`campaign ${campaign}`}` : ''}
      </Text>
      <ContactLog contacts={enquiry.contacts} />
      <FollowUpForm key={enquiry.updatedAt} enquiry={enquiry} />
    </Stack>
  );
}
