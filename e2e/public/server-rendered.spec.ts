import { expect, expectNoEnglish, test } from '../fixtures';

/*
 * Public pages arrive as HTML with their content (issue 17, docs/decisions/024): readable with
 * JavaScript off, then hydrated by the app without React drawing them anew.
 */

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive with their content, title, description and the academy details', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Strong basics, steady practice, results that show' })).toBeVisible();
    await expect(page).toHaveTitle('Coaching for 9th to 12th in Latur | Shree Academy, Latur');
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
    // Shown, but not to be sent without the app: the browser would put the password in the address.
    await expect(page.getByLabel('Email or student ID', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email or student ID', { exact: true })).toBeDisabled();
    // The phone's menu opens without any script (a native popover).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.locator('#public-menu').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('a Marathi page is Marathi from the first byte', async ({ page }) => {
    await page.goto('/mr/courses');
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('heading', { level: 1, name: 'कोर्स', exact: true })).toBeVisible();
    const batch = page.getByRole('article', { name: '9th Maths Evening' });
    await expect(batch).toBeVisible();
    // The batch's days, dates and seats too (batch-display.ts).
    await expect(batch).toContainText('मंगळ, गुरु, शनि · संध्याकाळी 5:00 – 6:30');
    await expect(batch).toContainText(/\d+ जागा शिल्लक/);
    await expect(batch).toContainText(/\d{2}-\d{2}-\d{4} ते \d{2}-\d{2}-\d{4}/);
    await expectNoEnglish(page.getByRole('main'), ['seats left', 'Tue', ' to ', 'Batch full', 'Every day']);
  });
});

test('each page has one address: a trailing slash redirects for good to the address the sitemap and hreflang use', async ({ request }) => {
  for (const [asked, address] of [['/mr/', '/mr'], ['/hi/', '/hi'], ['/courses/', '/courses'], ['/mr/about/?from=share', '/mr/about?from=share'], ['/courses//', '/courses']] as [string, string][]) {
    const response = await request.get(asked, { maxRedirects: 0 });
    expect(response.status(), asked).toBe(301);
    expect(response.headers().location, asked).toBe(address);
  }
  const marathi = await (await request.get('/mr')).text();
  expect(/<link[^>]*rel="canonical"[^>]*>/.exec(marathi)?.[0]).toMatch(/href="http:\/\/[^"/]+\/mr"/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/[^</]+\/mr<\/loc>/);
  // The structured data in the page's language: the Marathi share image, not the English one.
  const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(marathi)![1]!)['@graph'] as { image?: string; address?: { streetAddress: string; addressLocality?: string } }[];
  expect(graph[0]!.image).toMatch(/home\.png\?lang=mr$/);
  if (graph[0]!.address?.addressLocality) expect(graph[0]!.address.streetAddress).not.toContain(graph[0]!.address.addressLocality);
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

test('a signed-in person gets the app, not the visitor page', async ({ signIn, page }) => {
  await signIn('student');
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
    // A page to read waits for its first use (start.ts): a reader tabbing to the language select.
    await page.locator('select').first().focus();
    await expect(page.locator('html[data-app="live"]'), current).toHaveCount(1);
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
  // The app's runtime (React), without which it cannot take over; the page's first script comes.
  await page.route(/\/assets\/vendor-react-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/courses', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  // The scroll started the app (start.ts), whose code is held back: the page shows it is getting ready.
  await expect(page.locator('html[data-app="starting"]')).toHaveCount(1);
  release();
  await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a page to read runs no app until it is used, and what the reader typed and tapped meanwhile is done once it runs', async ({ page }) => {
  const appCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/vendor-react-/.test(request.url())) appCode.push(request.url());
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/vendor-react-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Read, and the menu opened and closed: no app (start.ts).
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.locator('#public-menu').getByRole('link', { name: 'Courses' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#public-menu')).toBeHidden();
  expect(appCode).toEqual([]);
  await expect(page.locator('html[data-app]')).toHaveCount(0);

  // The newsletter, typed and sent while the app's code is still on its way.
  const footer = page.getByRole('contentinfo');
  const email = `reader-${Date.now()}@example.com`;
  await footer.getByRole('textbox').fill(email);
  await expect(page.locator('html[data-app="starting"]')).toHaveCount(1);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  expect(appCode).toHaveLength(1);
  release();
  await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
  await expect(page.getByText('Thank you for subscribing!', { exact: false })).toBeVisible();
  await expect(footer.getByRole('textbox')).toHaveValue('');
});

test('a language chosen before the app runs the page takes the reader to that language', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/vendor-react-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/courses');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('mr');
  await expect(page.locator('html[data-app="starting"]')).toHaveCount(1);
  release();
  await expect(page).toHaveURL('/mr/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'कोर्स', exact: true })).toBeVisible();
});

test('a page that is a form starts its app at once, with its code linked in the page', async ({ page }) => {
  const appCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/vendor-react-/.test(request.url())) appCode.push(request.url());
  });
  await page.goto('/login');
  await expect(page.locator('html[data-app="live"]')).toHaveCount(1);
  expect(appCode).toHaveLength(1);
  expect(await (await page.request.get('/login')).text()).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/vendor-react-/);
});
