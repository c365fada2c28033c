import { Button, Group, MultiSelect, Paper, PasswordInput, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { teacherCreateInputSchema, teacherUpdateInputSchema } from '@academy/shared/schemas/teachers';
import type { Teacher } from '@academy/shared/schemas/teachers';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useSubjects } from '../../subjects/api';
import { TEACHER_FAILURES, useCreateTeacher, useUpdateTeacher } from '../api';
import { GENDER_OPTIONS, TEACHER_STATUS_OPTIONS, toTeacherFormValues } from '../teacher-form';
import type { TeacherFormValues } from '../teacher-form';
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
 * Creates a teacher, or edits one when `teacher` is given. Checked with the shared schema before
 * sending; the server's field errors (an email in use) land on the same fields.
 */
export function TeacherForm({ teacher }: { teacher?: Teacher }) {
  const editing = teacher !== undefined;
  const schema = editing ? teacherUpdateInputSchema : teacherCreateInputSchema;
  const navigate = useNavigate();
  const create = useCreateTeacher();
  const update = useUpdateTeacher(teacher?._id ?? '');
  const subjects = useSubjects();
  // Leaving with unsaved changes (a sidebar link too) asks first.
  const guard = useFormLeaveGuard<TeacherFormValues>(toTeacherFormValues(teacher));
  const form = useForm<TeacherFormValues>({
    mode: 'uncontrolled',
    initialValues: toTeacherFormValues(teacher),
    onValuesChange: guard.onValuesChange,
    validate: schemaResolver(schema, { sync: true }),
  });

  const subjectOptions = (subjects.data ?? []).map((subject) => ({ value: subject._id, label: `${subject.name} (${subject.code})` }));
  // A subject the teacher has but the list does not (yet) show still needs a label.
  for (const subject of teacher?.subjects ?? []) {
    if (!subjectOptions.some((option) => option.value === subject._id)) subjectOptions.push({ value: subject._id, label: `${subject.name} (${subject.code})` });
  }

  const handleSubmit = form.onSubmit((values) => {
    const onError = (error: unknown) => {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) form.setErrors(fieldErrors);
      notifications.show({
        title: editing ? 'Teacher not saved' : 'Teacher not created',
        message: normalizeError(error, editing ? TEACHER_FAILURES.update : TEACHER_FAILURES.create).message,
        color: 'red',
      });
    };
    if (editing) {
      update.mutate(values, {
        onSuccess: ({ data, message }) => {
          notifications.show({ title: 'Teacher saved', message: message ?? MESSAGES.teacherUpdated, color: 'teal' });
          guard.allowLeave();
          void navigate(`/app/teachers/${data._id}`);
        },
        onError,
      });
    } else {
      create.mutate(values, {
        onSuccess: ({ data, message }) => {
          notifications.show({ title: 'Teacher created', message: message ?? MESSAGES.teacherCreated, color: 'teal' });
          guard.allowLeave();
          void navigate(`/app/teachers/${data._id}`);
        },
        onError,
      });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <Section title="Account">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput label="Name" withAsterisk autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label="Email" withAsterisk type="email" inputMode="email" autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
          </SimpleGrid>
          <PasswordInput
            label={editing ? 'New password' : 'Password'}
            description={
              editing
                ? 'Leave empty to keep the current password. A new one signs them out on every device.'
                : 'Leave empty to email them a link to set their password'
            }
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Select
            label="Status"
            description="Inactive teachers can no longer sign in; their batches and records are kept."
            data={TEACHER_STATUS_OPTIONS}
            allowDeselect={false}
            key={form.key('status')}
            {...form.getInputProps('status')}
          />
        </Section>

        <Section title="Teaching">
          <MultiSelect
            label="Subjects"
            placeholder="Choose subjects"
            data={subjectOptions}
            searchable
            clearable
            nothingFoundMessage={subjects.isError ? 'Subjects could not be loaded' : 'No such subject'}
            key={form.key('subjects')}
            {...form.getInputProps('subjects')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput label="Qualification" placeholder="M.Sc. Mathematics, B.Ed." key={form.key('qualification')} {...form.getInputProps('qualification')} />
            <TextInput label="Joining date" type="date" key={form.key('joiningDate')} {...form.getInputProps('joiningDate')} />
          </SimpleGrid>
        </Section>

        <Section title="Contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput
              label="Phone"
              description="10-digit Indian mobile number"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="98220 12345"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
            <Select label="Gender" placeholder="Not given" data={GENDER_OPTIONS} clearable key={form.key('gender')} {...form.getInputProps('gender')} />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} />
        </Section>

        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(editing ? `/app/teachers/${teacher._id}` : '/app/teachers')}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? 'Save Teacher' : 'Create Teacher'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
