import { expect, test } from '../fixtures';

test.describe('calendar address (student)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a student gets a secret calendar address on a phone; it serves the classes without a session, and a new one stops the old', async ({ page, loginAs, playwright }) => {
    await loginAs('student', '/app/student/schedule');
    await page.getByRole('button', { name: /Get calendar address|Make a new address/ }).click();
    const address = page.getByRole('textbox', { name: 'Your calendar address' });
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await address.inputValue();

    // A phone calendar has no cookie: a fresh request context stands in for it.
    const calendar = await playwright.request.newContext();
    const feed = await calendar.get(first);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: 'Make a new address' }).click();
    await expect(address).not.toHaveValue(first);
    expect((await calendar.get(first)).status()).toBe(404);

    await page.reload();
    await expect(page.getByText(/A calendar address made on \d{2}-\d{2}-\d{4} is working\./)).toBeVisible();
    await page.getByRole('button', { name: 'Stop the address' }).click();
    await expect(page.getByRole('button', { name: 'Get calendar address' })).toBeVisible();
    await calendar.dispose();
  });
});
