/**
 * The time zone a timestamp is shown in (lib/format-date.ts): the browser's own unless set. A page the
 * server drew shows the academy's zone (its settings) — the server cannot know the browser's — and the
 * app that takes the page over shows the same from the page's data (main.tsx), so both draw the same
 * times and dates (issue 74: React's hydration error #418 on every screen showing a time, in a browser
 * whose zone is not the server's). Kept apart so formatters import no settings.
 */
let shown: string | undefined;

export function shownTimeZone(): string | undefined {
  return shown;
}

export function setShownTimeZone(timeZone: string | undefined): void {
  shown = timeZone;
}
