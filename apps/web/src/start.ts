import './lib/mantine-styles.css';
import '@mantine/notifications/styles.css';
import './lib/focus.css';
import './lib/page-start.css';
// The app's own global rules (not CSS modules): in this first stylesheet, so that taking a first screen over
// waits for no stylesheet of its own (issue 74).
import './components/ui/navigation-progress.css';
import './app/layouts/dashboard-shell.css';
// And first screens' own rules (the admin dashboard's tiles and ticks, the attendance sheet's remark, the segmented
// radio buttons of its statuses and of the parent's child switcher).
import './features/admin-dashboard/components/count-tiles.css';
import './features/attendance/components/mark-attendance-form.css';
import './components/ui/segmented-radios.css';
import './components/ui/plain-checkbox.css';
import './features/parents/components/child-switcher.css';
import { rememberCampaign } from './lib/campaign';
import { catchInstallPrompt } from './lib/install-offer';
import { isAppPath, languageOfPath } from './lib/language-path';
import { pageLife, setPageLife, whenPageLive } from './lib/page-life';
import { preferredLanguage, storeLanguage } from './lib/stored-language';

/*
 * The page's first script: the site's stylesheets, and when to start the app (main.tsx: React, the
 * router, the screens, about 180 kB of code gzipped). Decision 025.
 *
 * - A page to read that the server drew (the landing page, courses, about, resources, the policies)
 *   waits until the reader uses it. Everything on it works without the app: its links are links, the
 *   phone's menu is a native popover. The app starts at the first sign of use: a tap on a control or
 *   focus in one, typing, a choice in a select, or a scroll past the point where the scroll-to-top
 *   button appears (spec section 9). A reader who only reads, or reads and follows a link, never
 *   downloads it.
 * - Every other page starts it at once: the pages that are forms (login, admission, contact), which
 *   the server links with their code, and the signed-in areas and the app's plain shell, which show
 *   nothing without it.
 *
 * On a page the server drew, what the reader does before the app runs it is kept and handed to the app
 * once it runs (replayUse): text typed in a field, a choice in a select, the last tap on a button and
 * a form sent. Meanwhile a thin bar at the top shows that the page is getting ready.
 */

/** The scroll that starts the app: where the scroll-to-top button appears (scroll-to-top-button.tsx). */
const START_AFTER_SCROLL_PX = 300;

/** What the server put in the page, as far as this script needs it (entry-server.tsx's ServerState). */
function drawnPage(): { startsOnUse: boolean } | null {
  const text = document.getElementById('server-state')?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as { path?: unknown; drawn?: unknown; startsOnUse?: unknown };
    if (state.path !== window.location.pathname || state.drawn !== true) return null;
    return { startsOnUse: state.startsOnUse === true };
  } catch {
    return null;
  }
}

let starting: Promise<unknown> | null = null;

let appStyles: Promise<void> | null = null;

/**
 * A page to read paints with Mantine's rules for what it shows only (page-to-read.css), a drawn signed-in
 * first screen with those of what it draws (first-screen.css); the server names the app's whole first
 * stylesheet on that link (api lib/public-pages.ts). The whole one is put right after it, before the page's
 * own stylesheets, so the cascade is the whole file's: before a page to read's app runs, which may draw any
 * component (downloaded beside the app's code, it adds no wait of its own), and once a first screen is taken
 * over. Once; again after a failed download.
 */
function loadAppStyles(): Promise<void> {
  appStyles ??= loadAppStylesOnce().catch((error: unknown) => {
    appStyles = null;
    throw error;
  });
  return appStyles;
}

function loadAppStylesOnce(): Promise<void> {
  const reading = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  const href = reading?.dataset.appStyles;
  if (!reading || !href) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', () => {
      delete reading.dataset.appStyles;
      resolve();
    });
    // Offline: the next use tries again (startApp).
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`Could not load ${href}`));
    });
    reading.after(link);
  });
}

/**
 * The app's whole first stylesheet once a drawn signed-in first screen has been taken over (decision 109):
 * the app took it over as drawn, with the components its own stylesheet has; what it draws next may need any.
 * Offline, again when the connection is back.
 */
function loadAppStylesWhenLive(): void {
  whenPageLive(() => {
    loadAppStyles().catch((error: unknown) => {
      console.warn('Could not load the stylesheet', error);
      window.addEventListener('online', loadAppStylesWhenLive, { once: true });
    });
  });
}

/**
 * Downloads and runs the app (once; again after a failed download, at the next sign of use). A page to
 * read's app may draw any component at once (what the reader tapped), so the whole first stylesheet comes
 * first; a drawn first screen is taken over as drawn (`takenOverAsDrawn`), and the whole one follows.
 */
function startApp(takenOverAsDrawn = false): void {
  if (starting) return;
  if (pageLife() !== 'live') setPageLife('starting');
  if (takenOverAsDrawn) loadAppStylesWhenLive();
  starting = Promise.all([import('./main'), takenOverAsDrawn ? undefined : loadAppStyles()]).then(([{ runApp }]) => runApp()).catch((error: unknown) => {
    // Offline or a failed download: the page stays as it is, readable, and the next use tries again.
    console.warn('Could not start the app', error);
    starting = null;
    if (pageLife() === 'starting') setPageLife(null);
  });
}

/** Whether an element is a link (followed by the browser itself, with or without the app). */
function isLink(element: Element): boolean {
  return element.closest('a[href]') !== null;
}

/**
 * Whether an element is in a form that works as plain HTML (decision 075: the attendance sheet): the
 * browser ticks its radio buttons and posts it to the server itself, and the app takes over what the
 * form shows, so nothing there is held back or replayed.
 */
function inHtmlForm(element: Element): boolean {
  return element.closest('form[data-html-form]') !== null;
}

/** The control an event happened on, unless the browser handles it without the app. */
function controlOf(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element) || isLink(target) || inHtmlForm(target)) return null;
  const control = target.closest<HTMLElement>('button, input, select, textarea, label, [role="button"], [role="tab"], [role="checkbox"], [role="radio"]');
  // The phone's menu button opens its popover natively (public-header.tsx).
  if (!control || control.hasAttribute('popovertarget') || !control.closest('#root')) return null;
  return control;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** A control that is a field to type in or choose from, rather than a button or a box to tick. */
function isField(control: HTMLElement): boolean {
  if (control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) return true;
  return control instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button', 'reset', 'image'].includes(control.type);
}

/** What the reader did on a drawn page before the app ran it. */
const kept = {
  typed: new Map<TextField, string>(),
  chosen: new Map<HTMLSelectElement, string>(),
  /** The last tap on a control or form sent (by the Enter key), whichever came last. */
  last: null as { tapped: HTMLElement } | { sent: HTMLFormElement } | null,
};

const listening: [string, EventListener, AddEventListenerOptions][] = [];

function listen(type: string, listener: EventListener, options: AddEventListenerOptions = { capture: true }): void {
  const target = type === 'scroll' ? window : document;
  target.addEventListener(type, listener, options);
  listening.push([type, listener, options]);
}

function stopListening(): void {
  for (const [type, listener, options] of listening) (type === 'scroll' ? window : document).removeEventListener(type, listener, options);
  listening.length = 0;
}

/** Until the app runs the page: start it at the first sign of use, and keep what the reader does. */
function keepUseUntilLive(startsOnUse: boolean): void {
  // The server sends the page's forms disabled, for a browser without JavaScript (public-layout.tsx);
  // from here on what is typed or tapped is kept.
  for (const fieldset of document.querySelectorAll<HTMLFieldSetElement>('fieldset[data-until-script]')) fieldset.disabled = false;
  const startOnUse = (event: Event) => {
    if (controlOf(event.target)) startApp();
  };
  if (startsOnUse) {
    for (const type of ['pointerdown', 'focusin', 'keydown']) listen(type, startOnUse);
    listen(
      'scroll',
      () => {
        if (window.scrollY > START_AFTER_SCROLL_PX) startApp();
      },
      { passive: true },
    );
  }
  listen('input', (event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && isField(field)) {
      kept.typed.set(field, field.value);
      startApp();
    }
  });
  listen('change', (event) => {
    if (event.target instanceof HTMLSelectElement) {
      kept.chosen.set(event.target, event.target.value);
      startApp();
    }
  });
  listen('click', (event) => {
    const control = controlOf(event.target);
    // A label passes its click on to its control, which comes here next.
    if (!control || control instanceof HTMLLabelElement) return;
    kept.last = { tapped: control };
    startApp();
    // A field takes the tap itself (focus, the caret, the phone's picker), and the tap again later
    // only opens what the app adds to it (a list to choose from). A button's or a box's is not done
    // twice: the browser would send a form or tick a box, then the app would again. Nor does it reach
    // the app while it is taking the page over: it gets it once, from replayUse.
    if (!isField(control)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  listen('submit', (event) => {
    if (event.target instanceof HTMLFormElement && inHtmlForm(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof HTMLFormElement) kept.last = { sent: event.target };
    startApp();
  });
  whenPageLive(() => {
    // Announced from inside the app's first commit: handed over right after it, before the browser
    // runs anything else. A tap in between would reach the app before the text typed ahead of it.
    queueMicrotask(() => {
      stopListening();
      replayUse();
    });
  });
}

/**
 * Hands the app what the reader did before it ran the page, as if they did it now. Each event goes to
 * the element the app took over from the server (hydration keeps the server's elements).
 */
function replayUse(): void {
  for (const [field, value] of kept.typed) {
    if (!field.isConnected) continue;
    // React hears a change only when the value differs from the one it last saw, which it notes
    // through the element's own `value` property: set that to empty, then the typed text through the
    // prototype's setter, which React does not see, and announce it as typing.
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = '';
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const [select, value] of kept.chosen) {
    if (!select.isConnected) continue;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const last = kept.last;
  kept.typed.clear();
  kept.chosen.clear();
  kept.last = null;
  // The tap or the sending once what was typed has been drawn: a runtime that draws in a microtask after
  // the input event (Preact, decision 103) would otherwise send the form with its values of before the
  // typing (React draws a typed change at once).
  setTimeout(() => {
    if (last && 'tapped' in last && last.tapped.isConnected) last.tapped.click();
    if (last && 'sent' in last && last.sent.isConnected) last.sent.requestSubmit();
  }, 0);
}

/**
 * Noto Sans Devanagari (lib/devanagari-font.css: three weights, 158 kB, for Marathi and Hindi text only)
 * once the page no longer waits for code: when the app has taken the page over, or, on a page to read
 * that starts the app only when used, once the page has loaded. Until then Devanagari text shows in the
 * phone's own font (on Android, Noto Sans Devanagari too). On Slow 3G the three files used to share the
 * 50 kB/s with the app's code and held a Marathi reader's take-over back by about three seconds (decision 102).
 */
function loadDevanagariFontLater(startsAtOnce: boolean): void {
  const load = () => {
    import('./lib/devanagari-font.css').catch(() => undefined);
  };
  whenPageLive(load);
  if (startsAtOnce) return;
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}

// The platform's own address in a hosted deployment (issue 55): the server marks its page; `npm run dev`
// (Vite, no server's mark) opens it with ?site=platform. Its own small app, none of the academy's.
// The operator's screens there (/operator, src/app/routes/operator) are signed-in work: they run in the app,
// whose router has them.
// The service worker (vite-plugin-pwa's sw.js: the app shell offline, issue 17), registered after the load
// event so its precache never competes with the first screen.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('Could not register the service worker', error));
  });
}

const isPlatform = document.documentElement.dataset.site === 'platform' || new URLSearchParams(window.location.search).get('site') === 'platform';
const isOperator = /^\/operator(\/|$)/.test(window.location.pathname);
if (isPlatform && !isOperator) {
  import('./platform/main').catch((error: unknown) => console.warn('Could not start the site', error));
  loadDevanagariFontLater(false);
} else {
  // The campaign of the link the visitor came by, for an enquiry sent later in this tab (issue 41).
  rememberCampaign(window.location.search);
  // Android's install prompt comes once, early: kept for the install offer (issue 78).
  catchInstallPrompt();
  const drawn = drawnPage();
  // A kept language choice moves a bare public address to that language's (main.tsx), drawn by the app.
  const moves = !isAppPath(window.location.pathname) && !languageOfPath(window.location.pathname) && (preferredLanguage() ?? 'en') !== 'en';
  if (drawn) keepUseUntilLive(drawn.startsOnUse && !moves);
  const startsAtOnce = !drawn?.startsOnUse || moves;
  loadDevanagariFontLater(startsAtOnce);
  // A drawn page that starts at once is a signed-in first screen (or a form, whose page links the whole stylesheet).
  if (startsAtOnce) startApp(drawn !== null && !drawn.startsOnUse);
  // The language of a page read is kept, as the app keeps it when it runs one (lib/language.ts): the next
  // visit to a bare address, or the installed app, opens in it.
  else storeLanguage(languageOfPath(window.location.pathname) ?? 'en');
}
