import { CODE_CACHE, KEPT_FIRST_SCREENS_CACHE, isSignedInFirstScreenPath } from './first-screens';

/*
 * What the service worker keeps for a return visit (issue 56), from the page's side.
 */

/** How many times this page forgot the kept copies: a copy fetched before the last time is not put back. */
let forgotten = 0;

/**
 * Forgets the kept copies of the signed-in first screens: they hold one person's data, and the next
 * person on a shared phone must never see them (called when the signed-in user changes or signs out).
 */
export function forgetKeptFirstScreens(): void {
  forgotten += 1;
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

/**
 * Keeps this signed-in first screen's page for a return visit once the service worker is installed (issue 74).
 * The first visit's page came before the worker existed, so its rule (the network's page within a second, else
 * the kept copy) had no copy on the next visit and waited for the network: 2.6 s on Slow 3G instead of 1.0.
 * Asked once, when no copy is kept yet; the worker's rule keeps the later visits' pages itself. A copy fetched
 * while the person signed out (forgetKeptFirstScreens) is dropped: it is theirs, and the phone may be shared.
 */
export function keepThisFirstScreen(): void {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  // The worker's rule keeps a first screen's bare address (vite.config.ts: no query).
  if (!isSignedInFirstScreenPath(window.location.pathname) || window.location.search !== '') return;
  const address = `${window.location.origin}${window.location.pathname}`;
  const generation = forgotten;
  void navigator.serviceWorker.ready
    .then(async () => {
      const cache = await caches.open(KEPT_FIRST_SCREENS_CACHE);
      if (await cache.match(address, { ignoreVary: true })) return;
      const page = await fetch(address, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      if (generation !== forgotten || !page.ok || page.redirected || !page.headers.get('content-type')?.startsWith('text/html')) return;
      await cache.put(address, page);
    })
    .catch(() => undefined);
}
