import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { HomeworkItem } from '@academy/shared/schemas/homework';
import { formatDateTime } from '../../../lib/format-date';
import { HomeworkStatusBadge } from './homework-status';

/** A student's (or a parent's child's) homework: title, batch, due time, where it stands, the teacher's comment. */
export function HomeworkList({ items, onOpen }: { items: HomeworkItem[]; onOpen?: (id: string) => void }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const body = (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              <HomeworkStatusBadge status={item.status} late={item.late} />
            </Group>
            <Text size="sm" c="dimmed">
              {item.batch.name} · <Trans context="homework">Due {formatDateTime(item.dueAt)}</Trans>
            </Text>
            {item.comment ? (
              <Text size="sm" data-testid="homework-comment" style={{ overflowWrap: 'anywhere' }}>
                <Trans>Teacher: {item.comment}</Trans>
              </Text>
            ) : null}
            {item.marks !== null ? (
              <Text size="sm">
                <Trans>Marks: {item.marks}</Trans>
              </Text>
            ) : null}
          </Stack>
        );
        return (
          <Paper key={item._id} component="li" withBorder radius="md" p="sm" data-testid="homework-item">
            {onOpen ? (
              <UnstyledButton onClick={() => onOpen(item._id)} w="100%">
                {body}
              </UnstyledButton>
            ) : (
              body
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
