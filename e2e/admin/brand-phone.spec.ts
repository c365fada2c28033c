import type { Page } from '@playwright/test';
import { expect, hasHorizontalOverflow, test } from '../fixtures';

/*
 * Issue 78: on a phone (360 × 640, touch) the admin gives the academy its logo, colour and the name under
 * its icon; a too-light colour is explained before anything is sent. A visitor then sees the logo in the
 * public site's header, the browser's theme colour is the academy's, and the web manifest names the
 * academy's icons, each a PNG of the size it says. The demo academy's brand is put back at the end.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const shots = process.env.E2E_SHOTS_DIR;
// Shapes only (no text, so no font is needed to draw it): a teal shield with a white book.
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><path d="M60 6 L108 24 V60 C108 88 86 108 60 114 C34 108 12 88 12 60 V24 Z" fill="#0b7285"/><rect x="34" y="40" width="52" height="40" rx="4" fill="#fff"/><rect x="58" y="40" width="4" height="40" fill="#0b7285"/></svg>',
);

/** A PNG's pixel size from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function putBrand(page: Page, fields: Record<string, string>) {
  const response = await page.request.put('/api/admin/settings/brand', { multipart: fields });
  expect(response.status(), await response.text()).toBe(200);
}

test('the admin sets the brand on a phone; the public page, the theme colour and the manifest icons follow', async ({ signIn, page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn('admin');
  const before = ((await (await page.request.get('/api/settings/public')).json()) as { data: { brand: { colour: string; shortName: string } } }).data.brand;
  try {
    await page.goto('/app/settings?section=brand');
    const form = page.getByTestId('brand-form');
    await expect(form.getByRole('heading', { name: 'Brand' })).toBeVisible();

    await form.locator('input[type="file"]').setInputFiles({ name: 'shield.svg', mimeType: 'image/svg+xml', buffer: LOGO });
    await expect(form.getByTestId('brand-logo-preview')).toBeVisible();

    // A yellow too light for white text: the screen says so and offers a darker shade of it.
    const colour = form.getByRole('textbox', { name: 'Main colour' });
    await colour.fill('#ffd43b');
    await expect(form.getByTestId('brand-contrast')).toContainText('Too light for white text');
    await colour.fill('#0b7285');
    await expect(form.getByTestId('brand-contrast')).toContainText('White text reads well on it');
    await form.getByRole('textbox', { name: 'Name under the app icon' }).fill('Shree');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (shots) await page.screenshot({ path: `${shots}/brand-settings-360.png`, fullPage: true });
    await form.getByRole('button', { name: 'Save brand' }).tap();
    await expect(page.getByText('Brand saved').first()).toBeVisible();

    // The signed-in shell: the logo beside the name, the colour as --academy-accent and theme-color.
    await expect(page.getByTestId('academy-logo').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--academy-accent'))).toBe('#0b7285');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b7285');

    // A visitor (no session) on the public site's home page.
    const visitor = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, baseURL });
    try {
      const site = await visitor.newPage();
      await site.goto('/');
      const logo = site.locator('header').getByTestId('academy-logo');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('src', /\/api\/public\/brand\/logo\.png\?v=[0-9a-f]{16}$/);
      await expect(site.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b7285');
      await expect(site.locator('link[rel="icon"]')).toHaveAttribute('href', /\/api\/public\/brand\/favicon\.png\?v=/);
      if (shots) await site.screenshot({ path: `${shots}/brand-public-360.png` });

      const manifest = (await (await site.request.get('/manifest.webmanifest')).json()) as { short_name: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
      expect(manifest.theme_color).toBe('#0b7285');
      expect(manifest.short_name).toBe('Shree');
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['180x180 any', '192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const answer = await site.request.get(icon.src);
        expect(answer.status(), icon.src).toBe(200);
        expect(answer.headers()['content-type']).toBe('image/png');
        expect(pngSize(await answer.body()), icon.src).toBe(icon.sizes);
      }
    } finally {
      await visitor.close();
    }

    if (shots) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/app/settings?section=brand');
      await expect(page.getByTestId('brand-form')).toBeVisible();
      await page.screenshot({ path: `${shots}/brand-settings-1280.png`, fullPage: true });
      await page.goto('/app/settings?section=app');
      await expect(page.getByTestId('app-form')).toBeVisible();
      await page.screenshot({ path: `${shots}/app-settings-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto('/app/settings?section=app');
      await expect(page.getByTestId('app-form')).toBeVisible();
      await page.screenshot({ path: `${shots}/app-settings-360.png`, fullPage: true });
    }
  } finally {
    // The demo academy as it was: the other specs (and their screenshots) expect the product's icon and blue.
    await putBrand(page, { colour: before.colour, shortName: before.shortName, removeLogo: 'true' });
  }
});
