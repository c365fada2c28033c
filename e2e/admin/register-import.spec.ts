import ExcelJS from 'exceljs';
import { createBatchByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, randomMobile, shootWidths as shoot, test, uniqueToken } from '../fixtures';

async function register(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Students');
  sheet.addRow(['Student name', 'Date of birth (DD-MM-YYYY)', 'Gender', 'Parent name', 'Parent phone', 'Batch', 'Already paid (₹)']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('import: the office downloads the template, checks a register with a wrong phone, fixes it, imports three students with an opening payment, and undoes it; a teacher cannot', async ({ signIn, page, browser }) => {
  test.setTimeout(180_000);
  await signIn('admin');
  const token = uniqueToken('imp');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchName = `Import batch ${token}`;
  const batchId = await createBatchByApi(page, { name: batchName, teacher });
  expect((await page.request.post('/api/fee-plans', { data: { name: 'Yearly', batch: batchId, amount: 10000, instalments: [{ dueDate: '2026-07-01', amount: 10000 }] } })).status()).toBe(201);
  const siblingsPhone = randomMobile();
  const rows = [
    [`Asha ${token}`, '14-08-2011', 'Female', `Sunita ${token}`, siblingsPhone, batchName, '2,000'],
    [`Ravi ${token}`, '02-01-2013', 'Male', `Sunita ${token}`, siblingsPhone, batchName, ''],
    [`Kiran ${token}`, '30-11-2011', 'Male', `Anil ${token}`, randomMobile(), batchName, ''],
  ];
  const wrong = rows.map((row) => [...row]);
  wrong[2]![4] = '12345';

  await page.goto('/app/import');
  await expect(page.getByRole('heading', { name: 'Import students' })).toBeVisible();
  // The template downloads in the chosen language.
  await page.getByText('मराठी', { exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the template' }).click();
  expect((await download).suggestedFilename()).toBe('student-register-template-mr.xlsx');

  // A register with a wrong phone: the row and column are named, the cell is red, and nothing can be imported.
  await page.locator('input[type="file"]').setInputFiles({ name: 'register.xlsx', mimeType: XLSX, buffer: await register(wrong) });
  const problems = page.getByRole('alert').filter({ hasText: 'Correct these rows in the file, then choose it again' });
  await expect(problems).toContainText('Row 4, Parent phone: Enter a 10-digit Indian mobile number, optionally starting with +91');
  await expect(page.locator('td[data-error="true"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Import \d+ rows$/ })).toHaveCount(0);
  await shoot(page, 'import-errors');

  // Fixed: three new students, two parents (siblings share one), three enrolments, one opening payment.
  await page.locator('input[type="file"]').setInputFiles({ name: 'register.xlsx', mimeType: XLSX, buffer: await register(rows) });
  await expect(page.getByText('1 opening payments will be receipted as carried over from the register (no message goes to families).')).toBeVisible();
  await shoot(page, 'import-preview');
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  const done = page.getByRole('status').filter({ hasText: 'The register was imported' });
  await expect(done).toContainText('3 new students, 0 updated, 0 already as in the register; 2 new parents, 1 linked; 3 enrolments; 1 opening payments.');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'import-done');

  // The students are there, in the batch.
  const list = await page.request.get(`/api/students?search=${encodeURIComponent(token)}&batchId=${batchId}`);
  expect(((await list.json()) as { data: { pagination: { total: number } } }).data.pagination.total).toBe(3);

  // A teacher can neither open the screen's data nor import.
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  expect((await teacherPage.request.post('/api/auth/login', { data: { email: DEMO_USERS.teacher.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  expect((await teacherPage.request.get('/api/imports')).status()).toBe(403);
  await teacherContext.close();

  // Undo: the three students go.
  const past = page.locator('div').filter({ hasText: /^register\.xlsx/ }).last();
  await expect(past).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The import was undone' })).toBeVisible();
  const after = await page.request.get(`/api/students?search=${encodeURIComponent(token)}`);
  expect(((await after.json()) as { data: { pagination: { total: number } } }).data.pagination.total).toBe(0);
});
