import { test as base, expect, type Page } from '@playwright/test';

/** The demo academy seeded on a fresh DATA_DIR (apps/api/src/db/seed.ts). */
export const DEMO_PASSWORD = 'latur-demo-2026';
export const DEMO_USERS = {
  admin: { email: 'admin@demo.academy', name: 'Academy Admin', home: '/app/dashboard' },
  teacher: { email: 'priya.kulkarni@demo.academy', name: 'Priya Kulkarni', home: '/app/teacher/dashboard' },
  student: { email: 'aarav.patil@demo.academy', name: 'Aarav Patil', home: '/app/student/dashboard' },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** Fills and submits the real login form. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

type Fixtures = {
  /** Signs in as a demo user through the API (fast; the login form has its own tests) and opens their dashboard. */
  loginAs: (role: DemoRole) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  loginAs: async ({ page }, use) => {
    await use(async (role) => {
      const response = await page.request.post('/api/auth/login', { data: { email: DEMO_USERS[role].email, password: DEMO_PASSWORD } });
      expect(response.status()).toBe(200);
      await page.goto(DEMO_USERS[role].home);
      await expect(page).toHaveURL(DEMO_USERS[role].home);
    });
  },
});

export { expect };
