import { useEffect } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';

export function Component() {
  const { pathname } = useLocation();
  usePageMeta('Page not found');
  useEffect(() => {
    console.warn(`No screen for ${pathname}`);
  }, [pathname]);
  return (
    <Stack align="center" ta="center" gap="md" py={64}>
      <Text fz={80} fw={900} lh={1} c="indigo.2" aria-hidden="true">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" maw={420}>
        The page you are looking for does not exist or has moved.
      </Text>
      <Button component={Link} to="/">
        Back to Home Page
      </Button>
    </Stack>
  );
}
