import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { postLoginTarget } from '../../../features/auth/access';
import { useSession } from '../../../lib/session';
import { LoginForm } from '../../../features/auth/components/login-form';
import { usePublicSettings } from '../../../features/settings/api';
import { SITE_NAME } from '../../../lib/page-meta';
import { Trans, useLingui } from '@lingui/react/macro';
import { loadSignedInShell } from '../../signed-in-shell';

export function Component() {
  const { t } = useLingui();
  const { user } = useSession();
  const academyName = usePublicSettings().data?.name ?? SITE_NAME;
  const location = useLocation();
  // The signed-in frame downloads while the form is filled in (once the phone is idle), not after "Login".
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadSignedInShell().catch(() => undefined));
    return () => cancel(handle);
  }, []);
  // Signed in (already, or just now through the form): back to where the guard stopped them, else
  // home; while its screen loads, a spinner says so at once instead of an empty page.
  if (user) {
    const from = (location.state as { from?: unknown } | null)?.from;
    return (
      <>
        <Center mih="50dvh" role="status" aria-live="polite">
          <Stack align="center" gap="sm">
            <Loader aria-hidden="true" />
            <Text c="dimmed">
              <Trans>Opening your dashboard…</Trans>
            </Text>
          </Stack>
        </Center>
        <Navigate to={postLoginTarget(user, from)} replace />
      </>
    );
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
