import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { landingRouteFor } from '@academy/shared/roles';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { usePageMeta } from '../../lib/page-meta';

/** An unknown /app/... address: a not-found inside the signed-in layout, with the way back to the dashboard. */
export function Component() {
  const user = useCurrentUser();
  usePageMeta('Page not found');
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={480}>
        There is no screen at this address. It may have been mistyped, or the link may be old.
      </Text>
      <Button component={Link} to={landingRouteFor(user?.role)}>
        Back to Dashboard
      </Button>
    </Stack>
  );
}
