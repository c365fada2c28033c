import { Center, Paper } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { ForgotPasswordForm } from '../../../features/password-reset/components/forgot-password-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <Center py={{ base: 0, sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <PageHeader
          title={t`Forgot Password`}
          description={t`Enter the email of your account and we will mail you a link to choose a new password.`}
          metaDescription={t`Forgot your password? Ask for a link to choose a new one.`}
        />
        <ForgotPasswordForm />
      </Paper>
    </Center>
  );
}
