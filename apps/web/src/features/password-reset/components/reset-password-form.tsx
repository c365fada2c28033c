import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { landingRouteFor } from '@academy/shared/roles';
import { MESSAGES } from '@academy/shared/messages';
import { PASSWORD_MIN_LENGTH, resetPasswordFormSchema } from '@academy/shared/schemas/auth';
import type { ResetPasswordForm as ResetPasswordValues } from '@academy/shared/schemas/auth';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useResetPassword } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** The new password, typed twice and checked with the shared rules, for the account of a valid link. */
export function ResetPasswordForm({ token, maskedEmail }: { token: string; maskedEmail: string }) {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />} title={t`Password changed`}>
          {reset.data.message}
        </Alert>
        <Button component={Link} to={lp('/login')} fullWidth>
          <Trans>Go to Login</Trans>
        </Button>
      </Stack>
    );
  }

  const handleSubmit = form.onSubmit((values) => {
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) return;
    reset.mutate(
      { token, password: parsed.data.password },
      {
        // A new account's first password signs them in (issue 73): straight to their dashboard.
        onSuccess: ({ user }) => {
          if (user) void navigate(landingRouteFor(user.role), { replace: true });
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          if (fieldErrors?.password) form.setFieldError('password', fieldErrors.password);
        },
      },
    );
  });

  const failure = reset.isError && !fieldErrorsOf(reset.error)?.password ? normalizeError(reset.error).message : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          <Trans>Choose a new password for <strong>{maskedEmail}</strong>. It needs at least {PASSWORD_MIN_LENGTH} characters; a few unrelated words make a strong one.</Trans>
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">{failure}</Text>
              {failure === MESSAGES.resetLinkInvalid ? (
                <Anchor component={Link} to={lp('/forgot-password')} size="sm">
                  <Trans>Ask for a new link</Trans>
                </Anchor>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <PasswordInput label={t`New password`} autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
        <PasswordInput label={t`Confirm new password`} autoComplete="new-password" key={form.key('confirmPassword')} {...form.getInputProps('confirmPassword')} />
        <Button type="submit" loading={reset.isPending} fullWidth>
          <Trans>Reset Password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
