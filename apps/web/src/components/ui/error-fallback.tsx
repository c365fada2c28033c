import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Trans } from '@lingui/react/macro';

/** The fallback error screen; its texts are the spec's, word for word (section 2). */
export function ErrorFallback() {
  const navigate = useNavigate();
  return (
    <Center mih="60dvh" p="md">
      <Stack maw={560} gap="md">
        {/* Drawn like a light red Mantine Alert, without its code in the first download. */}
        <Group role="alert" gap="sm" wrap="nowrap" p="md" bg="red.0" c="red.9" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <IconAlertTriangle size={20} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm"><Trans>Something went wrong in this part of the application.</Trans></Text>
        </Group>
        <Title order={2}><Trans>We apologize for the inconvenience</Trans></Title>
        <Text c="dimmed">
          <Trans>The application encountered an unexpected error. You can try refreshing the page or returning to the home page.</Trans>
        </Text>
        <Group>
          <Button onClick={() => void navigate('/')}>
            <Trans>Go to Home Page</Trans>
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            <Trans>Refresh Page</Trans>
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
