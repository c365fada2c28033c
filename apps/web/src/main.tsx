import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { areaRolesFor } from './features/auth/access';
import { sessionQueryOptions } from './features/auth/api';
import { publicSettingsQueryOptions } from './features/settings/api';

// Form messages a schema did not word itself are our sentences, as on the server.
installOurZodMessages();

const queryClient = createQueryClient();
// The one start-up session check runs while the first screen's code downloads; on the public site,
// so do the academy's details that the footer shows.
void queryClient.prefetchQuery(sessionQueryOptions);
if (areaRolesFor(window.location.pathname) === null) void queryClient.prefetchQuery(publicSettingsQueryOptions);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
