import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls the window to the top on every path change (spec section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
