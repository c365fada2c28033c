import { Burger, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { landingRouteFor } from '@academy/shared/roles';
import { useCurrentUser } from '../../lib/session';
import { LanguageSwitch } from '../../features/i18n/components/language-switch';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { usePublicSettings } from '../../features/settings/api';
import { AcademyMark } from '../../features/settings/components/academy-mark';
import { SITE_NAME } from '../../lib/page-meta';
import classes from './public-layout.module.css';

const NAV_LINKS = [
  { label: msg`Home`, to: '/' },
  { label: msg`Courses`, to: '/courses' },
  { label: msg`Resources`, to: '/resources' },
  { label: msg`Registration`, to: '/admission' },
  { label: msg`About Us`, to: '/about' },
  { label: msg`Contact Us`, to: '/contact' },
] as const;


function NavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { i18n } = useLinguiRuntime();
  const lp = useLocalizedPath();
  return NAV_LINKS.map((link) => (
    <NavLink key={link.to} to={lp(link.to)} end={link.to === '/'} className={className} onClick={onNavigate}>
      {i18n._(link.label)}
    </NavLink>
  ));
}

/** Top bar of the public site (spec section 2). */
export function PublicHeader() {
  const { t } = useLingui();
  const lp = useLocalizedPath();
  const user = useCurrentUser();
  // The academy's own name from Settings, as everywhere else (the generic word only while it loads).
  const academyName = usePublicSettings().data?.name ?? SITE_NAME;
  // The phone's menu is a native popover (the button's `popovertarget`): it opens, closes on Escape
  // and on a tap outside without the app, so it works on a page the server sent before the app runs
  // it (start.ts), and with JavaScript off. The app only follows its state, for the burger's cross.
  const menuRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // Below the theme breakpoint `md` the links move into the burger menu. Stylesheet rules (visibleFrom,
  // hiddenFrom) rather than a media query in script: the server-rendered page (entry-server.tsx) is
  // the same at every width, and the browser hydrates it without a difference.

  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Link to={lp('/')} aria-label={t`${academyName} home`} style={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
            <Group gap={8} wrap="nowrap">
              <AcademyMark size={28} />
              {/* The academy's name whole, on two or three lines on a phone if need be (issue 54: "Shre…"), broken
                  only between words (issue 73: "Dnyanjy/oti", "V i d"); a word too long for the line is cut at its end. */}
              <Text fw={700} fz={{ base: 'sm', sm: 'lg' }} lh={1.15} lineClamp={3} miw="4.5em" style={{ overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' }}>
                {academyName}
              </Text>
            </Group>
          </Link>

          <Group component="nav" visibleFrom="md" aria-label={t`Main navigation`} gap={2} wrap="nowrap">
            <NavLinks className={classes.link} />
          </Group>

          {/* Never squeezed: a long academy name gives way (two lines) instead of the Login button. */}
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageSwitch />
            {user ? (
              <Button component={Link} to={landingRouteFor(user.role)} variant="light" maw={{ base: 150, sm: 240 }} title={user.name}>
                <Text span inherit truncate="end">
                  {user.name}
                </Text>
              </Button>
            ) : (
              <Button component={Link} to={lp('/login')}>
                <Trans>Login</Trans>
              </Button>
            )}
            {/* The browser tells assistive technology whether the popover is open. */}
            <Burger hiddenFrom="md" size="sm" className={classes.burger} opened={menuOpen} popoverTarget="public-menu" aria-label={t`Open navigation`} />
          </Group>
        </Group>
      </Container>

      {/* A light panel rather than a Drawer: the public pages' first load stays free of the modal code. */}
      <Paper
        ref={menuRef}
        id="public-menu"
        popover="auto"
        onToggle={(event) => setMenuOpen(event.newState === 'open')}
        hiddenFrom="md"
        className={classes.mobileMenu}
        shadow="md"
        radius={0}
      >
        <Stack component="nav" aria-label={t`Main navigation`} gap={4} p="sm">
          <NavLinks className={`${classes.link} ${classes.menuLink}`} onNavigate={() => menuRef.current?.hidePopover()} />
        </Stack>
      </Paper>
    </header>
  );
}
