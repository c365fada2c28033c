import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { roleBadgeLabel } from '../../../lib/role-labels';

/** The person's picture (an https address), else their initials, else a generic icon; name and email beside it. */
export function ProfileIdentity({ name, email, avatarUrl, role }: { name: string; email: string | null; avatarUrl: string | null; role: string }) {
  const { i18n } = useLingui();
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={avatarUrl} name={name || undefined} color="initials" size="xl" alt="">
        {name ? undefined : <IconUser aria-hidden="true" />}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} size="lg">
            {name}
          </Text>
          <Badge variant="light" tt="none" data-testid="role-badge">
            {roleBadgeLabel(role, i18n)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {/* A student without an email (issue 21) signs in with their student ID. */}
          {email ?? <Trans>No email</Trans>}
        </Text>
      </Stack>
    </Group>
  );
}
