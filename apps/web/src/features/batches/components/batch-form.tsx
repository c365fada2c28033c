import { Alert, Chip, Group, Input, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { batchInputSchema, type Batch } from '@academy/shared/schemas/batches';
import { WEEKDAYS, type Weekday } from '@academy/shared/schedule';
import { fieldErrorsOf, normalizeError, serverMessageOf } from '../../../lib/api-client';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useStandards } from '../../standards/api';
import { useSubjects } from '../../subjects/api';
import { useTeachers } from '../../teachers/api';
import { BATCH_FAILURES, useCreateBatch, useUpdateBatch } from '../api';
import { BATCH_DELIVERY_LABELS, toBatchFormValues, toBatchPayload, type BatchFormValues } from '../batch-form';
import { BATCH_DELIVERIES } from '@academy/shared/gst';
import { weekdayName } from '../../../lib/schedule-display';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { SectionCard } from '../../../components/ui/section-card';
import { useLocalNames } from '../../../lib/public-settings';
import { searchEnglishToo } from '../../../lib/local-name-search';
import { FormButtons } from '../../../components/ui/form-buttons';
import { showSaved } from '../../../components/ui/save-notices';

/** The batch's form state and its save; the server's refusal (a clash, too few seats) kept to show above the buttons. */
function useBatchForm(batch: Batch | undefined) {
  const { t } = useLingui();
  const editing = batch !== undefined;
  const navigate = useNavigate();
  const create = useCreateBatch();
  const update = useUpdateBatch(batch?._id ?? '');
  const save = editing ? update : create;
  const today = useAcademyToday();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, onSubmit, saving, allowLeave } = useEntityForm<BatchFormValues, Awaited<ReturnType<typeof save.mutateAsync>>>({
    // Controlled: the subject list follows the chosen standard, and the days are chips.
    mode: 'controlled',
    initialValues: toBatchFormValues(batch, today),
    schema: batchInputSchema,
    save: (values) => {
      setRefusal(null);
      return save.mutateAsync(toBatchPayload(values));
    },
    onSaved: ({ data, message }) => {
      showSaved(editing ? t`Batch saved` : t`Batch created`, message ?? (editing ? t`Batch updated successfully` : t`Batch created successfully`));
      allowLeave();
      void navigate(`/app/batches/${data._id}`);
    },
    onFailed: (error) => {
      const fieldErrors = fieldErrorsOf(error);
      const message = normalizeError(error, editing ? BATCH_FAILURES.update : BATCH_FAILURES.create).message;
      if (fieldErrors?.schedule) {
        // The clash names the whole schedule; it shows on the days and in the alert below.
        const { schedule, ...rest } = fieldErrors;
        form.setErrors({ ...rest, 'schedule.days': schedule });
      }
      setRefusal(serverMessageOf(error) ?? message);
      notifications.show({ title: editing ? t`Batch not saved` : t`Batch not created`, message, color: 'red' });
    },
  });
  return { form, onSubmit, saving, refusal, editing };
}

type BatchFormState = ReturnType<typeof useBatchForm>['form'];

/**
 * The teachers, standards and subjects to choose from (the batch's own kept even when gone from the lists);
 * the chosen standard's own subjects first, any other subject may still be picked.
 */
function useBatchChoices(batch: Batch | undefined, standardId: string) {
  const { t } = useLingui();
  const teachers = useTeachers({});
  const standards = useStandards();
  const subjects = useSubjects();
  const names = useLocalNames();
  const teacherOptions = (teachers.data ?? [])
    .filter((teacher) => teacher.status !== 'inactive' || teacher._id === batch?.teacher._id)
    .map((teacher) => ({ value: teacher._id, label: teacher.status === 'active' ? teacher.name : teacher.status === 'on_leave' ? t`${teacher.name} (on leave)` : t`${teacher.name} (inactive)` }));
  if (batch && !teacherOptions.some((option) => option.value === batch.teacher._id)) teacherOptions.push({ value: batch.teacher._id, label: batch.teacher.name });

  const standardOptions = (standards.data ?? []).map((standard) => ({ value: standard._id, label: names.standard(standard) }));
  if (batch && !standardOptions.some((option) => option.value === batch.standard._id)) standardOptions.push({ value: batch.standard._id, label: names.standard(batch.standard) });

  // The chosen standard's own subjects first; any other subject may still be picked.
  const chosenStandard = standards.data?.find((standard) => standard._id === standardId);
  const ownSubjectIds = new Set(chosenStandard?.subjects.map((subject) => subject._id) ?? []);
  const allSubjects = (subjects.data ?? []).map((subject) => ({ value: subject._id, label: names.subject(subject) }));
  if (batch && !allSubjects.some((option) => option.value === batch.subject._id)) allSubjects.push({ value: batch.subject._id, label: names.subject(batch.subject) });
  const subjectSearch = searchEnglishToo(new Map([...(subjects.data ?? []), ...(batch ? [batch.subject] : [])].map((subject) => [subject._id, subject.name])));
  const subjectOptions =
    ownSubjectIds.size === 0
      ? allSubjects
      : [
          { group: chosenStandard ? t`Subjects of ${names.standard(chosenStandard)}` : t`Subjects of this standard`, items: allSubjects.filter((option) => ownSubjectIds.has(option.value)) },
          { group: t`Other subjects`, items: allSubjects.filter((option) => !ownSubjectIds.has(option.value)) },
        ].filter((group) => group.items.length > 0);
  return { teachers, standards, subjects, teacherOptions, standardOptions, subjectOptions, subjectSearch };
}

/** The batch's name, teacher, standard, subject and description. */
function BatchDetailsSection({ form, batch }: { form: BatchFormState; batch: Batch | undefined }) {
  const { t } = useLingui();
  const { teachers, standards, subjects, teacherOptions, standardOptions, subjectOptions, subjectSearch } = useBatchChoices(batch, form.values.standard);
  return (
    <SectionCard title={t`Batch`}>
      <TextInput label={t`Name`} withAsterisk autoComplete="off" placeholder={t`10th Maths Morning`} {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: 'start' }}>
        <Select
          label={t`Teacher`}
          withAsterisk
          placeholder={t`Choose a teacher`}
          data={teacherOptions}
          searchable
          nothingFoundMessage={teachers.isError ? t`Teachers could not be loaded` : t`No teacher found`}
          {...form.getInputProps('teacher')}
          value={form.values.teacher || null}
          onChange={(value) => form.setFieldValue('teacher', value ?? '')}
        />
        <Select
          label={t`Standard`}
          withAsterisk
          placeholder={t`Choose a standard`}
          data={standardOptions}
          nothingFoundMessage={standards.isError ? t`Standards could not be loaded` : t`No standards yet`}
          {...form.getInputProps('standard')}
          value={form.values.standard || null}
          onChange={(value) => form.setFieldValue('standard', value ?? '')}
        />
        <Select
          label={t`Subject`}
          withAsterisk
          placeholder={t`Choose a subject`}
          data={subjectOptions}
          filter={subjectSearch}
          searchable
          nothingFoundMessage={subjects.isError ? t`Subjects could not be loaded` : t`No subject found`}
          {...form.getInputProps('subject')}
          value={form.values.subject || null}
          onChange={(value) => form.setFieldValue('subject', value ?? '')}
        />
      </SimpleGrid>
      <Textarea label={t`Description`} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
    </SectionCard>
  );
}

/** The days (chips) and the class's start and end times. */
function WeeklyScheduleSection({ form }: { form: BatchFormState }) {
  const { t } = useLingui();
  const daysError = form.errors['schedule.days'] ?? form.errors['schedule'];
  return (
    <SectionCard title={t`Weekly schedule`}>
      <Input.Wrapper label={t`Days`} withAsterisk error={daysError} description={t`Times are in the academy's time zone.`}>
        <Chip.Group multiple value={form.values.schedule.days} onChange={(days) => form.setFieldValue('schedule.days', days as Weekday[])}>
          <Group gap="xs" mt={6} role="group" aria-label={t`Days`}>
            {WEEKDAYS.map((day) => (
              <Chip key={day} value={day} aria-label={weekdayName(day)}>
                {weekdayName(day, 'short')}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" style={{ alignItems: 'start' }}>
        <TextInput label={t`Start time`} withAsterisk type="time" {...form.getInputProps('schedule.startTime')} />
        <TextInput label={t`End time`} withAsterisk type="time" {...form.getInputProps('schedule.endTime')} />
      </SimpleGrid>
    </SectionCard>
  );
}

/** When the batch runs, how many seats it has, and how it is taught (GST place of supply). */
function DatesAndSeatsSection({ form }: { form: BatchFormState }) {
  const { t, i18n } = useLingui();
  return (
    <SectionCard title={t`Dates and seats`}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" style={{ alignItems: 'start' }}>
        <DateField label={t`Start date`} withAsterisk {...form.getInputProps('startDate')} />
        <DateField label={t`End date`} withAsterisk {...form.getInputProps('endDate')} />
        <NumberInput label={t`Capacity (seats)`} withAsterisk min={1} max={500} clampBehavior="none" allowDecimal={false} allowNegative={false} {...form.getInputProps('capacity')} />
      </SimpleGrid>
      <Select
        mt="md"
        label={t`Taught`}
        description={t`Online batches are taxed where the student lives (GST place of supply); classroom batches where they are taught.`}
        data={BATCH_DELIVERIES.map((value) => ({ value, label: i18n._(BATCH_DELIVERY_LABELS[value]) }))}
        allowDeselect={false}
        {...form.getInputProps('delivery')}
      />
    </SectionCard>
  );
}

/**
 * Creates a batch, or edits `batch`. Checked with the shared schema before sending (days, end time
 * after start, capacity 1–500, end date not before start); the server's refusals (a clash with
 * another batch of the teacher, capacity below the enrolled students) show above the buttons and
 * on their fields.
 */
export function BatchForm({ batch }: { batch?: Batch }) {
  const { t } = useLingui();
  const { form, onSubmit, saving, refusal, editing } = useBatchForm(batch);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <BatchDetailsSection form={form} batch={batch} />

        <WeeklyScheduleSection form={form} />

        <DatesAndSeatsSection form={form} />

        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={editing ? t`The batch was not saved` : t`The batch was not created`} role="alert">
            {refusal}
          </Alert>
        ) : null}

        <FormButtons cancel={{ to: batch ? `/app/batches/${batch._id}` : '/app/batches' }} submitLabel={editing ? t`Save Batch` : t`Create Batch`} saving={saving} />
      </Stack>
    </form>
  );
}
