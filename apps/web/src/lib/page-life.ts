/*
 * The page's life, shared by its first script (start.ts) and the app (main.tsx and the public layout):
 * `<html data-app>` is absent while the page is only what the server sent, "starting" while the app's
 * code downloads, "live" once the app runs the page. The stylesheet shows a thin bar while it starts
 * (page-start.css); end-to-end tests wait for "live".
 */

export type PageLife = 'starting' | 'live';

const LIVE_EVENT = 'academy:page-live';

export function pageLife(): PageLife | null {
  const value = document.documentElement.dataset.app;
  return value === 'starting' || value === 'live' ? value : null;
}

export function setPageLife(life: PageLife | null): void {
  if (life === null) delete document.documentElement.dataset.app;
  else document.documentElement.dataset.app = life;
}

/** Called by the app once it has taken over the page (hydrated, or drawn it anew). */
export function announcePageLive(): void {
  if (pageLife() === 'live') return;
  setPageLife('live');
  // The mark outside checks wait for (issue 74's contract): the app has taken the page over.
  document.documentElement.setAttribute('data-app-ready', '');
  document.dispatchEvent(new Event(LIVE_EVENT));
}

/** Runs `then` once the app has taken over the page (at once when it already has). */
export function whenPageLive(then: () => void): void {
  if (pageLife() === 'live') then();
  else document.addEventListener(LIVE_EVENT, then, { once: true });
}
