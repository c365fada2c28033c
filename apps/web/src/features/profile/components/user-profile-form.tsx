import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import { userProfileUpdateSchema } from '@academy/shared/schemas/profile';
import type { UserProfile, UserProfileUpdate } from '@academy/shared/schemas/profile';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { PROFILE_FAILURES, useUpdateUserProfile } from '../api';
import { formatPhone } from '../../../lib/phone';
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { form, onSubmit, saving, markSaved } = useEntityForm({
    initialValues: toValues(profile) as UserProfileFormValues,
    schema: userProfileUpdateSchema,
    save: (values) => save.mutateAsync(values satisfies UserProfileUpdate),
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
          <TextInput label={t`Name`} withAsterisk autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
          {profile.teacher ? (
            <TextInput
              label={t`Phone`}
              description={t`10-digit Indian mobile number`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          ) : null}
        </SimpleGrid>
        <TextInput
          label={t`Picture address`}
          description={t`A full image address starting with https://; empty shows your initials.`}
          type="url"
          inputMode="url"
          key={form.key('avatarUrl')}
          {...form.getInputProps('avatarUrl')}
        />
        {profile.teacher ? <Textarea label={t`Address`} autosize minRows={2} maxRows={5} key={form.key('address')} {...form.getInputProps('address')} /> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            <Trans>Save Profile</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
