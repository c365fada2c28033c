import { DEMO_PASSWORD, expect, expectNoEnglish, hasHorizontalOverflow, submitLogin, test } from '../fixtures';

/*
 * Issue 20: the demo parent (Ramesh Patil, parent.patil@demo.academy) reads Marathi (seed.ts). On a
 * 360 px phone he signs in and walks his children's dashboard, fees and tests: every screen in Marathi,
 * none of its English texts left, nothing scrolling sideways. His language and the global settings
 * are only read, never changed (other tests sign in as him in parallel). PARENT_MARATHI_SHOTS=<folder>
 * saves each screen.
 */
const PARENT_EMAIL = 'parent.patil@demo.academy';
const shots = process.env.PARENT_MARATHI_SHOTS;

// The screens' own English words (not data: names and batch names stay as typed).
const SHELL_ENGLISH = ['Your children', 'Announcements', 'Logout', 'Profile'];
const SCREENS = [
  {
    url: '/app/parent/dashboard',
    name: 'dashboard',
    heading: 'आपली मुले',
    english: [...SHELL_ENGLISH, "Today's attendance and this month's", 'Recent attendance', 'This month', 'This year', 'Not marked yet today.', 'Choose a child', 'could not be loaded'],
  },
  {
    url: '/app/parent/fees',
    name: 'fees',
    heading: 'फी',
    english: ["Your child's fees, payments and receipts.", 'Total fees', 'Due date', 'No payments yet.', 'No fees yet.', 'Receipt PDF', 'Balance', 'Overdue', 'Due now', 'Failed to load the fees', 'Choose a child'],
  },
  {
    url: '/app/parent/tests',
    name: 'tests',
    heading: 'टेस्ट',
    english: ["Your child's marks and rank", 'Report card (PDF)', 'No test results yet.', 'Test results', 'Average', 'Rank', 'Choose a child'],
  },
] as const;

test.describe('the parent area in Marathi on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the demo parent signs in and reads dashboard, fees and tests in Marathi, without sideways scroll', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await submitLogin(page, PARENT_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app\/parent\/dashboard/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');

    for (const screen of SCREENS) {
      if (!page.url().endsWith(screen.url)) await page.goto(screen.url);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible({ timeout: 20_000 });
      // Wait for the screen's data (no skeleton left) before reading it.
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
      await expectNoEnglish(page.locator('body'), [...screen.english]);
      expect(await hasHorizontalOverflow(page), `${screen.name} scrolls sideways at 360 px`).toBe(false);
      if (shots) await page.screenshot({ path: `${shots}/parent-mr-${screen.name}-360.png`, fullPage: true });
    }
  });

});
