import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { admissionEnquiryUpdateInputSchema, BOARDS, MEDIUMS } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryDetail } from '@academy/shared/schemas/admissions';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useStandards } from '../../standards/api';
import { useSubjects } from '../../subjects/api';
import { GENDER_OPTIONS } from '../../teachers/teacher-form';
import { ENQUIRY_FAILURES, useUpdateEnquiry } from '../api';
import { formatPhone } from '../../../lib/phone';

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

function toValues(enquiry: AdmissionEnquiryDetail) {
  return {
    studentName: enquiry.studentName,
    email: enquiry.email ?? '',
    phone: enquiry.phone ? formatPhone(enquiry.phone) : '',
    parentName: enquiry.parentName ?? '',
    parentPhone: enquiry.parentPhone ? formatPhone(enquiry.parentPhone) : '',
    gender: enquiry.gender as string | null,
    dateOfBirth: enquiry.dateOfBirth ?? '',
    standard: enquiry.standard?._id ?? null,
    subjects: enquiry.subjects.map((subject) => subject._id),
    school: enquiry.school ?? '',
    board: enquiry.board,
    medium: enquiry.medium,
    address: enquiry.address ?? '',
    message: enquiry.message ?? '',
    notes: enquiry.notes ?? '',
  };
}

/** The admin's edit of an enquiry, checked with the shared schema; the server's field errors land on the fields. */
export function EnquiryEditForm({ enquiry }: { enquiry: AdmissionEnquiryDetail }) {
  const navigate = useNavigate();
  const update = useUpdateEnquiry(enquiry._id);
  const standards = useStandards();
  const subjects = useSubjects();
  const form = useForm({ mode: 'uncontrolled', initialValues: toValues(enquiry), validate: schemaResolver(admissionEnquiryUpdateInputSchema, { sync: true }) });
  const detailPath = `/app/registrations/${enquiry._id}`;

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(values as Parameters<typeof update.mutate>[0], {
      onSuccess: ({ message }) => {
        notifications.show({ title: 'Registration saved', message: message ?? 'Registration updated successfully', color: 'teal' });
        void navigate(detailPath);
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) form.setErrors(fieldErrors);
        notifications.show({ title: 'Registration not saved', message: normalizeError(error, ENQUIRY_FAILURES.update).message, color: 'red' });
      },
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
              description="Changing it removes the verified mark"
              type="email"
              inputMode="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput label="Phone" description={PHONE_HINT} type="tel" inputMode="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
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
          <Button type="submit" loading={update.isPending}>
            Save Registration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
