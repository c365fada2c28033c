import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// The server allows 5 subscriptions a minute from one address: this file makes 2 real ones; the
// failure cases are answered by a stand-in route and never reach the server.
const SUBSCRIBE = '**/api/newsletter/subscribe';

function uniqueEmail() {
  return `family-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
}

async function openForm(page: Page) {
  await page.goto('/');
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' });
  await expect(form).toBeVisible();
  return {
    form,
    input: form.getByRole('textbox', { name: 'Email address for the newsletter' }),
    button: form.getByRole('button'),
  };
}

function popup(page: Page, title: string) {
  return page.getByRole('alert').filter({ hasText: title });
}

test('an invalid email is flagged inline and in a short popup, without a call', async ({ page }) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/newsletter/subscribe')) calls += 1;
  });
  const { form, input, button } = await openForm(page);
  await expect(input).toHaveAttribute('type', 'email');
  await expect(input).toHaveAttribute('required', '');

  for (const value of ['not-an-email', 'parent@example', '']) {
    await input.fill(value);
    await button.click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(popup(page, 'Invalid Email').last()).toContainText('Please enter a valid email address.');
  }
  // The popup closes by itself after 2 seconds.
  await expect(popup(page, 'Invalid Email')).toHaveCount(0, { timeout: 6_000 });
  expect(calls).toBe(0);
});

test('subscribing shows progress, then the server says thanks, and kindly says so again the second time', async ({ page }) => {
  const email = uniqueEmail();
  const { form, input, button } = await openForm(page);
  // Hold the answer back a moment to see the form while it is sending.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SUBSCRIBE, async (route) => {
    await held;
    await route.continue();
  });
  await input.fill(email);
  await button.click();
  await expect(button).toHaveText('Subscribing...');
  await expect(button).toBeDisabled();
  await expect(input).toBeDisabled();
  release();
  await expect(popup(page, 'Subscribed')).toContainText('Thank you for subscribing!');
  await expect(button).toHaveText('Subscribe');
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('');
  // Popups sit at the bottom now, where the footer's button is: a pointer resting on one keeps it open.
  await page.mouse.move(0, 0);
  await expect(popup(page, 'Subscribed')).toHaveCount(0, { timeout: 7_000 });
  await page.unroute(SUBSCRIBE);

  await input.fill(email.toUpperCase());
  await button.click();
  await expect(popup(page, 'Subscribed')).toContainText('You are already subscribed. Thank you!');
  await expect(form.getByText('Failed to subscribe. Please try again.')).toHaveCount(0);
});

test('a failure is flagged inline and in a popup with the server message, or the standard text', async ({ page }) => {
  const { form, input, button } = await openForm(page);
  await page.route(SUBSCRIBE, (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Too many requests. Please wait a moment and try again.' }) }),
  );
  await input.fill(uniqueEmail());
  await button.click();
  await expect(form.getByText('Failed to subscribe. Please try again.')).toBeVisible();
  await expect(popup(page, 'Failed to Subscribe')).toContainText('Too many requests. Please wait a moment and try again.');
  await expect(input).toBeEnabled();

  await page.unroute(SUBSCRIBE);
  await page.route(SUBSCRIBE, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }));
  await button.click();
  await expect(popup(page, 'Failed to Subscribe').filter({ hasText: 'Failed to subscribe. Please try again.' })).toBeVisible();
});
