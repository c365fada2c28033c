import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { INTL_LOCALES, type Language } from '@academy/shared/languages';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { sessionQueryOptions } from './features/auth/api';
import { publicCoursesQueryOptions } from './features/courses/api';
import { publicNotesQueryOptions } from './features/notes/api';
import { publicSettingsQueryOptions } from './features/settings/api';
import { addCatalog, loadLanguage } from './lib/catalogs';
import { setCurrentLanguage } from './lib/current-language';
import { languageOfPath, stripLanguage } from './lib/language-path';
import { languageLinks, PAGE_META_ON_SERVER, type PageMeta } from './lib/page-meta';

/*
 * The public pages rendered on the server (issue 17; docs/decisions/024-public-pages-rendered-on-the-server.md).
 * The API server imports the built file (apps/web/dist-server/entry-server.js) and calls
 * renderPublicPage for a visitor's request of one of these addresses; the page arrives as HTML, readable
 * without JavaScript, and main.tsx hydrates the same tree with the same data.
 */

installOurZodMessages();

/** The data a page shows first, read by the API server from its own routes (the `data` of the answer). */
export type ReadApi = (path: string) => Promise<unknown>;

type ServerQuery = { queryKey: readonly unknown[]; path: string };

const settings: ServerQuery = { queryKey: publicSettingsQueryOptions.queryKey, path: '/settings/public' };
const courses: ServerQuery = { queryKey: publicCoursesQueryOptions.queryKey, path: '/public/courses' };
const notes: ServerQuery = { queryKey: publicNotesQueryOptions({}).queryKey, path: '/public/notes' };

/**
 * Each page rendered on the server: its address without the language prefix, the module of its screen
 * (its stylesheet and code are linked in the page's head, from Vite's manifest) and the queries it
 * shows first. The header and footer show the academy's settings on every page.
 */
const PAGES: Record<string, { module: string; queries: ServerQuery[]; legal?: true }> = {
  '/': { module: 'src/app/routes/public/landing.tsx', queries: [settings] },
  '/courses': { module: 'src/app/routes/public/courses.tsx', queries: [settings, courses] },
  '/about': { module: 'src/app/routes/public/about.tsx', queries: [settings] },
  '/contact': { module: 'src/app/routes/public/contact.tsx', queries: [settings] },
  '/resources': { module: 'src/app/routes/public/resources.tsx', queries: [settings, notes] },
  '/admission': { module: 'src/app/routes/public/admission.tsx', queries: [settings] },
  '/login': { module: 'src/app/routes/public/login.tsx', queries: [settings] },
  '/forgot-password': { module: 'src/app/routes/public/forgot-password.tsx', queries: [settings] },
  '/terms-of-service': { module: 'src/app/routes/public/terms-of-service.tsx', queries: [settings], legal: true },
  '/privacy-policy': { module: 'src/app/routes/public/privacy-policy.tsx', queries: [settings], legal: true },
  '/cookies-policy': { module: 'src/app/routes/public/cookies-policy.tsx', queries: [settings], legal: true },
};

/** Around every public page: the layout and the footer it loads below the page. */
const LAYOUT_MODULES = ['src/components/layouts/public-layout.tsx', 'src/components/layouts/site-footer.tsx'];

/** What the browser reads before hydrating: the page it was rendered for and the queries' answers. */
export interface ServerState {
  path: string;
  language: Language;
  queries: DehydratedState;
}

export interface RenderedPage {
  language: Language;
  /** The markup inside #root. */
  html: string;
  title: string;
  description: string;
  /** The page's canonical and language links (as usePageMeta sets them in the browser). */
  head: ReturnType<typeof languageLinks>;
  /** The JSON of ServerState, for a `<script type="application/json">`. */
  state: string;
  /** Source modules (keys of Vite's manifest) whose stylesheets and code the page needs at once. */
  modules: string[];
}

/** Whether an address (pathname, with or without /mr or /hi) is a page rendered here. */
export function isServerRenderedPage(pathname: string): boolean {
  return Object.hasOwn(PAGES, stripLanguage(pathname));
}

const handler = createStaticHandler(routes);

// Lingui's active language is one value for the process, so pages render one at a time; a render
// takes a few milliseconds once its data is read.
let previousRender: Promise<unknown> = Promise.resolve();

/**
 * The last markup drawn for each page address (at most one per page and language: the keys are the
 * pathnames of PAGES), with what it was drawn from. Drawing is most of a page's cost (about 10 ms of
 * CPU); the answers it shows are kept by the API and change seldom (decision 012, "Kept answers").
 */
const lastDrawn = new Map<string, { identity: string; html: string | null; meta: PageMeta }>();

/**
 * The page at `url` (the site's own origin, for the canonical links) as a visitor without a session
 * sees it, or null for an address that is not a server-rendered page (the API then sends the app's
 * shell, as before). Throws when rendering fails.
 */
export async function renderPublicPage(url: URL, readApi: ReadApi): Promise<RenderedPage | null> {
  const page = PAGES[stripLanguage(url.pathname)];
  if (!page) return null;
  const language = languageOfPath(url.pathname) ?? 'en';

  const queryClient = new QueryClient();
  // A visitor: the API server renders only requests without a session cookie.
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  const answers = await Promise.all(page.queries.map((query) => readApi(query.path)));
  page.queries.forEach((query, index) => queryClient.setQueryData(query.queryKey, answers[index]));

  await Promise.all([loadLanguage(language), page.legal ? addCatalog('legal', language) : undefined]);

  // The markup is a function of the address and the answers: drawn again only when they change.
  const identity = url.href + JSON.stringify(answers);
  let drawn = lastDrawn.get(url.pathname);
  if (drawn?.identity !== identity) {
    const render = previousRender.then(() => renderWithLanguage(url, language, queryClient));
    previousRender = render.catch(() => undefined);
    drawn = { identity, ...(await render) };
    lastDrawn.set(url.pathname, drawn);
  }
  const { html, meta } = drawn;
  if (html === null) return null;

  const state: ServerState = { path: url.pathname, language, queries: dehydrate(queryClient) };
  return {
    language,
    html,
    title: meta.title,
    description: meta.description,
    head: languageLinks(url.origin, url.pathname),
    state: JSON.stringify(state),
    modules: [...LAYOUT_MODULES, page.module],
  };
}

async function renderWithLanguage(url: URL, language: Language, queryClient: QueryClient): Promise<{ html: string | null; meta: PageMeta }> {
  setCurrentLanguage(language);
  i18n.activate(language, [`${INTL_LOCALES[language]}-u-nu-latn`]);

  const context = await handler.query(new Request(url));
  // A redirect or an error: not a page to render here.
  if (context instanceof Response || context.statusCode !== 200 || context.errors) return { html: null, meta: { title: '', description: '' } };

  let meta: PageMeta = { title: '', description: '' };
  const router = createStaticRouter(handler.dataRoutes, context);
  // Any error while rendering (even one a boundary would show in the browser) sends the app's shell
  // instead: the browser then renders the page itself, as it did before pages were rendered here.
  let failure: unknown;
  const { prelude } = await prerender(
    <StrictMode>
      <PAGE_META_ON_SERVER.Provider value={(pageMeta) => (meta = pageMeta)}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PAGE_META_ON_SERVER.Provider>
    </StrictMode>,
    {
      // Every Suspense boundary inline, in place: past this many bytes React would write a late one
      // (the footer) as a hidden block revealed by an inline script, which the site's script policy
      // blocks and a visitor without JavaScript would never see.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  const html = await new Response(prelude).text();
  if (failure) throw failure;
  return { html, meta };
}
