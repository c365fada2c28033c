import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Parent } from '@academy/shared/schemas/parents';
import { StudentPhone } from '../../teacher-students/components/student-phone';
import { useRelationLabels } from '../relation-labels';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Parents as cards (one column on a phone, two on a wide screen): name and relation, the phone to tap,
 * the email, and each child linking to the student's page.
 */
export function ParentListView({ parents }: { parents: Parent[] }) {
  const { t } = useLingui();
  const relationLabel = useRelationLabels();
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Parents`}>
      {parents.map((parent) => (
        <Paper key={parent._id} component="li" withBorder radius="md" p="md">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{parent.name}</Text>
                <Badge variant="light" color="gray">
                  {relationLabel(parent.relation)}
                </Badge>
                {parent.passwordSet ? null : (
                  <Badge variant="light" color="orange">
                    <Trans>Invited</Trans>
                  </Badge>
                )}
              </Group>
              <StudentPhone phone={parent.phone} label={parent.name} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {parent.email}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{parent.children.length === 1 ? <Trans>Child:</Trans> : <Trans>Children:</Trans>}</Text>
              {parent.children.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>none linked</Trans>
                </Text>
              ) : (
                parent.children.map((child) => (
                  <Anchor key={child._id} component={Link} to={`/app/students/${child._id}`} size="sm" fw={500}>
                    {child.name}
                  </Anchor>
                ))
              )}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
