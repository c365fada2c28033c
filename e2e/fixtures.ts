import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** The demo academy seeded on a fresh DATA_DIR (apps/api/src/db/seed.ts). */
export const DEMO_PASSWORD = 'latur-demo-2026';
export const DEMO_USERS = {
  admin: { email: 'admin@demo.academy', name: 'Academy Admin', home: '/app/dashboard' },
  teacher: { email: 'priya.kulkarni@demo.academy', name: 'Priya Kulkarni', home: '/app/teacher/dashboard' },
  student: { email: 'aarav.patil@demo.academy', name: 'Aarav Patil', home: '/app/student/dashboard' },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** Fills and submits the real login form (the first field takes an email or a student ID). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email or student ID', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

type Fixtures = {
  /**
   * Signs in as a demo user through the API (fast; the login form has its own tests) and opens their
   * dashboard, or `to` when given (straight there, as a bookmark would: each page opened is the whole app
   * downloaded and started again in a new browser, seconds on a busy 2-core machine).
   */
  loginAs: (role: DemoRole, to?: string) => Promise<void>;
  /**
   * Signs in as a demo user through the API and opens nothing: for a test that prepares its records
   * through the API before its first page (opening the dashboard first would be a whole page load for nothing).
   */
  signIn: (role: DemoRole) => Promise<void>;
};

async function signInByApi(page: Page, role: DemoRole) {
  const response = await page.request.post('/api/auth/login', { data: { email: DEMO_USERS[role].email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

export const test = base.extend<Fixtures>({
  loginAs: async ({ page }, use) => {
    await use(async (role, to) => {
      await signInByApi(page, role);
      if (to !== undefined) {
        await page.goto(to);
        return;
      }
      await page.goto(DEMO_USERS[role].home);
      await expect(page).toHaveURL(DEMO_USERS[role].home);
    });
  },
  signIn: async ({ page }, use) => {
    await use((role) => signInByApi(page, role));
  },
});

/** The e2e server's data folder (playwright.config.ts); without SMTP its mails land in `outbox/`. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `academy-e2e-${process.env.E2E_PORT ?? 3100}`);

/** A quoted-printable body as text: soft line breaks joined, =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Waits for a mail to `to` written after `since` (ms since epoch) and returns the first link in it
 * whose path starts with `pathPrefix`, e.g. the reset link of a forgot-password mail.
 */
export async function waitForMailLink(to: string, pathPrefix: string, since: number, timeoutMs = 15_000): Promise<URL> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const linkPattern = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s"'<>]*`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml') && !name.startsWith('.')) : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(outbox, name);
      if (fs.statSync(file).mtimeMs < since - 1000) continue;
      const raw = fs.readFileSync(file, 'utf8');
      const [head = ''] = raw.split(/\r?\n\r?\n/);
      const toHeader = /^To:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
      if (!toHeader.toLowerCase().includes(to.toLowerCase())) continue;
      const link = linkPattern.exec(decodeQuotedPrintable(raw))?.[0];
      if (link) return new URL(link);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a ${pathPrefix} link in ${outbox}`);
}

export { expect };

/** Today (or another day) in the academy's time zone, as YYYY-MM-DD. */
export function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** A short token unique to this run and call, to tell this test's records from everyone else's. */
export function uniqueToken(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A random valid Indian mobile number (10 digits starting with 9). */
export function randomMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** How the app shows a ten-digit mobile number: "9822012345" → "+91 98220 12345". */
export function shownPhone(mobile: string): string {
  return `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}

/**
 * Signs in with the real API in a fresh, cookie-free request context (not the page's session) and
 * returns the status; 200 means the account may sign in.
 */
export async function apiLoginStatus(baseURL: string, email: string, password: string): Promise<number> {
  const { request } = await import('@playwright/test');
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post('/api/auth/login', { data: { email, password } });
    return response.status();
  } finally {
    await context.dispose();
  }
}

/** Creates a student as the signed-in admin of `page` (through the API) and returns its `_id`. */
export async function createStudentByApi(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/students', { data: body });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Creates a teacher as the signed-in admin of `page` (through the API) and returns its `_id`. */
export async function createTeacherByApi(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/teachers', { data: body });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/**
 * True when the page stays wider than the window (a sideways scroll on a phone). Right after a resize
 * the layout may still be catching up (media-query hooks re-render a frame or more later; a CI run
 * caught the 1280 px layout in a 360 px window), so an overflow is measured again, frame after frame,
 * for up to 5 s before it counts (a real overflow stays).
 */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const overflows = () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
    const until = Date.now() + 5000;
    while (overflows() && Date.now() < until) await new Promise((resolve) => requestAnimationFrame(resolve));
    return overflows();
  });
}

/** None of the screen's own English texts is left (names and emails are data and stay as typed). */
export async function expectNoEnglish(area: Locator, texts: string[]) {
  const shown = await area.innerText();
  for (const text of texts) expect(shown, `"${text}" is still English`).not.toContain(text);
}

/**
 * Creates a batch as the signed-in admin of `page` (through the API) and returns its `_id`. The
 * standard and subject are the demo academy's first ones unless given; the teacher must be given
 * (a teacher of the test's own, so no schedule clashes with other tests).
 */
export async function createBatchByApi(page: Page, body: { name: string; teacher: string } & Record<string, unknown>): Promise<string> {
  const first = async (url: string) => ((await (await page.request.get(url)).json()) as { data: { _id: string }[] }).data[0]!._id;
  const response = await page.request.post('/api/batches', {
    data: {
      standard: await first('/api/standards'),
      subject: await first('/api/subjects'),
      schedule: { days: ['mon', 'wed', 'fri'], startTime: '07:00', endTime: '08:00' },
      startDate: '2026-06-01',
      endDate: '2027-03-31',
      capacity: 30,
      ...body,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Enrols a student in a batch as the signed-in admin of `page`. */
export async function enrolByApi(page: Page, batchId: string, studentId: string): Promise<void> {
  const response = await page.request.put(`/api/batches/${batchId}/students/${studentId}/add?confirm=true`);
  expect(response.status()).toBe(200);
}

/**
 * Waits for a mail to `to` written after `since` (ms since epoch) whose decoded text matches
 * `pattern`, and returns the first capture group (or the whole match), e.g. a 6-digit code.
 */
export async function waitForMailText(to: string, pattern: RegExp, since: number, timeoutMs = 15_000): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml') && !name.startsWith('.')) : [];
    for (const name of files.sort().reverse()) {
      const file = path.join(outbox, name);
      if (fs.statSync(file).mtimeMs < since - 1000) continue;
      const raw = fs.readFileSync(file, 'utf8');
      const [head = ''] = raw.split(/\r?\n\r?\n/);
      const toHeader = /^To:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
      if (!toHeader.toLowerCase().includes(to.toLowerCase())) continue;
      const match = pattern.exec(decodeQuotedPrintable(raw));
      if (match) return match[1] ?? match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} matching ${pattern} in ${outbox}`);
}

/** The code of the newest verification mail to `to` (the admission form's email check). */
export function waitForVerificationCode(to: string, since: number): Promise<string> {
  return waitForMailText(to, /code[^\n]*is:\s*(\d{6})/i, since);
}

/**
 * Applies for admission through the API as a visitor would (code, proof, application) and returns
 * nothing; the enquiry then waits in the admin's New Registrations.
 */
export async function applyByApi(page: Page, body: { studentName: string; email: string; phone: string } & Record<string, unknown>): Promise<void> {
  const since = Date.now();
  expect((await page.request.post('/api/email-verification/send-otp', { data: { email: body.email } })).status()).toBe(200);
  const otp = await waitForVerificationCode(body.email, since);
  const verified = await page.request.post('/api/email-verification/verify-otp', { data: { email: body.email, otp } });
  expect(verified.status()).toBe(200);
  const { verificationToken } = ((await verified.json()) as { data: { verificationToken: string } }).data;
  const standards = ((await (await page.request.get('/api/public/courses')).json()) as { data: { standards: { _id: string; name: string }[] } }).data.standards;
  const response = await page.request.post('/api/admission-enquiries', {
    data: { standard: standards.find((standard) => standard.name === '10th Standard')!._id, ...body, verificationToken },
  });
  expect(response.status()).toBe(201);
}

/** Optional screenshots at 360 and 1280 px (E2E_SHOTS_DIR=/tmp/…), to look at a screen as a user would. */
export async function shootWidths(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** How every element of the page is drawn: the box, the type and the colours (what a missing rule changes). */
export function drawing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const properties = [
      'display', 'position', 'box-sizing', 'width', 'height', 'margin', 'padding', 'gap', 'font-family', 'font-size', 'font-weight', 'line-height',
      'color', 'background-color', 'border-width', 'border-style', 'border-color', 'border-radius', 'text-align', 'text-decoration-line', 'visibility', 'opacity',
    ];
    return Array.from(document.querySelectorAll('#root *')).map((element) => {
      const style = getComputedStyle(element);
      const label = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
      return `${label} ${properties.map((property) => `${property}:${style.getPropertyValue(property)}`).join(';')}`;
    });
  });
}
