import type { Page } from '@playwright/test';
import { expect, hasHorizontalOverflow, randomMobile, shootWidths, test, uniqueToken } from '../fixtures';

/** Today and other days in the academy's time zone (the demo academy's is Asia/Kolkata). */
function academyDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** The 360 and 1280 px screenshots (E2E_SHOTS_DIR), once the shell has settled at the phone's width; back at 1280 px after, with or without them. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(500);
  await shootWidths(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/*
 * Issue 41, follow-ups: the office records a walk-in to call today, finds the family in Call today on
 * the dashboard (a tel: link and a WhatsApp message ready), logs the call with the next follow-up next
 * week, and the family leaves the list; the season's report counts the source; a rejection without a
 * reason is refused.
 */
test('admission follow-ups: walk-in → Call today → logged call → report; a rejection needs a reason', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('fu');
  const name = `Sai ${token}`;
  const mobile = randomMobile();

  await loginAs('admin', '/app/registrations/new');
  await page.getByRole('textbox', { name: 'Student name' }).fill(name);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(mobile);
  await page.getByRole('textbox', { name: 'Parent name' }).fill('Rekha Jadhav');
  await expect(page.getByRole('combobox', { name: 'Heard of us through' })).toHaveValue('Walk-in');
  await page.getByLabel('Next follow-up').fill(academyDay(0));
  await page.getByRole('button', { name: 'Add Registration' }).click();
  await expect(page).toHaveURL(/\/app\/registrations\/[0-9a-f-]{36}$/);
  const enquiryPath = new URL(page.url()).pathname;
  await expect(page.getByText('Heard of us through Walk-in')).toBeVisible();
  await expect(page.getByText('Today', { exact: true }).first()).toBeVisible();

  // The dashboard's Call today card lists the family with their phone and a prepared WhatsApp message.
  await page.goto('/app/dashboard');
  const card = page.getByRole('region', { name: 'Call today' });
  const row = card.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: `Call the family of ${name}` })).toHaveAttribute('href', `tel:+91${mobile}`);
  const whatsApp = row.getByRole('link', { name: `WhatsApp the family of ${name}` });
  await expect(whatsApp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/91${mobile}\\?text=Namaste%20Rekha%20Jadhav`));
  await shoot(page, 'call-today');
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A logged call with the next follow-up next week takes the family off today's list at once.
  await row.getByRole('button', { name: 'Log call' }).click();
  const dialog = page.getByRole('dialog', { name: `Log call with ${name}` });
  await dialog.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Call back later' }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Father asks to call after his shift');
  await dialog.getByRole('button', { name: 'Next week' }).click();
  await dialog.getByRole('button', { name: 'Log contact' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `The contact with the family of ${name} was logged.` })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  // The enquiry shows the call in its log, the next follow-up, and is now contacted.
  await page.goto(enquiryPath);
  await expect(page.getByText('Call: Call back later', { exact: true })).toBeVisible();
  await expect(page.getByText('Father asks to call after his shift', { exact: true })).toBeVisible();
  await expect(page.getByText('New → Contacted', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Next follow-up' })).not.toHaveValue('');
  await shoot(page, 'enquiry-detail');

  // Rejecting asks for a reason: without one the dialog refuses, with one it goes through.
  await page.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this enquiry?' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Choose why the enquiry is rejected or lost')).toBeVisible();
  await reject.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Batch full' }).click();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Contacted → Rejected', { exact: true })).toBeVisible();
  await expect(page.getByText('Reason: Batch full', { exact: true })).toBeVisible();

  // The season's report counts the walk-in among its source's enquiries, and its reason.
  await page.goto('/app/registrations');
  await page.getByRole('link', { name: 'Season report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admissions report' })).toBeVisible();
  const response = await page.request.get(`/api/admissions/report?from=${academyDay(-1)}&to=${academyDay(0)}`);
  const walkIns = (await response.json()).data.bySource.find((line: { source: string }) => line.source === 'walk_in');
  expect(walkIns.enquiries).toBeGreaterThanOrEqual(1);
  expect(walkIns.contacted).toBeGreaterThanOrEqual(1);
  const bySource = page.getByRole('table').first();
  await expect(bySource.getByRole('row').filter({ hasText: 'Walk-in' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Batch full' })).toBeVisible();
  await shoot(page, 'admissions-report');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('list', { name: 'By source' }).getByRole('listitem').filter({ hasText: 'Walk-in' })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
});
