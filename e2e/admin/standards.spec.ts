import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

/** A level no standard has yet (the demo academy uses 9–12; parallel runs pick others). */
async function freeLevel(request: APIRequestContext): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const level = 20 + Math.floor(Math.random() * 80);
    const answer = await (await request.get(`/api/standards/check-duplicate?level=${level}`)).json();
    if (!answer.data.levelMatches) return level;
  }
  throw new Error('No free standard level');
}

test.describe('standards', () => {
  test('the admin creates a standard with two subjects; the same name or level is refused before any call', async ({ signIn, page }) => {
    await signIn('admin');
    const level = await freeLevel(page.request);
    const name = `Foundation ${Date.now().toString(36)}`;
    let createdId: string | undefined;
    try {
      await page.goto('/app/standards');
      await expect(page.getByRole('heading', { level: 1, name: 'Standards' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '10th Standard' })).toContainText('Mathematics');

      await page.getByRole('link', { name: 'Add Standard' }).click();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByLabel('Level').fill(String(level));
      // Optional names for readers of Marathi and Hindi (issue 42): only Marathi given here.
      await page.getByLabel('Name in मराठी').fill('पायाभूत वर्ग');
      const subjects = page.getByRole('combobox', { name: 'Subjects' });
      await subjects.click();
      await subjects.fill('Mathe');
      await page.getByRole('option', { name: 'Mathematics (MATH)' }).click();
      await subjects.fill('Engl');
      await page.getByRole('option', { name: 'English (ENG)' }).click();
      await subjects.press('Escape');
      await page.getByRole('button', { name: 'Create Standard' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Standard created successfully' })).toBeVisible();
      await expect(page).toHaveURL(/\/app\/standards\/[0-9a-f-]{36}$/);
      createdId = page.url().split('/').at(-1);
      await expect(page.getByRole('link', { name: 'Mathematics (MATH)' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'English (ENG)' })).toBeVisible();
      await expect(page.getByText('पायाभूत वर्ग')).toBeVisible();
      await expect(page.getByTestId('not-given')).toHaveCount(1);

      await page.getByRole('link', { name: 'All standards' }).click();
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText(String(level));
      await expect(row.getByRole('listitem')).toHaveCount(2);
      await expect(row.getByRole('listitem').filter({ hasText: 'Mathematics' })).toBeVisible();
      await expect(row.getByRole('listitem').filter({ hasText: 'English' })).toBeVisible();

      let posts = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/standards') posts += 1;
      });
      await page.goto('/app/standards/create');
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name.toUpperCase());
      await page.getByLabel('Level').fill(String(level === 99 ? 98 : level + 1));
      await page.getByRole('button', { name: 'Create Standard' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Duplicate standard' })).toContainText('the name matches');
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(/Another standard has this name/);

      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} B`);
      await page.getByLabel('Level').fill(String(level));
      await page.getByRole('button', { name: 'Create Standard' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Duplicate standard' })).toContainText('the level matches');

      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('button', { name: 'Create Standard' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Duplicate standard' })).toContainText('both the name and the level match');
      expect(posts).toBe(0);
      await expect(page).toHaveURL('/app/standards/create');

      // Editing keeps its own name and level without a warning, and deleting asks first.
      await page.goto(`/app/standards/${createdId}/edit`);
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
      await expect(page.getByLabel('Name in मराठी')).toHaveValue('पायाभूत वर्ग');
      await page.getByRole('button', { name: 'Save Standard' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Standard updated successfully' })).toBeVisible();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete standard' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Standard deleted successfully' })).toBeVisible();
      await expect(page).toHaveURL('/app/standards');
      await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
      createdId = undefined;
    } finally {
      if (createdId) await page.request.delete(`/api/standards/${createdId}`);
    }
  });

  test('a standard with students cannot be deleted and the reason shows', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/standards');
    await page.getByRole('button', { name: 'Delete 9th Standard' }).click();
    await page.getByRole('dialog', { name: 'Delete standard' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Standard not deleted' })).toContainText('cannot be deleted');
    await expect(page.getByRole('link', { name: '9th Standard', exact: true })).toBeVisible();
  });
});
