import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconChalkboard, IconSpeakerphone, IconStairs, IconUserPlus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { DASHBOARD_TILES } from '../dashboard-tiles';
import type { DashboardCountKey } from '../dashboard-tiles';
import { useLingui } from '@lingui/react';
import { formatNumber } from '../../../lib/format-number';

const ICONS: Record<DashboardCountKey, Icon> = {
  activeStudents: IconUsers,
  teachers: IconChalkboard,
  batches: IconUsersGroup,
  subjects: IconBook,
  standards: IconStairs,
  newRegistrations: IconUserPlus,
  activeAnnouncements: IconSpeakerphone,
};

/** One tile per count; each opens the list it counts. Without `counts`, placeholders. */
export function CountTiles({ counts }: { counts?: AdminDashboardSummary['counts'] }) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {DASHBOARD_TILES.map((tile) => {
        const TileIcon = ICONS[tile.key];
        return counts ? (
          <Paper key={tile.key} component={Link} to={tile.to} withBorder radius="md" p="md" className="count-tile">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed" fw={500}>
                {i18n._(tile.label)}
              </Text>
              <ThemeIcon variant="light" size="md" radius="md" aria-hidden="true" visibleFrom="xs" style={{ flexShrink: 0 }}>
                <TileIcon size={18} />
              </ThemeIcon>
            </Group>
            <Text fz={28} fw={700} lh={1.2} mt={4} data-testid={`count-${tile.key}`}>
              {formatNumber(counts[tile.key])}
            </Text>
          </Paper>
        ) : (
          <Skeleton key={tile.key} h={96} radius="md" />
        );
      })}
    </SimpleGrid>
  );
}
