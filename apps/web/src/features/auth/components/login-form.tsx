import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { loginInputSchema } from '@academy/shared/schemas/auth';
import type { LoginInput } from '@academy/shared/schemas/auth';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert';
import { checkedSubmit } from '../../../lib/checked-submit';
import { useLogin } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { SignInCodeForm } from './sign-in-code-form';

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
 * The login screen's two ways in: email or student ID and password, or (a parent) a code sent to their
 * phone by WhatsApp or SMS (issue 37). Either way the session then holds the user and the screen moves on.
 */
export function LoginForm() {
  const [withCode, setWithCode] = useState(false);
  if (withCode) return <SignInCodeForm onUsePassword={() => setWithCode(false)} />;
  return <PasswordLoginForm onUseCode={() => setWithCode(true)} />;
}

/**
 * Email or student ID (issue 21) and password, checked with the shared login schema. On success the session holds the user
 * and the login screen moves on; a failure is shown in an alert with the server's words.
 */
function PasswordLoginForm({ onUseCode }: { onUseCode: () => void }) {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const login = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  });

  const handleSubmit = checkedSubmit(form, loginInputSchema, (input, handlers) => login.mutate(input, handlers));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {login.isError ? <RequestErrorAlert error={login.error} fallback={MESSAGES.loginFailed} /> : null}
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
        <Divider />
        <Anchor component="button" type="button" size="sm" onClick={onUseCode} ta="center">
          <Trans>Parent? Sign in with a code sent to your phone</Trans>
        </Anchor>
      </Stack>
    </form>
  );
}
