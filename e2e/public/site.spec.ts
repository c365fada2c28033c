import { expect, test } from '../fixtures';

/** Every public route and the heading it opens with (spec section 2). */
const PAGES: { path: string; heading: string | RegExp; title: string }[] = [
  { path: '/', heading: 'Strong basics, steady practice, results that show', title: 'Coaching for 9th to 12th in Latur | Shree Academy, Latur' },
  { path: '/courses', heading: 'Courses', title: 'Courses | Shree Academy, Latur' },
  { path: '/resources', heading: 'Resources', title: 'Resources | Shree Academy, Latur' },
  { path: '/admission', heading: /admission|registration/i, title: '' },
  { path: '/about', heading: 'About Us', title: 'About Us | Shree Academy, Latur' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact Us | Shree Academy, Latur' },
  { path: '/login', heading: 'Login', title: 'Login | Shree Academy, Latur' },
  { path: '/forgot-password', heading: 'Forgot Password', title: 'Forgot Password | Shree Academy, Latur' },
  { path: '/reset-password/some-token', heading: 'Reset Password', title: 'Reset Password | Shree Academy, Latur' },
  { path: '/terms-of-service', heading: 'Terms of Service', title: 'Terms of Service | Shree Academy, Latur' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy | Shree Academy, Latur' },
  { path: '/cookies-policy', heading: 'Cookies Policy', title: 'Cookies Policy | Shree Academy, Latur' },
  { path: '/no-such-page', heading: 'Page not found', title: 'Page not found | Shree Academy, Latur' },
];

test('every public route shows its heading, names the tab and describes itself', async ({ page }) => {
  for (const { path, heading, title } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
    if (title) await expect(page, path).toHaveTitle(title);
    // One description in the head, never a second one added beside it.
    await expect(page.locator('head meta[name="description"]'), path).toHaveCount(1);
  }
  await page.goto('/courses');
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /open batches/);
});

test('the navbar links go where the spec says', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
  const links: [string, string, string | RegExp][] = [
    ['Home', '/', 'Strong basics, steady practice, results that show'],
    ['Courses', '/courses', 'Courses'],
    ['Resources', '/resources', 'Resources'],
    ['Registration', '/admission', /admission|registration/i],
    ['About Us', '/about', 'About Us'],
    ['Contact Us', '/contact', 'Contact Us'],
  ];
  for (const [label, path, heading] of links) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('the footer links go where the spec says and show the academy details', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const links: [string, string, string | RegExp][] = [
    ['Courses', '/courses', 'Courses'],
    ['Registration', '/admission', /admission|registration/i],
    ['Resources', '/resources', 'Resources'],
    ['Contact Us', '/contact', 'Contact Us'],
    ['Terms of Service', '/terms-of-service', 'Terms of Service'],
    ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
    ['Cookies Policy', '/cookies-policy', 'Cookies Policy'],
  ];
  for (const [label, path, heading] of links) {
    await footer.getByRole('navigation', { name: 'Footer navigation' }).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  // The academy's settings: name, address in Latur, three phones to dial, the email, office hours.
  await expect(footer).toContainText('Shree Academy, Latur');
  await expect(footer).toContainText('Latur, Maharashtra');
  await expect(footer).toContainText('Office hours');
  await expect(footer).toContainText('Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed');
  const phones = footer.locator('a[href^="tel:"]');
  await expect(phones).toHaveCount(3);
  for (const phone of await phones.all()) await expect(phone).toHaveAttribute('href', /^tel:\+91[6-9]\d{9}$/);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute('href', 'mailto:office@academy.example.in');
  await expect(footer.getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
});

test('the contact page dials, mails and maps the academy', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  const phones = main.locator('a[href^="tel:"]');
  await expect(phones).toHaveCount(3);
  for (const phone of await phones.all()) await expect(phone).toHaveAttribute('href', /^tel:\+91[6-9]\d{9}$/);
  await expect(main.getByRole('link', { name: 'office@academy.example.in' })).toHaveAttribute('href', 'mailto:office@academy.example.in');
  const map = main.getByRole('link', { name: 'Open in Google Maps' });
  await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Latur%2C%20Maharashtra/);
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(main).toContainText('Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed');
});

test('the courses page lists the standards, their subjects and the open batches from the database', async ({ page }) => {
  await page.goto('/courses');
  const tenth = page.getByRole('region', { name: '10th Standard' });
  await expect(tenth.getByRole('heading', { level: 2, name: '10th Standard' })).toBeVisible();
  await expect(tenth.getByRole('list', { name: 'Subjects in 10th Standard' }).getByRole('listitem')).toHaveText(['English', 'Mathematics', 'Science']);
  const batch = tenth.getByRole('article', { name: '10th Maths Morning' });
  await expect(batch).toContainText('Mon, Wed, Fri · 7:00 AM – 8:30 AM');
  await expect(batch).toContainText('Priya Kulkarni');
  await expect(batch).toContainText(/\d+ seats? left|Batch full/);
  await expect(page.getByRole('region', { name: '12th Science' }).getByRole('article')).toHaveCount(2);
  await page.getByRole('link', { name: 'Apply for Admission' }).click();
  await expect(page).toHaveURL('/admission');
});

test('the resources page lists the free notes, filtered by subject and standard', async ({ page }) => {
  await page.goto('/resources');
  const list = page.getByRole('list', { name: 'Free notes' });
  // Public notes of the demo academy (other tests may add more).
  await expect(list.getByRole('listitem', { name: 'Algebra basics: free practice sheet' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Periodic table: quick revision' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Chemistry' }).click();
  await expect(list.getByRole('listitem', { name: 'Algebra basics: free practice sheet' })).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Standard' }).click();
  await page.getByRole('option', { name: '10th Standard' }).click();
  await expect(page.getByText('No notes match these filters.')).toBeVisible();
});

test('the landing page leads to admission', async ({ page }) => {
  await page.goto('/');
  // "What families say" shows only once the admin has entered testimonials in Settings (none in the demo).
  for (const heading of ['What we teach', 'Why families choose us', 'Join the next batch']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:\+91/);
  await page.getByRole('main').getByRole('link', { name: 'Apply for Admission' }).first().click();
  await expect(page).toHaveURL('/admission');
});

test('the scroll-to-top button appears after 300 px of scroll and goes back up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect(button).toBeVisible();
  // At the page's end on a phone, it covers no text (the footer keeps room for it under its last line).
  await page.setViewportSize({ width: 360, height: 640 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const copyright = page.getByText(/All rights reserved/);
  await expect(copyright).toBeInViewport();
  const [line, round] = [await copyright.boundingBox(), await button.boundingBox()];
  expect(line!.y + line!.height <= round!.y || round!.x >= line!.x + line!.width).toBe(true);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the navbar folds into a menu and every page fits the width', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Courses', exact: true })).toBeHidden();
    await header.getByRole('button', { name: 'Open navigation' }).click();
    await header.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect(header.getByRole('link', { name: 'Contact Us', exact: true })).toBeHidden();
    for (const path of ['/', '/courses', '/contact', '/about', '/privacy-policy', '/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
