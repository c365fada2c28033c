import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, test, uniqueToken } from '../fixtures';

/** Today plus some days in the academy's time zone, as YYYY-MM-DD. */
function academyDay(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

test('fees: removing a student from a batch with a fee plan can cancel their unpaid dues', async ({ signIn, page }) => {
  test.setTimeout(120_000);
  await signIn('admin');
  const token = uniqueToken('feerm');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchName = `Remove fees ${token}`;
  const batchId = await createBatchByApi(page, { name: batchName, teacher });
  const studentName = `Leaving Student ${token}`;
  const studentId = await createStudentByApi(page, { name: studentName, email: `${token}.s@example.com` });
  const plan = await page.request.post('/api/fee-plans', {
    data: { name: `Plan ${token}`, batch: batchId, amount: 9000, instalments: [{ dueDate: academyDay(30), amount: 9000 }] },
  });
  expect(plan.status()).toBe(201);
  await enrolByApi(page, batchId, studentId);

  await page.goto(`/app/students/${studentId}`);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹9,000', { timeout: 30_000 });

  // The remove dialog offers to cancel the dues (unticked by default); the office ticks it.
  await page.goto(`/app/batches/${batchId}`);
  await page.getByRole('button', { name: `Remove ${studentName}` }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Remove student' });
  const cancelDues = dialog.getByRole('checkbox', { name: 'Also cancel their unpaid fees for this batch' });
  await expect(cancelDues).not.toBeChecked();
  await cancelDues.check();
  // Optional screenshots at 360 and 1280 px (E2E_SHOTS_DIR=/tmp/…), to look at the dialog.
  if (process.env.E2E_SHOTS_DIR) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/remove-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Student removed', { exact: true })).toBeVisible();

  await page.goto(`/app/students/${studentId}`);
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹0', { timeout: 30_000 });
  await expect(fees.getByText('Cancelled', { exact: true })).toBeVisible();
});
