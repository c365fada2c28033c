import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { loginInputSchema } from '@academy/shared/schemas/auth';
import type { LoginInput } from '@academy/shared/schemas/auth';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useLogin } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/**
 * The show/hide button is named by its content, not by aria-label, so a label lookup for
 * "Password" finds only the field; aria-pressed tells whether the characters are shown.
 */
function PasswordToggle({ reveal }: { reveal: boolean }) {
  return (
    <>
      {reveal ? <IconEyeOff size={18} aria-hidden="true" /> : <IconEye size={18} aria-hidden="true" />}
      <VisuallyHidden><Trans>Show password</Trans></VisuallyHidden>
    </>
  );
}

/**
 * Email or student ID (issue 21) and password, checked with the shared login schema. On success the session holds the user
 * and the login screen moves on; a failure is shown in an alert with the server's words.
 */
export function LoginForm() {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const login = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = loginInputSchema.safeParse(values);
    if (!parsed.success) return;
    login.mutate(parsed.data, {
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) form.setErrors(fieldErrors);
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {login.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {normalizeError(login.error, MESSAGES.loginFailed).message}
          </Alert>
        ) : null}
        <TextInput
          label={t`Email or student ID`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleIcon={PasswordToggle}
          visibilityToggleButtonProps={{ 'aria-label': undefined }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={lp('/forgot-password')} size="sm">
            <Trans>Forgot password?</Trans>
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          <Trans>Login</Trans>
        </Button>
      </Stack>
    </form>
  );
}
