import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ApplyBandProps {
  title: ReactNode;
  text: ReactNode;
  /** The registration form's address (in the page's language), or a course's own. */
  to: string;
  action: ReactNode;
  /** The widest the title and text run. */
  textWidth?: number;
  mt?: number;
}

/** The band near a public page's foot that sends a family to the registration form. */
export function ApplyBand({ title, text, to, action, textWidth = 560, mt }: ApplyBandProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} mt={mt} bg="indigo.0">
      <Group justify="space-between" gap="md">
        <Stack gap={4} maw={textWidth}>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
        </Stack>
        <Button component={Link} to={to} size="md">
          {action}
        </Button>
      </Group>
    </Paper>
  );
}
