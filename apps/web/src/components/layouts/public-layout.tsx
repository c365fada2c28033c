import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { FollowAddressLanguage } from '../../features/i18n/follow-language';
import { ErrorBoundary } from '../ui/error-boundary';
import { PublicHeader } from './public-header';
import classes from './public-layout.module.css';

// Below the first screen on every page, so its code (contact details, the newsletter form and its
// inputs) loads right after the page shows instead of before it. Appearing under the page, it moves
// nothing already on screen.
const SiteFooter = lazy(async () => ({ default: (await import('./site-footer')).SiteFooter }));

const neverChanges = () => () => {};

/**
 * False while a page sent as HTML by the server is not yet live (before and during hydration), true
 * once the app runs it, and at once when the browser drew the page itself.
 */
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
  return (
    // Until the app takes over a server-rendered page, its buttons and fields are disabled: a phone on
    // slow data shows the form seconds before its code arrives, and what was typed or tapped then would
    // be lost. The fieldset draws no box of its own.
    <fieldset disabled={!live} className={classes.untilLive} role="presentation">
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        {/* The first stop of the keyboard: past the navigation, straight to the page. */}
        <FollowAddressLanguage />
        <a href="#main-content" className={classes.skipLink}>
          <Trans>Skip to main content</Trans>
        </a>
        <PublicHeader />
        <main className={classes.main} id="main-content" tabIndex={-1}>
          <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
            <ErrorBoundary>
              <Outlet />
            </ErrorBoundary>
          </Container>
        </main>
        {/* Without its code (offline), the page stays usable without a footer. */}
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
        </ErrorBoundary>
      </div>
    </fieldset>
  );
}
