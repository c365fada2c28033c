import type { APIRequestContext } from '@playwright/test';
import { expect, hasHorizontalOverflow, submitLogin, test, uniqueToken, DEMO_PASSWORD, DEMO_USERS } from '../fixtures';

type Json = { data: { _id: string } & Record<string, unknown> };
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const SHOTS = process.env.PARENT_VIEWS_SHOTS; // e.g. /tmp/shots-parent-views: screenshots at 360 and 1280 px

/**
 * As the admin and the batch's teacher (their own cookie jars): a batch with a fee plan, a child with a
 * payment and a published test, the child's parent (linked by the office) and another family's child.
 */
async function setUp(admin: APIRequestContext, teacher: APIRequestContext, token: string) {
  expect((await admin.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const json = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.status(), await response.text()).toBeLessThan(300);
    return ((await response.json()) as Json).data;
  };
  const teacherEmail = `${token}.t@example.com`;
  const teacherRecord = await json(await admin.post('/api/teachers', { data: { name: `Teacher ${token}`, email: teacherEmail, password: 'teacher-pass-2026' } }));
  const standards = (await (await admin.get('/api/standards')).json()) as { data: { _id: string }[] };
  const subjects = (await (await admin.get('/api/subjects')).json()) as { data: { _id: string }[] };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const batch = await json(
    await admin.post('/api/batches', {
      data: {
        name: `Family fees ${token}`,
        teacher: teacherRecord._id,
        standard: standards.data[0]!._id,
        subject: subjects.data[0]!._id,
        schedule: { days: WEEK, startTime: '06:00', endTime: '06:45' },
        startDate: today,
        endDate: `${Number(today.slice(0, 4)) + 1}-03-31`,
        capacity: 10,
      },
    }),
  );
  const student = async (first: string) => json(await admin.post('/api/students', { data: { name: `${first} ${token}`, email: `${first.toLowerCase()}.${token}@example.com`, password: 'student-pass-2026' } }));
  const child = await student('Kavya');
  const stranger = await student('Other');
  for (const entry of [child, stranger]) expect((await admin.put(`/api/batches/${batch._id}/students/${entry._id}/add`)).status()).toBe(200);
  await json(await admin.post('/api/fee-plans', { data: { name: `Fees ${token}`, batch: batch._id, amount: 12000, instalments: [{ dueDate: today, amount: 12000 }] } }));
  await json(await admin.post(`/api/students/${child._id}/payments`, { data: { amount: 2500, date: today, mode: 'cash' } }));
  const parentEmail = `${token}.p@example.com`;
  await json(await admin.post(`/api/students/${child._id}/parents`, { data: { name: `Sunita ${token}`, email: parentEmail, relation: 'mother', password: 'parent-pass-2026' } }));

  expect((await teacher.post('/api/auth/login', { data: { email: teacherEmail, password: 'teacher-pass-2026' } })).status()).toBe(200);
  const weekly = await json(await teacher.post(`/api/batches/${batch._id}/tests`, { data: { name: `Weekly ${token}`, date: today, maxMarks: 40 } }));
  await json(await teacher.put(`/api/tests/${weekly._id}/marks`, { data: { marks: [{ studentId: child._id, marks: 32.5 }, { studentId: stranger._id, marks: 28 }] } }));
  await json(await teacher.post(`/api/tests/${weekly._id}/publish`));
  return { child, stranger, parentEmail };
}

test.describe("a parent's fees and tests", () => {
  test("the parent sees their child's balance (as the child does) and marks, downloads the report card; another family's child is not found", async ({ browser, playwright, baseURL }) => {
    test.setTimeout(90_000);
    const token = uniqueToken('pft');
    const admin = await playwright.request.newContext({ baseURL });
    const teacher = await playwright.request.newContext({ baseURL });
    const { child, stranger, parentEmail } = await setUp(admin, teacher, token);

    // The child's own view of the balance.
    const childContext = await browser.newContext({ baseURL });
    const childPage = await childContext.newPage();
    await childPage.goto('/login');
    await submitLogin(childPage, `kavya.${token}@example.com`, 'student-pass-2026');
    await expect(childPage).toHaveURL(/\/app\/student\//, { timeout: 20_000 });
    await childPage.goto('/app/student/fees');
    await expect(childPage.getByTestId('ledger-balance')).toHaveText('₹9,500', { timeout: 30_000 });

    // The parent, on a phone.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL });
    const page = await phone.newPage();
    await page.goto('/login');
    await submitLogin(page, parentEmail, 'parent-pass-2026');
    await expect(page).toHaveURL('/app/parent/dashboard');
    await page.goto('/app/parent/fees');
    await expect(page.getByTestId('child-name')).toHaveText(`Kavya ${token}`);
    await expect(page.getByTestId('ledger-balance')).toHaveText(await childPage.getByTestId('ledger-balance').innerText());
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/parent-fees-360.png`, fullPage: true });

    await page.goto('/app/parent/tests');
    await expect(page.getByTestId('own-marks')).toHaveText('32.5 / 40', { timeout: 20_000 });
    await expect(page.getByTestId('own-rank')).toContainText('1');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/parent-tests-360.png`, fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Report card (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe(`report-card-Kavya-${token}.pdf`);

    // Another family's child: not found, through the screen's addresses and the download.
    for (const url of [`/api/parent/children/${stranger._id}/fees`, `/api/parent/children/${stranger._id}/tests`, `/api/students/${stranger._id}/report-card.pdf`]) {
      expect((await page.request.get(url)).status(), url).toBe(404);
    }
    expect((await page.request.get(`/api/parent/children/${child._id}/fees`)).status()).toBe(200);
    // A wrong role: the child cannot use the parent's address.
    expect((await childPage.request.get(`/api/parent/children/${child._id}/fees`)).status()).toBe(403);

    if (SHOTS) {
      const wide = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL, storageState: await phone.storageState() });
      const widePage = await wide.newPage();
      await widePage.goto('/app/parent/tests');
      await expect(widePage.getByTestId('own-marks')).toBeVisible({ timeout: 20_000 });
      await widePage.screenshot({ path: `${SHOTS}/parent-tests-1280.png`, fullPage: true });
      await widePage.goto('/app/parent/fees');
      await expect(widePage.getByTestId('ledger-balance')).toBeVisible({ timeout: 20_000 });
      await widePage.screenshot({ path: `${SHOTS}/parent-fees-1280.png`, fullPage: true });
      await wide.close();
    }

    await childContext.close();
    await phone.close();
    await teacher.dispose();
    await admin.dispose();
  });
});
