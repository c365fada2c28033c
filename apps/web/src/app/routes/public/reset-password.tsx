import { Alert, Anchor, Center, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@academy/shared/messages';
import { PageHeader } from '../../../components/ui/page-header';
import { useResetToken } from '../../../features/password-reset/api';
import { ResetPasswordForm } from '../../../features/password-reset/components/reset-password-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

function InvalidLink() {
  const lp = useLocalizedPath();
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{MESSAGES.resetLinkInvalid}</Text>
        <Anchor component={Link} to={lp('/forgot-password')} size="sm" fw={600}>
          <Trans>Ask for a new link</Trans>
        </Anchor>
      </Stack>
    </Alert>
  );
}

export function Component() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const link = useResetToken(token);
  // A welcome link (a new account choosing its first password) goes through the same form.
  const welcome = link.data?.purpose === 'welcome';

  return (
    <Center py={{ base: 0, sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <PageHeader title={welcome ? t`Set Your Password` : t`Reset Password`} metaDescription={t`Choose a new password for your Academy account.`} />
        {link.isPending ? (
          <Center py="lg" role="status">
            <Loader size="sm" aria-hidden="true" />
            <VisuallyHidden><Trans>Checking the link...</Trans></VisuallyHidden>
          </Center>
        ) : link.isError ? (
          // Whatever went wrong (expired, used, unknown, or no answer), the link cannot be used now.
          <InvalidLink />
        ) : (
          <ResetPasswordForm token={token} maskedEmail={link.data.email} />
        )}
      </Paper>
    </Center>
  );
}
