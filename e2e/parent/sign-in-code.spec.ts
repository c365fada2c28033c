import { createStudentByApi, expect, randomMobile, shownPhone, test, uniqueToken } from '../fixtures';

/*
 * Sign-in with a code sent to a parent's phone (issues 37 and 73), the login page's side, on a phone.
 * The academy of this run has neither WhatsApp nor SMS turned on (the specs that turn them on run alone,
 * after this one): a phone-only parent asking for a code is told the truth, "this academy cannot send
 * sign-in codes yet; ask the office", in the same words as a number that is no parent's; the office
 * sees the failed message on its Messages screen with what to set up. Codes that do go out, and a wrong
 * code's words, are family-by-phone.spec.ts's (with the providers' stand-ins) and the API tests'.
 */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const CANNOT = 'This academy cannot send sign-in codes yet. Please ask the office, or sign in with email and password.';

test('a phone-only parent is told the academy cannot send codes yet, and the office sees the failure with what to set up', async ({ signIn, page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const token = uniqueToken('nocode');
  const mobile = randomMobile();
  await signIn('admin');
  const studentId = await createStudentByApi(page, { name: `Child ${token}`, email: `${token}.s@example.com`, password: 'no-code-yet-2026' });
  const parentName = `Father ${token}`;
  const linked = await page.request.post(`/api/students/${studentId}/parents`, { data: { name: parentName, phone: mobile, relation: 'father' } });
  expect(linked.status(), await linked.text()).toBe(201);
  const parentId = ((await linked.json()) as { data: { _id: string } }).data._id;

  // The parent, on their phone, signed out.
  const parentContext = await browser.newContext({ ...PHONE, baseURL });
  const parent = await parentContext.newPage();
  await parent.goto('/login');
  await parent.getByRole('button', { name: 'Parent? Sign in with a code sent to your phone' }).tap();
  const form = parent.getByRole('form', { name: 'Sign in with a code' });
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByRole('button', { name: 'Send code' }).tap();
  // Not "a code is on its way": the truth, under the number, and no code field to wait at.
  await expect(form).toContainText(CANNOT);
  await expect(form.getByLabel('Sign-in code')).toHaveCount(0);
  // A number that is no parent's gets the very same words: nothing tells whose number is a parent's.
  await form.getByLabel('Mobile number').fill(randomMobile());
  await form.getByRole('button', { name: 'Send code' }).tap();
  await expect(form).toContainText(CANNOT);
  await parentContext.close();

  // The office, on its phone: the failed code message, on no channel, saying what to set up.
  await page.goto(`/app/messages?parentId=${parentId}`);
  const card = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Sign-in code' });
  await expect(card).toContainText('No channel', { timeout: 30_000 });
  await expect(card).toContainText('Failed');
  await expect(card).toContainText('No channel can carry it: set up WhatsApp or SMS in Settings → Messages');
  await expect(card.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  // The phone it was for, shown the one way (issue 73), never the stored "+91…".
  await expect(card).toContainText(shownPhone(mobile));
  await expect(card).not.toContainText(`+91${mobile}`);
  if (process.env.TRUTH_SHOTS) await page.screenshot({ path: `${process.env.TRUTH_SHOTS}/messages-360.png`, fullPage: true });
});
