import { applyByApi, createTeacherByApi, expect, randomMobile, submitLogin, test, uniqueToken } from '../fixtures';

// Issue 21: students without an email of their own sign in with their student ID; the office is
// told clearly when a path does not apply to them (forgot-password, an enquiry carrying staff email).
test.describe('students without an email (issue 21)', () => {
  test('a student made without an email signs in with the student ID on a phone; forgot-password sends them to the office', async ({ page, loginAs, browser, baseURL }) => {
    const token = uniqueToken('nomail');
    await loginAs('admin');
    const created = await page.request.post('/api/students', { data: { name: `Kid ${token}`, password: 'monsoon-in-latur' } });
    expect(created.status()).toBe(201);
    const student = ((await created.json()) as { data: { email: string | null; studentCode: string } }).data;
    expect(student.email).toBeNull();

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL });
    const kid = await phone.newPage();
    await kid.goto('/forgot-password');
    await kid.getByLabel('Email or student ID').fill(student.studentCode);
    await kid.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(kid.getByRole('status').filter({ hasText: 'Ask the academy office' })).toBeVisible();

    // Typed in small letters, as on a phone keyboard.
    await kid.goto('/login');
    await submitLogin(kid, student.studentCode.toLowerCase(), 'monsoon-in-latur');
    await expect(kid).toHaveURL('/app/student/dashboard');
    await expect(kid.getByText(`Welcome, Kid ${token}`)).toBeVisible();
    await phone.close();
  });

  test("wrong path: an enquiry carrying a teacher's email is refused and creates nothing", async ({ page, loginAs }) => {
    const token = uniqueToken('staffmail');
    const teacherEmail = `${token}.t@example.com`;
    await loginAs('admin');
    const subjects = ((await (await page.request.get('/api/subjects')).json()) as { data: { _id: string }[] }).data;
    await createTeacherByApi(page, { name: `Teacher ${token}`, email: teacherEmail, subjects: [subjects[0]!._id] });
    await applyByApi(page, { studentName: `Kid ${token}`, email: teacherEmail, phone: randomMobile() });
    const listed = (await (await page.request.get(`/api/admission-enquiries?search=${token}`)).json()) as { data: unknown };
    const rows = (Array.isArray(listed.data) ? listed.data : (listed.data as Record<string, unknown[]>).enquiries ?? Object.values(listed.data as object).find(Array.isArray)) as { _id: string }[];
    expect(rows).toHaveLength(1);
    const id = rows[0]!._id;
    for (const status of ['contacted', 'admitted']) {
      expect((await page.request.patch(`/api/admission-enquiries/${id}/status`, { data: { status } })).status()).toBe(200);
    }
    const refused = await page.request.post(`/api/admission-enquiries/${id}/convert`, { data: {} });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "This enquiry's email belongs to a staff account. Change the enquiry's email to the family's own before converting.",
    );
    const students = (await (await page.request.get(`/api/students?search=${token}`)).json()) as { data: { students: unknown[] } };
    expect(students.data.students).toHaveLength(0);
  });
});
