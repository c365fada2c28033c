import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';
import { EnquiryStatusBadge } from '../../admissions/components/enquiry-status-badge';

/** The five enquiries received last, each opening its registration. */
export function RecentRegistrations({ registrations }: { registrations: AdminDashboardSummary['recentRegistrations'] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="recent-registrations-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-registrations-heading">
          Recent registrations
        </Title>
        <Anchor component={Link} to="/app/registrations" size="sm">
          All registrations
        </Anchor>
      </Group>
      {registrations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No registrations yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {registrations.map((registration) => (
            <Group
              key={registration._id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/registrations/${registration._id}`} fw={600} truncate>
                  {registration.studentName}
                </Anchor>
                <Text size="sm" c="dimmed" truncate>
                  {registration.standard ? registration.standard.name : registration.source === 'contact' ? 'Contact message' : 'No standard'} · {formatDate(registration.createdAt)}
                </Text>
              </Stack>
              <EnquiryStatusBadge status={registration.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
