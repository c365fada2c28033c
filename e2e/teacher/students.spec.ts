import { expect, shownPhone, test } from '../fixtures';

test.describe("teacher's students", () => {
  test("Priya sees her students, with phones to call, and search narrows the list", async ({ signIn, page }) => {
    await signIn('teacher');
    const all = (await (await page.request.get('/api/teachers/me/students')).json()).data as { name: string; phone: string | null; batches: { name: string }[] }[];
    expect(all.length).toBeGreaterThan(1);

    await page.goto('/app/teacher/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    // Other tests may add students to her batches meanwhile: the count is shown, whatever it is.
    await expect(page.getByText(/^\d+ students$/)).toBeVisible();
    const target = all[0]!;
    const row = page.getByRole('row').filter({ hasText: target.name });
    await expect(row.getByRole('listitem').first()).toHaveText(target.batches[0]!.name);
    // Stored as +91XXXXXXXXXX, shown grouped.
    if (target.phone) await expect(row.getByRole('link', { name: `Call ${target.name}: ${shownPhone(target.phone.slice(-10))}` })).toHaveAttribute('href', `tel:${target.phone}`);

    await page.getByLabel('Search').fill(target.name);
    const expected = (await (await page.request.get(`/api/teachers/me/students?search=${encodeURIComponent(target.name)}`)).json()).data.length;
    expect(expected).toBeLessThan(all.length);
    await expect(page.getByRole('row').filter({ hasText: target.name }).first()).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(expected + 1);

    await page.getByLabel('Search').fill('nobody-by-this-name');
    await expect(page.getByText('No student matches “nobody-by-this-name”.')).toBeVisible();
  });

  test('on a phone the students are cards with large call links', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs('teacher', '/app/teacher/students');
    const cards = page.getByRole('list', { name: 'Students' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Call / }) });
    await expect(cards.first()).toBeVisible();
    const box = await cards.first().getByRole('link', { name: /^Call / }).first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
