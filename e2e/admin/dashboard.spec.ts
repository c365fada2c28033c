import { expect, test } from '../fixtures';

test.describe('admin dashboard', () => {
  test('the tiles show the counts and open their lists', async ({ page, loginAs }) => {
    await loginAs('admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const main = page.getByRole('main');
    const tiles = [
      ['Active students', '/app/students'],
      ['Teachers', '/app/teachers'],
      ['Batches', '/app/batches'],
      ['Subjects', '/app/subjects'],
      ['Standards', '/app/standards'],
      ['New registrations', '/app/registrations'],
      ['Active announcements', '/app/announcements'],
    ] as const;
    for (const [label, to] of tiles) {
      const tile = main.getByRole('link', { name: new RegExp(`^${label}\\s*\\d+$`) });
      await expect(tile).toHaveAttribute('href', to);
    }
    // Other tests add and remove subjects and standards meanwhile: the demo's ones are at least there.
    const subjects = Number(await main.getByTestId('count-subjects').textContent());
    expect(subjects).toBeGreaterThanOrEqual(6);
    expect(Number(await main.getByTestId('count-standards').textContent())).toBeGreaterThanOrEqual(4);

    await main.getByRole('link', { name: /^Subjects\s*\d+$/ }).click();
    await expect(page).toHaveURL('/app/subjects');
    await expect(page.getByRole('heading', { level: 1, name: 'Subjects' })).toBeVisible();
    await page.goBack();
    await main.getByRole('link', { name: /^Standards\s*\d+$/ }).click();
    await expect(page).toHaveURL('/app/standards');
  });

  test('recent students and batches near capacity link to their records', async ({ page, loginAs }) => {
    await loginAs('admin');
    const summary = (await (await page.request.get('/api/admin/dashboard/summary')).json()).data;
    const recent = page.getByRole('region', { name: 'Recent students' });
    await expect(recent).toBeVisible();
    const first = summary.recentStudents[0];
    if (first) {
      await expect(recent.getByRole('link', { name: first.name }).first()).toHaveAttribute('href', /\/app\/students\/[0-9a-f-]{36}$/);
    }
    const near = page.getByRole('region', { name: 'Batches near capacity' });
    await expect(near).toBeVisible();
    const fullest = summary.batchesNearCapacity[0];
    if (fullest) {
      await expect(near.getByRole('link', { name: fullest.name })).toHaveAttribute('href', `/app/batches/${fullest._id}`);
      await expect(near.getByRole('progressbar').first()).toBeVisible();
    } else {
      await expect(near).toContainText('Every batch has seats to spare.');
    }
  });

  test('a failed summary shows the reason and a retry', async ({ page, loginAs }) => {
    await page.route('**/api/admin/dashboard/summary', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Database is away' }) }),
    );
    await loginAs('admin');
    // The dashboard opened directly came with its data from the server; going back to it from another
    // screen asks the API (the summary is kept for 30 s, so after a reload on another screen).
    await page.goto('/app/profile');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    // A server error is asked again (with waits) before the screen gives up: more than the default wait.
    await expect(page.getByRole('alert').filter({ hasText: 'The dashboard could not be loaded' })).toContainText('Database is away', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
