import { Center, Paper } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { postLoginTarget } from '../../../features/auth/access';
import { useSession } from '../../../features/auth/api';
import { LoginForm } from '../../../features/auth/components/login-form';
import { usePublicSettings } from '../../../features/settings/api';
import { SITE_NAME } from '../../../lib/page-meta';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { user } = useSession();
  const academyName = usePublicSettings().data?.name ?? SITE_NAME;
  const location = useLocation();
  // Signed in (already, or just now through the form): back to where the guard stopped them, else home.
  if (user) {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={postLoginTarget(user, from)} replace />;
  }
  return (
    <Center py={{ base: 0, sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <PageHeader title={t`Login`} description={t`Sign in to your ${academyName} account.`} />
        <LoginForm />
      </Paper>
    </Center>
  );
}
