import { ActionIcon, Anchor, AppShell, Badge, Burger, Group, Indicator, NavLink, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Fragment, lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { Role } from '@academy/shared/roles';
import { SITE_NAME } from '../../lib/page-meta';
import { usePublicSettings } from '../../features/settings/api';
import { AcademyMark } from '../../features/settings/components/academy-mark';
import { mayOfferInstall, onInstallPrompt } from '../../lib/install-offer';
import { SHELL } from '../../lib/theme';
import { useEnquiryCounts } from '../../features/admissions/api';
import { UserMenuFace } from '../../features/auth/components/user-menu-face';
import { greetingNameFor } from '../../lib/session-user';
import { useCan, useCurrentUser } from '../../lib/session';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { useDeferredModule } from '../../lib/use-deferred-module';
import { UnsavedChangesGuard } from '../../lib/use-unsaved-changes-prompt';
import { isNavItemActive, ROLE_NAVIGATION } from './role-navigation';
import type { NavItem } from './role-navigation';
import { useLingui } from '@lingui/react/macro';

// Dialogs, the profile menu, the phone's drawer and the rail's tooltips: loaded once the screen shows.
const loadOverlays = () => import('./shell-overlays');
type Overlays = Awaited<ReturnType<typeof loadOverlays>>;

// Students only: other roles and the public site never download the bell.
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })));

interface SidebarLinksProps {
  items: readonly NavItem[];
  collapsed: boolean;
  /** The rail's tooltips need the overlays' code; until it is there the links have their aria-label. */
  overlays?: Overlays | null;
  onNavigate?: () => void;
  counts?: Partial<Record<NonNullable<NavItem['count']>, number>>;
}

function SidebarLinks({ items, collapsed, overlays, onNavigate, counts = {} }: SidebarLinksProps) {
  const { pathname } = useLocation();
  const { t, i18n } = useLingui();
  return items.map((item) => {
    const label = i18n._(item.label);
    const active = isNavItemActive(pathname, item.to);
    const ItemIcon = item.icon;
    const count = item.count ? (counts[item.count] ?? 0) : 0;
    const icon = <ItemIcon size={20} stroke={1.6} aria-hidden="true" />;
    const link = (
      <NavLink
        component={Link}
        to={item.to}
        label={label}
        aria-label={collapsed ? label : undefined}
        // The link keeps its plain name; the count is read out as its description.
        aria-description={count > 0 ? t`${count} new` : undefined}
        leftSection={
          collapsed && count > 0 ? (
            <Indicator size={8} color="red" offset={2}>
              {icon}
            </Indicator>
          ) : (
            icon
          )
        }
        rightSection={
          !collapsed && count > 0 ? (
            <Badge size="sm" variant="filled" circle={count < 10} aria-hidden="true" data-testid={`nav-count-${item.count}`}>
              {count > 99 ? '99+' : count}
            </Badge>
          ) : undefined
        }
        active={active}
        aria-current={active ? 'page' : undefined}
        variant="light"
        fw={500}
        mb={4}
        onClick={onNavigate}
        classNames={collapsed ? { root: 'dashboard-shell-rail-root', body: 'dashboard-shell-rail-body', section: 'dashboard-shell-rail-section' } : undefined}
      />
    );
    return collapsed && overlays ? (
      <overlays.Tooltip key={item.to} label={label} position="right" withArrow>
        {link}
      </overlays.Tooltip>
    ) : (
      <Fragment key={item.to}>{link}</Fragment>
    );
  });
}

const InstallOffer = lazy(() => import('../../features/settings/components/install-offer').then((module) => ({ default: module.InstallOffer })));

/** The install offer's code loads only on a phone where it will show (never on the first screens' path otherwise). */
function InstallOfferGate() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const check = () => setWanted(mayOfferInstall(true));
    check();
    return onInstallPrompt(check);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <InstallOffer />
    </Suspense>
  ) : null;
}

function Brand() {
  const { t } = useLingui();
  // The academy's own name (Settings), as on the public pages; the product's name until it has loaded.
  const academyName = usePublicSettings().data?.name ?? SITE_NAME;
  return (
    // The label starts with the name shown beside the icon (in every language), so a voice user who says
    // what they see reaches the link (axe: label-content-name-mismatch); on phones only the icon shows.
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t`${academyName} home`}>
      <Group gap={8} wrap="nowrap">
        <AcademyMark size={26} />
        <Text fw={700} size="lg" visibleFrom="xs" lineClamp={1}>
          {academyName}
        </Text>
      </Group>
    </Anchor>
  );
}

const DESKTOP_QUERY = `(min-width: ${SHELL.largeBreakpoint})`;

function subscribeToDesktop(onChange: () => void) {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the sidebar shows (from the large breakpoint up). The server draws a phone's screen (issue 56:
 * the signed-in first screens are drawn there), so a desktop's page takes it over as a phone's and
 * adds the sidebar at once; a screen the browser draws itself knows the width from its first render.
 */
function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeToDesktop, () => window.matchMedia(DESKTOP_QUERY).matches, () => false);
}

/** Lectures downloaded longer ago than the academy lets a phone keep them leave it at the app's start (decision 088). */
function useRemoveExpiredLectureDownloads() {
  useEffect(() => {
    let kept: string | null = null;
    try {
      kept = localStorage.getItem('academy.lecture-downloads');
    } catch {
      // A blocked storage keeps no downloads.
    }
    if (kept) void import('../../features/lectures/offline-lectures').then((offline) => offline.removeExpiredLectureDownloads()).catch(() => undefined);
  }, []);
}

type DrawerHandlers = ReturnType<typeof useDisclosure>[1];

type HeaderGreetingProps = {
  user: NonNullable<ReturnType<typeof useCurrentUser>>;
  navigation: (typeof ROLE_NAVIGATION)[Role];
  overlays: Overlays | null | undefined;
  hasBell: boolean;
};

/** The top bar's right side: the greeting, the notification bell and the profile menu. */
function HeaderGreeting({ user, navigation, overlays, hasBell }: HeaderGreetingProps) {
  const { t } = useLingui();
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {/* Two short lines on a phone rather than "Hello, Academy …" (issue 54). */}
      <Text fw={500} fz={{ base: 'sm', sm: 'md' }} lh={1.2} lineClamp={2} maw={{ base: 160, sm: 320 }} style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
        {t`Hello, ${greetingNameFor(user)}`}
      </Text>
      {hasBell ? (
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      ) : null}
      {overlays ? <overlays.UserMenu user={user} dashboardPath={navigation.dashboardPath} profilePath={navigation.profilePath} /> : <UserMenuFace avatarUrl={user.avatarUrl} />}
    </Group>
  );
}

/**
 * The signed-in layout of every role (spec sections 2 and 9): a 64 px top bar with the greeting and
 * profile menu; a 280 px sidebar that collapses to a 60 px icon rail from the large breakpoint up,
 * and below it a slide-in drawer.
 */
export function DashboardShell({ role }: { role: Role }) {
  const navigation = ROLE_NAVIGATION[role];
  const user = useCurrentUser();
  const isDesktop = useIsDesktop();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'academy-sidebar-collapsed', defaultValue: false, getInitialValueInEffect: false });
  // Only the office's sidebar counts new registrations. What this person may do comes from the server (useCan).
  const enquiryCounts = useEnquiryCounts(useCan('admissions.manage'));
  const hasBell = useCan('notifications.read');
  const counts = { newRegistrations: enquiryCounts.data?.new };
  const { i18n } = useLingui();
  const title = i18n._(navigation.title);
  const overlays = useDeferredModule(loadOverlays);
  useRemoveExpiredLectureDownloads();

  return (
    <>
      <BackgroundServices overlays={overlays} />
      <AppShell
        header={{ height: SHELL.headerHeight }}
        navbar={{
          width: collapsed ? SHELL.sidebarCollapsedWidth : SHELL.sidebarWidth,
          breakpoint: 'lg',
          // Below the breakpoint the drawer takes the sidebar's place.
          collapsed: { mobile: true },
        }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <HeaderStart drawerOpened={drawerOpened} drawer={drawer} collapsed={collapsed} setCollapsed={setCollapsed} />
            {user ? <HeaderGreeting user={user} navigation={navigation} overlays={overlays} hasBell={hasBell} /> : null}
          </Group>
        </AppShell.Header>

        {/* Rendered only where it shows, so the sidebar and the drawer never both exist. */}
        <ShellNavigation isDesktop={isDesktop} collapsed={collapsed} overlays={overlays} drawerOpened={drawerOpened} drawer={drawer} title={title} items={navigation.items} counts={counts} />

        <AppShell.Main className="dashboard-shell-main">
          <div className="dashboard-shell-content">
            <ErrorBoundary>
              <Outlet />
            </ErrorBoundary>
          </div>
        </AppShell.Main>
      </AppShell>
    </>
  );
}

/** What runs behind every screen: the dialogs' host, the outboxes' senders, the install offer and the unsaved-changes guard. */
function BackgroundServices({ overlays }: { overlays: Overlays | null | undefined }) {
  const marksAttendance = useCan('attendance.mark-offline');
  const handsInHomework = useCan('homework.hand-in');
  const installOffered = useCan('app.install-offer');
  return (
    <>
      {/* Dialogs (confirmations) are a signed-in need; see app/providers.tsx and lib/modals.ts. */}
      {overlays ? <overlays.DialogsHost /> : null}
      {/* Attendance saved on a teacher's phone while offline goes out on start (once the overlays' module is in, just
          after the first screen; decision 104) and when back online. */}
      {marksAttendance && overlays ? <overlays.AttendanceOutboxSender /> : null}
      {/* A parent's or student's second sign-in on a phone: one offer to add the app (issue 78). */}
      {installOffered ? <InstallOfferGate /> : null}
      {/* Homework pages kept on a student's phone (IndexedDB) go out the same way. */}
      {handsInHomework && overlays ? <overlays.HandInOutboxSender /> : null}
      {/* The one "leave without saving?" blocker of every screen and form (React Router takes one). */}
      <UnsavedChangesGuard />
    </>
  );
}

interface HeaderStartProps {
  drawerOpened: boolean;
  drawer: DrawerHandlers;
  collapsed: boolean;
  setCollapsed: (update: (value: boolean) => boolean) => void;
}

/** The top bar's left side: the phone's menu button, the sidebar's collapse button and the academy's name. */
function HeaderStart({ drawerOpened, drawer, collapsed, setCollapsed }: HeaderStartProps) {
  const { t } = useLingui();
  return (
    <Group gap="xs" wrap="nowrap">
      <Burger
        hiddenFrom="lg"
        size="sm"
        opened={drawerOpened}
        onClick={drawer.toggle}
        aria-label={t`Open navigation`}
        aria-expanded={drawerOpened}
      />
      <ActionIcon
        visibleFrom="lg"
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => setCollapsed((value) => !value)}
        aria-label={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
        aria-expanded={!collapsed}
      >
        {collapsed ? <IconLayoutSidebarLeftExpand size={22} aria-hidden="true" /> : <IconLayoutSidebarLeftCollapse size={22} aria-hidden="true" />}
      </ActionIcon>
      <Brand />
    </Group>
  );
}

interface ShellNavigationProps {
  isDesktop: boolean;
  collapsed: boolean;
  overlays: Overlays | null | undefined;
  drawerOpened: boolean;
  drawer: DrawerHandlers;
  title: string;
  items: readonly NavItem[];
  counts: SidebarLinksProps['counts'];
}

/** The role's links: a sidebar (or icon rail) from the large breakpoint up, below it the drawer. */
function ShellNavigation({ isDesktop, collapsed, overlays, drawerOpened, drawer, title, items, counts }: ShellNavigationProps) {
  const { t } = useLingui();
  return isDesktop ? (
    <AppShell.Navbar aria-label={t`Main navigation`} p={collapsed ? 'xs' : 'md'}>
      {collapsed ? null : (
        <AppShell.Section mb="md">
          <Text fw={700} size="sm" tt="uppercase" c="dimmed" px="xs">
            {title}
          </Text>
        </AppShell.Section>
      )}
      <AppShell.Section grow className="dashboard-shell-navbar-links">
        <SidebarLinks items={items} collapsed={collapsed} overlays={overlays} counts={counts} />
      </AppShell.Section>
    </AppShell.Navbar>
  ) : overlays ? (
    // A tap on the menu button before the drawer's code is there opens it when it arrives.
    <overlays.NavigationDrawer opened={drawerOpened} onClose={drawer.close} title={title}>
      <nav aria-label={t`Main navigation`}>
        <SidebarLinks items={items} collapsed={false} onNavigate={drawer.close} counts={counts} />
      </nav>
    </overlays.NavigationDrawer>
  ) : null;
}
