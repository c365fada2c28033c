import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, for a screen that the server may have rendered (the public
 * pages, docs/decisions/024). While the browser takes over a server-rendered page it answers what the
 * server assumed (`serverValue`: the server knows no screen width), then the real answer; a page the
 * browser draws itself gets the real answer from its first render. Mantine's useMediaQuery answers
 * either from the first render (a different page than the server's: React then draws it anew) or
 * only after an effect (a moment of the wrong layout on every visit).
 */
export function useMediaQueryAfterHydration(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
