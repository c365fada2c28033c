import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { landingRouteFor } from '@academy/shared/roles';
import { useCurrentUser } from '../../lib/session';
import { usePageMeta } from '../../lib/page-meta';
import { Trans, useLingui } from '@lingui/react/macro';

/** An unknown /app/... address: a not-found inside the signed-in layout, with the way back to the dashboard. */
export function Component() {
  const { t } = useLingui();
  const user = useCurrentUser();
  usePageMeta(t`Page not found`);
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1} size="h2">
        <Trans>Page not found</Trans>
      </Title>
      <Text c="dimmed" maw={480}>
        <Trans>There is no screen at this address. It may have been mistyped, or the link may be old.</Trans>
      </Text>
      <Button component={Link} to={landingRouteFor(user?.role)}>
        <Trans>Back to Dashboard</Trans>
      </Button>
    </Stack>
  );
}
