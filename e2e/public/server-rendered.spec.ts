import { expect, test } from '../fixtures';

/*
 * Public pages arrive as HTML with their content (issue 17, docs/decisions/024): readable with
 * JavaScript off, then hydrated by the app without React drawing them anew.
 */

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive with their content, title, description and the academy details', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Strong basics, steady practice, results that show' })).toBeVisible();
    await expect(page).toHaveTitle('Coaching for 9th to 12th in Latur | Academy');
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /Latur/);
    // The buttons are drawn (Mantine's colours apply without its script) and the footer is not hidden.
    await expect(page.getByRole('link', { name: 'Apply for Admission' }).first()).toHaveCSS('background-color', /^rgb\((?!0, 0, 0)/);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

    // The open batches come from the database.
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(page.getByText('9th Maths Evening')).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    // Shown, but not to be typed into before the app runs the form (what was typed would be lost).
    await expect(page.getByLabel('Email or student ID', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email or student ID', { exact: true })).toBeDisabled();

    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('a Marathi page is Marathi from the first byte', async ({ page }) => {
    await page.goto('/mr/courses');
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('heading', { level: 1, name: 'कोर्स', exact: true })).toBeVisible();
    await expect(page.getByText('9th Maths Evening')).toBeVisible();
  });
});

test('a server-rendered page hydrates without being drawn anew, and then works', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1, name: 'Strong basics, steady practice, results that show' });
  await expect(heading).toBeVisible();
  // Marked before hydration: an element React drew anew would lose the mark.
  await heading.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
  const menu = page.getByRole('button', { name: 'Open navigation' });
  // Hydrated: the menu button answers.
  await expect(async () => {
    await menu.click();
    await expect(page.locator('#public-menu')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(heading).toHaveAttribute('data-from-server', 'yes');
  await page.locator('#public-menu').getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();

  // A form the server sent works once the app runs it.
  await page.goto('/login');
  await expect(page.getByLabel('Email or student ID', { exact: true })).toBeEnabled({ timeout: 20_000 });
  expect(problems).toEqual([]);
});

test('a signed-in person gets the app, not the visitor page', async ({ page, loginAs }) => {
  await loginAs('student');
  const response = await page.request.get('/courses');
  expect(await response.text()).toContain('<div id="root"></div>');
  await page.goto('/courses');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Aarav Patil' })).toBeVisible();
});

/** Every page the server renders, as it addresses them (e2e/public/site.spec.ts checks their content). */
const RENDERED = ['/', '/courses', '/resources', '/admission', '/about', '/contact', '/login', '/forgot-password', '/terms-of-service', '/privacy-policy', '/cookies-policy'];

test('every server-rendered page is taken over as the server drew it, on a phone and a desktop, in English and Marathi', async ({ page }) => {
  test.setTimeout(120_000);
  // A page drawn differently in the browser (a media query, a query still fetching) is reported by
  // React as an uncaught error and drawn anew: the page flickers and the server's work is lost.
  const redrawn: string[] = [];
  let current = '';
  page.on('pageerror', (error) => redrawn.push(`${current}: ${error.message.slice(0, 120)}`));
  const visits = [
    ...RENDERED.map((path) => ({ path, width: 360 })),
    ...RENDERED.map((path) => ({ path, width: 1280 })),
    ...RENDERED.map((path) => ({ path: path === '/' ? '/mr' : `/mr${path}`, width: 360 })),
  ];
  for (const { path, width } of visits) {
    current = `${path} at ${width} px`;
    await page.setViewportSize({ width, height: 740 });
    await page.goto(path);
    // Live: the layout's fieldset is no longer disabled.
    await expect(page.locator('fieldset[disabled]'), current).toHaveCount(0);
  }
  expect(redrawn).toEqual([]);
});

test('a tap on a link while the page is being taken over is not lost, on a phone as slow as a cheap one', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/');
  // At once: the page's code is still starting.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page).toHaveURL('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
});

test('a reader who scrolled the page before its code arrived stays where they are when the app takes over', async ({ page }) => {
  // The page's code is held back, as on slow mobile data, while the reader scrolls the server's HTML.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/courses', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  release();
  // Live: the fieldset that disables the page's controls until the app runs it is gone (public-layout.tsx).
  await expect(page.locator('fieldset[disabled]')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
