import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format-number';

/** One thing waiting for the office: how many, in words, and where it is done. */
export type DashboardTodo = {
  /** Also the test id of its link. */
  id: string;
  count: number;
  label: string;
  /** Where it is done: a screen, or `#id` of a card on the dashboard. */
  to: string;
  /** Red for what costs a family or the academy (a failed message, money not receipted); orange for calls. */
  color: 'red' | 'orange' | 'blue';
};

/**
 * What waits for the office, first on the dashboard (issue 54: "1 UPI payment to confirm" sat on the sixth
 * screen of a phone): only the things with something to do, each a link to where it is done. `items` undefined
 * while any of their answers is on its way.
 */
export function DashboardTodos({ items }: { items?: DashboardTodo[] }) {
  const open = items?.filter((item) => item.count > 0) ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-todos-title" data-testid="dashboard-todos">
      <Stack gap="xs">
        <Group gap={8} wrap="nowrap">
          <IconChecklist size={20} aria-hidden="true" />
          <Title order={2} size="h4" id="dashboard-todos-title">
            <Trans>To do</Trans>
          </Title>
        </Group>
        {!items ? (
          <Skeleton h={60} radius="md" aria-hidden="true" />
        ) : open.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nothing is waiting for you: no payment to confirm, no family to call, no failed message.</Trans>
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {open.map((item) => (
              <Group key={item.id} component="li" gap="sm" wrap="nowrap" py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                <Badge color={item.color} variant="filled" size="lg" circle={item.count < 10} style={{ flexShrink: 0 }} aria-hidden="true">
                  {formatNumber(item.count)}
                </Badge>
                {item.to.startsWith('#') ? (
                  // A card further down this page: the browser scrolls to it.
                  <Anchor href={item.to} fw={600} data-testid={item.id} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {item.label}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={item.to} fw={600} data-testid={item.id} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {item.label}
                  </Anchor>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
