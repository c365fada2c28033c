import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../ui/error-boundary';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';
import classes from './public-layout.module.css';

/** Layout of the public site: top navbar, the page, footer. */
export function PublicLayout() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <PublicHeader />
      <main className={classes.main}>
        <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
          <ErrorBoundary>
            <Outlet />
          </ErrorBoundary>
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
