import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/devanagari-font.css';
import './lib/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
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

const queryClient = createQueryClient();
// The one start-up session check runs while the first screen's code downloads; on the public site,
// so do the academy's details that the footer shows.
void queryClient.prefetchQuery(sessionQueryOptions);
if (areaRolesFor(window.location.pathname) === null) void queryClient.prefetchQuery(publicSettingsQueryOptions);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The messages (a small chunk) download beside the first screen's code, which the router has started.
void setLanguage(language)
  .catch((error: unknown) => {
    // Offline without the chunk cached: English, whose texts are the catalog's source, still loads below.
    console.warn('Could not load the messages of', language, error);
    return setLanguage('en');
  })
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
