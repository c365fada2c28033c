import { Alert, Button, Chip, Group, Input, NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { batchInputSchema, WEEKDAYS, type Batch, type Weekday } from '@academy/shared/schemas/batches';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schemas/settings';
import { fieldErrorsOf, normalizeError, serverMessageOf } from '../../../lib/api-client';
import { todayIn } from '../../announcements/announcement-display';
import { usePublicSettings } from '../../settings/api';
import { useStandards } from '../../standards/api';
import { useSubjects } from '../../subjects/api';
import { useTeachers } from '../../teachers/api';
import { BATCH_FAILURES, useCreateBatch, useUpdateBatch } from '../api';
import { toBatchFormValues, toBatchPayload, WEEKDAY_SHORT, type BatchFormValues } from '../batch-form';
import { weekdayName } from '../schedule-display';
import { useFormLeaveGuard } from '../../../lib/use-unsaved-changes-prompt';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Creates a batch, or edits `batch`. Checked with the shared schema before sending (days, end time
 * after start, capacity 1–500, end date not before start); the server's refusals (a clash with
 * another batch of the teacher, capacity below the enrolled students) show above the buttons and
 * on their fields.
 */
export function BatchForm({ batch }: { batch?: Batch }) {
  const editing = batch !== undefined;
  const navigate = useNavigate();
  const create = useCreateBatch();
  const update = useUpdateBatch(batch?._id ?? '');
  const save = editing ? update : create;
  const settings = usePublicSettings();
  const teachers = useTeachers({});
  const standards = useStandards();
  const subjects = useSubjects();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Leaving with unsaved changes (a sidebar link too) asks first.
  const guard = useFormLeaveGuard<BatchFormValues>(toBatchFormValues(batch, todayIn(settings.data?.timeZone ?? DEFAULT_TIME_ZONE)));
  const form = useForm<BatchFormValues>({
    mode: 'controlled',
    initialValues: toBatchFormValues(batch, todayIn(settings.data?.timeZone ?? DEFAULT_TIME_ZONE)),
    onValuesChange: guard.onValuesChange,
    validate: schemaResolver(batchInputSchema, { sync: true }),
  });

  const teacherOptions = (teachers.data ?? [])
    .filter((teacher) => teacher.status !== 'inactive' || teacher._id === batch?.teacher._id)
    .map((teacher) => ({ value: teacher._id, label: teacher.status === 'active' ? teacher.name : `${teacher.name} (${teacher.status === 'on_leave' ? 'on leave' : 'inactive'})` }));
  if (batch && !teacherOptions.some((option) => option.value === batch.teacher._id)) teacherOptions.push({ value: batch.teacher._id, label: batch.teacher.name });

  const standardOptions = (standards.data ?? []).map((standard) => ({ value: standard._id, label: standard.name }));
  if (batch && !standardOptions.some((option) => option.value === batch.standard._id)) standardOptions.push({ value: batch.standard._id, label: batch.standard.name });

  // The chosen standard's own subjects first; any other subject may still be picked.
  const chosenStandard = standards.data?.find((standard) => standard._id === form.values.standard);
  const ownSubjectIds = new Set(chosenStandard?.subjects.map((subject) => subject._id) ?? []);
  const allSubjects = (subjects.data ?? []).map((subject) => ({ value: subject._id, label: subject.name }));
  if (batch && !allSubjects.some((option) => option.value === batch.subject._id)) allSubjects.push({ value: batch.subject._id, label: batch.subject.name });
  const subjectOptions =
    ownSubjectIds.size === 0
      ? allSubjects
      : [
          { group: `Subjects of ${chosenStandard?.name ?? 'this standard'}`, items: allSubjects.filter((option) => ownSubjectIds.has(option.value)) },
          { group: 'Other subjects', items: allSubjects.filter((option) => !ownSubjectIds.has(option.value)) },
        ].filter((group) => group.items.length > 0);

  const handleSubmit = form.onSubmit((values) => {
    setRefusal(null);
    save.mutate(toBatchPayload(values), {
      onSuccess: ({ data, message }) => {
        notifications.show({
          title: editing ? 'Batch saved' : 'Batch created',
          message: message ?? (editing ? 'Batch updated successfully' : 'Batch created successfully'),
          color: 'teal',
        });
        guard.allowLeave();
        void navigate(`/app/batches/${data._id}`);
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        const message = normalizeError(error, editing ? BATCH_FAILURES.update : BATCH_FAILURES.create).message;
        if (fieldErrors) {
          // The clash names the whole schedule; it shows on the days and in the alert below.
          const { schedule, ...rest } = fieldErrors;
          form.setErrors({ ...rest, ...(schedule ? { 'schedule.days': schedule } : {}) });
        }
        setRefusal(serverMessageOf(error) ?? message);
        notifications.show({ title: editing ? 'Batch not saved' : 'Batch not created', message, color: 'red' });
      },
    });
  });

  const daysError = form.errors['schedule.days'] ?? form.errors['schedule'];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <Section title="Batch">
          <TextInput label="Name" withAsterisk autoComplete="off" placeholder="10th Maths Morning" {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: 'start' }}>
            <Select
              label="Teacher"
              withAsterisk
              placeholder="Choose a teacher"
              data={teacherOptions}
              searchable
              nothingFoundMessage={teachers.isError ? 'Teachers could not be loaded' : 'No teacher found'}
              {...form.getInputProps('teacher')}
              value={form.values.teacher || null}
              onChange={(value) => form.setFieldValue('teacher', value ?? '')}
            />
            <Select
              label="Standard"
              withAsterisk
              placeholder="Choose a standard"
              data={standardOptions}
              nothingFoundMessage={standards.isError ? 'Standards could not be loaded' : 'No standards yet'}
              {...form.getInputProps('standard')}
              value={form.values.standard || null}
              onChange={(value) => form.setFieldValue('standard', value ?? '')}
            />
            <Select
              label="Subject"
              withAsterisk
              placeholder="Choose a subject"
              data={subjectOptions}
              searchable
              nothingFoundMessage={subjects.isError ? 'Subjects could not be loaded' : 'No subject found'}
              {...form.getInputProps('subject')}
              value={form.values.subject || null}
              onChange={(value) => form.setFieldValue('subject', value ?? '')}
            />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        </Section>

        <Section title="Weekly schedule">
          <Input.Wrapper label="Days" withAsterisk error={daysError} description="Times are in the academy's time zone.">
            <Chip.Group multiple value={form.values.schedule.days} onChange={(days) => form.setFieldValue('schedule.days', days as Weekday[])}>
              <Group gap="xs" mt={6} role="group" aria-label="Days">
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={day} aria-label={weekdayName(day)}>
                    {WEEKDAY_SHORT[day]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" style={{ alignItems: 'start' }}>
            <TextInput label="Start time" withAsterisk type="time" {...form.getInputProps('schedule.startTime')} />
            <TextInput label="End time" withAsterisk type="time" {...form.getInputProps('schedule.endTime')} />
          </SimpleGrid>
        </Section>

        <Section title="Dates and seats">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" style={{ alignItems: 'start' }}>
            <TextInput label="Start date" withAsterisk type="date" {...form.getInputProps('startDate')} />
            <TextInput label="End date" withAsterisk type="date" {...form.getInputProps('endDate')} />
            <NumberInput label="Capacity (seats)" withAsterisk min={1} max={500} clampBehavior="none" allowDecimal={false} allowNegative={false} {...form.getInputProps('capacity')} />
          </SimpleGrid>
        </Section>

        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={editing ? 'The batch was not saved' : 'The batch was not created'} role="alert">
            {refusal}
          </Alert>
        ) : null}

        <Group justify="flex-end">
          <Button variant="default" component={Link} to={editing ? `/app/batches/${batch._id}` : '/app/batches'}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save Batch' : 'Create Batch'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
