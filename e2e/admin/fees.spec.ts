import type { Browser, Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, DEMO_PASSWORD, DEMO_USERS, enrolByApi, expect, hasHorizontalOverflow, shootWidths as shoot, test, uniqueToken, waitForMailText } from '../fixtures';

/** Today (or another day) in the academy's time zone, as YYYY-MM-DD. */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' as a person types it in the app's date field: DD-MM-YYYY. */
const typed = (isoDate: string) => isoDate.split('-').reverse().join('-');

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  return page;
}

test('fees: a plan for a batch, a UPI payment tapped twice (one receipt), the PDF, a cancellation, the overdue list and a reminder; the student sees the same balance; a teacher sees nothing', async ({ signIn, page, browser }) => {
  test.setTimeout(300_000);
  await signIn('admin');
  const token = uniqueToken('fee');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchName = `Fees batch ${token}`;
  const batchId = await createBatchByApi(page, { name: batchName, teacher });
  const studentEmail = `${token}.s@example.com`;
  const studentPassword = 'student-pass-2026';
  const studentId = await createStudentByApi(page, { name: `Fee Student ${token}`, email: studentEmail, password: studentPassword });

  // The student is in the batch already; the admin makes an ₹18,000 plan in three instalments for it
  // (the first already overdue for them: they were there when it fell due).
  await enrolByApi(page, batchId, studentId);
  await page.goto('/app/fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  await page.getByRole('tab', { name: 'Fee plans' }).click();
  await page.getByRole('button', { name: 'New fee plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New fee plan' });
  await dialog.getByRole('textbox', { name: 'Plan name' }).fill(`Plan ${token}`);
  await dialog.getByRole('combobox', { name: 'Batch' }).fill(batchName);
  await page.getByRole('option', { name: batchName }).click();
  await dialog.getByRole('textbox', { name: 'Total amount (₹)' }).fill('18000');
  await dialog.getByRole('button', { name: 'Add instalment' }).click();
  await dialog.getByRole('button', { name: 'Add instalment' }).click();
  const days = [academyDay(-10), academyDay(0), academyDay(60)];
  for (const [index, day] of days.entries()) {
    await dialog.getByRole('textbox', { name: 'Due date' }).nth(index).fill(typed(day));
    await dialog.getByRole('textbox', { name: 'Amount (₹)', exact: true }).nth(index).fill(index === 2 ? '5000' : '6000');
  }
  // Instalments that do not add up: refused in our words.
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog.getByText('The instalments must add up to the plan amount')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount (₹)', exact: true }).nth(2).fill('6000');
  await expect(dialog.getByText('Instalments add up')).toBeVisible();
  // Families may see it on the batch's course card (issue 42, point 14).
  await dialog.getByRole('checkbox', { name: 'Show these fees on the website' }).check();
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`plan-Plan ${token}`)).toContainText('₹18,000', { timeout: 30_000 });
  const courses = (await (await page.request.get('/api/public/courses')).json()) as { data: { batches: { name: string; fees: unknown[] }[] } };
  expect(courses.data.batches.find((batch) => batch.name === batchName)?.fees).toEqual([{ name: `Plan ${token}`, amount: 18000, instalments: 3 }]);

  // The plan gave the batch's student its dues.
  await page.goto(`/app/students/${studentId}`);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹18,000', { timeout: 30_000 });
  // Due now (issue 73): the overdue instalment and today's, as the reminder and the pay page count it.
  await expect(fees.getByTestId('ledger-due-now')).toHaveText('₹12,000');
  await shoot(page, 'ledger');

  // A student who joins today, from the batch page, is asked how to pay what fell due before (issue 42):
  // after a grace period (the default) or only the months left; either way nothing is overdue on day one.
  const lateId = await createStudentByApi(page, { name: `Late Joiner ${token}`, email: `${token}.late@example.com` });
  await page.goto(`/app/batches/${batchId}/add-existing-student`);
  const choice = page.getByRole('radiogroup', { name: 'Fees already due in this batch' });
  await expect(choice).toHaveAccessibleDescription('₹6,000 of this batch\'s fees fell due before today. How does a student joining today pay?');
  const shift = choice.getByRole('radio', { name: 'Pay them after a grace period' });
  await expect(shift).toBeChecked();
  await expect(choice).toContainText(`The ₹6,000 already due falls due on ${typed(academyDay(7))} (7 days from today); the rest as planned.`);
  const prorate = choice.getByRole('radio', { name: 'Pay for the months left' });
  const offer = /₹([\d,]+) instead of ₹18,000: (\d+) months? of (\d+), over the instalments still to come\./;
  await expect(choice).toContainText(offer);
  const offered = Number(offer.exec((await choice.textContent()) ?? '')![1]!.replace(/,/g, ''));
  await shoot(page, 'late-join-choice');
  await prorate.check();
  await page.getByLabel('Search students').fill(`Late Joiner ${token}`);
  await page.getByRole('checkbox', { name: `Late Joiner ${token}` }).check();
  await page.getByRole('button', { name: /^Enrol/ }).click();
  await expect(page).toHaveURL(`/app/batches/${batchId}`);
  const lateLedger = (await (await page.request.get(`/api/students/${lateId}/fees`)).json()).data;
  // Pro-rated: the instalment due before today dropped, the months left over the other two, in whole rupees.
  expect(lateLedger.totals.overdue).toBe(0);
  expect(lateLedger.dues.map((due: { dueDate: string }) => due.dueDate)).toEqual([academyDay(0), academyDay(60)]);
  expect(lateLedger.dues.every((due: { amount: number }) => Number.isInteger(due.amount))).toBe(true);
  expect(lateLedger.totals.due).toBe(offered);
  await page.goto(`/app/students/${studentId}`);
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹18,000', { timeout: 30_000 });

  // Record payment: bad input first (three decimals, nothing), then a UPI payment tapped twice.
  await fees.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  const amount = pay.getByRole('textbox', { name: 'Amount (₹)', exact: true });
  // Filled in with what is usually paid: the oldest open due's balance, not the whole ₹18,000.
  await expect(amount).toHaveValue('6,000');
  await amount.fill('12.345');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText('The amount can have at most two decimals (paise)')).toBeVisible();
  await amount.fill('');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText('Enter an amount in rupees, for example 1500 or 1500.50')).toBeVisible();
  await amount.fill('99999');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText('This payment is more than the ₹18,000 still due')).toBeVisible();
  await amount.fill('3000');
  // The date field (DD-MM-YYYY) starts on today and refuses a day in the future; the payment is yesterday's.
  const paidOn = pay.getByRole('textbox', { name: 'Date' });
  await expect(paidOn).toHaveValue(typed(academyDay()));
  await paidOn.fill(typed(academyDay(1)));
  await paidOn.blur();
  await expect(pay.getByText(`Choose a date on or before ${typed(academyDay())}`)).toBeVisible();
  // Nor a day before the previous financial year began (1 April; no lock date is set in Settings).
  const today = academyDay();
  const earliest = `${Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 4 ? 1 : 2)}-04-01`;
  await paidOn.fill(typed(`${earliest.slice(0, 4)}-03-31`));
  await paidOn.blur();
  await expect(pay.getByText(`Choose a date on or after ${typed(earliest)}`)).toBeVisible();
  await paidOn.fill(typed(academyDay(-1)));
  await paidOn.blur();
  await expect(paidOn).toHaveValue(typed(academyDay(-1)));
  // Escape closes the open calendar, not the form around it (what was typed stays).
  await paidOn.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(pay).toBeVisible();
  await expect(amount).toHaveValue('3,000');
  await pay.getByText('UPI', { exact: true }).click();
  await pay.getByRole('textbox', { name: 'UPI transaction id' }).fill(`UPI${token}`);
  await shoot(page, 'record-payment');
  const paidAt = Date.now();
  await pay.getByRole('button', { name: 'Record payment' }).dblclick();
  await expect(pay).toBeHidden();
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹15,000');
  let ledger = (await (await page.request.get(`/api/students/${studentId}/fees`)).json()).data;
  expect(ledger.payments).toHaveLength(1);
  const receipt = ledger.payments[0];
  expect(receipt).toMatchObject({ amount: 3000, mode: 'upi', reference: `UPI${token}`, date: academyDay(-1) });
  // The notice names the receipt and prints it in one tap.
  const notice = page.getByRole('alert').filter({ hasText: `Receipt ${receipt.number}` });
  await expect(notice).toContainText('Payment recorded');
  await expect(notice.getByRole('link', { name: 'Print' })).toHaveAttribute('href', `/api/receipts/${receipt._id}/pdf`);
  // And where the receipt goes (issue 42): no parent is linked, so the student's own email.
  await expect(notice.getByTestId('receipt-sent-to')).toHaveText(`Sent to Fee Student ${token} (email)`);

  // The same Idempotency-Key twice at once (a double tap that reached the server): one receipt.
  const payment = { amount: 1000, date: academyDay(), mode: 'cash' };
  const headers = { 'Idempotency-Key': `e2e-${token}` };
  const [first, second] = await Promise.all([page.request.post(`/api/students/${studentId}/payments`, { data: payment, headers }), page.request.post(`/api/students/${studentId}/payments`, { data: payment, headers })]);
  expect([first.status(), second.status()].sort()).toEqual([200, 201]);
  const repeated = (await first.json()).data;
  expect((await second.json()).data._id).toBe(repeated._id);
  ledger = (await (await page.request.get(`/api/students/${studentId}/fees`)).json()).data;
  expect(ledger.payments).toHaveLength(2);

  // The printable receipt.
  const pdf = await page.request.get(`/api/receipts/${receipt._id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(receipt.number);
  // The receipt is mailed to the family (this student has no parent linked: to their own email).
  await waitForMailText(studentEmail, new RegExp(`: receipt ${receipt.number.replace('/', '\\/')}\\.`), paidAt, 40_000);

  // Cancel the cash receipt with a reason: it stays, marked cancelled, and its amount is owed again.
  await page.reload();
  const cashCard = page.getByTestId(`receipt-${repeated.number}`);
  await cashCard.getByRole('button', { name: 'Cancel receipt' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel receipt ${repeated.number}` });
  await cancel.getByRole('button', { name: 'Cancel receipt' }).click();
  await expect(cancel.getByText('Give a reason for the cancellation')).toBeVisible();
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Entered twice by mistake');
  await cancel.getByRole('button', { name: 'Cancel receipt' }).click();
  await expect(cancel).toBeHidden();
  await expect(cashCard).toContainText('Cancelled', { timeout: 30_000 });
  await expect(cashCard).toContainText('Entered twice by mistake');
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹15,000');

  // The overdue list: the rest of the first instalment; a reminder goes out by mail (the outbox).
  await page.goto('/app/fees');
  await page.getByRole('combobox', { name: 'Batch' }).fill(batchName);
  await page.getByRole('option', { name: batchName }).click();
  const row = page.getByRole('row', { name: new RegExp(`Fee Student ${token}`) });
  await expect(row).toContainText('₹3,000', { timeout: 30_000 });
  await expect(row).toContainText('Overdue');
  await shoot(page, 'fees');
  const since = Date.now();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Remind selected (1)' }).click();
  await expect(page.getByText('1 sent, 0 skipped (already reminded this week)')).toBeVisible();
  await waitForMailText(studentEmail, /(fee reminder)/, since, 40_000);
  // Once a week per due: a second reminder now is skipped.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Remind selected (1)' }).click();
  await expect(page.getByText('0 sent, 1 skipped (already reminded this week)')).toBeVisible();
  // "Remind all overdue" reminds only what the list shows: this batch's one due, reminded just now.
  await page.getByRole('button', { name: 'Remind all overdue' }).click();
  await expect(page.getByText('Nothing to send: every overdue due shown was reminded this week.')).toBeVisible();
  // A list with no overdue due at all says that, not "already reminded".
  await page.getByRole('textbox', { name: 'Student' }).fill(`Nobody ${token}`);
  await page.getByRole('button', { name: 'Remind all overdue' }).click();
  await expect(page.getByText('Nothing to send: no due in this list is overdue.')).toBeVisible();
  // Without the filter it asks first, counting families (the demo's overdue ones); Cancel sends nothing.
  await page.goto('/app/fees');
  await page.getByRole('button', { name: 'Remind all overdue' }).click();
  const ask = page.getByRole('dialog', { name: 'Remind all overdue' });
  await expect(ask).toContainText(/Send (a reminder|reminders) to \d+ famil(y|ies) about their overdue fees\?/);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();

  // The student sees the same balance on their own Fees screen.
  const studentPage = await signedInPage(browser, studentEmail, studentPassword);
  await studentPage.goto('/app/student/fees');
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible({ timeout: 30_000 });
  await expect(studentPage.getByTestId('ledger-balance')).toHaveText('₹15,000', { timeout: 30_000 });
  await expect(studentPage.getByTestId(`receipt-${receipt.number}`)).toBeVisible();
  expect(await hasHorizontalOverflow(studentPage)).toBe(false);
  await studentPage.context().close();

  // A teacher: 403 on the fees API and no Fees in the menu.
  const teacherPage = await signedInPage(browser, DEMO_USERS.teacher.email, DEMO_PASSWORD);
  expect((await teacherPage.request.get('/api/fees/dues')).status()).toBe(403);
  expect((await teacherPage.request.get(`/api/students/${studentId}/fees`)).status()).toBe(403);
  await teacherPage.goto(DEMO_USERS.teacher.home);
  await expect(teacherPage.getByRole('link', { name: 'Batches' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(teacherPage.getByRole('link', { name: 'Fees' })).toHaveCount(0);
  await teacherPage.context().close();
});

test('fees on a phone: the dues are cards showing balance and status without sideways scrolling, and one can be picked for a reminder', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/app/fees');
  const card = page.getByRole('list', { name: 'Dues' }).getByRole('listitem').first();
  await expect(card).toContainText(/₹[\d,]+/);
  await expect(card).toContainText('Overdue');
  await expect(card).toContainText(/Due \d{2}-\d{2}-\d{4}/);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await card.getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Remind selected (1)' })).toBeEnabled();
});
