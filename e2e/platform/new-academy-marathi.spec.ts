import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeQuotedPrintable, expect, hasHorizontalOverflow, shootWidths as shoot, test, uniqueToken } from '../fixtures';

/*
 * A new academy's first afternoon in Marathi on a phone (issue 73), on the hosted server of the
 * `many-academies` project: the owner signs up at 360 × 740 by touch in Marathi, names the web address
 * (suggested from the name) and the street address apart, lands on a dashboard the server drew in Marathi,
 * a new visitor sees the academy in Marathi on `/` and `/login`, and Settings' sections are reachable on
 * the phone with a refused save that opens the field at fault.
 */

const MANY_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const OUTBOX = path.join(os.tmpdir(), `academy-e2e-many-${MANY_PORT}`, 'outbox');
const PASSWORD = 'Latur-Owner-2026';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** The 6-digit code of the newest mail to `to` after `since` (mailed in Marathi: read from the body). */
async function mailedCode(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml') && !name.startsWith('.')) : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(OUTBOX, name);
      if (fs.statSync(file).mtimeMs < since - 1000) continue;
      const raw = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const body = raw.slice(raw.search(/\r?\n\r?\n/));
      // Six digits standing alone: a MIME boundary's random letters and digits (`_NmP-3a262182b-Part`) are no code.
      const code = /(?<![\w-])(\d{6})(?![\w-])/.exec(body)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No code mailed to ${to} in ${OUTBOX}`);
}

test('a Marathi owner signs up on a phone, lands on a Marathi dashboard drawn by the server; visitors see Marathi; Settings sections reach the field at fault', async ({ browser }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('mr').toLowerCase();
  const email = `${token}@example.com`;
  const academyName = `Dnyanjyoti Classes ${token}`;
  const slug = `dnyanjyoti-classes-${token}`.replace(/[^a-z0-9-]/g, '-');
  const context = await browser.newContext({ baseURL: `http://localhost:${MANY_PORT}`, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();

  await page.goto('/start?lang=mr');
  await expect(page.getByRole('heading', { name: 'आपली अकॅडमी सुरू करा', level: 1 })).toBeVisible();

  // Bad input first: nothing filled, then a street address typed as the web address.
  await page.getByRole('button', { name: 'माझी अकॅडमी सुरू करा' }).tap();
  await expect(page.getByLabel('आपले नाव')).toBeFocused();
  await page.getByLabel('वेब पत्ता').fill('Shivaji Chowk, Latur');
  await expect(page.getByText(/^वेब पत्त्यात फक्त a–z छोटी अक्षरे/)).toBeVisible();
  await page.getByLabel('वेब पत्ता').fill('');

  await page.getByLabel('आपले नाव').fill('सुनील देशमुख');
  await page.getByRole('textbox', { name: 'ईमेल', exact: true }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'कोड पाठवा' }).tap();
  await expect(page.getByRole('status')).toBeVisible();
  await page.getByLabel('ईमेलमधील कोड').fill(await mailedCode(email, since));
  await page.getByLabel('पासवर्ड निवडा').fill(PASSWORD);
  // The web address follows the name as it is typed, shown as it will be.
  await page.getByLabel('अकॅडमीचे नाव').fill(academyName);
  await expect(page.getByLabel('वेब पत्ता')).toHaveValue(slug);
  await expect(page.getByTestId('slug-address')).toContainText(`${slug}.localhost:${MANY_PORT}`);
  await page.getByLabel('पत्ता (गल्ली, चौक)').fill('Shivaji Chowk, Ganj Golai');
  await page.getByLabel('शहर').fill('Latur');
  await page.getByLabel('अकॅडमीचा फोन').fill('98220 12345');
  await expect(page.getByRole('radio', { name: 'मराठी' })).toBeChecked();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await shoot(page, 'mr-signup');
  await page.setViewportSize({ width: 360, height: 740 });

  // The first screen after the sign-up is the server's, in Marathi: no English page on the way.
  const englishOnTheWay: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'document' || response.status() !== 200) return;
    const html = await response.text().catch(() => '');
    if (/Signing you in|Get your academy ready/.test(html)) englishOnTheWay.push(response.url());
  });
  const dashboard = page.waitForResponse((response) => response.url() === `http://${slug}.localhost:${MANY_PORT}/app/dashboard` && response.request().resourceType() === 'document');
  await page.getByRole('button', { name: 'माझी अकॅडमी सुरू करा' }).tap();
  const drawn = await (await dashboard).text();
  expect(drawn).toContain('<html lang="mr"');
  expect(drawn).toContain('आपली अकॅडमी तयार करा');
  await expect(page.getByRole('heading', { name: 'आपली अकॅडमी तयार करा' })).toBeVisible();
  expect(englishOnTheWay).toEqual([]);
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // Settings in sections a phone reaches; a save refused for an empty phone opens Contact at the field.
  await page.goto(`http://${slug}.localhost:${MANY_PORT}/app/settings?section=contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग्ज' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'सेटिंग्जचे विभाग' });
  for (const name of ['पेमेंट आणि UPI', 'सार्वजनिक वेबसाइट', 'संपर्क']) await expect(sections.getByRole('link', { name })).toBeInViewport();
  const phone = page.getByLabel('फोन 1');
  await expect(phone).toHaveValue('+91 98220 12345');
  // No sample numbers: the two others are empty and optional.
  await expect(page.getByLabel('फोन 2 (ऐच्छिक)')).toHaveValue('');
  await phone.fill('');
  await sections.getByRole('link', { name: 'सार्वजनिक वेबसाइट' }).tap();
  await expect(page).toHaveURL(/section=public-site/);
  await page.getByRole('button', { name: 'सेटिंग्ज जतन करा' }).tap();
  await expect(page).toHaveURL(/section=contact/);
  await expect(phone).toBeFocused();
  await expect(phone).toBeInViewport();
  await expect(page.getByRole('alert').filter({ hasText: 'सेटिंग्ज जतन झाल्या नाहीत' })).toContainText('संपर्क');
  await shoot(page, 'mr-settings-refused');
  await page.setViewportSize({ width: 360, height: 740 });
  await phone.fill('98220 12345');
  // The office hours are still the sample: marked so.
  await expect(page.getByText('नमुना').first()).toBeVisible();
  await sections.getByRole('link', { name: 'पेमेंट आणि UPI' }).tap();
  await expect(page.getByRole('form', { name: 'Payments' }).or(page.locator('form').filter({ hasText: 'UPI' })).first()).toBeInViewport();
  await context.close();

  // A new visitor (no language chosen, no session) sees the academy in Marathi on / and /login.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const visit = await visitor.newPage();
  const home = await visit.goto(`http://${slug}.localhost:${MANY_PORT}/`);
  expect(visit.url()).toBe(`http://${slug}.localhost:${MANY_PORT}/mr`);
  expect(await home!.text()).toContain('<html lang="mr"');
  await expect(visit.getByRole('heading', { level: 1, name: academyName })).toBeVisible();
  // Only what the owner wrote: none of the demo's claims.
  await expect(visit.getByText(/JEE|NEET/)).toHaveCount(0);
  await expect(visit.locator('footer')).toContainText('Shivaji Chowk, Ganj Golai, Latur');
  await expect(visit.locator('footer')).not.toContainText('98765');
  expect(await hasHorizontalOverflow(visit)).toBe(false);
  await shoot(visit, 'mr-new-academy-home');
  await visit.goto(`http://${slug}.localhost:${MANY_PORT}/login`);
  // The academy's language leads there (the app may take the redirect a moment after the page loads).
  await expect(visit).toHaveURL(`http://${slug}.localhost:${MANY_PORT}/mr/login`);
  await expect(visit.getByRole('button', { name: 'लॉगिन' }).first()).toBeVisible();
  // A visitor who chooses English (the header's language list) keeps it.
  await visit.getByRole('combobox', { name: /Language|भाषा/ }).first().selectOption('en');
  await expect(visit).toHaveURL(`http://${slug}.localhost:${MANY_PORT}/login`);
  await visit.goto(`http://${slug}.localhost:${MANY_PORT}/`);
  expect(visit.url()).toBe(`http://${slug}.localhost:${MANY_PORT}/`);
  await visitor.close();
});
