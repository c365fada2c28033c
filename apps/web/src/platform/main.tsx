import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { isLanguage } from '@academy/shared/languages';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { loadCatalog, setLanguage, storedLanguage } from '../lib/language';
import { announcePageLive } from '../lib/page-life';
import { PlatformApp } from './platform-app';

// The platform's own site (issue 55), at the base domain of a hosted deployment: what it is and Start
// your academy. Started by start.ts instead of the academy's app (main.tsx), so none of this is in an
// academy's pages, and none of the academy's screens is here.

installOurZodMessages();

const asked = new URLSearchParams(window.location.search).get('lang');
const language = isLanguage(asked) ? asked : (storedLanguage() ?? 'en');
const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

void Promise.all([setLanguage(language).catch(() => setLanguage('en')), loadCatalog('platform')]).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <PlatformApp />
      </AppProviders>
    </StrictMode>,
  );
  announcePageLive();
});
