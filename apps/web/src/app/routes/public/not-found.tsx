import { useEffect } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const { pathname } = useLocation();
  usePageMeta(t`Page not found`);
  useEffect(() => {
    console.warn(`No screen for ${pathname}`);
  }, [pathname]);
  return (
    <Stack align="center" ta="center" gap="md" py={64}>
      <Text fz={80} fw={900} lh={1} c="indigo.2" aria-hidden="true">
        404
      </Text>
      <Title order={1}><Trans>Page not found</Trans></Title>
      <Text c="dimmed" maw={420}>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </Text>
      <Button component={Link} to={lp('/')}>
        <Trans>Back to Home Page</Trans>
      </Button>
    </Stack>
  );
}
