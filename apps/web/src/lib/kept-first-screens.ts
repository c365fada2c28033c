import { CODE_CACHE, KEPT_FIRST_SCREENS_CACHE } from './first-screens';

/*
 * What the service worker keeps for a return visit (issue 56), from the page's side.
 */

/**
 * Forgets the kept copies of the signed-in first screens: they hold one person's data, and the next
 * person on a shared phone must never see them (called when the signed-in user changes or signs out).
 */
export function forgetKeptFirstScreens(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(KEPT_FIRST_SCREENS_CACHE).catch(() => undefined);
  // And the lectures downloaded to watch offline (decision 088; features/lectures/offline-lectures.ts).
  void caches.delete('academy-lecture-downloads').catch(() => undefined);
  try {
    localStorage.removeItem('academy.lecture-downloads');
  } catch {
    // Nothing kept.
  }
}

/**
 * Puts the code this page has loaded into the service worker's code cache once it is installed. The
 * first visit's files were fetched before the worker took control, so it never saw them; without this
 * a return visit to a signed-in screen fetched its code again (several seconds on a weak signal).
 * The files come from the browser's own cache (they are immutable), not the network.
 */
export function keepLoadedCode(): void {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  void navigator.serviceWorker.ready
    .then(async () => {
      const cache = await caches.open(CODE_CACHE);
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.href);
      await Promise.all([...new Set(files)].map(async (file) => ((await cache.match(file)) ? undefined : cache.add(file))));
    })
    .catch(() => undefined);
}
