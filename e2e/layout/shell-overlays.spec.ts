import { DEMO_PASSWORD, DEMO_USERS, expect, test } from '../fixtures';

/*
 * Issue 17: the signed-in shell's layers (dialogs, the profile menu, the phone's drawer, the rail's
 * tooltips) load just after the screen is drawn, so on a slow connection the screen's own code and data
 * come first. Nothing is lost meanwhile: a dialog asked for before they arrive opens when they do.
 */

// The shell's layers are held back below; a service worker would fetch them out of the test's sight.
test.use({ serviceWorkers: 'block' });

test('a screen shows before the shell’s menus and dialogs arrive, and a dialog asked for meanwhile opens when they do', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/shell-overlays-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/app/subjects');
  await page.getByRole('link', { name: 'Physics', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subject Details' })).toBeVisible();
  // The avatar shows; the menu behind it is not there yet.
  await expect(page.getByRole('banner').getByRole('img')).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toHaveCount(0);

  // Physics is in use: its Delete explains why in a dialog, asked for before the dialogs' code is here.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const dialog = page.getByRole('dialog', { name: 'This subject is in use' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});
