import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';

// Issue 18 point 5: a field with the keyboard's focus shows a clear 2 px ring (Mantine's default is a
// 1 px border colour change), on public forms and in the signed-in areas alike.
const ringOf = (field: Locator) => field.evaluate((element) => getComputedStyle(element).outlineWidth + ' ' + getComputedStyle(element).outlineStyle);

test('text fields show a 2 px focus ring on the sign-in page and in an admin form', async ({ page, loginAs }) => {
  await page.goto('/login');
  const account = page.getByLabel('Email or student ID');
  await expect(account).toBeVisible({ timeout: 20_000 });
  expect(await ringOf(account)).not.toBe('2px solid');
  await account.focus();
  expect(await ringOf(account)).toBe('2px solid');

  await loginAs('admin', '/app/students/create');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeVisible({ timeout: 20_000 });
  await name.focus();
  expect(await ringOf(name)).toBe('2px solid');
});
