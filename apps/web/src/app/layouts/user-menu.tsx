import { Menu, UnstyledButton } from '@mantine/core';
import { IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '@academy/shared/schemas/auth';
import { modals } from '../../lib/modals';
import { hasUserItems } from '../../lib/user-storage';
import { LanguageMenuItems } from '../../features/i18n/components/language-menu-items';
import { useLogout } from '../../features/auth/api';
import { UserMenuFace } from '../../features/auth/components/user-menu-face';
import { Trans, useLingui } from '@lingui/react/macro';

interface UserMenuProps {
  user: SessionUser;
  dashboardPath: string;
  profilePath: string;
}

/**
 * The avatar button of the top bar and its menu: Dashboard, Profile, Logout. Loaded just after the
 * first screen is drawn (app/layouts/shell-overlays.tsx): Mantine's Menu brings floating-ui.
 */
export function UserMenu({ user, dashboardPath, profilePath }: UserMenuProps) {
  const logout = useLogout();
  const { t } = useLingui();
  // Signing out removes the user's unsent attendance and marks from this phone (features/auth/api.ts): ask first.
  const signOut = () => {
    if (!hasUserItems(user._id)) return logout.mutate(user._id);
    modals.openConfirmModal({
      title: t`Unsent attendance or marks`,
      children: t`What you entered on this device has not reached the academy yet. If you sign out now, it is deleted from this device and lost.`,
      labels: { confirm: t`Sign out and discard`, cancel: t`Stay signed in` },
      // Side by side when both fit, else each on a full-width line of its own (a 360 px phone, longer Marathi).
      cancelProps: { style: { flex: '1 1 auto' } },
      confirmProps: { color: 'red', style: { flex: '1 1 auto' } },
      onConfirm: () => logout.mutate(user._id),
    });
  };
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t`Open profile menu`}>
          <UserMenuFace avatarUrl={user.avatarUrl} />
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
          onClick={signOut}
        >
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
