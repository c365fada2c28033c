import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/devanagari-font.css';
import './lib/focus.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, routes } from './app/router';
import { areaRolesFor } from './features/auth/access';
import { isAppPath, languageOfPath, localizedPath } from './lib/language-path';
import { setLanguage, storedLanguage } from './lib/language';
import { sessionQueryOptions } from './features/auth/api';
import { publicSettingsQueryOptions } from './features/settings/api';

// Form messages a schema did not word itself are our sentences, as on the server.
installOurZodMessages();

// The language: a public address names it (`/mr/...`); a bare public address opened by a browser that
// chose Marathi or Hindi before moves to that language's address before anything renders; signed-in
// areas start with the browser's choice until the session brings the user's own (features/i18n).
const { pathname, search, hash } = window.location;
const stored = storedLanguage();
if (!isAppPath(pathname) && !languageOfPath(pathname) && stored && stored !== 'en') {
  window.history.replaceState(window.history.state, '', `${localizedPath(pathname, stored)}${search}${hash}`);
}
const language = isAppPath(pathname) ? (stored ?? 'en') : (languageOfPath(window.location.pathname) ?? 'en');

// A public page rendered by the server (entry-server.tsx) brings its data; the browser hydrates it if it
// shows the same page in the same language (not when a kept language choice moved the address above).
const serverState = readServerState();
const hydrated = serverState !== null && serverState.path === window.location.pathname && serverState.language === language ? serverState : null;

const queryClient = createQueryClient();
// The server's answers (a visitor's session included) are in the cache before anything asks for them.
if (hydrated) hydrate(queryClient, hydrated.queries);
// The one start-up session check runs while the first screen's code downloads; on the public site,
// so do the academy's details that the footer shows.
void queryClient.prefetchQuery(sessionQueryOptions);
if (areaRolesFor(window.location.pathname) === null) void queryClient.prefetchQuery(publicSettingsQueryOptions);

// The first screen's code: the router starts it now, or, to hydrate, it is loaded before the router.
const screenCode = hydrated ? loadRouteModules(window.location.pathname) : Promise.resolve();
let router = hydrated ? null : createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The messages (a small chunk) download beside the first screen's code.
const messages = setLanguage(language).catch((error: unknown) => {
  // Offline without the chunk cached: English, whose texts are the catalog's source, still loads below.
  console.warn('Could not load the messages of', language, error);
  return setLanguage('en');
});

void Promise.all([messages, screenCode]).finally(() => {
  router ??= createAppRouter(queryClient);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A page drawn differently than the server drew it (a failed download above) is drawn anew by React.
  if (hydrated) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

/** What the server put beside a page it rendered, or null for the app's plain shell. */
function readServerState(): { path: string; language: string; queries: DehydratedState } | null {
  const text = document.getElementById('server-state')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as { path: string; language: string; queries: DehydratedState };
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
