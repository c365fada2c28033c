import type { Locator, Page } from '@playwright/test';
import { academyDay, createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, test, uniqueToken } from '../fixtures';

/*
 * Issue 73, point 1: every drop-down and date picker of the admin's dialogs and drawers, chosen by a tap on
 * a phone (360 × 740, a mobile viewport with touch). A list kept between openings used to show its first
 * frame where it last was, past the right edge; the phone's browser then widened the page to 508 px, the
 * full-screen dialog with it, the list was placed again… and jumped away from under the finger, so a tap
 * chose nothing and saving said "Invalid id". The page must never be wider than the phone while a list is open.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const shots = process.env.E2E_SHOTS_DIR;

/** The page is as wide as the phone: nothing sticks out, and the browser did not widen the page (its layout viewport). */
async function expectPhoneWidth(page: Page) {
  expect(await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }))).toEqual({ page: 360, viewport: 360 });
}

/** Opens a drop-down by a tap and taps the option: the field then shows it. */
async function tapOption(page: Page, field: Locator, option: string | RegExp, shot?: string) {
  await field.tap();
  const choice = page.getByRole('option', { name: option, exact: typeof option === 'string' });
  await expect(choice).toBeVisible();
  await expectPhoneWidth(page);
  if (shots && shot) await page.screenshot({ path: `${shots}/${shot}-360.png` });
  await choice.tap();
  await expect(field).toHaveValue(option);
  await expectPhoneWidth(page);
}

/** 'YYYY-MM-DD' as the calendar names its day ("28 November 2026") and as the field shows it (DD-MM-YYYY). */
const dayName = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shown = (iso: string) => iso.split('-').reverse().join('-');

/** Opens a date field's calendar by a tap and taps the day. */
async function tapDay(page: Page, field: Locator, iso: string) {
  await field.tap();
  const day = page.getByRole('button', { name: dayName(iso), exact: true });
  await expect(day).toBeVisible();
  await expectPhoneWidth(page);
  await day.tap();
  await expect(field).toHaveValue(shown(iso));
  await expectPhoneWidth(page);
}

test('on a phone every drop-down and date picker of the fee plan, payment, enrol, move and sign-in slip dialogs is chosen by a tap, and the forms save', async ({ signIn, page }) => {
  // Five dialogs in one journey: minutes on a busy 2-core machine.
  test.setTimeout(360_000);
  await signIn('admin');
  const token = uniqueToken('pick');
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batchName = `Pick batch ${token}`;
  const batchId = await createBatchByApi(page, { name: batchName, teacher });
  const otherBatch = `Pick other ${token}`;
  await createBatchByApi(page, { name: otherBatch, teacher, schedule: { days: ['tue', 'thu', 'sat'], startTime: '09:00', endTime: '10:00' } });
  const studentName = `Pick Student ${token}`;
  const studentId = await createStudentByApi(page, { name: studentName, email: `${token}.s@example.com` });
  await enrolByApi(page, batchId, studentId);

  // Fees → New fee plan: the batch and the instalments' due dates, by taps; the plan saves.
  await page.goto('/app/fees');
  await page.getByRole('tab', { name: 'Fee plans' }).tap();
  await page.getByRole('button', { name: 'New fee plan' }).tap();
  const plan = page.getByRole('dialog', { name: 'New fee plan' });
  await plan.getByRole('textbox', { name: 'Plan name' }).fill(`Plan ${token}`);
  await tapOption(page, plan.getByRole('combobox', { name: 'Batch' }), batchName, 'fee-plan-batch-list');
  await plan.getByRole('textbox', { name: 'Total amount (₹)' }).fill('12000');
  await plan.getByRole('button', { name: 'Add instalment' }).tap();
  // Both due today (the calendar opens on this month): one is overdue-free, the other the same day.
  for (const index of [0, 1]) {
    await tapDay(page, plan.getByRole('textbox', { name: 'Due date' }).nth(index), academyDay(0));
    await plan.getByRole('textbox', { name: 'Amount (₹)', exact: true }).nth(index).fill('6000');
  }
  await expectPhoneWidth(page);
  await plan.getByRole('button', { name: 'Create plan' }).tap();
  await expect(plan).toBeHidden();
  await expect(page.getByTestId(`plan-Plan ${token}`)).toContainText('₹12,000');
  // Edit fee plan: the same pickers in the edit dialog, by taps (closed without saving: the plan is in use).
  await page.getByTestId(`plan-Plan ${token}`).getByRole('button', { name: 'Edit' }).tap();
  const edit = page.getByRole('dialog', { name: 'Edit fee plan' });
  await tapOption(page, edit.getByRole('combobox', { name: 'Batch' }), otherBatch);
  await tapOption(page, edit.getByRole('combobox', { name: 'Batch' }), batchName);
  await tapDay(page, edit.getByRole('textbox', { name: 'Due date' }).nth(1), academyDay(0));
  await edit.locator('.mantine-Modal-close').tap();
  await expect(edit).toBeHidden();

  // The student's page → Record payment: "For" (which due) and the date, by taps; the payment saves.
  await page.goto(`/app/students/${studentId}`);
  const fees = page.getByRole('region', { name: 'Fees' });
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹12,000', { timeout: 30_000 });
  await fees.getByRole('button', { name: 'Record payment' }).tap();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  await tapOption(page, pay.getByRole('combobox', { name: 'For' }), / · 2\/2 · due .* ₹6,000 left$/, 'payment-for-list');
  if (shots) await page.screenshot({ path: `${shots}/payment-modal-360.png` });
  await tapDay(page, pay.getByRole('textbox', { name: 'Date' }), academyDay(0));
  await pay.getByRole('button', { name: 'Record payment' }).tap();
  await expect(pay).toBeHidden();
  await expect(fees.getByTestId('ledger-balance')).toHaveText('₹6,000');

  // Enrol in a batch (a dialog): the batch by taps; the student joins it.
  await page.getByRole('button', { name: 'Enrol in a batch' }).tap();
  const enrol = page.getByRole('dialog', { name: `Enrol ${studentName} in a batch` });
  await tapOption(page, enrol.getByRole('combobox', { name: 'Batch' }), new RegExp(`^${otherBatch} · `));
  await enrol.getByRole('button', { name: /^Enrol/ }).tap();
  await expect(enrol).toBeHidden();
  await expect(page.getByRole('region', { name: 'Batches' })).toContainText(otherBatch);

  // New password and sign-in slip: the slip's language by taps (printing it is the slip's own test).
  await page.getByRole('button', { name: 'New password and sign-in slip' }).tap();
  const slip = page.getByRole('dialog', { name: 'New password and sign-in slip' });
  await tapOption(page, slip.getByRole('combobox', { name: 'Language of the slip' }), 'मराठी');
  await slip.locator('.mantine-Modal-close').tap();
  await expect(slip).toBeHidden();

  // The batch's page → Move to another batch: the batch by taps; the student moves.
  await page.goto(`/app/batches/${batchId}`);
  await page.getByRole('checkbox', { name: `Choose ${studentName}` }).tap();
  await page.getByRole('button', { name: 'Move to another batch' }).tap();
  const move = page.getByRole('dialog', { name: 'Move to another batch' });
  await tapOption(page, move.getByRole('combobox', { name: 'Move to' }), new RegExp(`^${otherBatch}`));
  await move.getByRole('button', { name: 'Move 1 student' }).tap();
  await expect(page.getByRole('alert').filter({ hasText: `1 student moved to ${otherBatch}` })).toBeVisible();
});

test("on a phone the registration's Book a demo class, Log contact and Reject dialogs, the teacher's edit form and the staff pay drawer are chosen by taps", async ({ signIn, page }) => {
  test.setTimeout(240_000);
  await signIn('admin');
  const token = uniqueToken('pick');
  const name = `Pick Enquiry ${token}`;
  const created = await page.request.post('/api/admission-enquiries/office', { data: { studentName: name, phone: `9${String(Date.now()).slice(-9)}` } });
  expect(created.status()).toBe(201);
  const enquiryId = ((await created.json()) as { data: { _id: string } }).data._id;
  // A class every day, so today is one of its days whatever day the test runs.
  const teacherId = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const demoBatch = `Demo pick ${token}`;
  await createBatchByApi(page, { name: demoBatch, teacher: teacherId, schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], startTime: '17:00', endTime: '18:00' }, startDate: academyDay(-30), endDate: academyDay(60) });

  await page.goto(`/app/registrations/${enquiryId}`);
  // Book a demo class (issue 73): the batch and its day by taps; the booking saves.
  await page.getByRole('region', { name: 'Demo classes' }).getByRole('button', { name: 'Book a demo class' }).tap();
  const demo = page.getByRole('dialog', { name: 'Book a demo class' });
  await tapOption(page, demo.getByRole('combobox', { name: 'Batch' }), new RegExp(`^${demoBatch} · `), 'demo-batch-list');
  await tapDay(page, demo.getByRole('textbox', { name: 'Date' }), academyDay(0));
  await demo.getByRole('button', { name: 'Book the demo class' }).tap();
  await expect(demo).toBeHidden();
  await expect(page.getByRole('region', { name: 'Demo classes' }).getByTestId('demo-class')).toHaveCount(1);

  await page.getByRole('button', { name: 'Log contact' }).tap();
  const log = page.getByRole('dialog', { name: `Log contact with ${name}` });
  await tapOption(page, log.getByRole('combobox', { name: 'How' }), 'WhatsApp');
  await tapOption(page, log.getByRole('combobox', { name: 'Outcome' }), 'Interested');
  await tapDay(page, log.getByRole('textbox', { name: 'Next follow-up' }), academyDay(0));
  await log.getByRole('button', { name: 'Log contact' }).tap();
  await expect(page.getByText('WhatsApp: Interested', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reject' }).tap();
  const reject = page.getByRole('dialog', { name: 'Reject this enquiry?' });
  await tapOption(page, reject.getByRole('combobox', { name: 'Reason' }), 'Fees too high');
  await reject.getByRole('button', { name: 'Reject' }).tap();
  await expect(page.getByText('Reason: Fees too high', { exact: true })).toBeVisible();

  // A teacher's edit form (issue 73): gender and joining date by taps; the teacher saves.
  await page.goto(`/app/teachers/${teacherId}/edit`);
  await tapOption(page, page.getByRole('combobox', { name: 'Gender' }), 'Female');
  await tapDay(page, page.getByRole('textbox', { name: 'Joining date' }), academyDay(0));
  await page.getByRole('button', { name: 'Save Teacher' }).tap();
  await expect(page).toHaveURL(`/app/teachers/${teacherId}`);

  // Staff pay → the teacher's drawer (issue 73): a correction's batch and change, an extra's kind, by taps.
  expect((await page.request.put(`/api/teachers/${teacherId}/pay`, { data: { scheme: 'monthly', monthly: 20000 } })).status()).toBe(200);
  await page.goto('/app/payroll');
  await page.getByRole('list', { name: 'Payroll' }).getByRole('button', { name: `Teacher ${token}` }).tap();
  const drawer = page.getByRole('dialog', { name: `Teacher ${token}` });
  await tapOption(page, drawer.getByRole('combobox', { name: 'Batch' }), demoBatch, 'payroll-drawer-batch-list');
  await tapOption(page, drawer.getByRole('combobox', { name: 'Change' }), 'Take one away');
  await tapOption(page, drawer.getByRole('combobox', { name: 'Kind' }), 'Deduction');
  await drawer.locator('.mantine-Drawer-close').tap();
  await expect(drawer).toBeHidden();
});
