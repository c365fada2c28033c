import { SimpleGrid, Stack, Textarea } from '@mantine/core';
import { studentProfileUpdateSchema } from '@academy/shared/schemas/profile';
import type { Student } from '@academy/shared/schemas/students';
import { useUpdateStudentProfile } from '../api';
import { formatPhone } from '../../../lib/phone';
import { PictureField, SaveProfileButton, useProfileForm } from './profile-form-parts';
import { useLingui } from '@lingui/react/macro';
import { PhoneInput } from '../../../components/ui/phone-input';

type StudentProfileFormValues = { phone: string; address: string; avatarUrl: string };

function toValues(student: Student): StudentProfileFormValues {
  return { phone: student.phone ? formatPhone(student.phone) : '', address: student.address ?? '', avatarUrl: student.avatarUrl ?? '' };
}

/** What a student may change themselves: phone, address and picture (name and email are the academy's). */
export function StudentProfileForm({ student }: { student: Student }) {
  const { t } = useLingui();
  const save = useUpdateStudentProfile();
  const { form, onSubmit, saving } = useProfileForm({ initialValues: toValues(student), schema: studentProfileUpdateSchema, save: (values) => save.mutateAsync(values), toValues });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          <PhoneInput label={t`Phone`} description={t`10-digit Indian mobile number`} autoComplete="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <PictureField form={form} />
        <Textarea label={t`Address`} placeholder={t`e.g. Shivaji Nagar, Latur`} autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} />
        <SaveProfileButton saving={saving} />
      </Stack>
    </form>
  );
}
