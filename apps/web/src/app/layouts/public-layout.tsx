import { useSyncExternalStore } from 'react';
import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { FollowAddressLanguage } from '../../features/i18n/follow-language';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';
import classes from './public-layout.module.css';

const neverChanges = () => () => {};

/** False in the server's markup and while the app takes it over (hydration), true once it runs it. */
function usePageIsLive(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/** Layout of the public site: top navbar, the page, footer. */
export function PublicLayout() {
  const live = usePageIsLive();
  // A page the server sent works before the app runs it: what is tapped or typed meanwhile is kept
  // and handed over once it does (start.ts). The footer is part of the layout's code, not a lazy
  // piece: the app takes over the whole page in one go, the newsletter form included.
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      {/* The first stop of the keyboard: past the navigation, straight to the page. */}
      <FollowAddressLanguage />
      <a href="#main-content" className={classes.skipLink}>
        <Trans>Skip to main content</Trans>
      </a>
      <PublicHeader />
      {/* The server sends the page's forms disabled: in a browser without JavaScript a form would go
          as a plain GET, with what was typed (a password) in the address. The page's first script
          enables them as it starts (start.ts). The fieldset draws no box; the header stays out of it,
          as its menu works without any script. */}
      <fieldset disabled={!live} data-until-script="" className={classes.untilScript} role="presentation">
        <main className={classes.main} id="main-content" tabIndex={-1}>
          <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
            <ErrorBoundary>
              <Outlet />
            </ErrorBoundary>
          </Container>
        </main>
        <ErrorBoundary fallback={null}>
          <SiteFooter />
        </ErrorBoundary>
      </fieldset>
    </div>
  );
}
