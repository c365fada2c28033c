import { expect, test } from '../fixtures';

// Runs in its own project after every other spec (playwright.config.ts): a restore replaces all
// data and sign-ins, which would pull the ground from under tests running beside it. To run it
// alone: npx playwright test --no-deps e2e/admin/backup-restore.spec.ts
test('the admin restores a backup with the typed confirmation and gets the data of that moment back', async ({ page, loginAs }) => {
  await loginAs('admin', '/app/backup');
  const finished = page.waitForResponse(async (response) => response.url().includes('/api/admin/backups/jobs/') && (await response.json()).data?.status === 'succeeded');
  await page.getByRole('button', { name: 'Create backup now' }).click();
  const name = (await (await finished).json()).data.backupName as string;
  await expect(page.getByRole('status').filter({ hasText: 'Backup created' })).toBeVisible({ timeout: 20_000 });

  // A change made after the backup: the restore must take it away.
  const subject = await page.request.post('/api/subjects', { data: { name: 'Made After The Backup', code: 'AFTERBK', description: '' } });
  expect(subject.status()).toBe(201);

  const newest = page.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ has: page.locator(`a[download="${name}"]`) });
  await newest.getByRole('button', { name: /Restore the backup of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
  await dialog.getByLabel('Type RESTORE to confirm').fill('RESTORE');
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Everything was restored from the backup. Please sign in again.').first()).toBeVisible({ timeout: 30_000 });

  // A restore ends every session, the restorer's too.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await loginAs('admin');

  const subjects = (await (await page.request.get('/api/subjects')).json()).data as { name: string }[];
  expect(subjects.map((item) => item.name)).not.toContain('Made After The Backup');
  expect(subjects.length).toBeGreaterThan(0);
});
