import type { Page } from '@playwright/test';
import { expect, test, shownPhone } from '../fixtures';

function randomMobile() {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A Settings section by its link (the app's own navigation: what was typed in another section stays). */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name, exact: true }).click();
}

test.describe('academy settings', () => {
  // Each test saves the whole settings form: one after the other, so one never undoes the other's change.
  test.describe.configure({ mode: 'default' });

  test('the admin changes a phone number and the public footer shows it', async ({ page, loginAs, request }) => {
    await loginAs('admin');
    const original = await (await page.request.get('/api/admin/settings')).json();
    try {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings', exact: true }).click();
      await expect(page).toHaveURL('/app/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(original.data.name);

      const mobile = randomMobile();
      // Settings in sections, each at its own address (issue 73).
      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Public site' }).click();
      await expect(page).toHaveURL('/app/settings?section=public-site');
      await page.getByLabel('Facebook page').fill('https://facebook.com/shree.academy.latur');
      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Contact' }).click();
      await page.getByLabel('Phone 3').fill(mobile);
      // The map position as Google Maps copies it (issue 41): a wrong one is named on its field.
      const mapPosition = page.getByRole('textbox', { name: 'Map position (optional)' });
      await mapPosition.fill('near the bus stand');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Enter the map position as latitude, longitude (like 18.4088, 76.5604)', { exact: true })).toBeVisible();
      await mapPosition.fill('18.4088, 76.5604');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Academy settings saved' })).toBeVisible();
      // Shown the one way, grouped: "+91 9xxxx xxxxx".
      await expect(page.getByLabel('Phone 3')).toHaveValue(shownPhone(mobile));

      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: shownPhone(mobile) })).toHaveAttribute('href', `tel:+91${mobile}`);
      // Only the social links that are set show.
      await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/shree.academy.latur');
      await expect(footer.getByRole('link', { name: /instagram|youtube|whatsapp/i })).toHaveCount(0);
      // Search engines (a visitor without a session) see the academy on the map.
      const html = await (await request.get('/')).text();
      expect(html).toContain('"geo":{"@type":"GeoCoordinates","latitude":18.4088,"longitude":76.5604}');
    } finally {
      const { name, tagline, address, phones, email, officeHours, socialLinks, timeZone, location } = original.data;
      const restored = await page.request.put('/api/admin/settings', { data: { name, tagline, address, phones, email, officeHours, socialLinks, timeZone, location: location ?? null } });
      expect(restored.status()).toBe(200);
    }
  });

  test('bad values are flagged on their fields before any call, and the server\'s field errors land there too', async ({ page, loginAs }) => {
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/admin/settings')) saves += 1;
    });
    await loginAs('admin', '/app/settings?section=public-site');
    await page.getByLabel('Facebook page').fill('facebook.com/academy');
    await openSection(page, 'Contact');
    await page.getByLabel('Phone 2').fill('12345');
    await openSection(page, 'Public site');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    // The first error's section opens, its field is focused, and a notification names the section.
    await expect(page).toHaveURL('/app/settings?section=contact');
    await expect(page.getByLabel('Phone 2')).toBeFocused();
    await expect(page.getByText('Enter a 10-digit Indian mobile number, optionally starting with +91').first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Settings not saved' })).toContainText('Check Contact');
    await openSection(page, 'Public site');
    await expect(page.getByText('Enter a full link starting with https://')).toBeVisible();
    expect(saves).toBe(0);

    // A rule only the server knows, keyed like "socialLinks.youtube": shown under that field.
    await page.route('**/api/admin/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Please check the highlighted fields', errors: { 'socialLinks.youtube': 'This channel cannot be used' } }),
          })
        : route.continue(),
    );
    await page.getByLabel('Facebook page').fill('');
    await openSection(page, 'Contact');
    await page.getByLabel('Phone 2').fill('9822012345');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page).toHaveURL('/app/settings?section=public-site');
    await expect(page.getByLabel('YouTube channel')).toHaveAccessibleDescription(/This channel cannot be used/);
    // The first save's notice may still be on screen: the server's is the one naming its message.
    await expect(page.getByRole('alert').filter({ hasText: 'Please check the highlighted fields' })).toContainText('Settings not saved');
  });

  test('testimonials entered in Settings show on the home page in every language; removed, the section is gone', async ({ page, loginAs }) => {
    const quote = `The weekly tests made all the difference ${Date.now()}`;
    await loginAs('admin', '/app/settings?section=public-site');
    const add = page.getByRole('button', { name: 'Add testimonial' });
    await add.click();
    // Bad input: a quote without a name is flagged before any call.
    await page.getByLabel('Quote 1').fill(quote);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Sunita Pawar');
    await page.getByLabel('Who they are').fill('Parent of a 10th student');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Academy settings saved' })).toBeVisible();
    try {
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Results and what families say' });
      await expect(section.getByText(quote)).toBeVisible({ timeout: 20_000 });
      await expect(section).toContainText('Sunita Pawar · Parent of a 10th student');
      // The family's words as they wrote them, on the Marathi page too (the heading in Marathi).
      await page.goto('/mr');
      await expect(page.getByText(quote)).toBeVisible({ timeout: 20_000 });
    } finally {
      await page.goto('/app/settings?section=public-site');
      await page.getByRole('button', { name: 'Remove testimonial 1' }).click();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Academy settings saved' })).toBeVisible();
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Why families choose us' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Results and what families say' })).toHaveCount(0);
    await expect(page.getByText(quote)).toHaveCount(0);
  });
});
