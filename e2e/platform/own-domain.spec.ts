import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, shootWidths as shoot, test, uniqueToken } from '../fixtures';
import { E2E_DNS_RECORDS } from '../stand-ins/provider-credentials';

/*
 * An academy's own domain (issue 55), on the hosted server (ACADEMY_HOSTING=many): the demo's admin adds
 * a domain in Settings, is told what to prove and where to point it, checks too early and is told so,
 * publishes the TXT record (the DNS stand-in's file, as the domain's DNS company would) and sees the
 * domain verified; then removes it. A teacher has no such section. Bad input gets the field's sentence.
 */
const MANY_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const DEMO = `http://demo.localhost:${MANY_PORT}`;

/** Publishes a TXT record at the DNS stand-in (it reads the file at each question). */
function publishTxt(name: string, value: string) {
  const saved = fs.existsSync(E2E_DNS_RECORDS) ? (JSON.parse(fs.readFileSync(E2E_DNS_RECORDS, 'utf8')) as Record<string, string[]>) : {};
  saved[name] = [value];
  fs.writeFileSync(E2E_DNS_RECORDS, JSON.stringify(saved));
}

/** Signs in at the demo's address through its API, from the page (Node's requests do not resolve *.localhost; Chromium does). */
async function signInAtDemo(page: Page, email: string) {
  await page.goto(`${DEMO}/login`);
  const status = await page.evaluate(
    async ([email, password]) => (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
    [email, DEMO_PASSWORD] as const,
  );
  expect(status).toBe(200);
}

test('the admin adds an own domain, proves it with a TXT record, and removes it; bad input and an early check are told', async ({ page }) => {
  test.setTimeout(120_000);
  const domain = `www.${uniqueToken('own').toLowerCase()}.example.in`;
  await signInAtDemo(page, DEMO_USERS.admin.email);
  await page.goto(`${DEMO}/app/settings?section=domains`);
  const section = page.getByRole('region', { name: 'Your own domain' });
  await expect(section).toContainText(`demo.localhost`);

  // Bad input: nothing, then not a domain, then the platform's own address.
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByText('Enter your domain, for example www.shreeacademy.in')).toBeVisible();
  await section.getByLabel('Add a domain').fill('shree academy');
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByText('Enter a domain like www.shreeacademy.in: letters, digits, hyphens and dots only, no spaces')).toBeVisible();
  await section.getByLabel('Add a domain').fill('demo.localhost');
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByText('This is already your academy address here.', { exact: false })).toBeVisible();

  // Added as typed in a browser's address bar: the bare domain, waiting for its proof.
  await section.getByLabel('Add a domain').fill(`https://${domain.toUpperCase()}/`);
  await section.getByRole('button', { name: 'Add domain' }).click();
  const card = section.getByRole('article', { name: domain });
  await expect(card.getByText('Waiting for proof')).toBeVisible();
  await expect(card).toContainText(`_academy.${domain}`);
  await expect(card).toContainText(`http://${domain}/.well-known/academy-verification`);
  const token = (await card.locator('code').nth(1).textContent())!.trim();
  expect(token).toMatch(/^academy-/);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-own-domain-waiting');

  // Too early: nothing published yet.
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('We could not find the TXT record or the file yet.', { exact: false })).toBeVisible();
  await expect(card.getByText('Waiting for proof')).toBeVisible();

  // The TXT record published: verified.
  publishTxt(`_academy.${domain}`, token);
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Domain verified. Your site now answers at this address too.')).toBeVisible();
  await shoot(page, 'settings-own-domain-verified');

  // Removed, after saying what that means.
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your site stops opening at this domain at once.');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove domain' }).click();
  await expect(card).toHaveCount(0);
});

test("a teacher's session gets no domains, on the screen or from the API", async ({ page }) => {
  await signInAtDemo(page, DEMO_USERS.teacher.email);
  const status = await page.evaluate(async () => (await fetch('/api/admin/domains')).status);
  expect(status).toBe(403);
  // The admin's settings are not a teacher's screen: they land on their own dashboard.
  await page.goto(`${DEMO}/app/settings`);
  await page.waitForURL(`${DEMO}${DEMO_USERS.teacher.home}`);
  await expect(page.getByRole('region', { name: 'Your own domain' })).toHaveCount(0);
});
