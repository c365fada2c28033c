import type { Browser, Page } from '@playwright/test';
import { drawing, expect, test } from '../fixtures';

/*
 * A page to read paints with its own first stylesheet (apps/web/src/page-to-read.css: Mantine's rules for
 * the few components these pages show, 9 kB instead of the app's 24 kB on Slow 3G), and the page's first
 * script loads the app's whole one before the app runs (start.ts; decision 105, fourth step). Nothing may
 * look different for it: every Mantine class these pages use is defined in their stylesheet, and every
 * element is drawn the same before the app ran and after.
 */

/** A course's own page: the first the courses page links to. */
async function coursePath(page: Page): Promise<string> {
  const courses = await (await page.request.get('/courses')).text();
  const path = /href="(\/courses\/[^"/]+)"/.exec(courses)?.[1];
  expect(path, 'the courses page links a course').toBeDefined();
  return path!;
}

test('every page to read paints with its own stylesheet, which defines every Mantine class it shows', async ({ page }) => {
  const course = await coursePath(page);
  const pagesToRead = ['/', '/courses', course, '/courses/no-such-course', '/about', '/resources', '/terms-of-service', '/privacy-policy', '/cookies-policy', '/mr', '/mr/courses', '/hi/about', '/hi/resources'];
  const stylesheets = new Map<string, string>();
  for (const path of pagesToRead) {
    const html = await (await page.request.get(path)).text();
    const link = /<link rel="stylesheet" crossorigin href="(\/assets\/page-to-read-[^"]+\.css)" data-app-styles="(\/assets\/index-[^"]+\.css)">/.exec(html);
    expect(link, `${path} links the first stylesheet of a page to read`).not.toBeNull();
    const [, ownHref, wholeHref] = link!;
    // The app's whole first stylesheet is not linked: the page's first script loads it.
    expect(html.match(new RegExp(`href="${wholeHref}"`, 'g')), path).toBeNull();
    if (!stylesheets.has(ownHref!)) stylesheets.set(ownHref!, await (await page.request.get(ownHref!)).text());
    const defined = new Set(stylesheets.get(ownHref!)!.match(/\bm_[0-9a-f]{6,8}\b/g));
    const used = [...new Set(html.match(/\bm_[0-9a-f]{6,8}\b/g))];
    expect(used.length, path).toBeGreaterThan(5);
    expect(used.filter((name) => !defined.has(name)), `${path}: Mantine classes page-to-read.css does not define`).toEqual([]);
  }
  // A page that runs its app at once (a form) paints with the whole stylesheet.
  const login = await (await page.request.get('/login')).text();
  expect(login).not.toContain('page-to-read');
  expect(login).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/);
});

const shotName = (path: string) => (path === '/' ? 'landing' : path.slice(1).replaceAll('/', '_'));

async function drawnTheSameOnceRun(browser: Browser, baseURL: string, paths: string[], phone: boolean): Promise<void> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    ...(phone ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await context.newPage();
  const width = phone ? 360 : 1280;
  // A Marathi page last: once the app has run one, a bare address moves to Marathi and runs the app at once.
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // Not run yet: only its own stylesheet is in.
    await expect(page.locator('html[data-app]')).toHaveCount(0);
    const own = await page.locator('link[data-app-styles]').evaluate((link: HTMLLinkElement) => ({ own: new URL(link.href).pathname, whole: link.dataset.appStyles! }));
    await page.evaluate(() => document.fonts.ready);
    const before = await drawing(page);
    await page.screenshot({ path: test.info().outputPath(`${shotName(path)}-${width}-before.png`), fullPage: true });
    // A reader tabbing to the language select runs the app (start.ts), which first loads the whole stylesheet.
    await page.locator('select').first().focus();
    await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
    await page.locator('select').first().blur();
    // The whole stylesheet right after the page's own first one, before the page's module stylesheets.
    const order = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(order.slice(0, 2), path).toEqual([own.own, own.whole]);
    expect(order.length, path).toBeGreaterThan(2);
    await page.evaluate(() => document.fonts.ready);
    const after = await drawing(page);
    await page.screenshot({ path: test.info().outputPath(`${shotName(path)}-${width}-after.png`), fullPage: true });
    expect(after.length, `${path} at ${width} px: the same elements`).toBe(before.length);
    // Heights follow from the margins, paddings and type compared here; alone they change with a late font.
    const noHeight = (drawn: string | undefined) => drawn?.replace(/;height:[^;]+/, '');
    expect(after.flatMap((element, index) => (noHeight(element) === noHeight(before[index]) ? [] : [`before: ${before[index]}`, `after:  ${element}`])).slice(0, 6), `${path} at ${width} px: drawn differently once the app ran`).toEqual([]);
  }
  await context.close();
}

test('a page to read looks the same before and after the app runs it, on a phone and a desktop', async ({ browser, baseURL, page }) => {
  test.slow();
  const course = await coursePath(page);
  await drawnTheSameOnceRun(browser, baseURL!, ['/', '/courses', course, '/resources', '/privacy-policy', '/mr/about'], true);
  await drawnTheSameOnceRun(browser, baseURL!, ['/', '/courses'], false);
});
