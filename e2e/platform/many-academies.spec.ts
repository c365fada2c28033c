import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from '@playwright/test';
import { decodeQuotedPrintable, expect, hasHorizontalOverflow, randomMobile, shootWidths as shoot, test, uniqueToken } from '../fixtures';

/*
 * Many academies (issue 55), on the hosted server of the `many-academies` project (ACADEMY_HOSTING=many,
 * BASE_DOMAIN=localhost, port E2E_PORT + 2): two owners start two academies at the platform's address in a
 * real browser, each lands signed in on its first-run checklist, imports a register from Excel, and
 * neither sees the other's students. Bad input on the way: a reserved and a taken address, a wrong code.
 */

const MANY_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const OUTBOX = path.join(os.tmpdir(), `academy-e2e-many-${MANY_PORT}`, 'outbox');
const PASSWORD = 'Latur-Owner-2026';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The code of the newest sign-up mail to `to` after `since`. */
async function signupCode(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml') && !name.startsWith('.')) : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(OUTBOX, name);
      if (fs.statSync(file).mtimeMs < since - 1000) continue;
      const raw = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const code = /(\d{6}) is your code to start your academy/.exec(raw)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No sign-up code mailed to ${to} in ${OUTBOX}`);
}

async function register(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  sheet.addRow(['Student name', 'Date of birth (DD-MM-YYYY)', 'Gender', 'Parent name', 'Parent phone', 'Batch', 'Already paid (₹)']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Owner = { name: string; email: string; academy: string; slug: string };

/** Fills the sign-up form up to (not including) the submit; answers the code mailed. */
async function fillSignup(page: Page, owner: Owner): Promise<string> {
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('Email').fill(owner.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have sent a 6-digit code' })).toBeVisible();
  const code = await signupCode(owner.email, since);
  await page.getByLabel('Code from the mail').fill(code);
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Academy name').fill(owner.academy);
  await page.getByLabel('Street address').fill('Shivaji Chowk');
  await page.getByLabel('City').fill('Latur');
  await page.getByLabel('Academy phone').fill('9822012345');
  await page.getByLabel('Web address').fill(owner.slug);
  await expect(page.getByTestId('slug-address')).toContainText(`${owner.slug}.localhost:${MANY_PORT} — available`);
  return code;
}

async function startAcademy(browser: Browser, owner: Owner): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${MANY_PORT}` });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Run your coaching academy from one place' })).toBeVisible();
  await page.getByRole('link', { name: 'Start your academy' }).click();
  await expect(page.getByRole('heading', { name: 'Start your academy', level: 1 })).toBeVisible();
  await fillSignup(page, owner);
  await page.getByRole('button', { name: 'Start my academy' }).click();
  // Signed in at the academy's own address, on the first-run checklist.
  await page.waitForURL(`http://${owner.slug}.localhost:${MANY_PORT}/app/dashboard`);
  await expect(page.getByRole('heading', { name: 'Get your academy ready' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('0 of 8 steps done')).toBeVisible();
  return page;
}

async function importRegister(page: Page, names: string[]) {
  // At the academy's own address (the page's context starts at the platform's).
  await page.goto(`${new URL(page.url()).origin}/app/import`);
  await expect(page.getByRole('heading', { name: 'Import students' })).toBeVisible();
  const rows = names.map((name, index) => [name, `1${index}-06-2011`, index % 2 ? 'Male' : 'Female', `Parent of ${name}`, randomMobile(), '', '']);
  await page.locator('input[type="file"]').setInputFiles({ name: 'register.xlsx', mimeType: XLSX, buffer: await register(rows) });
  await page.getByRole('button', { name: `Import ${names.length} rows` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The register was imported' })).toBeVisible();
}

/** The students the signed-in owner's API answers, asked from the page (Node's requests do not resolve *.localhost; Chromium does). */
async function studentNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/students?limit=100');
    if (!response.ok) throw new Error(`students: ${response.status}`);
    return ((await response.json()) as { data: { students: { name: string }[] } }).data.students.map((student) => student.name);
  });
}

test('two owners start two academies, each lands on its checklist, imports a register, and sees only its own students', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const token = uniqueToken('many');
  const first: Owner = { name: 'Sunil Deshmukh', email: `${token}.one@example.com`, academy: `Shree Classes ${token}`, slug: `shree-${token}`.toLowerCase() };
  const second: Owner = { name: 'Anita Jadhav', email: `${token}.two@example.com`, academy: `Vidya Academy ${token}`, slug: `vidya-${token}`.toLowerCase() };

  // The platform's page, at 360 and 1280 px.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Run your coaching academy from one place' })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await shoot(page, 'platform-home');
  // In Marathi too.
  await page.getByRole('button', { name: 'मराठी' }).click();
  await expect(page.getByRole('heading', { name: 'आपली कोचिंग अकॅडमी एकाच ठिकाणाहून चालवा' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();

  // Bad input: nothing filled, a reserved address, an invalid one.
  await page.getByRole('link', { name: 'Start your academy' }).click();
  await page.getByRole('button', { name: 'Start my academy' }).click();
  await expect(page.getByText('Your name is required')).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from the mail')).toBeVisible();
  await page.getByLabel('Web address').fill('admin');
  await expect(page.getByText('This web address is reserved. Please choose another')).toBeVisible();
  await page.getByLabel('Web address').fill('ab');
  await expect(page.getByText('The web address must be at least 3 characters')).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await shoot(page, 'platform-signup-errors');

  // The first owner starts an academy.
  const one = await startAcademy(browser, first);
  expect(await hasHorizontalOverflow(one)).toBe(false);
  await shoot(one, 'first-run-checklist');

  // The second owner: the first's address is taken (said as typed), and a wrong code is refused.
  const context = await browser.newContext({ baseURL: `http://localhost:${MANY_PORT}` });
  const two = await context.newPage();
  await two.goto('/start');
  const code = await fillSignup(two, second);
  await two.getByLabel('Web address').fill(first.slug);
  await expect(two.getByText('This web address is already taken. Please choose another')).toBeVisible();
  await two.getByLabel('Web address').fill(second.slug);
  await expect(two.getByTestId('slug-address')).toContainText('available');
  await two.getByLabel('Code from the mail').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await two.getByRole('button', { name: 'Start my academy' }).click();
  await expect(two.getByText('This code is not correct or has expired. Please ask for a new code.')).toBeVisible();
  await shoot(two, 'platform-signup-wrong-code');
  await two.getByLabel('Code from the mail').fill(code);
  await two.getByRole('button', { name: 'Start my academy' }).click();
  await two.waitForURL(`http://${second.slug}.localhost:${MANY_PORT}/app/dashboard`);
  await expect(two.getByRole('heading', { name: 'Get your academy ready' })).toBeVisible({ timeout: 30_000 });
  const twoAgain = two;

  // Each imports its own register.
  await importRegister(one, [`Asha ${token}`, `Ravi ${token}`]);
  await importRegister(twoAgain, [`Meera ${token}`]);

  // Each sees only its own students; the checklist ticks the register from the records.
  expect((await studentNames(one)).sort()).toEqual([`Asha ${token}`, `Ravi ${token}`]);
  expect(await studentNames(twoAgain)).toEqual([`Meera ${token}`]);
  await one.goto(`http://${first.slug}.localhost:${MANY_PORT}/app/dashboard`);
  await expect(one.locator('[data-step="register"]')).toHaveAttribute('data-done', 'true');
  await expect(one.getByText('1 of 8 steps done')).toBeVisible();
  // The first owner's session is nothing at the second academy's address: its sign-in page.
  await one.goto(`http://${second.slug}.localhost:${MANY_PORT}/app/students`);
  await one.waitForURL(/\/login/);
  await context.close();
});
