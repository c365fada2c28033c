import { createStudentByApi, DEMO_USERS, expect, expectNoEnglish, hasHorizontalOverflow, randomMobile, submitLogin, test, uniqueToken, waitForMailText } from '../fixtures';

/*
 * Issue 20: the public site in Marathi and Hindi at its own addresses, the admission form with its
 * validation in the page's language, mails in that language, and a signed-in person's own language.
 */
const SHOTS = process.env.LANGUAGE_SCREENSHOTS;

test.describe('languages', () => {
  test('an English page downloads no Devanagari font; a Marathi page does', async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('noto-sans-devanagari')) fonts.push(request.url());
    });
    await page.goto('/courses');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await page.waitForLoadState('networkidle');
    expect(fonts).toEqual([]);
    await page.goto('/mr/courses');
    await expect.poll(() => fonts.length).toBeGreaterThan(0);
  });

  test('मराठी: the switch moves to /mr, the admission form checks and answers in Marathi, a reload keeps it', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('mr');
    await expect(page).toHaveURL(/\/mr$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await expect(page.getByRole('heading', { level: 1, name: 'पक्का पाया, नियमित सराव, दिसणारे निकाल' })).toBeVisible();
    // Search engines see each language's address.
    await expect(page.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute('href', /\/hi$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mr-landing-360.png`, fullPage: true });

    // A reload keeps the language; so does a bare address opened later in this browser.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    await page.goto('/admission');
    await expect(page).toHaveURL(/\/mr\/admission$/);
    await expect(page.getByRole('heading', { level: 1, name: 'नोंदणी' })).toBeVisible();

    const token = uniqueToken('mr');
    const email = `${token}@example.in`;
    await page.getByLabel('विद्यार्थ्याचा मोबाईल नंबर').fill('12345');
    await page.getByLabel('विद्यार्थ्याचे नाव').fill(`आदिती ${token}`);
    await page.getByRole('textbox', { name: 'ईमेल', exact: true }).fill(email);
    // A bad phone: the shared schema's sentence, in Marathi, before anything is sent.
    await page.getByRole('button', { name: 'पुढे' }).click();
    await expect(page.getByText('10 अंकी भारतीय मोबाईल नंबर लिहा (सुरुवातीला +91 लिहिले तरी चालेल)')).toBeVisible();
    await page.getByLabel('विद्यार्थ्याचा मोबाईल नंबर').fill(randomMobile());
    await page.getByRole('button', { name: 'पुढे' }).click();
    await expect(page.getByText('आम्ही ईमेलने पाठवलेल्या कोडने हा ईमेल पत्ता पडताळा')).toBeVisible();

    const sentAt = Date.now();
    await page.getByRole('button', { name: 'कोड पाठवा' }).click();
    await expect(page.getByText(`वर आम्ही 6 अंकी कोड पाठवला आहे`)).toBeVisible();
    // The code's mail is in Marathi too (its HTML part names the language; the code starts the title).
    const code = await waitForMailText(email, /<html lang="mr">[\s\S]*?<title>(\d{6}) हा आपला/, sentAt);
    // The sixth digit checks the code at once.
    await page.getByLabel('पडताळणी कोड').fill(code);
    await expect(page.getByText('ईमेल पडताळला')).toBeVisible();
    await page.getByRole('button', { name: 'पुढे' }).click();
    await expect(page.getByRole('heading', { name: 'टप्पा 2 / 3: अभ्यास' })).toBeVisible();

    // A reload in the middle keeps the language and the draft.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'टप्पा 2 / 3: अभ्यास' })).toBeVisible();
    await page.getByRole('button', { name: 'पुढे' }).click();
    await expect(page.getByText('इयत्ता निवडा')).toBeVisible();
    await page.getByRole('combobox', { name: 'इयत्ता' }).click();
    await page.getByRole('option', { name: '10th Standard' }).click();
    await page.getByText('Mathematics', { exact: true }).click();
    await page.getByRole('button', { name: 'पुढे' }).click();
    await page.getByLabel('संदेश', { exact: true }).fill('संध्याकाळची बॅच हवी आहे.');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mr-admission-360.png`, fullPage: true });
    await page.getByRole('button', { name: 'अर्ज पाठवा' }).click();
    // The server's answer comes in the page's language.
    await expect(page.getByRole('status').filter({ hasText: 'धन्यवाद! आपला अर्ज आम्हाला मिळाला आहे.' })).toBeVisible();
    await waitForMailText(email, /(आपली अ‍ॅडमिशन चौकशी मिळाली)/, sentAt);
  });

  test('हिन्दी: the same page at /hi, named Hindi from the first byte', async ({ page, request }) => {
    const served = await request.get('/hi/admission');
    expect(await served.text()).toContain('<html lang="hi"');
    await page.goto('/hi/admission');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'रजिस्ट्रेशन' })).toBeVisible();
    await page.getByLabel('छात्र का मोबाइल नंबर').fill('12345');
    await page.getByRole('button', { name: 'आगे' }).click();
    await expect(page.getByText('10 अंकों का भारतीय मोबाइल नंबर लिखें (शुरुआत में +91 लिख सकते हैं)')).toBeVisible();
    // Links keep the language.
    await page.getByRole('navigation', { name: 'मुख्य मेनू' }).first().getByRole('link', { name: 'कोर्स' }).click().catch(async () => {
      await page.getByRole('button', { name: 'मेनू खोलें' }).click();
      await page.getByRole('link', { name: 'कोर्स' }).first().click();
    });
    await expect(page).toHaveURL(/\/hi\/courses$/);
    // The batches' days, dates and seats are Hindi too.
    const batch = page.getByRole('article', { name: '9th Maths Evening' });
    await expect(batch).toContainText('मंगल, गुरु, शनि');
    await expect(batch).toContainText(/\d+ सीटें बाकी/);
    await expect(batch).toContainText(/\d{2}-\d{2}-\d{4} से \d{2}-\d{2}-\d{4} तक/);
    await expectNoEnglish(page.getByRole('main'), ['seats left', 'Tue', ' to ', 'Batch full', 'Every day']);
  });

  test('a Marathi page only read, the app never started, is still the language of the next visit', async ({ page }) => {
    await page.goto('/mr/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Read only: the app has not run the page (start.ts).
    await expect(page.locator('html[data-app]')).toHaveCount(0);
    await page.goto('/');
    await expect(page).toHaveURL(/\/mr$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
  });

  test('a signed-in person keeps their language across sign-out and sign-in', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // An account of its own: the language is kept on the account, and the demo users are shared by
    // specs running in parallel.
    const token = uniqueToken('lang');
    const email = `${token}.s@example.com`;
    const password = 'languages-pass-2026';
    await loginAs('admin');
    await createStudentByApi(page, { name: `Sneha ${token}`, email, password });
    await page.context().clearCookies();
    await page.goto('/login');
    await submitLogin(page, email, password);
    await expect(page).toHaveURL(DEMO_USERS.student.home);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'मराठी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    // Signed out, the public page is the bare (English) address; signing in brings Marathi back.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await submitLogin(page, email, password);
    await expect(page).toHaveURL(DEMO_USERS.student.home);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr');
    // The menu's own label is Marathi now.
    await page.getByRole('button', { name: 'प्रोफाइल मेनू उघडा' }).click();
    await expect(page.getByRole('menuitem', { name: 'मराठी' })).toHaveAttribute('aria-current', 'true');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mr-student-1280.png` });
  });
});
