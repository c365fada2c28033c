import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** The fallback error screen; its texts are the spec's, word for word (section 2). */
export function ErrorFallback() {
  const navigate = useNavigate();
  return (
    <Center mih="60dvh" p="md">
      <Stack maw={560} gap="md">
        {/* Drawn like a light red Mantine Alert, without its code in the first download. */}
        <Group role="alert" gap="sm" wrap="nowrap" p="md" bg="red.0" c="red.9" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <IconAlertTriangle size={20} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm">Something went wrong in this part of the application.</Text>
        </Group>
        <Title order={2}>We apologize for the inconvenience</Title>
        <Text c="dimmed">
          The application encountered an unexpected error. You can try refreshing the page or returning to the home page.
        </Text>
        <Group>
          <Button onClick={() => void navigate('/')}>Go to Home Page</Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
