import { expect, hasHorizontalOverflow, randomMobile, test, uniqueToken, waitForMailText, waitForVerificationCode } from '../fixtures';

const PHONE_MESSAGE = 'Enter a 10-digit Indian mobile number, optionally starting with +91';

test.describe('admission form', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a visitor on a phone applies: phone first, email code from the mail, studies, message', async ({ page }) => {
    // A long journey (mail round trips, several screens) on a shared, slow machine.
    test.setTimeout(90_000);
    const token = uniqueToken('adm');
    const email = `${token}@example.in`;
    await page.goto('/admission');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();

    // Typed the way people type it: grouped with a space.
    const mobile = randomMobile();
    await page.getByLabel("Student's mobile number").fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.getByLabel('Student name').fill(`Aditi ${token}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    // The next step needs the verified email.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Verify this email address with the code we mail you')).toBeVisible();
    // Focus goes to what is needed (no "nothing happens"): the Send code button.
    await expect(page.getByRole('button', { name: 'Send code' })).toBeFocused();
    // The demo academy sends no WhatsApp or SMS yet: a phone code is not offered (the API says phoneCodes: false).
    await expect(page.getByRole('button', { name: 'No email? Verify the mobile number instead' })).toHaveCount(0);

    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We have sent a 6-digit code to ${email}`)).toBeVisible();
    // Focus moves to the code field, not to the page body.
    await expect(page.getByLabel('Verification code')).toBeFocused();
    // The resend countdown runs.
    await expect(page.getByText(/Resend code in 0:[0-5]\d/)).toBeVisible();
    const code = await waitForVerificationCode(email, sentAt);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // The sixth digit checks the code at once, no Verify tap needed (a pasted or auto-filled code too).
    await page.getByLabel('Verification code').fill(wrong);
    await expect(page.getByText('This code is not correct. 4 tries left.')).toBeVisible();
    await page.getByLabel('Verification code').fill(code);
    await expect(page.getByText('Email verified')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Email verified' })).toBeFocused();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('button', { name: 'Next' }).click();
    // The next step starts at its top, focus on its heading.
    const studiesHeading = page.getByRole('heading', { name: 'Step 2 of 3: Studies' });
    await expect(studiesHeading).toBeFocused();
    await expect(studiesHeading).toBeInViewport();

    // A reload (or the phone evicting the tab) keeps the draft and the verified email.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Step 2 of 3: Studies' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${email} is verified` })).toBeVisible();
    await expect(page.getByLabel('Student name')).toHaveValue(`Aditi ${token}`);
    await page.getByRole('button', { name: 'Next' }).click();

    // Standards and their subjects come from the database.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Choose a standard')).toBeVisible();
    // The missing standard is scrolled to and focused.
    await expect(page.getByRole('combobox', { name: 'Standard' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Standard' })).toBeInViewport();
    await page.getByRole('combobox', { name: 'Standard' }).click();
    await page.getByRole('option', { name: '10th Standard' }).click();
    await page.getByText('Mathematics', { exact: true }).click();
    await page.getByText('Science', { exact: true }).click();
    await page.getByRole('radio', { name: 'State Board' }).check();
    await page.getByRole('radio', { name: 'Semi-English' }).check();
    await page.getByLabel('Parent phone').fill('12345');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
    await expect(page.getByLabel('Parent phone')).toBeFocused();
    // A leading 0 and dashes are fine.
    const parentMobile = randomMobile();
    await page.getByLabel('Parent phone').fill(`0${parentMobile.slice(0, 5)}-${parentMobile.slice(5)}`);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Message', { exact: true }).fill('Evening batch please.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you! We have received your application.' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeInViewport();
    await expect(thanks).toBeFocused();
    // A reference to say on the phone (issue 42, point 14).
    await expect(thanks).toContainText(/Your reference number is ENQ-\d{4,}\. Please keep it/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Sent: the draft is gone, a new visit starts empty.
    await page.goto('/admission');
    await expect(page.getByLabel('Student name')).toHaveValue('');
    await waitForMailText(email, /(We have received your admission enquiry)/, sentAt);
  });

  test('asking again within a minute never says "sent", and the keyboard starts at a skip link', async ({ page }) => {
    const email = `${uniqueToken('again')}@example.in`;
    await page.goto('/admission');
    await page.getByLabel('Student name').waitFor();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.getByLabel("Student's mobile number").fill('+91 98220 12345');
    await page.getByLabel('Student name').fill('Repeat Asker');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We have sent a 6-digit code to ${email}`)).toBeVisible();
    // Reloaded before the code came: the draft is back, and asking again sends nothing.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(/A code was sent to this address less than a minute ago and still works/)).toBeVisible();
    await expect(page.getByText(/We have sent/)).toHaveCount(0);
    await expect(page.getByLabel('Verification code')).toBeFocused();
  });

  test('a bad phone number shows the rule and sends no code', async ({ page }) => {
    await page.goto('/admission');
    await page.getByLabel("Student's mobile number").fill('12345');
    await page.getByLabel('Student name').fill('Test Student');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${uniqueToken('bad')}@example.in`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
    await expect(page.getByText(/We have sent a 6-digit code/)).toHaveCount(0);
    await page.getByLabel("Student's mobile number").fill('5822012345');
    await page.getByLabel('Student name').click();
    await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
    // Numbers as people type them are fine: spaces, dashes, a leading 0, +91.
    for (const typed of ['98220 12345', '98220-12345', '09822012345', '+91 98220 12345']) {
      await page.getByLabel("Student's mobile number").fill(typed);
      await page.getByLabel('Student name').click();
      await expect(page.getByText(PHONE_MESSAGE), typed).toHaveCount(0);
    }
  });
});

test('the contact page takes a short message', async ({ page }) => {
  const token = uniqueToken('msg');
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Give an email address or a phone number so we can reply').first()).toBeVisible();
  await form.getByLabel('Name').fill(`Meera ${token}`);
  await form.getByLabel('Phone').fill(randomMobile());
  await form.getByLabel('Message').fill('Do you have a weekend JEE batch?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you for your message. We will get back to you soon.');
  await expect(form.getByLabel('Name')).toHaveValue('');
});
