import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, test, type DemoRole } from '../fixtures';

/*
 * Issue 17: no serious or critical axe violation (WCAG 2.x A and AA rules) on the public pages and on
 * the signed-in screens of every role (admin, teacher, student, parent), on a phone (360 px) and a desktop (1280 px).
 * Read-only: it signs in as the demo accounts and changes nothing.
 */

const PUBLIC_PAGES = ['/', '/courses', '/about', '/contact', '/resources', '/admission', '/login', '/forgot-password', '/terms-of-service', '/privacy-policy', '/cookies-policy'];

/** The demo parent (two children; reads Marathi, which axe checks just the same). */
const PARENT = { email: 'parent.patil@demo.academy' };

const SIGNED_IN_PAGES: Record<DemoRole | 'parent', string[]> = {
  admin: [
    '/app/dashboard',
    '/app/registrations',
    '/app/students',
    '/app/students/create',
    '/app/teachers',
    '/app/subjects',
    '/app/standards',
    '/app/batches',
    '/app/announcements',
    '/app/settings',
    '/app/activity',
    '/app/backup',
    '/app/profile',
    '/app/parents',
    '/app/fees',
    '/app/messages',
  ],
  teacher: ['/app/teacher/dashboard', '/app/teacher/batches', '/app/teacher/students', '/app/teacher/attendance/mark', '/app/teacher/attendance/student', '/app/teacher/notes', '/app/teacher/announcements', '/app/teacher/profile'],
  student: ['/app/student/dashboard', '/app/student/batches', '/app/student/notes', '/app/student/attendance', '/app/student/announcements', '/app/student/schedule', '/app/student/profile', '/app/student/tests', '/app/student/fees'],
  parent: ['/app/parent/dashboard', '/app/parent/announcements', '/app/parent/notes', '/app/parent/fees', '/app/parent/tests', '/app/parent/profile'],
};

const WIDTHS = [360, 1280] as const;

/** axe-core itself, run in the page: evaluated once per document (the CSP forbids an inline script tag; evaluation is not a script tag). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Opens a screen and waits until its data has arrived. A fresh document (`load`) for the group's first
 * screen in a worker, and always for the public site (its pages are documents of their own); the
 * signed-in app's next screens are opened the way a user's tap opens them, by the app's router, in the
 * same document (a fresh document per screen downloaded and compiled the app again: most of this spec's
 * time on 2 cores). Either way the screen is the app's own rendering of that address.
 */
async function openScreen(page: Page, url: string, load: boolean) {
  if (load) {
    await page.goto(url);
  } else {
    const previous = await page.getByRole('heading', { level: 1 }).first().innerText();
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, url);
    // The router renders the new screen: its heading replaces the previous one.
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(previous, { timeout: 20_000 });
    await expect(page).toHaveURL(url);
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  // Skeletons and loaders are placeholders, not the screen: wait for them to go.
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * axe's serious and critical findings on the screen shown. axe.run in the page, as @axe-core/playwright's
 * legacy mode does (its default opens a second, blank page for every check to merge frames' results;
 * these screens have no frames).
 */
async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags } })
        .then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })) }))),
    AXE_TAGS,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join('\n    ')}`);
}

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: string[]; html: string; failureSummary?: string }[] };

/*
 * One browser page per group (public, or a role) and width, per worker, kept across its tests: each test
 * still opens its own screen and asserts on its own, but the app's code is downloaded and the role signed in
 * once, not at every screen (each was a fresh browser: about half of this spec's time on 2 cores).
 */
const GROUPS = ['public', ...(Object.keys(SIGNED_IN_PAGES) as (DemoRole | 'parent')[])] as const;

for (const width of WIDTHS) {
  for (const group of GROUPS) {
    test.describe(`axe at ${width} px: ${group}`, () => {
      let shared: Page;
      /** Whether this worker's page has shown one of the group's screens yet (the first one is loaded). */
      let opened = false;

      test.beforeAll(async ({ browser }, testInfo) => {
        const { baseURL, userAgent, locale } = testInfo.project.use;
        const context = await browser.newContext({ baseURL, userAgent, locale, viewport: { width, height: width === 360 ? 740 : 800 } });
        shared = await context.newPage();
        if (group !== 'public') {
          const email = group === 'parent' ? PARENT.email : DEMO_USERS[group].email;
          const response = await shared.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
          expect(response.status()).toBe(200);
        }
      });
      test.afterAll(async () => {
        await shared.context().close();
      });

      for (const url of group === 'public' ? PUBLIC_PAGES : SIGNED_IN_PAGES[group]) {
        test(`${group} ${url}`, async () => {
          await openScreen(shared, url, group === 'public' || !opened);
          opened = true;
          const found = await seriousViolations(shared);
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    });
  }
}
