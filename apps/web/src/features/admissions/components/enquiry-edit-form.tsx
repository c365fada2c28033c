import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { admissionEnquiryUpdateInputSchema, BOARDS, MEDIUMS, officeEnquiryInputSchema } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryDetail, OfficeEnquiryInput } from '@academy/shared/schemas/admissions';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useStandards } from '../../standards/api';
import { useSubjects } from '../../subjects/api';
import { GENDER_OPTIONS } from '../../teachers/teacher-form';
import { ENQUIRY_FAILURES, useCreateOfficeEnquiry, useUpdateEnquiry } from '../api';
import { formatPhone } from '../../../lib/phone';
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

const PHONE_HINT = '10-digit Indian mobile number';

function toValues(enquiry: AdmissionEnquiryDetail | undefined) {
  return {
    studentName: enquiry?.studentName ?? '',
    email: enquiry?.email ?? '',
    phone: enquiry?.phone ? formatPhone(enquiry.phone) : '',
    parentName: enquiry?.parentName ?? '',
    parentPhone: enquiry?.parentPhone ? formatPhone(enquiry.parentPhone) : '',
    gender: (enquiry?.gender ?? null) as string | null,
    dateOfBirth: enquiry?.dateOfBirth ?? '',
    standard: enquiry?.standard?._id ?? null,
    subjects: enquiry?.subjects.map((subject) => subject._id) ?? [],
    school: enquiry?.school ?? '',
    board: enquiry?.board ?? null,
    medium: enquiry?.medium ?? null,
    address: enquiry?.address ?? '',
    message: enquiry?.message ?? '',
    notes: enquiry?.notes ?? '',
  };
}

/**
 * The admin's edit of an enquiry, or (without `enquiry`) a walk-in or phone enquiry the office adds
 * itself. Checked with the shared schema; the server's field errors land on the fields.
 */
export function EnquiryEditForm({ enquiry }: { enquiry?: AdmissionEnquiryDetail }) {
  const navigate = useNavigate();
  const update = useUpdateEnquiry(enquiry?._id ?? '');
  const create = useCreateOfficeEnquiry();
  const standards = useStandards();
  const subjects = useSubjects();
  const [initialValues] = useState(() => toValues(enquiry));
  const guard = useFormLeaveGuard(initialValues);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(enquiry ? admissionEnquiryUpdateInputSchema : officeEnquiryInputSchema, { sync: true }),
    onValuesChange: guard.onValuesChange,
  });
  const detailPath = enquiry ? `/app/registrations/${enquiry._id}` : '/app/registrations';
  const saving = update.isPending || create.isPending;

  const onError = (error: Error) => {
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors) form.setErrors(fieldErrors);
    notifications.show({
      title: enquiry ? 'Registration not saved' : 'Registration not added',
      message: normalizeError(error, enquiry ? ENQUIRY_FAILURES.update : ENQUIRY_FAILURES.create).message,
      color: 'red',
    });
  };

  const handleSubmit = form.onSubmit((values) => {
    if (!enquiry) {
      create.mutate(values as OfficeEnquiryInput, {
        onSuccess: ({ data, message }) => {
          notifications.show({ title: 'Registration added', message: message ?? 'Registration added', color: 'teal' });
          guard.allowLeave();
          void navigate(`/app/registrations/${data._id}`);
        },
        onError,
      });
      return;
    }
    update.mutate(values as Parameters<typeof update.mutate>[0], {
      onSuccess: ({ message }) => {
        notifications.show({ title: 'Registration saved', message: message ?? 'Registration updated successfully', color: 'teal' });
        guard.allowLeave();
        void navigate(detailPath);
      },
      onError,
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <Section title="Student">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput label="Student name" withAsterisk key={form.key('studentName')} {...form.getInputProps('studentName')} />
            <TextInput
              label="Email"
              description={enquiry ? 'Changing it removes the verified mark' : 'Optional; needed later to make a student account'}
              type="email"
              inputMode="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone"
              description={PHONE_HINT}
              withAsterisk={!enquiry}
              type="tel"
              inputMode="tel"
              placeholder="98220 12345"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
            <Select label="Gender" placeholder="Not given" data={GENDER_OPTIONS} clearable key={form.key('gender')} {...form.getInputProps('gender')} />
            <TextInput label="Date of birth" type="date" key={form.key('dateOfBirth')} {...form.getInputProps('dateOfBirth')} />
            <TextInput label="School" key={form.key('school')} {...form.getInputProps('school')} />
          </SimpleGrid>
        </Section>
        <Section title="Studies">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <Select
              label="Standard"
              placeholder="No standard"
              data={(standards.data ?? []).map((standard) => ({ value: standard._id, label: standard.name }))}
              clearable
              key={form.key('standard')}
              {...form.getInputProps('standard')}
            />
            <MultiSelect
              label="Subjects of interest"
              placeholder="None"
              data={(subjects.data ?? []).map((subject) => ({ value: subject._id, label: subject.name }))}
              searchable
              key={form.key('subjects')}
              {...form.getInputProps('subjects')}
            />
            <Select label="Board" placeholder="Not given" data={[...BOARDS]} clearable key={form.key('board')} {...form.getInputProps('board')} />
            <Select label="Medium" placeholder="Not given" data={[...MEDIUMS]} clearable key={form.key('medium')} {...form.getInputProps('medium')} />
          </SimpleGrid>
        </Section>
        <Section title="Parent or guardian">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
            <TextInput label="Parent name" key={form.key('parentName')} {...form.getInputProps('parentName')} />
            <TextInput label="Parent phone" description={PHONE_HINT} type="tel" inputMode="tel" key={form.key('parentPhone')} {...form.getInputProps('parentPhone')} />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} />
        </Section>
        <Section title="Message and notes">
          <Textarea label="Message" autosize minRows={2} maxRows={8} key={form.key('message')} {...form.getInputProps('message')} />
          <Textarea label="Follow-up notes" autosize minRows={3} maxRows={10} key={form.key('notes')} {...form.getInputProps('notes')} />
        </Section>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(detailPath)}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {enquiry ? 'Save Registration' : 'Add Registration'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
