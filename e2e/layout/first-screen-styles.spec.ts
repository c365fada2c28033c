import type { Browser, BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, drawing, expect, test } from '../fixtures';

/*
 * A signed-in first screen the server draws paints, and is taken over, with its own first stylesheet
 * (apps/web/src/first-screen.css: Mantine's rules for the components these screens' code draws, 14 kB
 * instead of the app's 24 kB on Slow 3G), and the page's first script loads the app's whole one once the
 * app has taken the screen over (start.ts; decision 109). Nothing may look different for it: every Mantine
 * class these screens use is defined in their stylesheet, and each is drawn the same with the whole one.
 */

const PARENT_EMAIL = 'parent.patil@demo.academy';
const SCREENS = [
  { email: DEMO_USERS.admin.email, path: '/app/dashboard' },
  { email: DEMO_USERS.teacher.email, path: '/app/teacher/dashboard' },
  { email: DEMO_USERS.teacher.email, path: '/app/teacher/attendance/mark' },
  { email: DEMO_USERS.student.email, path: '/app/student/dashboard' },
  { email: DEMO_USERS.student.email, path: '/app/student/online-tests' },
  { email: PARENT_EMAIL, path: '/app/parent/dashboard' },
  { email: PARENT_EMAIL, path: '/app/parent/fees' },
];

const FIRST_SCREEN_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/first-screen-[^"]+\.css)" data-app-styles="(\/assets\/index-[^"]+\.css)">/;

/** A browser context signed in as `email` (through the API: the login form has its own tests). */
async function signedIn(browser: Browser, baseURL: string, email: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', ...options });
  const response = await context.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return context;
}

test('every signed-in first screen paints with its own stylesheet, which defines every Mantine class it draws', async ({ browser, baseURL }) => {
  const stylesheets = new Map<string, string>();
  for (const email of new Set(SCREENS.map((screen) => screen.email))) {
    const context = await signedIn(browser, baseURL!, email);
    const paths = SCREENS.filter((screen) => screen.email === email).map((screen) => screen.path);
    // The sheet of the teacher's first batch too (drawn with its students and their statuses).
    if (email === DEMO_USERS.teacher.email) {
      const dashboard = await (await context.request.get('/app/teacher/dashboard')).text();
      const sheet = /href="(\/app\/teacher\/attendance\/mark\?batchId=[^"]+)"/.exec(dashboard)?.[1];
      expect(sheet, 'the teacher dashboard links a batch sheet').toBeDefined();
      paths.push(sheet!.replaceAll('&amp;', '&'));
    }
    for (const path of paths) {
      const html = await (await context.request.get(path)).text();
      expect(html, `${path} is drawn by the server`).toContain('id="server-state"');
      const link = FIRST_SCREEN_LINK.exec(html);
      expect(link, `${path} links the first stylesheet of a first screen`).not.toBeNull();
      const [, ownHref, wholeHref] = link!;
      // The app's whole first stylesheet is not linked: the page's first script loads it after the take-over.
      expect(html.match(new RegExp(`href="${wholeHref}"`, 'g')), path).toBeNull();
      for (const href of [ownHref!, wholeHref!]) if (!stylesheets.has(href)) stylesheets.set(href, await (await context.request.get(href)).text());
      const classesOf = (href: string) => new Set(stylesheets.get(href)!.match(/\bm_[0-9a-f]{6,8}\b/g));
      const [own, whole] = [classesOf(ownHref!), classesOf(wholeHref!)];
      const used = [...new Set(html.match(/\bm_[0-9a-f]{6,8}\b/g))];
      expect(used.length, path).toBeGreaterThan(5);
      // A class the whole one defines must be in the screen's own; others (a chart's) come in the page's own stylesheets.
      expect(used.filter((name) => whole.has(name) && !own.has(name)), `${path}: Mantine classes first-screen.css does not define`).toEqual([]);
    }
    await context.close();
  }
});

test('a first screen is drawn the same with its own stylesheet as with the whole one, and the whole one follows the take-over', async ({ browser, baseURL }) => {
  test.slow();
  // Without JavaScript the page is what the server sent; then its first stylesheet's link is pointed at the whole
  // one, in the same page (other tests change the academy's data meanwhile): every element must be drawn the same
  // (a phone, where the shell differs).
  for (const { email, path } of SCREENS) {
    const context = await signedIn(browser, baseURL!, email, { javaScriptEnabled: false, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const own = await drawing(page);
    const first = page.locator('link[data-app-styles]');
    const whole = await first.evaluate((link: HTMLLinkElement) => {
      link.href = link.dataset.appStyles!;
      return new URL(link.href).pathname;
    });
    // No events without JavaScript: the link's sheet is the whole one once it has loaded.
    await expect.poll(() => first.evaluate((link: HTMLLinkElement) => (link.sheet?.href ? new URL(link.sheet.href).pathname : ''))).toBe(whole);
    await page.evaluate(() => document.fonts.ready);
    const withWhole = await drawing(page);
    expect(withWhole.length, `${path}: the same elements`).toBe(own.length);
    expect(withWhole.flatMap((element, index) => (element === own[index] ? [] : [`own:   ${own[index]}`, `whole: ${element}`])).slice(0, 6), `${path}: drawn differently with the whole stylesheet`).toEqual([]);
    await context.close();
  }

  // With JavaScript: once the app has taken the screen over, the whole stylesheet comes right after its own.
  const context = await signedIn(browser, baseURL!, DEMO_USERS.admin.email);
  const page = await context.newPage();
  await page.goto('/app/dashboard');
  await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
  const own = await page.locator('link[data-app-styles], link[href*="/assets/first-screen-"]').first().evaluate((link: HTMLLinkElement) => new URL(link.href).pathname);
  await expect
    .poll(() => page.evaluate(() => Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => new URL((link as HTMLLinkElement).href).pathname)))
    .toEqual(expect.arrayContaining([own, expect.stringMatching(/^\/assets\/index-[^/]+\.css$/)]));
  const order = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(order.indexOf(own)).toBe(0);
  expect(order[1]).toMatch(/^\/assets\/index-[^/]+\.css$/);
  // A part that needs the whole stylesheet (the user menu's dropdown) is drawn with it.
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Popover.css (the whole stylesheet only) draws the dropdown's border.
  await expect(page.getByRole('menu')).toHaveCSS('border-top-style', 'solid');
  await context.close();
});
