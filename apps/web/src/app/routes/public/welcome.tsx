import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { serverMessageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { handOff } from '../../../features/auth/api';

/**
 * A new academy's owner arrives here from the platform's sign-up (issue 55) with a one-time token in
 * the address's fragment (never sent to a server, never in a log): it becomes a session at this
 * academy's address, and the owner lands on the dashboard's first-run checklist.
 */
export function Component() {
  const { t } = useLingui();
  usePageMeta(t`Welcome`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.replace(/^#/, '');
    // The token leaves the address at once (a reload or a shared screenshot shows nothing).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    handOff(queryClient, token).then(
      () => void navigate('/app/dashboard', { replace: true }),
      (failure: unknown) => setError(serverMessageOf(failure) ?? t`This sign-in link has expired or was already used. Please sign in with your email and password.`),
    );
  }, [navigate, queryClient, t]);
  return (
    <Stack align="center" ta="center" gap="md" py={64} maw={520} mx="auto">
      <Title order={1}>
        <Trans>Welcome to your academy</Trans>
      </Title>
      {error ? (
        <>
          <Alert color="orange" w="100%" role="alert">
            {error}
          </Alert>
          <Button component={Link} to="/login">
            <Trans>Sign in</Trans>
          </Button>
        </>
      ) : (
        <>
          <Loader aria-hidden="true" />
          <Text c="dimmed">
            <Trans>Signing you in…</Trans>
          </Text>
        </>
      )}
    </Stack>
  );
}
