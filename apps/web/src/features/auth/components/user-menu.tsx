import { Avatar, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '@academy/shared/schemas/auth';
import { LanguageMenuItems } from '../../i18n/components/language-menu-items';
import { useLogout } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

interface UserMenuProps {
  user: SessionUser;
  dashboardPath: string;
  profilePath: string;
}

/** The avatar button of the top bar and its menu: Dashboard, Profile, Logout. */
export function UserMenu({ user, dashboardPath, profilePath }: UserMenuProps) {
  const logout = useLogout();
  const { t } = useLingui();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t`Open profile menu`}>
          <Group gap={4} wrap="nowrap">
            {/* Without a picture Mantine shows its generic avatar icon. */}
            <Avatar src={user.avatarUrl} alt="" radius="xl" size={36} color="indigo" />
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user.email ? <Menu.Label>{user.email}</Menu.Label> : null}
        <Menu.Item component={Link} to={dashboardPath} leftSection={<IconLayoutDashboard size={16} aria-hidden="true" />}>
          <Trans>Dashboard</Trans>
        </Menu.Item>
        <Menu.Item component={Link} to={profilePath} leftSection={<IconUser size={16} aria-hidden="true" />}>
          <Trans>Profile</Trans>
        </Menu.Item>
        <Menu.Divider />
        <LanguageMenuItems />
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
