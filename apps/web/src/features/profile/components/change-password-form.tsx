import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@academy/shared/messages';
import { changePasswordFormSchema } from '@academy/shared/schemas/profile';
import type { ChangePasswordForm as ChangePasswordValues } from '@academy/shared/schemas/profile';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { PROFILE_FAILURES, useChangePassword } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice; a wrong current password shows on its field. */
export function ChangePasswordForm() {
  const { t } = useLingui();
  const change = useChangePassword();
  const { form, onSubmit, saving } = useEntityForm({
    initialValues: EMPTY,
    schema: changePasswordFormSchema,
    save: ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
    onSaved: ({ message }) => {
      form.reset();
      notifications.show({ title: t`Password changed`, message: message ?? MESSAGES.passwordChanged, color: 'teal' });
    },
    onFailed: (error) => notifications.show({ title: t`Password not changed`, message: normalizeError(error, PROFILE_FAILURES.changePassword).message, color: 'red' }),
    // The profile page's second form (passwords are not kept as a draft): it never asked before leaving, and still does not.
    leaveGuard: false,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput label={t`Current password`} autoComplete="current-password" withAsterisk maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }} key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          <PasswordInput
            label={t`New password`}
            description={t`At least 8 characters`}
            autoComplete="new-password"
            withAsterisk
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label={t`Confirm new password`} description={t`Type the new password again`} autoComplete="new-password" withAsterisk key={form.key('confirmPassword')} {...form.getInputProps('confirmPassword')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            <Trans>Change Password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
