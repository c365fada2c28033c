import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { payPageHtml } from '../../apps/api/src/modules/fees/pay-page-html';
import { decodeQuotedPrintable, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

/*
 * Issue 78, "done when", on the hosted server of the `many-academies` project (ACADEMY_HOSTING=many, each
 * academy at <slug>.localhost): two owners start two academies and each uploads its own logo and colour.
 * Each academy's signed-in screens (the shell's logo, the open Settings section in its colour), its public
 * site, its pay-link page and its mails show its own brand and never the other's; and Chromium finds each
 * one installable (CDP Page.getInstallabilityErrors: the check of Chromium's own install prompt and of
 * Lighthouse's installable-manifest audit) with a manifest whose icons, maskable ones included, are drawn
 * from that academy's logo.
 */

const MANY_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const OUTBOX = path.join(os.tmpdir(), `academy-e2e-many-${MANY_PORT}`, 'outbox');
const PASSWORD = 'Latur-Owner-2026';
const shots = process.env.E2E_SHOTS_DIR;

type Owner = { name: string; email: string; academy: string; slug: string; colour: string; logo: string; logoColour: { r: number; g: number; b: number } };

// Shapes only, each in its own colour: an orange shield, a green disc.
const ORANGE_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><path d="M100 10 L180 40 V100 C180 146 144 180 100 190 C56 180 20 146 20 100 V40 Z" fill="#e8590c"/></svg>';
const GREEN_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><circle cx="100" cy="100" r="90" fill="#2b8a3e"/></svg>';

/** The newest mail to `to` after `since` whose text matches `pattern`, as its raw (decoded) source. */
async function mailTo(to: string, since: number, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml') && !name.startsWith('.')) : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(OUTBOX, name);
      if (fs.statSync(file).mtimeMs < since - 1000) continue;
      const raw = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      if (raw.toLowerCase().includes(to.toLowerCase()) && pattern.test(raw)) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail matching ${pattern} to ${to} in ${OUTBOX}`);
}

async function startAcademy(browser: Browser, owner: Owner): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${MANY_PORT}` });
  const page = await context.newPage();
  await page.goto('/start');
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('Email').fill(owner.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = /(\d{6}) is your code to start your academy/.exec(await mailTo(owner.email, since, /is your code to start your academy/))![1]!;
  await page.getByLabel('Code from the mail').fill(code);
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Academy name').fill(owner.academy);
  await page.getByLabel('Street address').fill('Shivaji Chowk');
  await page.getByLabel('City').fill('Latur');
  await page.getByLabel('Academy phone').fill('9822012345');
  await page.getByLabel('Web address').fill(owner.slug);
  await expect(page.getByTestId('slug-address')).toContainText('available');
  await page.getByRole('button', { name: 'Start my academy' }).click();
  await page.waitForURL(`http://${owner.slug}.localhost:${MANY_PORT}/app/dashboard`);
  return page;
}

/** PUT /api/admin/settings/brand from the page (Node's requests do not resolve *.localhost; Chromium does). */
async function putBrand(page: Page, owner: Owner): Promise<{ colour: string; logoUrl: string; shortName: string }> {
  const answer = await page.evaluate(
    async ({ colour, shortName, svg }) => {
      const form = new FormData();
      form.append('colour', colour);
      form.append('shortName', shortName);
      form.append('logo', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
      const response = await fetch('/api/admin/settings/brand', { method: 'PUT', body: form });
      return { status: response.status, body: await response.text() };
    },
    { colour: owner.colour, shortName: owner.academy.split(' ')[0]!, svg: owner.logo },
  );
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { data: { colour: string; logoUrl: string; shortName: string } }).data;
}

/** A picture fetched by the page, and its mean colour over the pixels that are not white. */
async function pictureAt(page: Page, url: string): Promise<{ status: number; width: number; height: number; ink: { r: number; g: number; b: number } }> {
  const { status, base64 } = await page.evaluate(async (address) => {
    const response = await fetch(address);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { status: response.status, base64: btoa(binary) };
  }, url);
  if (status !== 200) return { status, width: 0, height: 0, ink: { r: 0, g: 0, b: 0 } };
  const { data, info } = await sharp(Buffer.from(base64, 'base64')).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  let [r, g, b, n] = [0, 0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    if (data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) continue;
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
    n += 1;
  }
  return { status, width: info.width, height: info.height, ink: { r: r / Math.max(n, 1), g: g / Math.max(n, 1), b: b / Math.max(n, 1) } };
}

/** `html` drawn at the academy's address on a phone (360 px, touch) and a computer (1280 px), screenshots in E2E_SHOTS_DIR. */
async function shootAt(browser: Browser, origin: string, html: string, name: string): Promise<void> {
  for (const [width, phone] of [[360, true], [1280, false]] as const) {
    const context = await browser.newContext({ viewport: { width, height: phone ? 640 : 900 }, isMobile: phone, hasTouch: phone });
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/api/health`);
      await page.setContent(html, { waitUntil: 'load' });
      expect(await hasHorizontalOverflow(page), `${name} ${width}`).toBe(false);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }
}

/** The built app's Devanagari font files, as the server gives them to the pay page (pay-page.routes.ts). */
function appFonts(): { regular?: string; bold?: string } {
  const folder = path.join(process.cwd(), 'apps/web/dist/assets');
  const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  const find = (weight: number) => files.find((file) => file.startsWith(`noto-sans-devanagari-devanagari-${weight}-normal-`) && file.endsWith('.woff2'));
  const [regular, bold] = [find(400), find(700)];
  return { ...(regular ? { regular: `/assets/${regular}` } : {}), ...(bold ? { bold: `/assets/${bold}` } : {}) };
}

const rgb = (hex: string) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;

test('two academies, each its own logo and colour everywhere, each installable with its own icons', async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const token = uniqueToken('brand').toLowerCase();
  const owners: Owner[] = [
    { name: 'Sunil Deshmukh', email: `${token}.one@example.com`, academy: `Shree Classes ${token}`, slug: `shree-${token}`, colour: '#0b7285', logo: ORANGE_LOGO, logoColour: { r: 0xe8, g: 0x59, b: 0x0c } },
    { name: 'Anita Jadhav', email: `${token}.two@example.com`, academy: `Vidya Academy ${token}`, slug: `vidya-${token}`, colour: '#862e9c', logo: GREEN_LOGO, logoColour: { r: 0x2b, g: 0x8a, b: 0x3e } },
  ];
  const pages: Page[] = [];
  const brands: { colour: string; logoUrl: string; shortName: string }[] = [];
  for (const owner of owners) {
    const page = await startAcademy(browser, owner);
    pages.push(page);
    brands.push(await putBrand(page, owner));
  }
  expect(brands[0]!.logoUrl).not.toBe(brands[1]!.logoUrl);

  for (const [index, owner] of owners.entries()) {
    const page = pages[index]!;
    const brand = brands[index]!;
    const other = brands[1 - index]!;
    const origin = `http://${owner.slug}.localhost:${MANY_PORT}`;

    // Signed-in screens: the shell's logo is its own, the open Settings section is in its colour.
    await page.goto(`${origin}/app/settings?section=brand`);
    const open = page.getByTestId('settings-sections').locator('[aria-current="page"]');
    await expect(open).toHaveCSS('background-color', rgb(owner.colour));
    await expect(page.getByRole('button', { name: 'Save brand' })).toHaveCSS('background-color', rgb(owner.colour));
    const shellLogo = page.getByTestId('academy-logo').first();
    await expect(shellLogo).toBeVisible();
    expect(await shellLogo.getAttribute('src')).toBe(brand.logoUrl);
    expect(await page.content()).not.toContain(other.logoUrl);
    if (shots) await shootWidths(page, `brand-${index}-settings`);

    // The public site: its logo in the header, its colour as the theme colour, its logo in the structured data.
    // A browser profile of its own (not incognito: Chromium offers no install in an incognito window, and
    // every Playwright context is one), as Lighthouse runs.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'brand-profile-'));
    const visitor = await playwright.chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const site = visitor.pages()[0] ?? (await visitor.newPage());
      await site.goto(`${origin}/`);
      await expect(site.locator('header').getByTestId('academy-logo')).toHaveAttribute('src', brand.logoUrl);
      await expect(site.locator('meta[name="theme-color"]')).toHaveAttribute('content', owner.colour);
      const html = await site.content();
      expect(html).not.toContain(other.logoUrl);
      // The first paint is already in its colour: the server's HTML carries the accent before any script runs.
      // (Asked from the page: Chromium resolves <slug>.localhost itself, Node does not.)
      const sent = await site.evaluate(async () => (await fetch('/', { cache: 'no-store' })).text());
      expect(sent).toContain(`--academy-accent:${owner.colour}`);
      expect(sent).not.toContain(`--academy-accent:${other.colour}`);

      // Installable, as Chromium's own install prompt decides (what Lighthouse 11's installable-manifest audit asks).
      const cdp = await visitor.newCDPSession(site);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toBe(`${origin}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      await expect.poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 20_000 }).toEqual([]);

      // Its manifest's icons are drawn from its own logo: the right sizes, its logo's colour, never the other's.
      const parsed = JSON.parse(manifest.data!) as { theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
      expect(parsed.theme_color).toBe(owner.colour);
      expect(parsed.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
      for (const icon of parsed.icons) {
        const picture = await pictureAt(site, icon.src);
        expect(picture.status, icon.src).toBe(200);
        expect(`${picture.width}x${picture.height}`, icon.src).toBe(icon.sizes);
        for (const channel of ['r', 'g', 'b'] as const) expect(Math.abs(picture.ink[channel] - owner.logoColour[channel]), `${icon.src} ${channel}`).toBeLessThan(40);
      }
      // The other academy's picture address, asked here, answers this academy's own logo (the route reads the
      // requesting academy's files only; the version only busts caches), never the other's.
      const asked = await pictureAt(site, other.logoUrl);
      for (const channel of ['r', 'g', 'b'] as const) expect(Math.abs(asked.ink[channel] - owner.logoColour[channel]), `other's address ${channel}`).toBeLessThan(40);
    } finally {
      await visitor.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }

    // The pay-link page: a link that does not work is the server's own page with the academy's header.
    await page.goto(`${origin}/pay/not-a-real-link`);
    await expect(page.getByTestId('academy-logo')).toHaveAttribute('src', brand.logoUrl);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCSS('color', rgb(owner.colour));

    // A mail: the reset mail carries its logo at its own address, and its colour.
    const since = Date.now();
    await page.evaluate(async (email) => {
      await fetch('/api/auth/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    }, owner.email);
    const raw = await mailTo(owner.email, since, /reset-password\//);
    expect(raw).toContain(`<img src="${origin}${brand.logoUrl.replace(/&/g, '&amp;')}"`);
    expect(raw).toContain(`background:${owner.colour};color:#ffffff`);
    expect(raw).not.toContain(other.logoUrl);
    expect(raw).not.toContain(other.colour);

    if (shots) {
      // The mail as a reader's program shows it, and the whole pay-link page the server draws for a family with dues.
      const mail = raw.slice(raw.indexOf('<!doctype html>'), raw.indexOf('</html>') + 7);
      const dues = payPageHtml(
        {
          academy: { name: owner.academy, phone: '9822012345' },
          student: { name: 'आशा पाटील' },
          dues: [{ _id: '11111111-2222-4333-8444-555555555555', label: 'Term 1 fees', dueDate: '2026-11-20', balance: 6000, status: 'overdue', upi: { link: 'upi://pay?pa=shree@okhdfcbank&am=6000.00', reference: 'FEE-0042' }, gst: null, reported: null }],
          total: 6000,
          gst: null,
        },
        'not-a-real-link',
        'en',
        appFonts(),
        brand,
      );
      for (const [name, html] of [['mail', mail], ['pay-page', dues]] as const) await shootAt(browser, origin, html, `brand-${index}-${name}`);
    }
  }
  for (const page of pages) await page.context().close();
});
