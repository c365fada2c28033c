import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isLanguage, type Language } from '@academy/shared/languages';
import { MESSAGES } from '@academy/shared/messages';
import type { Hosting } from '../config';
import { loadPublicPages } from '../lib/public-pages';
import { siteOrigin } from '../lib/site-origin';
import { withBrandHead } from '../lib/brand-head';
import { getAcademySettings } from '../academy-settings';
import { LANGUAGE_COOKIE, SESSION_COOKIE } from '@academy/shared/cookies';
import { sharedPageHead } from '../modules/public-site';
import { SHEET_PATH, type DrawSheet } from '../modules/attendance/sheet-form.routes';
import { compressedBody } from '../lib/kept-responses';
import type { AppDeps } from './deps';
import { readOwnApi, readOwnApiAs } from './own-api';

/** What the platform's page says of itself to search engines and link previews (ACADEMY_HOSTING=many). */
const PLATFORM_DESCRIPTION = 'Run your coaching academy from one place: its own website, admissions, attendance, fees by UPI and messages to parents. Start your academy in a few minutes.';

/**
 * The built web app (when there is one): its files, the public pages drawn by the server, the signed-in
 * screens' first paint, and the app's shell for every other page address. Returns how a refused attendance
 * sheet is drawn again (only when the server build of the pages is there).
 */
export async function serveWebApp(app: FastifyInstance, deps: AppDeps, hosting: Hosting): Promise<DrawSheet | undefined> {
  let drawSheet: DrawSheet | undefined;
  const indexHtml = deps.webDistFolder ? path.join(deps.webDistFolder, 'index.html') : undefined;
  const serveSpa = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: deps.webDistFolder!,
      wildcard: false,
      index: false,
      // The build wrote each asset's .br and .gz beside it (apps/web/scripts/precompress.mjs): sent as
      // they are to a browser that takes them, never compressed again per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name, so they never change once built.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  // The public pages as HTML (issue 17): for a visitor without a session cookie, from the web app's
  // server build. Signed-in people, and every other address, get the app's shell as before.
  const publicPages = serveSpa ? await loadPublicPages(deps.webDistFolder!, app.log) : undefined;
  // A refused sheet (sheet-form.routes.ts) comes back drawn, with the reason and the marks as sent.
  if (publicPages) {
    drawSheet = (request, reply, search, result) =>
      publicPages.renderSignedIn(SHEET_PATH, (apiPath, language) => readOwnApiAs(app, request, reply, apiPath, language), search, result);
  }

  app.setNotFoundHandler(webAppPageHandler(app, deps, { hosting, indexHtml, serveSpa, publicPages }));
  return drawSheet;
}

type PageContext = { hosting: Hosting; indexHtml: string | undefined; serveSpa: boolean; publicPages: Awaited<ReturnType<typeof loadPublicPages>> | undefined };

/** What answers an address no route has: a page of the web app (drawn by the server where it can be), else 404. */
function webAppPageHandler(app: FastifyInstance, deps: AppDeps, { hosting, indexHtml, serveSpa, publicPages }: PageContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (serveSpa && isPageRequest && hosting.mode === 'many' && request.academy === null) {
      // The platform's own address (sign-up, the operator): the app's shell, told it is the platform's.
      const html = await fs.promises.readFile(indexHtml!, 'utf8');
      // The platform's own words, not the first academy's (index.html's description is the demo academy's: issue 73).
      const platformHtml = html
        .replace(/<html lang="en"/, '<html lang="en" data-site="platform"')
        .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${PLATFORM_DESCRIPTION}"`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(platformHtml);
    }
    if (serveSpa && isPageRequest) {
      const url = new URL(request.url, siteOrigin(request, deps.config.publicUrl));
      // One address per page (issue 53): /mr/ and /courses/ are /mr and /courses, as the sitemap, the
      // hreflang links and the canonical name them; the slashed form redirects for good.
      if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
        // Leading slashes collapsed too: "//elsewhere.example/" must not become a link to another site.
        return reply.header('cache-control', 'no-cache').redirect(`/${url.pathname.replace(/^\/+|\/+$/g, '')}${url.search}`, 301);
      }
      // An academy that chose Marathi or Hindi shows it to a visitor who has not chosen a language (issue 73):
      // a bare public page (drawn by the server) redirects to the academy's language's address before any
      // byte of English; every other page of the app's shell names the academy's language for the app.
      const academyLanguage = request.academy && request.academy.language !== 'en' && isLanguage(request.academy.language) ? request.academy.language : undefined;
      const visitorChose = request.cookies[LANGUAGE_COOKIE] !== undefined || request.cookies[SESSION_COOKIE] !== undefined;
      const unprefixed = !/^\/(mr|hi)(?:\/|$)/.test(url.pathname);
      if (academyLanguage && !visitorChose && unprefixed && publicPages?.covers(url.pathname)) {
        return reply.header('cache-control', 'no-cache').header('vary', 'cookie').redirect(`/${academyLanguage}${url.pathname === '/' ? '' : url.pathname}${url.search}`, 302);
      }
      // A signed-in area's first screen (a dashboard) opened directly: the shell brings the person's
      // session and the screen's data, read from this server's own routes with their cookie (the same
      // access rules), and links the screen's code, so a phone fetches it all in one round (issue 17).
      if (publicPages?.coversSignedIn(url.pathname) && request.cookies[SESSION_COOKIE] !== undefined) {
        const drawn = await publicPages.renderSignedIn(url.pathname, (apiPath, language) => readOwnApiAs(app, request, reply, apiPath, language), url.search);
        // The academy's colour and icons in the head from the first byte (issue 78).
        const html = drawn === null ? null : withBrandHead(drawn, (await getAcademySettings(deps.db)).brand);
        // One person's data: kept by no cache, not even the browser's.
        // `same-origin`: a form the screen posts as plain HTML (the attendance sheet, decision 075) carries
        // its Origin, which the same-origin check needs; under `no-referrer` a browser sends "null".
        if (html !== null) return reply.header('cache-control', 'no-store').header('vary', 'cookie').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(compressedBody(request, reply, html));
      }
      if (publicPages?.covers(url.pathname) && request.cookies[SESSION_COOKIE] === undefined) {
        // Each API answer is read once for the page and its sharing tags and structured data (issue 41).
        const reads = new Map<string, Promise<unknown>>();
        const read = (apiPath: string) => {
          let answer = reads.get(apiPath);
          if (!answer) reads.set(apiPath, (answer = readOwnApi(app, request, apiPath, url.pathname)));
          return answer;
        };
        const page = await publicPages.render(url, read, ({ language, title, description }) =>
          sharedPageHead({ url, language: language as Language, title, description }, read),
        );
        // A course's address with out-of-date words (a renamed batch) or written another way: its page
        // is at the one address, for good.
        if (page && 'redirect' in page) return reply.header('cache-control', 'no-cache').redirect(page.redirect, 301);
        // The same address answers a signed-in person with the shell, so caches keep one per cookie.
        // Compressed here: @fastify/compress adds its hook to routes, and this handler is none (a page
        // is about 55 kB, 10 kB compressed: a second on slow mobile data). A course that is not open
        // is the site's not-found page, with its status.
        if (page) {
          const html = withBrandHead(page.html, (await getAcademySettings(deps.db)).brand);
          return reply.status(page.status).header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(compressedBody(request, reply, html));
        }
      }
      // A Marathi or Hindi public page (/mr/..., /hi/...) names its language from the first byte, for
      // search engines and screen readers, before the app's code runs (issue 20).
      const language = /^\/(mr|hi)(?:[/?#]|$)/.exec(request.url)?.[1];
      if (language) {
        const html = await fs.promises.readFile(indexHtml!, 'utf8');
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html.replace(/<html lang="en"/, `<html lang="${language}"`));
      }
      if (academyLanguage && !visitorChose && unprefixed) {
        const html = await fs.promises.readFile(indexHtml!, 'utf8');
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(html.replace(/<html lang="en"/, `<html lang="en" data-academy-language="${academyLanguage}"`));
      }
      // Client-side routes: the web app decides what to show (including its own not-found page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MESSAGES.notFound });
  };
}
