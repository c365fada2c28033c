import { Checkbox, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_END_TIME, ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_START_TIME, ANNOUNCEMENT_TYPES, announcementFormSchema, type Announcement, type AnnouncementAudience, type AnnouncementPriority, type AnnouncementType } from '@academy/shared/schemas/announcements';
import { useBatches } from '../../batches/api';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { AUDIENCE_LABELS, PRIORITY_LABELS, TYPE_LABELS } from '../announcement-display';
import { useCreateAnnouncement, useUpdateAnnouncement } from '../api';
import { useEntityForm } from '../../../lib/use-entity-form';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { FormButtons } from '../../../components/ui/form-buttons';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';

interface AnnouncementFormValues {
  title: string;
  content: string;
  type: AnnouncementType;
  priority: AnnouncementPriority;
  audience: AnnouncementAudience;
  batches: string[];
  closure: boolean;
  startDate: string;
  endDate: string;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, MessageDescriptor>, i18n: I18n) => values.map((value) => ({ value, label: i18n._(labels[value]) }));

function initialValues(announcement: Announcement | undefined, today: string): AnnouncementFormValues {
  return {
    title: announcement?.title ?? '',
    content: announcement?.content ?? '',
    type: announcement?.type ?? 'general',
    priority: announcement?.priority ?? 'medium',
    audience: announcement?.audience ?? 'everyone',
    batches: announcement?.batches.map((batch) => batch._id) ?? [],
    closure: announcement?.closure ?? false,
    startDate: announcement?.startDate ?? today,
    endDate: announcement?.endDate ?? '',
  };
}

/**
 * Creates an announcement, or edits `announcement`. Checked with the shared schema first, with the
 * spec's date texts; "today" is the academy's. An edit may keep a start date that has passed.
 */
export function AnnouncementForm({ announcement }: { announcement?: Announcement }) {
  const { t, i18n } = useLingui();
  const editing = announcement !== undefined;
  const navigate = useNavigate();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement(announcement?._id ?? '');
  const save = editing ? update : create;
  const batches = useBatches();
  const today = useAcademyToday();
  const schema = announcementFormSchema(today, announcement?.startDate);
  const { form, onSubmit, saving, allowLeave } = useEntityForm({
    initialValues: initialValues(announcement, today),
    schema,
    save: (values) => save.mutateAsync({ ...values, startTime: ANNOUNCEMENT_START_TIME, endTime: ANNOUNCEMENT_END_TIME }),
    onSaved: ({ data, message }) => {
      showSaved(editing ? t`Announcement updated` : t`Announcement created`, message ?? (editing ? ANNOUNCEMENT_MESSAGES.updated : ANNOUNCEMENT_MESSAGES.created));
      allowLeave();
      void navigate(`/app/announcements/${data._id}`);
    },
    onFailed: (error) =>
      showNotSaved(editing ? t`Announcement not updated` : t`Announcement not created`, error, editing ? ANNOUNCEMENT_MESSAGES.updateFailed : ANNOUNCEMENT_MESSAGES.createFailed),
  });

  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  for (const batch of announcement?.batches ?? []) {
    if (!batchOptions.some((option) => option.value === batch._id)) batchOptions.push({ value: batch._id, label: batch.name });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={760}>
        <Stack gap="md">
          <TextInput label={t`Title`} withAsterisk autoComplete="off" key={form.key('title')} {...form.getInputProps('title')} />
          <Textarea label={t`Content`} withAsterisk autosize minRows={4} maxRows={12} key={form.key('content')} {...form.getInputProps('content')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Select label={t`Type`} data={options(ANNOUNCEMENT_TYPES, TYPE_LABELS, i18n)} allowDeselect={false} key={form.key('type')} {...form.getInputProps('type')} />
            <Select label={t`Priority`} data={options(ANNOUNCEMENT_PRIORITIES, PRIORITY_LABELS, i18n)} allowDeselect={false} key={form.key('priority')} {...form.getInputProps('priority')} />
            <Select label={t`Audience`} data={options(ANNOUNCEMENT_AUDIENCES, AUDIENCE_LABELS, i18n)} allowDeselect={false} key={form.key('audience')} {...form.getInputProps('audience')} />
          </SimpleGrid>
          <MultiSelect
            label={t`Only these batches`}
            description={t`Leave empty for the whole audience; otherwise only the students and teachers of these batches see it.`}
            placeholder={batchOptions.length === 0 ? undefined : t`All batches`}
            data={batchOptions}
            searchable
            clearable
            nothingFoundMessage={batches.isError ? t`Batches could not be loaded` : t`No batch found`}
            key={form.key('batches')}
            {...form.getInputProps('batches')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {/* No min here: a past start date must reach the schema, which says the spec's words ("Start date must be today or in the future"). */}
            <DateField label={t`Start date`} withAsterisk key={form.key('startDate')} {...form.getInputProps('startDate')} />
            <DateField label={t`End date`} withAsterisk key={form.key('endDate')} {...form.getInputProps('endDate')} />
          </SimpleGrid>
          <Checkbox
            label={t`The academy is closed on these dates`}
            description={t`No class on these dates for the batches above (all batches when none is chosen): schedules, next class and calendars leave them out, and attendance cannot be marked.`}
            key={form.key('closure')}
            {...form.getInputProps('closure', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            <Trans>
              It shows from {ANNOUNCEMENT_START_TIME} on the start date until {ANNOUNCEMENT_END_TIME} on the end date. Students are notified when it starts.
            </Trans>
          </Text>
          <FormButtons cancel={{ to: editing ? `/app/announcements/${announcement._id}` : '/app/announcements' }} submitLabel={editing ? t`Save Announcement` : t`Create Announcement`} saving={saving} gap="sm" />
        </Stack>
      </Paper>
    </form>
  );
}
