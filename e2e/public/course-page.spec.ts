import fs from 'node:fs';
import { createBatchByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, randomMobile, shootWidths, test, uniqueToken, waitForVerificationCode } from '../fixtures';

/*
 * A course's own page (issue 41): a family finds a batch on /courses, opens its page (schedule,
 * teacher, seats left), and its Apply opens the admission form with the course chosen. The page is in
 * Marathi at /mr/…, carries its structured data and share card for search engines and WhatsApp, and an
 * address of no open course is the site's not-found page with a 404.
 */

/** Today plus some days in the academy's time zone, as YYYY-MM-DD. */
function academyDay(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** The width and height of a PNG, from its IHDR chunk. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

test('a family opens a course from /courses, reads it and applies with it chosen', async ({ page, browser }) => {
  // Mail round trip, several pages, a second browser for the office: a long journey on a shared machine.
  test.setTimeout(120_000);
  const token = uniqueToken('course');
  const batchName = `Physics Evening ${token}`;
  const teacherName = `Teacher ${token}`;

  // The office opens a batch (its own teacher, so no clash with other tests), in a browser of its own.
  const office = await browser.newContext();
  const officePage = await office.newPage();
  expect((await officePage.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const { standards } = ((await (await officePage.request.get('/api/public/courses')).json()) as { data: { standards: { _id: string; name: string; subjects: { _id: string; name: string }[] }[] } }).data;
  const standard = standards.find((candidate) => candidate.subjects.length > 0)!;
  const subject = standard.subjects[0]!;
  const teacher = await createTeacherByApi(officePage, { name: teacherName, email: `${token}.t@example.com` });
  const batchId = await createBatchByApi(officePage, {
    name: batchName,
    teacher,
    standard: standard._id,
    subject: subject._id,
    schedule: { days: ['tue', 'thu'], startTime: '17:00', endTime: '18:30' },
    startDate: academyDay(-10),
    endDate: academyDay(200),
    capacity: 25,
  });
  // Its fees, which the office shows on the site (issue 42, point 14).
  const plan = await officePage.request.post('/api/fee-plans', {
    data: { name: `Fees ${token}`, batch: batchId, amount: '18000', showOnSite: true, instalments: [0, 60, 120].map((days) => ({ dueDate: academyDay(days), amount: '6000' })) },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  await office.close();

  // A visitor finds it on /courses: one standard at a time (the address keeps the choice), Apply on its card.
  await page.goto('/courses');
  const filters = page.getByRole('group', { name: 'Show the courses of' });
  await filters.getByRole('button', { name: standard.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]standard=${standard._id}`));
  await expect(filters.getByRole('button', { name: standard.name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const other of standards.filter((candidate) => candidate._id !== standard._id))
    await expect(page.getByRole('heading', { level: 2, name: other.name, exact: true })).toHaveCount(0);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await shootWidths(page, 'courses-one-standard');
  await expect(page.getByRole('article', { name: batchName })).toContainText('₹18,000 in 3 instalments');
  await page.getByRole('article', { name: batchName }).getByRole('link', { name: `Apply for this batch: ${batchName}` }).click();
  await expect(page).toHaveURL(/\/admission\?course=/);
  await expect(page.getByText(`Applying for ${batchName}`)).toBeVisible();
  await page.goBack();
  await filters.getByRole('button', { name: 'All standards' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  // And opens its page.
  await page.getByRole('link', { name: batchName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/physics-evening-${token.toLowerCase()}-[0-9a-f]{10}$`));
  const courseUrl = new URL(page.url());
  await expect(page.getByRole('heading', { level: 1, name: batchName })).toBeVisible();
  await expect(page).toHaveTitle(`${batchName} | Shree Academy, Latur`);
  const facts = page.locator('dl');
  await expect(facts.getByText(standard.name, { exact: true })).toBeVisible();
  await expect(facts.getByText(subject.name, { exact: true })).toBeVisible();
  await expect(facts.getByText('Tue, Thu · 5:00 PM – 6:30 PM')).toBeVisible();
  await expect(facts.getByText(teacherName)).toBeVisible();
  await expect(facts.getByText('25 seats left')).toBeVisible();
  await expect(facts.getByText('₹18,000 in 3 instalments')).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await shootWidths(page, 'course-page');

  // The server's page carries its structured data and a share card that answers a 1200x630 PNG.
  const html = await (await page.request.get(courseUrl.pathname)).text();
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { '@graph': { '@type': unknown; name?: string }[] };
  expect(jsonLd['@graph'].find((thing) => thing['@type'] === 'Course')?.name).toBe(batchName);
  const ogImage = /<meta property="og:image" content="([^"]+)">/.exec(html)![1]!.replace(/&amp;/g, '&');
  expect(ogImage).toMatch(/\/api\/public\/share-image\/courses\/.+\.png\?lang=en$/);
  const image = await page.request.get(new URL(ogImage).pathname + new URL(ogImage).search);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(pngSize(await image.body())).toEqual([1200, 630]);

  // Apply: the admission form names the course; once the email is proven, its standard and subject are chosen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('link', { name: 'Apply for this course' }).click();
  await expect(page).toHaveURL(/\/admission\?course=/);
  await expect(page.getByText(`Applying for ${batchName}`)).toBeVisible();
  const email = `${token}@example.in`;
  await page.getByLabel("Student's mobile number").fill(randomMobile());
  await page.getByLabel('Student name').fill(`Aditi ${token}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await waitForVerificationCode(email, sentAt));
  await expect(page.getByText('Email verified')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Studies' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Standard' })).toHaveValue(standard.name);
  await expect(page.getByRole('checkbox', { name: subject.name, exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(`I would like to join the batch ${batchName} (Tue, Thu · 5:00 PM – 6:30 PM).`);

  // The same page in Marathi: its words in Marathi, its share card in Marathi.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/mr${courseUrl.pathname}`);
  await expect(page.getByRole('heading', { level: 1, name: batchName })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
  await expect(page.getByText('शिक्षक', { exact: true })).toBeVisible();
  await expect(page.getByText('मंगळ, गुरु · संध्याकाळी 5:00 – 6:30')).toBeVisible();
  await expect(page.getByRole('link', { name: 'या कोर्ससाठी अर्ज करा' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'सर्व कोर्स' })).toBeVisible();
  await shootWidths(page, 'course-page-mr');

  // The share cards, to look at (E2E_SHOTS_DIR).
  if (process.env.E2E_SHOTS_DIR) {
    for (const language of ['en', 'mr']) {
      const card = await page.request.get(`${new URL(ogImage).pathname}?lang=${language}`);
      fs.writeFileSync(`${process.env.E2E_SHOTS_DIR}/share-card-${language}.png`, await card.body());
    }
  }
});

test('an address of no open course is the not-found page, with a 404', async ({ page }) => {
  const response = await page.goto('/courses/no-such-course-0000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home Page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
