import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import { studentProfileUpdateSchema } from '@academy/shared/schemas/profile';
import type { Student } from '@academy/shared/schemas/students';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { PROFILE_FAILURES, useUpdateStudentProfile } from '../api';
import { formatPhone } from '../../../lib/phone';
import { Trans, useLingui } from '@lingui/react/macro';

type StudentProfileFormValues = { phone: string; address: string; avatarUrl: string };

function toValues(student: Student): StudentProfileFormValues {
  return { phone: student.phone ? formatPhone(student.phone) : '', address: student.address, avatarUrl: student.avatarUrl ?? '' };
}

/** What a student may change themselves: phone, address and picture (name and email are the academy's). */
export function StudentProfileForm({ student }: { student: Student }) {
  const { t } = useLingui();
  const save = useUpdateStudentProfile();
  const { form, onSubmit, saving, markSaved } = useEntityForm({
    initialValues: toValues(student) as StudentProfileFormValues,
    schema: studentProfileUpdateSchema,
    save: (values) => save.mutateAsync(values),
    onSaved: ({ data, message }) => {
      // The form stays open with what the server kept (the phone as it writes it).
      const saved = toValues(data);
      form.setValues(saved);
      form.resetDirty(saved);
      markSaved(saved);
      notifications.show({ title: t`Profile saved`, message: message ?? MESSAGES.profileUpdated, color: 'teal' });
    },
    onFailed: (error) => notifications.show({ title: t`Profile not saved`, message: normalizeError(error, PROFILE_FAILURES.update).message, color: 'red' }),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          <TextInput label={t`Phone`} description={t`10-digit Indian mobile number`} type="tel" inputMode="tel" autoComplete="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <TextInput
          label={t`Picture address`}
          description={t`A full image address starting with https://; empty shows your initials.`}
          type="url"
          inputMode="url"
          key={form.key('avatarUrl')}
          {...form.getInputProps('avatarUrl')}
        />
        <Textarea label={t`Address`} autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            <Trans>Save Profile</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
