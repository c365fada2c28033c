import { applyByApi, expect, hasHorizontalOverflow, randomMobile, test, uniqueToken, waitForMailLink, shownPhone } from '../fixtures';

test.describe('new registrations (admin)', () => {
  test('the admin finds an application, calls, admits and converts it; the new student sets a password and signs in', async ({ page, loginAs, browser, baseURL }) => {
    // A long journey (mail round trips, several screens) on a shared, slow machine.
    test.setTimeout(90_000);
    const token = uniqueToken('reg');
    const name = `Kabir ${token}`;
    const email = `${token}@example.in`;
    const phone = randomMobile();
    await applyByApi(page, { studentName: name, email, phone, parentName: 'Nitin Deshmukh', school: 'Shahu College', message: 'Morning batch please' });

    await loginAs('admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByTestId('nav-count-newRegistrations')).toHaveText(/^\d+$/);
    await nav.getByRole('link', { name: 'New Registrations', exact: true }).click();
    await expect(page).toHaveURL('/app/registrations');
    await page.getByLabel('Search').fill(token);
    await expect(page).toHaveURL(new RegExp(`search=${token}`));
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Details' })).toBeVisible();
    await expect(page.getByText('Shahu College')).toBeVisible();
    await expect(page.getByText('verified', { exact: true })).toBeVisible();
    // The family's reference (said on the phone) and language, as the office speaks to them.
    await expect(page.getByText(new RegExp(`^${name} · ENQ-\\d{4,}$`))).toBeVisible();
    await expect(page.getByText("Family's language")).toBeVisible();

    // Each move asks first.
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await page.getByRole('dialog', { name: 'Mark as contacted?' }).getByRole('button', { name: 'Mark as contacted' }).click();
    await expect(page.getByText('New → Contacted')).toBeVisible();
    await page.getByLabel('Follow-up notes').fill('Called the father; visiting on Saturday.');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The follow-up notes were saved.' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark as admitted' }).click();
    await page.getByRole('dialog', { name: 'Mark as admitted?' }).getByRole('button', { name: 'Mark as admitted' }).click();
    await expect(page.getByText('Contacted → Admitted')).toBeVisible();
    await expect(page.getByText('by Academy Admin').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Enrol in batch' }).click();
    await page.getByRole('option', { name: /^10th Maths Morning/ }).click();
    const convertedAt = Date.now();
    await page.getByRole('button', { name: 'Convert to student' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Convert' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `${name} is now a student and enrolled in 10th Maths Morning` })).toBeVisible();
    await expect(page.getByText('Converted to a student')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Convert to student' })).toHaveCount(0);

    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/app\/students\/[0-9a-f-]{36}$/);
    await expect(page.getByText('10th Maths Morning').first()).toBeVisible();
    await expect(page.getByText(shownPhone(phone))).toBeVisible();

    // The new student chooses a password from the mail and signs in, in a browser of their own.
    const link = await waitForMailLink(email, '/reset-password/', convertedAt);
    const context = await browser.newContext({ baseURL });
    const student = await context.newPage();
    await student.goto(link.pathname);
    await expect(student.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
    const password = `latur-monsoon-${Date.now()}`;
    await student.getByLabel('New password', { exact: true }).fill(password);
    await student.getByLabel('Confirm new password').fill(password);
    await student.getByRole('button', { name: 'Reset Password' }).click();
    // Issue 73: the invitation's first password signs them in, straight to their dashboard.
    await expect(student).toHaveURL('/app/student/dashboard');
    await context.close();
  });

  test('the admin edits a contact message and deletes it after confirming; on a phone too', async ({ page, loginAs }) => {
    const token = uniqueToken('del');
    const response = await page.request.post('/api/admission-enquiries/contact', { data: { name: `Neha ${token}`, phone: randomMobile(), message: 'Fees?' } });
    expect(response.status()).toBe(201);
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs('admin', `/app/registrations?search=${token}&form=contact`);
    await expect(page.getByText('1 registration')).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('link', { name: `Neha ${token}` }).click();
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${token}@example.in`);
    await page.getByRole('textbox', { name: 'Parent phone' }).fill('123');
    await page.getByRole('button', { name: 'Save Registration' }).click();
    await expect(page.getByText('Enter a 10-digit Indian mobile number, optionally starting with +91')).toBeVisible();
    await page.getByRole('textbox', { name: 'Parent phone' }).fill('');
    await page.getByRole('button', { name: 'Save Registration' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Registration updated successfully' })).toBeVisible();
    await expect(page.getByRole('link', { name: `${token}@example.in` })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Neha ${token}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/app/registrations');
    await page.goto(`/app/registrations?search=${token}`);
    await expect(page.getByText('No registrations match these filters.')).toBeVisible();
  });
});
