import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { defaultShouldDehydrateQuery, dehydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { i18n, type Messages } from '@lingui/core';
import { INTL_LOCALES, type Language } from '@academy/shared/languages';
import { ROLE_HOME, type Role } from '@academy/shared/roles';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { adminDashboardSummaryQueryOptions } from './features/admin-dashboard/api';
import { academyTodayIn } from './lib/use-academy-today';
import { sessionQueryOptions } from './lib/session';
import { isAreaOf, toSessionUser } from './lib/session-user';
import { batchesQueryOptions, teacherScheduleQueryOptions } from './features/batches/api';
import { attendanceDayQueryOptions } from './features/attendance/api';
import { defaultBatch } from './lib/attendance-display';
import { feeKeys, onlineTestKeys } from './lib/query-keys';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';
import type { Batch } from '@academy/shared/schemas/batches';
import { childPaths, parentChildrenQueryOptions, parentKeys } from './features/parents/api';
import { studentDashboardQueryOptions } from './features/student-dashboard/api';
import { publicCourseQueryOptions, publicCoursesQueryOptions } from './features/courses/api';
import { publicNotesQueryOptions } from './features/notes/api';
import { publicSettingsQueryOptions } from './features/settings/api';
import { addCatalog, catalogMessages, loadLanguage, putCatalogsOnTop, type CatalogName } from './lib/catalogs';
import { firstScreenMessagesOf, type FirstScreenMessages, type MessageArea, type MessageChunk } from './lib/message-areas';
import { setServerReader } from './lib/api-client';
import { SIGNED_IN_FIRST_SCREEN_PATHS } from './lib/first-screens';
import { SHEET_FORM_RESULT_KEY } from './lib/html-form-result';
import { setCurrentLanguage } from './lib/current-language';
import { setShownTimeZone } from './lib/shown-time-zone';
import { languageOfPath, localizedPath, stripLanguage } from './lib/language-path';
import { coursePath, publicCourseApiPath, type PublicPage } from '@academy/shared/public-site';
import type { CourseBatch } from '@academy/shared/schemas/courses';
import { languageLinks, PAGE_META_ON_SERVER, type PageMeta } from './lib/page-meta';

/**
 * The answers the browser takes over with the page: the successful ones that survive JSON. A query whose
 * answer is an object made by code (the translator of an enquiry's language, enquiry-call-today.tsx) would
 * arrive as a plain object without its methods and break the screen that uses it: the browser reads it again.
 */
function answersForBrowser(queryClient: QueryClient): DehydratedState {
  const plain = (value: unknown) => value === null || typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;
  return dehydrate(queryClient, { shouldDehydrateQuery: (query: Query) => defaultShouldDehydrateQuery(query) && plain(query.state.data) });
}

/*
 * The public pages rendered on the server (issue 17; docs/decisions/024-public-pages-rendered-on-the-server.md).
 * The API server imports the built file (apps/web/dist-server/entry-server.js) and calls
 * renderPublicPage for a visitor's request of one of these addresses; the page arrives as HTML, readable
 * without JavaScript, and main.tsx hydrates the same tree with the same data.
 */

installOurZodMessages();

/** The data a page shows first, read by the API server from its own routes (the `data` of the answer). */
export type ReadApi = (path: string) => Promise<unknown>;

/** `missing`: what the page shows when the API answers 404 (a course page's course that is not open). */
type ServerQuery = { queryKey: readonly unknown[]; path: string; missing?: null };

const settings: ServerQuery = { queryKey: publicSettingsQueryOptions.queryKey, path: '/settings/public' };
const courses: ServerQuery = { queryKey: publicCoursesQueryOptions.queryKey, path: '/public/courses' };
const notes: ServerQuery = { queryKey: publicNotesQueryOptions({}).queryKey, path: '/public/notes' };

/**
 * Each page rendered on the server: its address without the language prefix, the module of its screen
 * (its stylesheet, and its code unless it starts on use, are linked in the page's head, from Vite's
 * manifest) and the queries it shows first. The header and footer show the academy's settings on
 * every page. A page to read `startsOnUse`: the browser runs the app only once the reader uses the
 * page (start.ts, decision 025); the pages that are forms start it at once.
 */
type Page = { module: string; queries: ServerQuery[]; legal?: true; startsOnUse?: true };
const PAGES: Record<PublicPage, Page> = {
  '/': { module: 'src/app/routes/public/landing.tsx', queries: [settings], startsOnUse: true },
  '/courses': { module: 'src/app/routes/public/courses.tsx', queries: [settings, courses], startsOnUse: true },
  '/about': { module: 'src/app/routes/public/about.tsx', queries: [settings], startsOnUse: true },
  '/contact': { module: 'src/app/routes/public/contact.tsx', queries: [settings] },
  '/resources': { module: 'src/app/routes/public/resources.tsx', queries: [settings, notes], startsOnUse: true },
  // The courses too: a course's Apply (/admission?course=…) names it above the form at once (issue 41).
  '/admission': { module: 'src/app/routes/public/admission.tsx', queries: [settings, courses] },
  '/login': { module: 'src/app/routes/public/login.tsx', queries: [settings] },
  '/forgot-password': { module: 'src/app/routes/public/forgot-password.tsx', queries: [settings] },
  '/terms-of-service': { module: 'src/app/routes/public/terms-of-service.tsx', queries: [settings], legal: true, startsOnUse: true },
  '/privacy-policy': { module: 'src/app/routes/public/privacy-policy.tsx', queries: [settings], legal: true, startsOnUse: true },
  '/cookies-policy': { module: 'src/app/routes/public/cookies-policy.tsx', queries: [settings], legal: true, startsOnUse: true },
};

/**
 * A course's own page (issue 41), /courses/{slug}: the course's answer, or the site's not-found (404)
 * when no open course has that address.
 */
function coursePage(slug: string): Page & { slug: string } {
  return {
    module: 'src/app/routes/public/course.tsx',
    queries: [settings, { queryKey: publicCourseQueryOptions(slug).queryKey, path: publicCourseApiPath(slug), missing: null }],
    startsOnUse: true,
    slug,
  };
}

/** The page at an address (without its language prefix), with the course's slug on a course page. */
function pageAt(bare: string): (Page & { slug?: string }) | undefined {
  if (Object.hasOwn(PAGES, bare)) return PAGES[bare as PublicPage];
  const segment = /^\/courses\/([^/]+)$/.exec(bare)?.[1];
  if (segment === undefined) return undefined;
  try {
    return coursePage(decodeURIComponent(segment));
  } catch {
    // Not a percent-encoding (e.g. "%zz"): no course has it; the app's own not-found shows.
    return undefined;
  }
}

/** The app (React, the router, the providers), which the page's first script, start.ts, runs. */
const APP_MODULE = 'src/main.tsx';

/** Around every public page: the layout (the footer is part of it). */
const LAYOUT_MODULES = ['src/app/layouts/public-layout.tsx'];

/**
 * What the browser reads before it starts: the page the state is for, its language, the queries'
 * answers, and whether the server drew the page (the browser then hydrates it) or only brought its
 * data (a signed-in first screen, which the browser draws at once).
 */
export interface ServerState {
  path: string;
  language: Language;
  queries: DehydratedState;
  drawn: boolean;
  /** A drawn page the app takes over only once the reader uses it (start.ts). */
  startsOnUse?: boolean;
  /** The time zone the page's times and dates were drawn in: the academy's (lib/shown-time-zone.ts). */
  timeZone?: string;
  /**
   * A signed-in first screen whose drawing shows none of the shared schemas' and API's messages
   * (lib/server-text.ts): the browser loads their table (44 kB in Marathi or Hindi) after the take-over.
   */
  serverMessagesAfter?: true;
  /**
   * A signed-in first screen: its own chunk of the `app` messages, which the app starts with (decision 093),
   * brought in the page with its part of the `public` catalog (`catalogs`, compiled as the browser's build
   * compiles them): two catalog files fewer before the take-over (issue 74).
   */
  firstScreenMessages?: { area: MessageArea; chunk: FirstScreenMessages; catalogs: Partial<Record<CatalogName, Messages>> };
}

/** The academy's time zone by the settings in a drawing's cache (the default one until they are read). */
function academyTimeZone(queryClient: QueryClient): string {
  return (queryClient.getQueryData(publicSettingsQueryOptions.queryKey) as PublicSettingsAnswer | undefined)?.timeZone ?? DEFAULT_TIME_ZONE;
}

export interface RenderedPage {
  language: Language;
  /** 200, or 404 for a course page of no open course (the page shows the site's not-found). */
  status: number;
  /** The markup inside #root. */
  html: string;
  title: string;
  description: string;
  /** The page's canonical and language links (as usePageMeta sets them in the browser). */
  head: ReturnType<typeof languageLinks>;
  /** The JSON of ServerState, for a `<script type="application/json">`. */
  state: string;
  /** Source modules (keys of Vite's manifest) whose stylesheets the page needs at once. */
  modules: string[];
  /** Whether the browser runs the app at once (its code is then linked with the page) or on use. */
  startsOnUse: boolean;
}

/** Whether an address (pathname, with or without /mr or /hi) is a page rendered here. */
export function isServerRenderedPage(pathname: string): boolean {
  return pageAt(stripLanguage(pathname)) !== undefined;
}

const handler = createStaticHandler(routes);

// Lingui's active language is one value for the process, so pages render one at a time; a render
// takes a few milliseconds once its data is read.
let previousRender: Promise<unknown> = Promise.resolve();

/**
 * The last markup drawn for each page address (at most one per page and language: the keys are the
 * pathnames of PAGES and of open courses' pages, each written one way), with what it was drawn from.
 * Drawing is most of a page's cost (about 10 ms of CPU); the answers it shows are kept by the API and
 * change seldom (decision 012, "Kept answers").
 */
const lastDrawn = new Map<string, { identity: string; html: string | null; meta: PageMeta }>();

/**
 * The page at `url` (the site's own origin, for the canonical links) as a visitor without a session
 * sees it, or null for an address that is not a server-rendered page (the API then sends the app's
 * shell, as before). Throws when rendering fails.
 */
export async function renderPublicPage(url: URL, readApi: ReadApi): Promise<RenderedPage | { redirect: string } | null> {
  const page = pageAt(stripLanguage(url.pathname));
  if (!page) return null;
  const language = languageOfPath(url.pathname) ?? 'en';

  const queryClient = new QueryClient();
  // A visitor: the API server renders only requests without a session cookie.
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  const answers = await Promise.all(
    page.queries.map((query) =>
      readApi(query.path).catch((error: unknown) => {
        if (query.missing !== undefined && (error as { statusCode?: number }).statusCode === 404) return query.missing;
        throw error;
      }),
    ),
  );
  page.queries.forEach((query, index) => queryClient.setQueryData(query.queryKey, answers[index]));

  // A course page lives at one address: its current words (a renamed batch), written one way.
  let status = 200;
  if (page.slug !== undefined) {
    const course = answers[page.queries.length - 1] as CourseBatch | null;
    if (course === null) status = 404;
    else {
      const canonical = localizedPath(coursePath(encodeURIComponent(course.slug)), language);
      if (url.pathname !== canonical) return { redirect: canonical };
    }
  }

  await Promise.all([loadLanguage(language), page.legal ? addCatalog('legal', language) : undefined]);

  // The markup is a function of the address and the answers: drawn again only when they change.
  const identity = url.href + JSON.stringify(answers);
  let drawn = lastDrawn.get(url.pathname);
  if (drawn?.identity !== identity) {
    const render = previousRender.then(() => renderWithLanguage(url, language, queryClient, page.legal ? ['public', 'legal'] : ['public']));
    previousRender = render.catch(() => undefined);
    drawn = { identity, ...(await render) };
    // Not kept for an address of no course: those are as many as anyone cares to type.
    if (status === 200) lastDrawn.set(url.pathname, drawn);
  }
  const { html, meta } = drawn;
  if (html === null) return null;

  const startsOnUse = page.startsOnUse === true;
  const state: ServerState = { path: url.pathname, language, queries: answersForBrowser(queryClient), drawn: true, startsOnUse, timeZone: academyTimeZone(queryClient) };
  return {
    language,
    status,
    html,
    title: meta.title,
    description: meta.description,
    head: languageLinks(url.origin, url.pathname),
    state: JSON.stringify(state),
    modules: [APP_MODULE, ...LAYOUT_MODULES, page.module],
    startsOnUse,
  };
}

async function renderWithLanguage(url: URL, language: Language, queryClient: QueryClient, catalogsOnTop: CatalogName[]): Promise<{ html: string | null; meta: PageMeta }> {
  // The translations the browser will have for this page win where two catalogs differ (lib/catalogs.ts).
  await putCatalogsOnTop(language, catalogsOnTop);
  setCurrentLanguage(language);
  // Times in the academy's zone, not this server's: the browser takes the page over in the same (ServerState).
  setShownTimeZone(academyTimeZone(queryClient));
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

/**
 * The first screen of each signed-in area (where signing in lands, ROLE_HOME), opened directly: from a
 * bookmark, a link, a reload. The API server answers such a request with the app's shell carrying the
 * session, the screen's first data and links to its code, so the phone fetches them all in the first
 * round instead of learning of them one round after another (issue 17). The screen is drawn by the
 * browser (it is one person's data: never kept by a cache, never drawn here).
 */
type SignedInFirstScreenEntry = {
  role: Role;
  module: string;
  query: ServerQuery;
  /** What the screen asks for once the first answer is there (and the academy's settings: its today; the address's query). */
  then?: (data: unknown, settings: PublicSettingsAnswer | undefined, params: URLSearchParams) => ServerQuery[];
  /**
   * Drawn with its address's query too (decision 075): the attendance sheet of a chosen batch and day,
   * where its form's answer leads. The drawing reads what the query asks for with the screen's own
   * query functions, so it is drawn as the browser draws it.
   */
  drawsWithQuery?: true;
  /**
   * Its drawing shows the API's messages (translateServerText: the admin's offsite backup's error, an
   * absence alert's failure), so their table comes before the take-over; the other screens' after (issue 74).
   */
  showsServerMessages?: true;
};
type PublicSettingsAnswer = { timeZone?: string } | null;

/** The children's ids of a parent's `/parent/children` answer. */
function childIds(children: unknown): string[] {
  return (Array.isArray(children) ? (children as { _id?: unknown }[]) : []).map((child) => child._id).filter((id): id is string => typeof id === 'string');
}

// Every address of lib/first-screens.ts (the service worker keeps their copies), and no other.
const SIGNED_IN_FIRST_SCREENS: Record<string, SignedInFirstScreenEntry> = {
  [ROLE_HOME.admin]: { role: 'admin', module: 'src/app/routes/admin/dashboard.tsx', query: { queryKey: adminDashboardSummaryQueryOptions.queryKey, path: '/admin/dashboard/summary' }, showsServerMessages: true },
  [ROLE_HOME.teacher]: { role: 'teacher', module: 'src/app/routes/teacher/dashboard.tsx', query: { queryKey: teacherScheduleQueryOptions.queryKey, path: '/teachers/me/schedule' } },
  [ROLE_HOME.student]: {
    role: 'student',
    module: 'src/app/routes/student/dashboard.tsx',
    query: { queryKey: studentDashboardQueryOptions.queryKey, path: '/student/dashboard' },
    // What is due (issue 42) comes with the page too.
    then: () => [{ queryKey: feeKeys.ownLedger, path: '/student/fees' }],
  },
  [ROLE_HOME.parent]: {
    role: 'parent',
    module: 'src/app/routes/parent/dashboard.tsx',
    query: { queryKey: parentChildrenQueryOptions.queryKey, path: '/parent/children' },
    // The screen shows the first child at once: their attendance, their week, and today in the academy's time zone;
    // and what is due for each child (issue 42), a card each at the top.
    then: (children) => {
      const ids = childIds(children);
      const first = ids[0];
      if (!first) return [];
      return [
        { queryKey: parentKeys.childAttendance(first), path: childPaths.attendance(first) },
        { queryKey: parentKeys.childSchedule(first), path: childPaths.schedule(first) },
        ...ids.map((id) => ({ queryKey: feeKeys.childLedger(id), path: `/parent/children/${encodeURIComponent(id)}/fees` })),
      ];
    },
  },
  // Issue 56: the other screens people open every day from a link or a bookmark.
  // The teacher's attendance sheet at the start of class: their batches, then the day of the batch the
  // screen opens (a class today, in the academy's time zone; the same choice as the screen's).
  '/app/teacher/attendance/mark': {
    role: 'teacher',
    module: 'src/app/routes/teacher/mark-attendance.tsx',
    query: { queryKey: batchesQueryOptions.queryKey, path: '/batches' },
    then: (batches, shellSettings, params) => {
      const today = academyTodayIn(shellSettings?.timeZone);
      const list = Array.isArray(batches) ? (batches as Batch[]) : [];
      const batch = list.find((candidate) => candidate._id === params.get('batchId')) ?? defaultBatch(list, today);
      const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
      return batch ? [{ queryKey: attendanceDayQueryOptions(batch._id, date).queryKey, path: `/attendance/${encodeURIComponent(batch._id)}/${date}` }] : [];
    },
    drawsWithQuery: true,
  },
  // Where a parent pays (the link in a fee reminder): the children, then the first child's fees.
  '/app/parent/fees': {
    role: 'parent',
    module: 'src/app/routes/parent/fees.tsx',
    query: { queryKey: parentChildrenQueryOptions.queryKey, path: '/parent/children' },
    then: (children) => childIds(children).slice(0, 1).map((id) => ({ queryKey: feeKeys.childLedger(id), path: `/parent/children/${encodeURIComponent(id)}/fees` })),
  },
  '/app/student/online-tests': {
    role: 'student',
    module: 'src/app/routes/student/online-test-list.tsx',
    query: { queryKey: onlineTestKeys.list({}), path: '/online-tests' },
  },
};
if (Object.keys(SIGNED_IN_FIRST_SCREENS).sort().join() !== [...SIGNED_IN_FIRST_SCREEN_PATHS].sort().join()) {
  throw new Error('entry-server.tsx: SIGNED_IN_FIRST_SCREENS must name exactly the addresses of lib/first-screens.ts');
}

/** The API's messages in Marathi and Hindi (its key in Vite's manifest: the file is outside apps/web). */
const SERVER_MESSAGES_MODULE = '../../packages/shared/src/i18n/server-messages.ts';

/** Around every signed-in screen: the shell (sidebar, top bar). */
const SIGNED_IN_LAYOUT_MODULES = ['src/app/layouts/dashboard-shell.tsx'];

/** A signed-in first screen's shell: no markup, the data the browser starts with. */
export interface SignedInScreen {
  language: Language;
  /** The JSON of ServerState, for a `<script type="application/json">`. */
  state: string;
  /** Source modules (keys of Vite's manifest) whose stylesheets and code the screen needs at once. */
  modules: string[];
  /** The screen drawn for the person (the markup inside #root), when it could be. */
  html?: string;
  /** Why it could not be drawn (the API server logs it; the browser then draws it itself). */
  failure?: unknown;
}

/** How many times a signed-in first screen is drawn at most, reading what it asked for in between. */
const MAX_DRAWING_PASSES = 3;

/**
 * The reads of the person whose screen is being drawn: the screen's query functions call apiRequest,
 * which on the server reads the API's own routes with this person's cookie (setServerReader). Kept per
 * drawing, as several people's screens may be read at once.
 */
const personsReads = new AsyncLocalStorage<(path: string) => Promise<unknown>>();
setServerReader((path) => {
  const read = personsReads.getStore();
  if (!read) return Promise.reject(new Error(`GET ${path} asked on the server outside a signed-in screen's drawing`));
  return read(path);
});

/** Whether an address is the first screen of a signed-in area. */
export function isSignedInFirstScreen(pathname: string): boolean {
  return Object.hasOwn(SIGNED_IN_FIRST_SCREENS, pathname);
}

/**
 * The data a signed-in first screen starts with, read from the API as the person's own browser would
 * (their cookie, so the same access rules), or null when that is not the screen's person (no session,
 * another role): the app's shell then goes as before and the browser does what it always did.
 * `readApi` answers in the language it is given and throws on any answer but a success.
 */
export async function signedInFirstScreen(pathname: string, readApi: (path: string, language?: Language) => Promise<unknown>, search = '', formResult?: unknown): Promise<SignedInScreen | null> {
  const screen = SIGNED_IN_FIRST_SCREENS[pathname];
  if (!screen) return null;
  const user = toSessionUser(await readApi('/auth/me'));
  if (!user || !isAreaOf(user, screen.role)) return null;
  // The shell's header names the academy (its settings) on every signed-in screen: read beside the
  // screen's data, so the header never shows a placeholder name first (issue 42).
  const [data, shellSettings] = await Promise.all([readApi(screen.query.path, user.language), readApi(settings.path, user.language).catch(() => undefined)]);
  // What the screen asks for once the first answer is there: read now, in the same round. One that
  // fails is left for the browser to ask, as it would have.
  const next = screen.then?.(data, shellSettings as PublicSettingsAnswer | undefined, new URLSearchParams(search)) ?? [];
  const nextData = await Promise.all(next.map((query) => readApi(query.path, user.language).catch(() => undefined)));

  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
  queryClient.setQueryData(screen.query.queryKey, data);
  if (shellSettings !== undefined) queryClient.setQueryData(settings.queryKey, shellSettings);
  if (formResult !== undefined) queryClient.setQueryData(SHEET_FORM_RESULT_KEY, formResult);
  next.forEach((query, index) => {
    if (nextData[index] !== undefined) queryClient.setQueryData(query.queryKey, nextData[index]);
  });
  const modules = signedInFirstScreenModules(pathname, user.language);
  const screenMessages = await firstScreenMessages(screen, user.language);
  const dataOnly = (failure?: unknown): SignedInScreen => {
    const state: ServerState = { path: pathname, language: user.language, queries: answersForBrowser(queryClient), drawn: false, ...screenMessages };
    return { language: user.language, state: JSON.stringify(state), modules, failure };
  };
  // Drawn here too (issue 56): on slow mobile data the screen then shows once the page and its
  // stylesheet are in, about 5 s on Slow 3G, instead of after 250-350 kB of code (10-16 s); the app
  // takes it over when its code has come (main.tsx hydrates it, start.ts keeps what is tapped or typed
  // meanwhile). Only the screen's own address: a `?child=` or `?batchId=` would be drawn by the
  // browser differently than here, so those get the data alone. One person's page: never kept (lastDrawn).
  if (search !== '' && !screen.drawsWithQuery) return dataOnly();
  try {
    await Promise.all([loadLanguage(user.language), addCatalog(messagesOf(screen), user.language)]);
    const url = new URL(`${pathname}${screen.drawsWithQuery ? search : ''}`, 'http://academy.invalid');
    let html: string | null = null;
    // Drawn, then what the drawing asked for and nobody had read yet (another card of the screen, a
    // query that needs the first answer) is read with the screen's own query functions, as this person,
    // and the screen drawn again: at most three times, so the page goes with no skeleton left.
    for (let pass = 0; pass < MAX_DRAWING_PASSES; pass += 1) {
      const render = previousRender.then(() => renderWithLanguage(url, user.language, queryClient, [messagesOf(screen)]));
      previousRender = render.catch(() => undefined);
      html = (await render).html;
      const asked = queryClient
        .getQueryCache()
        .findAll({
          predicate: (query) =>
            query.state.status === 'pending' && query.state.fetchStatus === 'idle' && (query.options as { enabled?: unknown }).enabled !== false && typeof query.options.queryFn === 'function' && query.meta?.browserOnly !== true,
        });
      if (html === null || asked.length === 0 || pass === MAX_DRAWING_PASSES - 1) break;
      await personsReads.run(
        (path) => readApi(path, user.language),
        () => Promise.all(asked.map((query) => queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn }))),
      );
      // A read that failed is left for the browser to ask, as it would have: drawn as still loading.
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    }
    if (html === null) return dataOnly();
    const state: ServerState = { path: pathname, language: user.language, queries: answersForBrowser(queryClient), drawn: true, timeZone: academyTimeZone(queryClient), ...(screen.showsServerMessages ? {} : { serverMessagesAfter: true as const }), ...screenMessages };
    return { language: user.language, state: JSON.stringify(state), modules, html };
  } catch (error) {
    return dataOnly(error);
  }
}

/** A first screen's own chunk of the `app` messages (lib/message-areas.ts), else its area's. */
function messagesOf(screen: SignedInFirstScreenEntry): MessageChunk {
  return firstScreenMessagesOf(screen.module) ?? screen.role;
}

async function firstScreenMessages(screen: SignedInFirstScreenEntry, language: Language): Promise<Pick<ServerState, 'firstScreenMessages'>> {
  const chunk = firstScreenMessagesOf(screen.module);
  if (!chunk) return {};
  const names = [chunk, `public-${chunk}`] as const;
  const [own, publicPart] = await Promise.all(names.map((name) => catalogMessages(language, name)));
  return { firstScreenMessages: { area: screen.role, chunk, catalogs: { [names[1]]: publicPart, [names[0]]: own } } };
}

/** The messages a signed-in first screen brings in its page (firstScreenMessages), as JSON: `npm run size` counts them. */
export async function signedInFirstScreenMessagesJson(pathname: string, language: Language): Promise<string> {
  const screen = SIGNED_IN_FIRST_SCREENS[pathname];
  return screen ? JSON.stringify((await firstScreenMessages(screen, language)).firstScreenMessages?.catalogs ?? {}) : '{}';
}

/**
 * The source modules (keys of Vite's manifest) a signed-in first screen needs at once, in a language:
 * the app, the shell, the screen and the messages. The server links their files in the page; `npm run
 * size` holds each screen's total to a budget (bench/web/first-screens-size.ts).
 */
export function signedInFirstScreenModules(pathname: string, language: Language): string[] {
  const screen = SIGNED_IN_FIRST_SCREENS[pathname];
  if (!screen) return [];
  // The messages of the person's language come with the code (the files lib/catalogs.ts and, for
  // Marathi and Hindi on a screen that shows the API's messages, lib/server-text.ts load; the other
  // screens load that table after the take-over, issue 74). Of the public catalog, the part the screen
  // reaches (decision 102): the whole loads after the take-over.
  // A screen with its own chunk brings it and its part of the public catalog in the page (firstScreenMessages).
  const chunk = firstScreenMessagesOf(screen.module);
  const catalogs = [...(chunk ? [] : [`src/locales/${language}/public.po`, `src/locales/${language}/app.po?area=${messagesOf(screen)}`]), ...(language === 'en' || !screen.showsServerMessages ? [] : [SERVER_MESSAGES_MODULE])];
  return [APP_MODULE, ...SIGNED_IN_LAYOUT_MODULES, screen.module, ...catalogs];
}

/** The addresses of the signed-in first screens (for `npm run size`). */
export { SIGNED_IN_FIRST_SCREEN_PATHS };
