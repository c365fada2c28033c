import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface RecentListPanelProps<T extends { _id: string }> {
  /** Names the heading's id, e.g. "recent-students". */
  id: string;
  title: string;
  allLink: { to: string; label: string };
  empty: string;
  items: T[];
  /** The link to one item and its name. */
  itemLink: (item: T) => { to: string; label: string };
  /** The dimmed line under the name. */
  detail: (item: T) => ReactNode;
  /** What stands at the right of the row (a date, a status badge). */
  aside: (item: T) => ReactNode;
}

/** A dashboard panel of the few records added last, each opening its own page, with a link to them all. */
export function RecentListPanel<T extends { _id: string }>({ id, title, allLink, empty, items, itemLink, detail, aside }: RecentListPanelProps<T>) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${id}-heading`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={`${id}-heading`}>
          {title}
        </Title>
        <Anchor component={Link} to={allLink.to} size="sm">
          {allLink.label}
        </Anchor>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => {
            const link = itemLink(item);
            return (
              <Group
                key={item._id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={link.to} fw={600} truncate>
                    {link.label}
                  </Anchor>
                  <Text size="sm" c="dimmed" truncate>
                    {detail(item)}
                  </Text>
                </Stack>
                {aside(item)}
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
