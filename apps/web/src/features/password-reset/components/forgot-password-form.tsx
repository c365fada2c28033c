import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { forgotPasswordInputSchema } from '@academy/shared/schemas/auth';
import type { ForgotPasswordInput } from '@academy/shared/schemas/auth';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert';
import { checkedSubmit } from '../../../lib/checked-submit';
import { useForgotPassword } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

function BackToLogin() {
  const lp = useLocalizedPath();
  return (
    <Anchor component={Link} to={lp('/login')} size="sm" ta="center">
      <Trans>Back to Login</Trans>
    </Anchor>
  );
}

/**
 * The email to send a reset link to; afterwards the server's answer, which never says whether the account
 * exists. A student ID (issue 21: a student without an email) gets the server's "ask the office or your
 * parent" instead: there is no mail to check.
 */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInputSchema, { sync: true }),
  });

  if (forgot.isSuccess && !forgot.variables.includes('@')) {
    return (
      <Stack gap="md">
        <Alert color="blue" variant="light" role="status" icon={<IconInfoCircle aria-hidden="true" />} title={t`Ask the academy office`}>
          {forgot.data}
        </Alert>
        <Button variant="default" onClick={() => forgot.reset()}>
          <Trans>Try Again</Trans>
        </Button>
        <BackToLogin />
      </Stack>
    );
  }

  if (forgot.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" icon={<IconMailCheck aria-hidden="true" />} title={t`Check your email`}>
          {forgot.data}
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>No mail after a few minutes? Check the spam folder, or ask for a new link.</Trans>
        </Text>
        <Button variant="default" onClick={() => forgot.reset()}>
          <Trans>Send Another Link</Trans>
        </Button>
        <BackToLogin />
      </Stack>
    );
  }

  const handleSubmit = checkedSubmit(form, forgotPasswordInputSchema, (input, handlers) => forgot.mutate(input.email, handlers));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {forgot.isError ? <RequestErrorAlert error={forgot.error} /> : null}
        <TextInput label={t`Email or student ID`} autoComplete="username" key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" loading={forgot.isPending} fullWidth>
          <Trans>Send Reset Link</Trans>
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
