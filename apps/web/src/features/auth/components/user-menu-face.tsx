import { Avatar, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

/** The avatar and the arrow of the top bar: the menu's button, and what shows while the menu's code loads. */
export function UserMenuFace({ avatarUrl }: { avatarUrl: string | null | undefined }) {
  return (
    <Group gap={4} wrap="nowrap">
      {/* Without a picture Mantine shows its generic avatar icon. */}
      <Avatar src={avatarUrl} alt="" radius="xl" size={36} color="indigo" />
      <IconChevronDown size={16} aria-hidden="true" />
    </Group>
  );
}
