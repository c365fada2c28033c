import { expect, test } from '../fixtures';

// What the service worker does is part of this journey (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * A returning visitor (issue 53): once the service worker is installed, a public page is still the
 * server's HTML (its language, title and canonical before any script runs), not the app's English
 * shell; offline, the copy kept of it opens. And the installed app is named after the academy.
 */

/** The parts of an HTML document a search engine and a screen reader read first. */
function headOf(html: string) {
  return {
    lang: /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1] ?? /<link[^>]*href="([^"]+)"[^>]*rel="canonical"/.exec(html)?.[1],
  };
}

test('with the service worker installed, /mr/about is the server’s Marathi page; offline it opens from the cache', async ({ page, context, request }) => {
  const fromServer = headOf(await (await request.get('/mr/about')).text());
  expect(fromServer.lang).toBe('mr');
  expect(fromServer.title).toBeTruthy();
  expect(fromServer.canonical).toMatch(/\/mr\/about$/);

  await page.goto('/mr/about');
  // The worker registers after the load event; it takes the page over once it is active.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) !== undefined && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 }).catch(async () => {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  });

  // The document as the service worker delivers it, before the app's script changes anything.
  const delivered = page.waitForResponse((response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/mr/about');
  await page.reload();
  const response = await delivered;
  expect(response.fromServiceWorker()).toBe(true);
  expect(headOf(await response.text())).toEqual(fromServer);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr');

  // Offline: the page kept from the network opens, in Marathi.
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page).toHaveTitle(fromServer.title!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('the installed app is named after the academy, with a stable id', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ id: '/', name: 'Shree Academy, Latur', start_url: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
});
