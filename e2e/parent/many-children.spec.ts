import { DEMO_PASSWORD, DEMO_USERS, expect, submitLogin, test, uniqueToken } from '../fixtures';

/*
 * A parent with more than three children at the academy chooses one from the phone's own list (a native
 * select) on the dashboard and on the fees page; two or three get buttons (parents.spec.ts).
 */
test('a parent of four chooses a child from the phone’s list on the dashboard and the fees page', async ({ page, browser, baseURL }) => {
  const token = uniqueToken('four');
  expect((await page.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const parentEmail = `${token}.parent@example.com`;
  const names = ['Aarav', 'Isha', 'Kabir', 'Meera'].map((first) => `${first} ${token}`);
  for (const name of names) {
    const created = await page.request.post('/api/students', { data: { name, email: `${name.split(' ')[0]!.toLowerCase()}.${token}@example.com`, password: 'student-pass-2026' } });
    expect(created.status()).toBe(201);
    const { data: student } = (await created.json()) as { data: { _id: string } };
    const linked = await page.request.post(`/api/students/${student._id}/parents`, { data: { name: `Parent ${token}`, email: parentEmail, password: 'parent-pass-2026' } });
    expect(linked.ok()).toBe(true);
  }

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL });
  const parentPage = await phone.newPage();
  await parentPage.goto('/login');
  await submitLogin(parentPage, parentEmail, 'parent-pass-2026');
  await expect(parentPage).toHaveURL('/app/parent/dashboard');
  const choice = parentPage.getByRole('combobox', { name: 'Choose a child' });
  await expect(choice.getByRole('option')).toHaveText(names);
  await expect(parentPage.getByTestId('child-name')).toHaveText(names[0]!);
  await choice.selectOption({ label: names[3]! });
  await expect(parentPage.getByTestId('child-name')).toHaveText(names[3]!);

  await parentPage.goto('/app/parent/fees');
  await parentPage.getByRole('combobox', { name: 'Choose a child' }).selectOption({ label: names[2]! });
  await expect(parentPage.getByTestId('child-name')).toHaveText(names[2]!);
  await expect(parentPage).toHaveURL(/[?&]child=/);
  await phone.close();
});
