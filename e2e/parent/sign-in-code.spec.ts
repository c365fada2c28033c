import { expect, randomMobile, shownPhone, test } from '../fixtures';

/*
 * Sign-in with a code sent to a parent's phone (issue 37), the login page's side. The code itself goes
 * by WhatsApp or SMS, which this run has no provider for (the API tests prove the code rules): here the
 * form asks for the number, says a code is on its way whatever the number, and shows the server's
 * words under the code field when a code is wrong.
 */
test('the login page offers a parent a code by phone, says it is on its way, and shows why a wrong code is refused', async ({ page }) => {
  const mobile = randomMobile();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Parent? Sign in with a code sent to your phone' }).click();
  const form = page.getByRole('form', { name: 'Sign in with a code' });
  // Not a mobile number: said under the field, nothing sent.
  await form.getByLabel('Mobile number').fill('12345');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form).toContainText('Enter a 10-digit Indian mobile number, optionally starting with +91');

  await form.getByLabel('Mobile number').fill(`0${mobile}`);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('status')).toContainText('If this number belongs to a parent, a sign-in code is on its way by WhatsApp or SMS');
  await expect(form.getByRole('status')).toContainText(shownPhone(mobile));
  const code = form.getByLabel('Sign-in code');
  await expect(code).toBeFocused();
  // The sixth digit checks the code at once: no code was sent to this number, so it is refused with the server's words.
  await code.pressSequentially('123456');
  await expect(form).toContainText(/This code is not correct|This code has expired or is no longer valid/);
  await expect(page).toHaveURL('/login');

  await form.getByRole('button', { name: 'Change the number' }).click();
  await expect(form.getByLabel('Mobile number')).toHaveValue(`0${mobile}`);
  await form.getByRole('button', { name: 'Sign in with email and password instead' }).click();
  await expect(page.getByLabel('Email or student ID', { exact: true })).toBeVisible();
});
