import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface PersonHeaderProps {
  name: string;
  avatarUrl?: string | null;
  /** The person's status badge, beside the name. */
  badge?: ReactNode;
  /** The lines under the name (an ID, the email: PersonEmail). */
  children?: ReactNode;
}

/** The head of a person's profile section (a student, a teacher): photo or initials, name and status, then a few lines. */
export function PersonHeader({ name, avatarUrl, badge, children }: PersonHeaderProps) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Avatar src={avatarUrl} name={name} color="initials" size="lg" alt="" />
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} size="lg">
            {name}
          </Text>
          {badge}
        </Group>
        {children}
      </Stack>
    </Group>
  );
}

/** A person's email as a mail link that wraps anywhere (a long address on a phone). */
export function PersonEmail({ email }: { email: string }) {
  return (
    <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {email}
    </Anchor>
  );
}
