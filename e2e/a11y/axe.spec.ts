import AxeBuilder from '@axe-core/playwright';
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

/** Opens a page, waits until its data has arrived, and returns axe's serious and critical findings. */
async function seriousViolations(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  // Skeletons and loaders are placeholders, not the screen: wait for them to go.
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 20_000 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join('\n    ')}`);
}

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
          const found = await seriousViolations(shared, url);
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    });
  }
}
