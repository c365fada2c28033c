import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { STATUS_LABELS, statusColor, type StatusCounts } from '../announcement-display';
import { useLingui } from '@lingui/react/macro';

type Filter = 'total' | AnnouncementStatus;
const FILTERS: Filter[] = ['total', 'active', 'scheduled', 'expired'];

/** The counts of total, active, scheduled and expired; each is also the button that filters the list by it. */
export function StatusFilterTiles({ counts, value, onChange }: { counts: StatusCounts; value: Filter; onChange: (filter: Filter) => void }) {
  const { t, i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label={t`Filter by status`}>
      {FILTERS.map((filter) => {
        const selected = value === filter;
        const color = filter === 'total' ? 'indigo' : statusColor(filter);
        return (
          <UnstyledButton key={filter} onClick={() => onChange(filter)} aria-pressed={selected}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              style={{
                borderColor: selected ? `var(--mantine-color-${color}-filled)` : undefined,
                background: selected ? `var(--mantine-color-${color}-light)` : undefined,
              }}
            >
              <Text size="sm" c="dimmed">
                {filter === 'total' ? t`Total` : i18n._(STATUS_LABELS[filter])}
              </Text>
              <Text fw={700} fz="xl" c={filter === 'total' ? undefined : `${color}.8`}>
                {counts[filter]}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
