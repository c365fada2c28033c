import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { userProfileUpdateSchema } from '@academy/shared/schemas/profile';
import type { UserProfile, UserProfileUpdate } from '@academy/shared/schemas/profile';
import { useUpdateUserProfile } from '../api';
import { formatPhone } from '../../../lib/phone';
import { PictureField, SaveProfileButton, useProfileForm } from './profile-form-parts';
import { useLingui } from '@lingui/react/macro';
import { PhoneInput } from '../../../components/ui/phone-input';

type UserProfileFormValues = { name: string; avatarUrl: string; phone?: string; address?: string };

/** Only the fields this role may change: a teacher also has phone and address (an admin sending them gets 400). */
function toValues(profile: UserProfile): UserProfileFormValues {
  const base = { name: profile.name, avatarUrl: profile.avatarUrl ?? '' };
  return profile.teacher ? { ...base, phone: profile.teacher.phone ? formatPhone(profile.teacher.phone) : '', address: profile.teacher.address } : base;
}

/** An admin's or teacher's own details. */
export function UserProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useLingui();
  const save = useUpdateUserProfile();
  const { form, onSubmit, saving } = useProfileForm({
    initialValues: toValues(profile),
    schema: userProfileUpdateSchema,
    save: (values) => save.mutateAsync(values satisfies UserProfileUpdate),
    toValues,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          <TextInput label={t`Name`} withAsterisk autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
          {profile.teacher ? (
            <PhoneInput
              label={t`Phone`}
              description={t`10-digit Indian mobile number`}
              autoComplete="tel"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          ) : null}
        </SimpleGrid>
        <PictureField form={form} />
        {profile.teacher ? <Textarea label={t`Address`} autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} /> : null}
        <SaveProfileButton saving={saving} />
      </Stack>
    </form>
  );
}
