import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import type { Messages } from '@lingui/core';
import { matchRoutes } from 'react-router';
import { isLanguage, type Language } from '@academy/shared/languages';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, routes } from './app/router';
import { areaRolesFor } from './features/auth/access';
import { isAppPath, languageOfPath, localizedPath } from './lib/language-path';
import { currentLanguage, loadStoodInCatalogs, setLanguage } from './lib/language';
import { provideCatalog, standIn, type CatalogName } from './lib/catalogs';
import type { FirstScreenMessages, MessageArea } from './lib/message-areas';
import { loadServerMessages } from './lib/server-text';
import { preferredLanguage } from './lib/stored-language';
import { sessionQueryOptions } from './lib/session';
import { publicSettingsQueryOptions } from './features/settings/api';
import { announcePageLive } from './lib/page-life';
import { keepLoadedCode, keepThisFirstScreen } from './lib/kept-first-screens';
import { setShownTimeZone } from './lib/shown-time-zone';

// The app: downloaded and run by the page's first script (start.ts), at once or when a page the
// server drew is first used.

// Form messages a schema did not word itself are our sentences, as on the server: installed once the
// first screen is drawn (AnnounceLive), not before it. Zod and these messages are 25 kB that a screen
// showing data never uses; on slow mobile data they delayed every first screen by half a second
// (issue 56). A form validates only once something is typed, by which time they are in.
function installZodMessages() {
  void import('@academy/shared/zod-messages').then(({ installOurZodMessages }) => installOurZodMessages());
}

/** Whether the first screen was taken over without the API's messages' table (set by runApp). */
let serverMessagesAfter = false;

/**
 * Starts the app: called by the page's first script (start.ts) once this module is in. Nothing runs on
 * import: the chunk holding this module also holds what the screens and the platform's site share with
 * the app (vite.config.ts, issue 74), and importing it for those must not start the app.
 */
export function runApp(): void {
  // The language: a public address names it (`/mr/...`); a bare public address opened by a browser that
  // chose Marathi or Hindi before moves to that language's address before anything renders; signed-in
  // areas start with the browser's choice until the session brings the user's own (features/i18n).
  const { pathname, search, hash } = window.location;
  // The academy's own language stands in for a visitor who never chose one (issue 73).
  const stored = preferredLanguage();
  if (!isAppPath(pathname) && !languageOfPath(pathname) && stored && stored !== 'en') {
    window.history.replaceState(window.history.state, '', `${localizedPath(pathname, stored)}${search}${hash}`);
  }

  // What the server put in the page (entry-server.tsx): a public page it drew, with the data it drew it
  // from, or a signed-in area's first screen's data (the session and the dashboard's answer), which the
  // browser draws. Used only for the page it was made for.
  const serverState = readServerState();
  const stateOfThisPage = serverState !== null && serverState.path === window.location.pathname ? serverState : null;
  // Signed-in areas start in the signed-in person's language when the server named it, else the browser's.
  const language = isAppPath(pathname) ? (stateOfThisPage?.language ?? stored ?? 'en') : (languageOfPath(window.location.pathname) ?? 'en');
  // Not when a kept language choice moved a public page's address above.
  const fromServer = stateOfThisPage?.language === language ? stateOfThisPage : null;
  // A drawn page is hydrated: React takes over the server's markup.
  const hydrated = fromServer?.drawn ? fromServer : null;
  // A drawn page's times and dates are in the zone the server drew them in (the academy's), and stay so
  // while the app runs: taking the page over draws them the same (lib/shown-time-zone.ts).
  if (hydrated?.timeZone) setShownTimeZone(hydrated.timeZone);

  // A signed-in first screen starts with its own messages, its area's all come once it is taken over (decision 093).
  // Those messages came in the page (entry-server.tsx): no catalog file waits before the take-over.
  if (fromServer?.firstScreenMessages) {
    const { area, chunk, catalogs } = fromServer.firstScreenMessages;
    standIn(area, chunk);
    // The public part first, the screen's own on top: a message in both is shown as the signed-in screens word
    // it, as the server drew it (catalogs.ts, putCatalogsOnTop).
    for (const name of [`public-${chunk}`, chunk] as const) {
      const messages = catalogs?.[name];
      if (messages) provideCatalog(fromServer.language, name, messages);
    }
  }

  const queryClient = createQueryClient();
  // The server's answers (a visitor's or a signed-in person's session included) are in the cache before
  // anything asks for them.
  if (fromServer) hydrate(queryClient, fromServer.queries);
  // The one start-up session check runs while the first screen's code downloads; on the public site,
  // so do the academy's details that the footer shows.
  void queryClient.prefetchQuery(sessionQueryOptions);
  if (areaRolesFor(window.location.pathname) === null) void queryClient.prefetchQuery(publicSettingsQueryOptions);

  // The messages (a small chunk) download beside the first screen's code. Asked first, so that a signed-in
  // area's messages, which the router asks for with the area's code, come in this language too.
  // A drawn first screen that shows none of the API's messages takes the page over without their table
  // (44 kB in Marathi or Hindi): it loads right after (AnnounceLive), before anyone can type in a form.
  serverMessagesAfter = hydrated?.serverMessagesAfter === true;
  const messages = setLanguage(language, { serverMessages: !serverMessagesAfter }).catch((error: unknown) => {
    // Offline without the chunk cached: English, whose texts are the catalog's source, still loads below.
    console.warn('Could not load the messages of', language, error);
    return setLanguage('en');
  });

  // The first screen's code: the router starts it now, or, to hydrate, it is loaded before the router.
  const screenCode = hydrated ? loadRouteModules(window.location.pathname) : Promise.resolve();
  let router = hydrated ? null : createAppRouter(queryClient);

  // A return visit finds this page's code in the service worker's cache (issue 56), and a first screen's page (issue 74).
  keepLoadedCode();
  keepThisFirstScreen();

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  void Promise.all([messages, screenCode]).finally(async () => {
    router ??= createAppRouter(queryClient);
    // The router finishes starting a microtask after it is made, even with the screen's code in: the page
    // is taken over from then, never from its HydrateFallback (a synchronous hydrate, as Preact's, would
    // otherwise take the server's page over with the full-screen loader; decision 103).
    await whenInitialized(router);
    const app = (
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
        <AnnounceLive />
      </StrictMode>
    );
    // A page drawn differently than the server drew it (a failed download above) is drawn anew by React.
    // Not as a transition (startTransition), though that splits hydration's long task: a tap on a link
    // while it ran did nothing, on every try with the CPU slowed as a cheap phone's
    // (e2e/public/server-rendered.spec.ts).
    if (hydrated) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

/** Resolves once the router has matched the address and run its loaders (at once when it already has). */
function whenInitialized(appRouter: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (appRouter.state.initialized) return resolve();
    const stop = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** The API's messages' table, when the first screen was taken over without it (not needed in English). */
function loadServerMessagesAfter() {
  // Offline: the next language load (catalogs.ts) asks again.
  if (serverMessagesAfter && currentLanguage() !== 'en') loadServerMessages().catch(() => undefined);
}

/** The area's messages, when the first screen was taken over with its own only (offline: asked again on the next screen). */
function loadAreaMessages() {
  loadStoodInCatalogs().catch(() => undefined);
}

/**
 * Tells the page's first script (start.ts) that the app runs the page, in the commit that takes it over:
 * the server's elements have their handlers from here on.
 */
function AnnounceLive() {
  useLayoutEffect(announcePageLive, []);
  useEffect(installZodMessages, []);
  useEffect(loadServerMessagesAfter, []);
  useEffect(loadAreaMessages, []);
  return null;
}

/** A first screen's own messages, and its catalogs as the page brought them (entry-server.tsx). */
type FirstScreenMessagesState = { area: MessageArea; chunk: FirstScreenMessages; catalogs?: Partial<Record<CatalogName, Messages>> };

/** What the server put in the page (entry-server.tsx's ServerState), or null for the app's plain shell. */
function readServerState(): { path: string; language: Language; queries: DehydratedState; drawn: boolean; timeZone?: string; serverMessagesAfter?: boolean; firstScreenMessages?: FirstScreenMessagesState } | null {
  const text = document.getElementById('server-state')?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as { path: string; language: Language; queries: DehydratedState; drawn: boolean; timeZone?: string; serverMessagesAfter?: boolean; firstScreenMessages?: FirstScreenMessagesState };
    return isLanguage(state.language) ? state : null;
  } catch {
    return null;
  }
}

/**
 * Hydration draws the page's screen at once, so the code of the screens the address matches (the
 * public layout and the page) is loaded first and put in place of their `lazy` (React Router's way
 * for server-rendered lazy routes). The server linked those files with modulepreload.
 */
async function loadRouteModules(pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
