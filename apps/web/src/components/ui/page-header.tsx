import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  /** The page's meta description (public pages); else the site's. */
  metaDescription?: string;
}

/** The heading every screen starts with; also names the browser tab and describes the page. */
export function PageHeader({ title, description, actions, metaDescription }: PageHeaderProps) {
  usePageMeta(title, metaDescription);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions}
    </Group>
  );
}
