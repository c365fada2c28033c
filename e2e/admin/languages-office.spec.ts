import type { Page } from '@playwright/test';
import { expect, hasHorizontalOverflow, randomMobile, test, uniqueToken } from '../fixtures';

/*
 * Issue 20: the office's screens (registrations, settings, backup, activity) and the policies in Marathi.
 * The demo admin is shared by tests running in parallel and their language must never change, so this
 * browser alone is told the admin reads Marathi: /api/auth/me answers with `language: 'mr'` here (the
 * screens follow the signed-in user's language; the account itself stays English).
 * LANGUAGE_SCREENSHOTS=<folder> also saves each screen at 360 and 1280 px.
 */
const screenshots = process.env.LANGUAGE_SCREENSHOTS;

async function readsMarathi(page: Page) {
  // The dashboard opened directly brings the session in its page (the server's copy, in English): here
  // the page goes without it, so the app asks /api/auth/me as on any other screen.
  await page.route('**/app/dashboard', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="server-state">.*?<\/script>/s, '');
    await route.fulfill({ response, body: html });
  });
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: Record<string, unknown> };
    if (body.data) body.data.language = 'mr';
    await route.fulfill({ response, json: body });
  });
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: true });
    expect(await hasHorizontalOverflow(page), `${name} at ${width} px scrolls sideways`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('the office in Marathi', () => {
  test('an enquiry walks from the list to contacted, and the settings screen reads Marathi', async ({ signIn, page }) => {
    test.setTimeout(90_000);
    const token = uniqueToken('mr-office');
    const studentName = `Omkar ${token}`;
    await readsMarathi(page);
    await signIn('admin');
    const created = await page.request.post('/api/admission-enquiries/office', { data: { studentName, phone: randomMobile() } });
    expect(created.status()).toBe(201);

    await page.goto(`/app/registrations?search=${encodeURIComponent(token)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('heading', { level: 1, name: 'नवीन नोंदणी' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'नोंदणी जोडा' })).toBeVisible();
    await expect(page.getByText('1 नोंदणी', { exact: true })).toBeVisible();
    // The list's Source is where the family heard of the academy (issue 41): an office enquiry is a walk-in.
    await expect(page.getByText('ऑफिसमध्ये आले').first()).toBeVisible();
    await shoot(page, 'mr-registrations');

    await page.getByRole('link', { name: studentName }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'नोंदणीचा तपशील' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'पालक', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'संपर्क झाला' }).click();
    await expect(page.getByRole('dialog', { name: 'संपर्क झाला असे नोंदवायचे?' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'संपर्क झाला' }).click();
    await expect(page.getByText(`${studentName}: आता “संपर्क झाला”.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'इतिहास', exact: true })).toBeVisible();
    await shoot(page, 'mr-registration-detail');

    await page.goto('/app/settings?section=contact');
    await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग्ज' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'ऑफिसची वेळ', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'सेटिंग्ज जतन करा', exact: true })).toBeVisible();
    // A bad phone is refused in Marathi before anything is sent.
    await page.getByLabel('फोन 1').fill('12');
    await page.getByRole('button', { name: 'सेटिंग्ज जतन करा', exact: true }).click();
    await expect(page.getByLabel('फोन 1')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'mr-settings');

    await page.goto('/app/backup');
    await expect(page.getByRole('heading', { level: 1, name: 'बॅकअप' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'पार्श्वभूमीतील कामे' })).toBeVisible();
    await page.goto('/app/activity');
    await expect(page.getByText('नोंदीचा प्रकार').first()).toBeVisible();
    await expect(page.getByText('कोणी काय आणि कधी बदलले. नोंदी दोन वर्षे ठेवल्या जातात.')).toBeVisible();
    // The date field reads DD-MM-YYYY in Marathi too, and says in Marathi when a typed date is wrong.
    const from = page.getByRole('textbox', { name: 'पासून' });
    await from.fill('31-02-2026');
    await from.blur();
    await expect(page.getByText('तारीख DD-MM-YYYY अशी लिहा, उदा. 25-06-2026')).toBeVisible();
  });

  test('the date field takes DD-MM-YYYY typed or picked, and gives the API its own form', async ({ page, loginAs }) => {
    await loginAs('admin', '/app/activity');
    const from = page.getByRole('textbox', { name: 'From' });
    await from.fill('1/11/2026');
    await expect(page).toHaveURL(/from=2026-11-01/);
    await from.blur();
    await expect(from).toHaveValue('01-11-2026');
    // A day that does not exist is refused with the format to use; nothing is applied.
    const to = page.getByRole('textbox', { name: 'To' });
    await to.fill('12/31/2026');
    await to.blur();
    await expect(page.getByText('Enter the date as DD-MM-YYYY, for example 25-06-2026')).toBeVisible();
    await expect(page).not.toHaveURL(/to=/);
    // The calendar opens on a click and a picked day fills the field as DD-MM-YYYY.
    await to.fill('');
    await to.click();
    await page.getByRole('button', { name: /^15/ }).first().click();
    await expect(to).toHaveValue(/^15-\d{2}-\d{4}$/);
    await expect(page).toHaveURL(/to=\d{4}-\d{2}-15/);
    await page.screenshot({ path: `${screenshots ?? '/tmp'}/date-field-1280.png` });
    await page.setViewportSize({ width: 360, height: 800 });
    await to.click();
    await page.screenshot({ path: `${screenshots ?? '/tmp'}/date-field-360.png` });
  });

  test('the privacy policy is in Marathi and Hindi', async ({ page }) => {
    await page.goto('/mr/privacy-policy');
    await expect(page.getByRole('heading', { name: 'आम्ही काय ठेवतो' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'कुकी धोरणात' })).toHaveAttribute('href', '/mr/cookies-policy');
    await page.goto('/hi/terms-of-service');
    await expect(page.getByRole('heading', { name: 'अध्ययन सामग्री' })).toBeVisible();
  });
});
