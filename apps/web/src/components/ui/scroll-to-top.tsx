import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Scrolls the window to the top on every path change (spec section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    // Not when the app starts: the browser placed the page (a reload keeps its place), and a page the
    // server sent is readable and scrollable seconds before its code arrives on slow data; the app
    // taking over must not throw the reader back to the top.
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
