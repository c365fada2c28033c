/**
 * `npm run bench:web`: the figures of issue 17's Goals, measured on this machine.
 *
 * Builds the app, starts it on a free port with a fresh demo academy, and drives Debian's Chromium
 * (never a downloaded browser):
 * - Slow 3G as Chromium's DevTools define it (CDP Network.emulateNetworkConditions: 2,000 ms latency,
 *   50 KB/s down and up), empty cache: the landing page's first contentful paint, requests and bytes;
 *   the login form; signing in to the student dashboard; the student dashboard opened directly (signed
 *   in) until its content shows; then a repeat visit of the landing page (service worker in control)
 *   online and offline.
 * - Lighthouse (mobile, its own simulated throttling): performance and accessibility of `/` and
 *   `/courses` (and SEO, with `/mr/courses`), accessibility of every public page, and desktop `/login`.
 * - The landing page's JavaScript loaded until idle, gzipped (the same list as `npm run size`).
 *
 * - Issue 56's table: the seven signed-in first screens, the parent dashboard's repeat visit and the
 *   landing page, each with its content time, first paint, requests and kB (`screens` below).
 *
 * `--no-build` skips the build; `--no-lighthouse` skips Lighthouse (a minute or two on 2 cores);
 * `--only-screens` measures issue 56's table alone.
 * Lighthouse scores swing a few points on a busy machine: run it when the machine is quiet.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { landingScripts } from './landing-size';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, contentShown, ROOT, startServer, WEB_DIST } from './server';

const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
const STUDENT = { email: 'aarav.patil@demo.academy', password: 'latur-demo-2026' };
const PUBLIC_PAGES = ['/', '/courses', '/about', '/contact', '/resources', '/admission', '/login', '/forgot-password', '/terms-of-service', '/privacy-policy', '/cookies-policy'];

const args = new Set(process.argv.slice(2));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Counts the requests and the bytes on the wire of one page, through the DevTools protocol. */
async function throttled(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const traffic = { requests: 0, bytes: 0 };
  cdp.on('Network.requestWillBeSent', () => (traffic.requests += 1));
  cdp.on('Network.loadingFinished', (event) => (traffic.bytes += event.encodedDataLength));
  return traffic;
}

/** Milliseconds from navigation start to the first contentful paint of the current document. */
async function firstContentfulPaint(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 120_000 });
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
}

/** Waits until a signed-in screen shows its content: its heading, and no skeleton or loader left. */
async function signedInContent(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => !document.querySelector('main .mantine-Skeleton-root[data-visible="true"], main .mantine-Loader-root'), undefined, { timeout: 120_000 });
}

/**
 * Issue 56's Contract: the seven screens people open every day, each signed in through
 * `POST /api/auth/login` and opened directly on Slow 3G from an empty cache (service worker blocked),
 * at 360 px. Content: the screen's `h1` visible and `main` holding no Mantine skeleton, loader or
 * `aria-busy="true"`.
 */
const PASSWORD = 'latur-demo-2026';
const SCREENS = [
  { name: 'student dashboard', email: 'aarav.patil@demo.academy', path: '/app/student/dashboard' },
  { name: 'teacher dashboard', email: 'priya.kulkarni@demo.academy', path: '/app/teacher/dashboard' },
  { name: 'parent dashboard', email: 'parent.patil@demo.academy', path: '/app/parent/dashboard' },
  { name: 'teacher: mark attendance', email: 'priya.kulkarni@demo.academy', path: '/app/teacher/attendance/mark' },
  { name: 'admin dashboard', email: 'admin@demo.academy', path: '/app/dashboard' },
  { name: 'parent: fees', email: 'parent.patil@demo.academy', path: '/app/parent/fees' },
  { name: 'student: online tests', email: 'aarav.patil@demo.academy', path: '/app/student/online-tests' },
] as const;
const SCREEN_GOAL_MS = 8000;
const REPEAT_GOAL_MS = 1500;
const LANDING_GOAL_MS = 5000;

/** `takeOver`: when the app had taken a signed-in first screen over (`<html data-app-ready>`, issue 74) and the kB moved by then. */
type ScreenRow = { name: string; contentMs: number; firstPaintMs: number; requests: number; bytes: number; goalMs: number; takeOver?: { ms: number; bytes: number } };
/** Issue 74: a first screen's taps answered (the app has taken it over) within 8 s on Slow 3G. */
const TAKE_OVER_GOAL_MS = 8000;

/** Signs in through the API in a fresh 360 px context (its cookie is the session). */
async function signedInContext(browser: Browser, baseUrl: string, email: string, serviceWorkers: 'allow' | 'block') {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers });
  const signIn = await context.request.post(`${baseUrl}/api/auth/login`, { data: { email, password: PASSWORD } });
  if (!signIn.ok()) throw new Error(`Signing in as ${email} failed: ${signIn.status()}`);
  return context;
}

async function screens(browser: Browser, baseUrl: string): Promise<ScreenRow[]> {
  const rows: ScreenRow[] = [];
  for (const screen of SCREENS) {
    const context = await signedInContext(browser, baseUrl, screen.email, 'block');
    const page = await context.newPage();
    const traffic = await throttled(context, page);
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
    // Content counts once it is painted too: a heading in the document before the first paint is not yet seen.
    const contentMs = Math.max(await contentShown(page), await firstContentfulPaint(page));
    // Counted at the moment the content showed (what came after is not the first screen's).
    const { requests, bytes } = traffic;
    const firstPaintMs = await firstContentfulPaint(page);
    // Taps answered: the app has taken the page over (issue 74's contract: `<html data-app-ready>`).
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 180_000 });
    const takeOver = { ms: await page.evaluate(() => performance.now()), bytes: traffic.bytes };
    rows.push({ name: screen.name, contentMs, firstPaintMs, requests, bytes, goalMs: SCREEN_GOAL_MS, takeOver });
    await context.close();
  }

  // The repeat visit: the parent dashboard opened again once the service worker has installed.
  const parent = SCREENS.find((screen) => screen.name === 'parent dashboard')!;
  const context = await signedInContext(browser, baseUrl, parent.email, 'allow');
  let page = await context.newPage();
  await throttled(context, page);
  await page.goto(`${baseUrl}${parent.path}`, { waitUntil: 'commit' });
  await contentShown(page);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    while (!registration.active || registration.installing || registration.waiting) await new Promise((resolve) => setTimeout(resolve, 200));
  });
  await page.waitForLoadState('networkidle', { timeout: 180_000 });
  await page.close();
  page = await context.newPage();
  const repeatTraffic = await throttled(context, page);
  await page.goto(`${baseUrl}${parent.path}`, { waitUntil: 'commit' });
  const repeatMs = Math.max(await contentShown(page), await firstContentfulPaint(page));
  rows.push({ name: 'parent dashboard, repeat visit', contentMs: repeatMs, firstPaintMs: await firstContentfulPaint(page), requests: repeatTraffic.requests, bytes: repeatTraffic.bytes, goalMs: REPEAT_GOAL_MS });
  await context.close();

  // The landing page, a visitor, empty cache.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers: 'block' });
  page = await visitor.newPage();
  const landingTraffic = await throttled(visitor, page);
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  const landingMs = Math.max(await contentShown(page), await firstContentfulPaint(page));
  rows.push({ name: 'landing (visitor)', contentMs: landingMs, firstPaintMs: await firstContentfulPaint(page), requests: landingTraffic.requests, bytes: landingTraffic.bytes, goalMs: LANDING_GOAL_MS });
  await visitor.close();
  return rows;
}

function printScreens(rows: ScreenRow[]) {
  console.log('\nFirst screens on Slow 3G (issue 56: each ≤ 8 s, the repeat visit ≤ 1.5 s, the landing ≤ 5 s):');
  console.log(`(taken over: issue 74, the app runs the screen, taps answered, ≤ ${seconds(TAKE_OVER_GOAL_MS)}; kB moved by then)`);
  console.log('| screen | content | first paint | requests | kB | goal | taken over | kB by then | goal |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const takeOver = row.takeOver ? `${seconds(row.takeOver.ms)} | ${(row.takeOver.bytes / 1000).toFixed(0)} | ${row.takeOver.ms <= TAKE_OVER_GOAL_MS ? 'met' : 'NOT met'}` : ' | | ';
    console.log(`| ${row.name} | ${seconds(row.contentMs)} | ${seconds(row.firstPaintMs)} | ${row.requests} | ${(row.bytes / 1000).toFixed(0)} | ${row.contentMs <= row.goalMs ? 'met' : `NOT met (≤ ${seconds(row.goalMs)})`} | ${takeOver} |`);
  }
}

async function slow3g(browser: Browser, baseUrl: string) {
  const results: Record<string, string> = {};

  // 1. Landing, empty cache; the same context then makes the repeat visits.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  let page = await context.newPage();
  const traffic = await throttled(context, page);
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  results['Landing, first contentful paint'] = seconds(await firstContentfulPaint(page));
  await page.waitForLoadState('networkidle', { timeout: 180_000 });
  results['Landing, requests until idle'] = String(traffic.requests);
  results['Landing, kB on the wire until idle'] = (traffic.bytes / 1000).toFixed(0);

  // Repeat visit: once the service worker has installed (it precaches after the load event).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    while (!registration.active || registration.installing || registration.waiting) await new Promise((resolve) => setTimeout(resolve, 200));
  });
  await page.close();
  page = await context.newPage();
  await throttled(context, page);
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  results['Landing, repeat visit, first contentful paint'] = seconds(await firstContentfulPaint(page));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  results['Landing, repeat visit, heading shown'] = seconds(await page.evaluate(() => performance.now()));
  await page.close();
  await context.setOffline(true);
  page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  results['Landing, offline, first contentful paint'] = seconds(await firstContentfulPaint(page));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  results['Landing, offline, heading shown'] = seconds(await page.evaluate(() => performance.now()));
  await context.close();

  // 2. Login form, empty cache, then signing in until the student dashboard shows its content.
  const loginContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers: 'block' });
  const loginPage = await loginContext.newPage();
  await throttled(loginContext, loginPage);
  const loginStart = Date.now();
  await loginPage.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
  await loginPage.getByLabel('Email or student ID', { exact: true }).waitFor({ timeout: 120_000 });
  results['Login form visible'] = seconds(Date.now() - loginStart);
  // The fields take typing as soon as they show (what is typed is kept until the app runs the form,
  // apps/web/src/start.ts); the tap is measured from when the app runs it, as before that change.
  await loginPage.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: 120_000 });
  results['Login form run by the app'] = seconds(Date.now() - loginStart);
  await loginPage.getByLabel('Email or student ID', { exact: true }).fill(STUDENT.email);
  await loginPage.getByLabel('Password', { exact: true }).fill(STUDENT.password);
  const submitted = Date.now();
  await loginPage.getByRole('button', { name: 'Login' }).click();
  await loginPage.waitForURL('**/app/student/dashboard', { timeout: 120_000 });
  await signedInContent(loginPage);
  results['After tapping Login, dashboard content'] = seconds(Date.now() - submitted);
  await loginContext.close();

  // 3. Student dashboard opened directly, signed in, empty cache.
  const dashboardContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers: 'block' });
  const signIn = await dashboardContext.request.post(`${baseUrl}/api/auth/login`, { data: STUDENT });
  if (!signIn.ok()) throw new Error(`Signing in as the demo student failed: ${signIn.status()}`);
  const dashboardPage = await dashboardContext.newPage();
  const dashboardTraffic = await throttled(dashboardContext, dashboardPage);
  const dashboardStart = Date.now();
  await dashboardPage.goto(`${baseUrl}/app/student/dashboard`, { waitUntil: 'commit' });
  await signedInContent(dashboardPage);
  results['Student dashboard (direct), content shown'] = seconds(Date.now() - dashboardStart);
  results['Student dashboard, requests until content'] = String(dashboardTraffic.requests);
  results['Student dashboard, kB on the wire until content'] = (dashboardTraffic.bytes / 1000).toFixed(0);
  await dashboardContext.close();

  return results;
}

async function lighthouseScores(baseUrl: string) {
  const results: Record<string, string> = {};
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const run = async (url: string, categories: string[], desktop = false) => {
      const result = await lighthouse(`${baseUrl}${url}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }, desktop ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories: scores, audits } = result.lhr;
      return {
        performance: Math.round((scores.performance?.score ?? 0) * 100),
        accessibility: Math.round((scores.accessibility?.score ?? 0) * 100),
        seo: Math.round((scores.seo?.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.displayValue ?? '',
        tbt: audits['total-blocking-time']?.displayValue ?? '',
      };
    };
    for (const url of ['/', '/courses']) {
      const score = await run(url, ['performance', 'accessibility', 'seo']);
      results[`Lighthouse mobile ${url}`] = `performance ${score.performance} (LCP ${score.lcp}, TBT ${score.tbt}), accessibility ${score.accessibility}, SEO ${score.seo}`;
    }
    // Found and shared well (issue 41): SEO 100 on a Marathi page too.
    results['Lighthouse SEO /mr/courses'] = String((await run('/mr/courses', ['seo'])).seo);
    const login = await run('/login', ['performance', 'accessibility'], true);
    results['Lighthouse desktop /login'] = `performance ${login.performance}, accessibility ${login.accessibility}`;
    const accessibility: string[] = [];
    for (const url of PUBLIC_PAGES.filter((page) => page !== '/' && page !== '/courses')) accessibility.push(`${url} ${(await run(url, ['accessibility'])).accessibility}`);
    results['Lighthouse accessibility, other public pages'] = accessibility.join(', ');
  } finally {
    chrome.kill();
  }
  return results;
}

if (!args.has('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await startServer();
const figures: Record<string, string> = {};
let screenRows: ScreenRow[];
try {
  if (!args.has('--only-screens')) {
    const scripts = await landingScripts(server.baseUrl);
    const gzip = scripts.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, file))).length, 0);
    figures['Landing JavaScript until idle (gzip)'] = `${(gzip / 1000).toFixed(1)} kB in ${scripts.length} files`;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    screenRows = await screens(browser, server.baseUrl);
    if (!args.has('--only-screens')) Object.assign(figures, await slow3g(browser, server.baseUrl));
  } finally {
    await browser.close();
  }
  if (!args.has('--no-lighthouse') && !args.has('--only-screens')) Object.assign(figures, await lighthouseScores(server.baseUrl));
} finally {
  await server.stop();
}

if (Object.keys(figures).length > 0) console.log('\nWeb figures (issue 17 Goals: landing FCP ≤ 6 s, dashboard ≤ 12 s, repeat/offline ≤ 2 s, Lighthouse perf ≥ 95, a11y ≥ 95, JS ≤ 120 kB):');
const width = Math.max(0, ...Object.keys(figures).map((key) => key.length));
for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(width)}  ${value}`);
printScreens(screenRows);
