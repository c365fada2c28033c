import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { NavigationProgress } from '../components/ui/navigation-progress';
import { ScrollToTop } from '../components/ui/scroll-to-top';
import { useApplyBrand } from '../features/settings/use-apply-brand';

/** Every screen waits for the one start-up session check (spec section 4). */
export function RootLayout() {
  const session = useSession();
  // The academy's colour, theme-color and icons on every screen (issue 78).
  useApplyBrand();
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      {session.status === 'unknown' ? <FullScreenLoader /> : <Outlet />}
    </>
  );
}
