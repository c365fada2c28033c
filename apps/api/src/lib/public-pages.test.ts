import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { academySettings } from '../db/schema';
import { buildApp } from '../app';
import { buildTestApp, type TestApp, TEST_SERVER_KEYS } from '../../test/build-test-app';
import { buildStudent, buildTeacher, loginAs } from '../../test/factories';
import { filesOf, jsonForScript, largestFirst, pageHtml } from './public-pages';

/*
 * The API server's side of the server-rendered public pages (docs/decisions/024). The web app's real
 * server build does not exist when these tests run (they run before `npm run build`), so a small
 * stand-in of apps/web/dist-server/entry-server.js renders from the same API reads; the real pages are
 * tested in a browser (e2e/public/server-rendered.spec.ts).
 */

const TEMPLATE = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta name="description" content="Shell description" />
    <title>Academy</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <noscript>Academy needs JavaScript enabled to run.</noscript>
    <div id="root"></div>
  </body>
</html>`;

const STAND_IN_ENTRY = `
const pages = ['/', '/courses', '/broken'];
const strip = (p) => p.replace(/^\\/(mr|hi)(?=\\/|$)/, '') || '/';
export function isServerRenderedPage(pathname) { return pages.includes(strip(pathname)); }
export async function renderPublicPage(url, readApi) {
  if (strip(url.pathname) === '/broken') throw new Error('The page failed to render');
  const settings = await readApi('/settings/public');
  return {
    language: /^\\/mr/.test(url.pathname) ? 'mr' : 'en',
    html: '<h1>' + settings.name + '</h1>' + (url.pathname === '/courses' ? '<p>' + 'Batches and timings. '.repeat(100) + '</p>' : ''),
    title: 'Courses & more </title> | ' + settings.name,
    description: 'Say "hello"',
    head: [{ rel: 'canonical', href: url.origin + url.pathname }],
    state: JSON.stringify({ path: url.pathname, note: '</script><script>alert(1)</script>' }),
    modules: ['src/page.tsx'],
    startsOnUse: strip(url.pathname) === '/',
  };
}
const firstScreens = ['/app/student/dashboard', '/app/broken-dashboard'];
export function isSignedInFirstScreen(pathname) { return firstScreens.includes(pathname); }
export async function signedInFirstScreen(pathname, readApi, search) {
  if (pathname === '/app/broken-dashboard') throw new Error('The screen failed');
  const user = await readApi('/auth/me');
  if (user.role !== 'student') return null;
  const dashboard = await readApi('/student/dashboard', user.language);
  // Drawn only at the screen's own address (issue 56); with a query, the data alone.
  const html = search === '' ? '<main><h1>Hello ' + user.name + '</h1></main>' : undefined;
  return { language: user.language, state: JSON.stringify({ path: pathname, user, dashboard, note: '</script>' }), modules: ['src/dashboard.tsx'], html };
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shared.js'] },
  'src/page.tsx': { file: 'assets/page-1.js', css: ['assets/page-1.css'], imports: ['_shared.js', '_other.js'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_other.js': { file: 'assets/other-1.js', imports: ['_shared.js'] },
  'src/dashboard.tsx': { file: 'assets/dashboard-1.js', css: ['assets/dashboard-1.css'], imports: ['_shared.js', '_other.js'] },
  'src/page-to-read.css': { file: 'assets/page-to-read-1.css' },
  'src/first-screen.css': { file: 'assets/first-screen-1.css' },
};

/**
 * A test app serving the stand-in web build above (template, manifest and server entry in a folder of
 * its own), built before the describe block's tests and closed after them. Filled in by beforeAll: read
 * its fields inside tests only.
 */
function shareAppWithStandInWeb(): { t: TestApp; app: FastifyInstance } {
  const shared = {} as { t: TestApp; app: FastifyInstance };
  let root = '';
  beforeAll(async () => {
    const t = await buildTestApp();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-ssr-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), STAND_IN_ENTRY);
    const app = await buildApp({
      db: t.database.db,
      config: { isProduction: false, publicUrl: 'https://academy.example.in', trustProxy: false },
      mailer: t.mailer, keys: TEST_SERVER_KEYS,
      backups: { backupsDir: t.backupsDir, filesDir: t.filesDir },
      storage: t.storage,
      webDistFolder: dist,
    });
    Object.assign(shared, { t, app });
  });
  afterAll(async () => {
    await shared.app.close();
    await shared.t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return shared;
}

describe('public pages rendered on the server', () => {
  const web = shareAppWithStandInWeb();

  it("gives a visitor the page's HTML with its title, description, files and data", async () => {
    const response = await web.app.inject({ method: 'GET', url: '/courses' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    const { name } = (await web.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data;
    expect(response.body).toContain(`<div id="root"><h1>${name}</h1><p>Batches and timings.`);
    expect(response.body).toContain(`<title>Courses &amp; more &lt;/title&gt; | ${name}</title>`);
    expect(response.body).toContain('<meta name="description" content="Say &quot;hello&quot;"');
    expect(response.body).toContain('<link rel="canonical" href="https://academy.example.in/courses" data-language-link="">');
    // The page's code and its imports once each; the entry's own files are already in the template.
    // The page is readable without its code: the code comes after the stylesheets.
    expect(response.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/page-1.js">');
    expect(response.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/other-1.js">');
    expect(response.body.match(/shared-1\.js/g)).toHaveLength(1);
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/page-1.css">');
    // Stylesheets come before any script (the paint waits for them; code can come after).
    expect(response.body.indexOf('/assets/index-1.css')).toBeLessThan(response.body.indexOf('<script'));
    expect(response.body.indexOf('/assets/page-1.css')).toBeLessThan(response.body.indexOf('<script'));
    expect(response.body.match(/index-1\.css/g)).toHaveLength(1);
    // A page that runs its app at once paints with the app's whole first stylesheet.
    expect(response.body).not.toContain('page-to-read');
    // No text in the data can end its element; the no-JavaScript notice is gone (the page is readable).
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(response.body).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(response.body).not.toContain('<noscript>');
  });

  it('links no code with a page to read, which the browser starts only once it is used, and keeps its stylesheets', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('modulepreload');
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/page-1.css">');
    // It paints with the first stylesheet of a page to read, which names the app's whole one for the
    // page's first script to load before the app runs; the page's own stylesheets stay after it.
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/page-to-read-1.css" data-app-styles="/assets/index-1.css">');
    expect(response.body.match(/index-1\.css/g)).toHaveLength(1);
    expect(response.body.indexOf('page-to-read-1.css')).toBeLessThan(response.body.indexOf('/assets/page-1.css'));
    // The page's first script, which decides when to start the app, is the template's, at its own priority.
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it('compresses the page as the browser accepts', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/courses', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/cookie.*accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root"><h1>');
  });

  it('names the language of a Marathi page from the first byte', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/mr/courses' });
    expect(response.body).toContain('<html lang="mr" data-mantine-color-scheme="light">');
  });

  it('shows a change of the settings on the next page', async () => {
    await web.t.database.db.update(academySettings).set({ name: 'Renamed Academy, Latur' });
    const response = await web.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain('<h1>Renamed Academy, Latur</h1>');
  });

  it('gives the app shell to a signed-in person, to other addresses and when a page fails', async () => {
    const signedIn = await web.app.inject({ method: 'GET', url: '/courses', headers: { cookie: 'academy_session=anything' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).toContain('<noscript>');

    const appPage = await web.app.inject({ method: 'GET', url: '/app/student/dashboard' });
    expect(appPage.body).toContain('<div id="root"></div>');
    expect(appPage.body).not.toContain('server-state');

    const broken = await web.app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
  });
});

describe('signed-in first screens: the shell with the session, the screen data and the screen drawn', () => {
  const web = shareAppWithStandInWeb();

  it("gives the student their session and dashboard data in the shell, with the screen's files, kept by no cache", async () => {
    const student = await buildStudent(web.t.database.db, { name: 'Meera Jadhav' });
    const cookie = await loginAs(web.app, student.user.email);
    await web.app.inject({ method: 'PUT', url: '/api/auth/language', headers: { cookie, origin: 'https://academy.example.in' }, payload: { language: 'mr' } });
    const response = await web.app.inject({ method: 'GET', url: '/app/student/dashboard', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    // The person's own language from the first byte; the data as their own GET /api/student/dashboard answers it.
    expect(response.body).toContain('<html lang="mr"');
    const state = JSON.parse(/<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(response.body)![1]!) as {
      user: { name: string; role: string; language: string };
      dashboard: unknown;
    };
    expect(state.user).toMatchObject({ name: 'Meera Jadhav', role: 'student', language: 'mr' });
    const own = await web.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie } });
    expect(state.dashboard).toEqual(own.json().data);
    expect(response.body).not.toContain('</script>"');
    // The screen drawn for the person (issue 56): it shows once its stylesheet is in, and its code,
    // which only makes it work, comes behind at low priority.
    expect(response.body).toContain('<div id="root"><main><h1>Hello Meera Jadhav</h1></main></div>');
    expect(response.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/dashboard-1.js">');
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-1.css">');
    expect(response.body.indexOf('/assets/dashboard-1.css')).toBeLessThan(response.body.indexOf('<script'));
    // Its first stylesheet is a first screen's own, naming the whole one, which the page's first script
    // loads once the app has taken the screen over (decision 109).
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/first-screen-1.css" data-app-styles="/assets/index-1.css">');
    expect(response.body).not.toContain('href="/assets/index-1.css"');
    // With a query (another child, another batch) the data alone: the browser draws the screen, which
    // shows nothing without its code, so no lowered priority.
    const undrawn = await web.app.inject({ method: 'GET', url: '/app/student/dashboard?from=reminder', headers: { cookie } });
    expect(undrawn.body).toContain('<div id="root"></div>');
    expect(undrawn.body).toContain('id="server-state"');
    expect(undrawn.body).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
    expect(undrawn.body).not.toContain('fetchpriority');
    // The browser draws it, with any component: the whole first stylesheet.
    expect(undrawn.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(undrawn.body).not.toContain('first-screen');
    // A session from before the signed-in cookie gets it with this answer, as with any API answer.
    expect(response.cookies.map((c) => c.name)).toContain('academy_signed_in');
  });

  it('sends the plain shell to a visitor, an ended session, another role, and when the screen fails', async () => {
    const teacher = await buildTeacher(web.t.database.db);
    const teacherCookie = await loginAs(web.app, teacher.user.email);
    const student = await buildStudent(web.t.database.db);
    const studentCookie = await loginAs(web.app, student.user.email);
    const answers = [
      await web.app.inject({ method: 'GET', url: '/app/student/dashboard' }),
      await web.app.inject({ method: 'GET', url: '/app/student/dashboard', headers: { cookie: 'academy_session=ended' } }),
      await web.app.inject({ method: 'GET', url: '/app/student/dashboard', headers: { cookie: teacherCookie } }),
      await web.app.inject({ method: 'GET', url: '/app/broken-dashboard', headers: { cookie: studentCookie } }),
      // Only the first screens: any other signed-in address is the plain shell, as before.
      await web.app.inject({ method: 'GET', url: '/app/student/attendance', headers: { cookie: studentCookie } }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('server-state');
      expect(response.body).not.toContain('dashboard-1.js');
    }
  });
});

describe('public page HTML', () => {
  it("lists a module's code and stylesheets with everything it imports, once", () => {
    expect(filesOf(MANIFEST, ['src/page.tsx', '_shared.js', 'src/unknown.tsx'])).toEqual({
      scripts: ['assets/page-1.js', 'assets/shared-1.js', 'assets/other-1.js'],
      styles: ['assets/page-1.css'],
    });
  });

  it('keeps JSON inside a script element from closing it', () => {
    const json = JSON.stringify({ text: '</script>\u2028<!--' });
    const safe = jsonForScript(json);
    expect(safe).not.toMatch(/<|\u2028/);
    expect(JSON.parse(safe)).toEqual({ text: '</script>\u2028<!--' });
  });

  it("links the whole first stylesheet when the build has none for a page to read, or the page runs its app at once", () => {
    const page = { language: 'en', html: '<p>x</p>', title: 't', description: 'd', head: [], state: '{}', modules: [], startsOnUse: true };
    expect(pageHtml(TEMPLATE, page, { scripts: [], styles: [] })).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(pageHtml(TEMPLATE, { ...page, startsOnUse: undefined }, { scripts: [], styles: [] }, 'assets/page-to-read-1.css')).not.toContain('page-to-read');
    expect(pageHtml(TEMPLATE, page, { scripts: [], styles: [] }, 'assets/page-to-read-1.css')).toContain('href="/assets/page-to-read-1.css" data-app-styles="/assets/index-1.css"');
  });

  it('escapes the title and description it writes into the head', () => {
    const html = pageHtml(TEMPLATE, { language: 'hi', html: '<p>x</p>', title: '<b>', description: '"&"', head: [], state: '{}', modules: [] }, { scripts: [], styles: [] });
    expect(html).toContain('<title>&lt;b&gt;</title>');
    expect(html).toContain('content="&quot;&amp;&quot;"');
    expect(html).toContain('<html lang="hi"');
  });
});

describe('the order of a first screen code files', () => {
  it('asks for the largest first, so that it is not left for the second six a browser asks for (issue 74)', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-largest-first-'));
    try {
      fs.mkdirSync(path.join(folder, 'assets'));
      for (const [name, size] of [['small', 10], ['big', 5000], ['middle', 300]] as const) fs.writeFileSync(path.join(folder, 'assets', `${name}.js`), 'x'.repeat(size));
      expect(largestFirst(folder, ['assets/small.js', 'assets/middle.js', 'assets/big.js', 'assets/gone.js'])).toEqual(['assets/big.js', 'assets/middle.js', 'assets/small.js', 'assets/gone.js']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
