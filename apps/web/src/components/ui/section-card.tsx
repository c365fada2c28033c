import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled block of a detail screen or a form (the one way to group fields or facts); `description`
 * explains it under the title, `actions` sit beside the title (they wrap under it on phones).
 */
export function SectionCard({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" align="center">
          <div>
            <Title order={2} size="h4">
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
