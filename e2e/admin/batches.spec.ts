import type { Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, test, uniqueToken } from '../fixtures';

async function standardId(page: Page, name: string): Promise<string> {
  const body = (await (await page.request.get('/api/standards')).json()) as { data: { _id: string; name: string }[] };
  return body.data.find((standard) => standard.name === name)!._id;
}

/** Picks an option of a Mantine Select by typing (searchable) or opening it. */
async function choose(page: Page, label: string, option: string, type = false) {
  const box = page.getByRole('combobox', { name: label });
  if (type) await box.fill(option);
  else await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Ticks a day chip (its checkbox is visually hidden behind the chip's label). */
async function checkDay(page: Page, day: string) {
  await page.getByRole('group', { name: 'Days' }).getByText(day.slice(0, 3), { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: day, exact: true })).toBeChecked();
}

/** Fills the batch form; days by their full names. */
async function fillBatchForm(page: Page, batch: { name: string; teacher: string; days: string[]; startTime: string; endTime: string; capacity: string }) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(batch.name);
  await choose(page, 'Teacher', batch.teacher, true);
  await choose(page, 'Standard', '10th Standard');
  await choose(page, 'Subject', 'Mathematics', true);
  for (const day of batch.days) await checkDay(page, day);
  await page.getByLabel('Start time').fill(batch.startTime);
  await page.getByLabel('End time').fill(batch.endTime);
  await page.getByRole('textbox', { name: 'Capacity (seats)' }).fill(batch.capacity);
}

test.describe('batches (admin)', () => {
  test('the admin creates a batch, adds existing students and a new one, sees the seats fall, and removes one', async ({ signIn, page }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('bat');
    await signIn('admin');
    const teacherName = `Teacher ${token}`;
    await createTeacherByApi(page, { name: teacherName, email: `${token}.t@example.com` });
    const tenth = await standardId(page, '10th Standard');
    const first = `Asha ${token}`;
    const second = `Bala ${token}`;
    await createStudentByApi(page, { name: first, email: `${token}.a@example.com`, standard: tenth });
    await createStudentByApi(page, { name: second, email: `${token}.b@example.com`, standard: tenth });

    await page.goto('/app/batches');
    await page.getByRole('link', { name: 'Add Batch' }).click();
    await expect(page).toHaveURL('/app/batches/create');
    const batchName = `Maths ${token}`;
    await fillBatchForm(page, { name: batchName, teacher: teacherName, days: ['Tuesday', 'Thursday'], startTime: '06:00', endTime: '07:00', capacity: '3' });
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Batch created successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/batches\/[0-9a-f-]{36}$/);
    const detailUrl = new URL(page.url()).pathname;
    await expect(page.getByText('Tue, Thu · 6:00 AM – 7:00 AM')).toBeVisible();
    await expect(page.getByText('0/3 seats')).toBeVisible();
    await expect(page.getByText('No students yet.')).toBeVisible();

    // Two existing students at once; the seats left count down as they are ticked.
    await page.getByRole('link', { name: 'Add existing student' }).click();
    await expect(page).toHaveURL(`${detailUrl}/add-existing-student`);
    await expect(page.getByText('3 seats left')).toBeVisible();
    await page.getByLabel('Search students').fill(token);
    const sameStandard = page.getByRole('list', { name: '10th Standard students' });
    await sameStandard.getByRole('checkbox', { name: first }).check();
    await sameStandard.getByRole('checkbox', { name: second }).check();
    await expect(page.getByText('1 seat left')).toBeVisible();
    await page.getByRole('button', { name: 'Enrol 2 students' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '2 students enrolled' })).toBeVisible();
    await expect(page).toHaveURL(detailUrl);
    const roster = page.getByRole('table', { name: 'Enrolled students' });
    await expect(roster.getByRole('link', { name: first })).toBeVisible();
    await expect(roster.getByRole('link', { name: second })).toBeVisible();
    await expect(page.getByText('2/3 seats')).toBeVisible();

    // A new student, created and enrolled from the batch.
    await page.getByRole('link', { name: 'Add new student' }).click();
    await expect(page).toHaveURL(/\/app\/students\/create\?batchId=/);
    await expect(page.getByText(`Joins ${batchName}`)).toBeVisible();
    const third = `Chetan ${token}`;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(third);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${token}.c@example.com`);
    await expect(page.getByRole('combobox', { name: 'Standard' })).toHaveValue('10th Standard');
    await page.getByRole('button', { name: 'Create and Add to Batch' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `${third} was created and added to ${batchName}` })).toBeVisible();
    await expect(page).toHaveURL(detailUrl);
    await expect(roster.getByRole('link', { name: third })).toBeVisible();
    await expect(page.getByText('3/3 seats')).toBeVisible();
    await expect(page.getByText('No seats left')).toBeVisible();

    // Removing asks first, then the roster and seats change at once.
    await page.getByRole('button', { name: `Remove ${second}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(roster.getByRole('link', { name: second })).toHaveCount(0);
    await expect(page.getByText('2/3 seats')).toBeVisible();
    await page.reload();
    await expect(roster.getByRole('link', { name: first })).toBeVisible();
    await expect(roster.getByRole('link', { name: second })).toHaveCount(0);

    // The list shows the batch with its seats; the filters find it.
    await page.goto('/app/batches');
    await page.getByLabel('Search').fill(token);
    const row = page.getByRole('row').filter({ hasText: batchName });
    await expect(row).toContainText('2/3 seats');
    await expect(row).toContainText('1 seat left');
    await choose(page, 'Teacher', teacherName, true);
    await expect(page).toHaveURL(/teacherId=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await choose(page, 'Status', 'Completed');
    await expect(page.getByText('No batches match these filters.')).toBeVisible();
  });

  test("a batch clashing with another of the teacher's batches is refused with the other batch's name", async ({ signIn, page }) => {
    const token = uniqueToken('clash');
    await signIn('admin');
    const teacherName = `Teacher ${token}`;
    const teacher = await createTeacherByApi(page, { name: teacherName, email: `${token}.t@example.com` });
    const existing = `Morning ${token}`;
    await createBatchByApi(page, { name: existing, teacher, schedule: { days: ['mon', 'wed'], startTime: '07:00', endTime: '08:00' } });

    await page.goto('/app/batches/create');
    await fillBatchForm(page, { name: `Overlap ${token}`, teacher: teacherName, days: ['Wednesday'], startTime: '07:30', endTime: '08:30', capacity: '20' });
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The batch was not created' })).toContainText(`The teacher already teaches "${existing}" at that time`);
    await expect(page).toHaveURL('/app/batches/create');
    const list = (await (await page.request.get(`/api/batches?search=${token}`)).json()) as { data: { name: string }[] };
    expect(list.data.map((batch) => batch.name)).toEqual([existing]);
  });

  test('bad input shows messages on the fields and saves nothing', async ({ page, loginAs }) => {
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/batches')) posts += 1;
    });
    await loginAs('admin', '/app/batches/create');
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(/Name is required/);
    await expect(page.getByText('Choose at least one day')).toBeVisible();
    await expect(page.getByText('Choose a teacher from the list')).toBeVisible();

    await checkDay(page, 'Friday');
    await page.getByLabel('Start time').fill('10:00');
    await page.getByLabel('End time').fill('09:00');
    await page.getByRole('textbox', { name: 'Capacity (seats)' }).fill('0');
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await expect(page.getByText('End time must be after start time')).toBeVisible();
    await expect(page.getByText('Capacity must be between 1 and 500')).toBeVisible();
    await expect(page).toHaveURL('/app/batches/create');
    expect(posts).toBe(0);
  });

  test('a student who already has a class at that time is enrolled only after a confirm', async ({ signIn, page }) => {
    test.setTimeout(60_000);
    const token = uniqueToken('warn');
    await signIn('admin');
    const teacherA = await createTeacherByApi(page, { name: `A ${token}`, email: `${token}.a@example.com` });
    const teacherB = await createTeacherByApi(page, { name: `B ${token}`, email: `${token}.b@example.com` });
    const student = `Deepa ${token}`;
    const studentId = await createStudentByApi(page, { name: student, email: `${token}.s@example.com`, standard: await standardId(page, '10th Standard') });
    const first = `First ${token}`;
    const firstId = await createBatchByApi(page, { name: first, teacher: teacherA, standard: await standardId(page, '10th Standard'), schedule: { days: ['sat'], startTime: '10:00', endTime: '11:00' } });
    await enrolByApi(page, firstId, studentId);
    const secondId = await createBatchByApi(page, { name: `Second ${token}`, teacher: teacherB, standard: await standardId(page, '10th Standard'), schedule: { days: ['sat'], startTime: '10:30', endTime: '11:30' } });

    await page.goto(`/app/batches/${secondId}/add-existing-student`);
    await page.getByLabel('Search students').fill(token);
    await page.getByRole('checkbox', { name: student }).check();
    await page.getByRole('button', { name: 'Enrol 1 student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Timetable clash' });
    await expect(dialog).toContainText(`${student} already has "${first}" at that time`);
    await dialog.getByRole('button', { name: 'Enrol anyway' }).click();
    await expect(page).toHaveURL(`/app/batches/${secondId}`);
    await expect(page.getByRole('table', { name: 'Enrolled students' }).getByRole('link', { name: student })).toBeVisible();
  });

  test('the admin ticks three students, enrols them at once, and moves two to another batch keeping their history', async ({ signIn, page }) => {
    test.setTimeout(120_000);
    const token = uniqueToken('bulk');
    await signIn('admin');
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
    const tenth = await standardId(page, '10th Standard');
    const names = ['Kavya', 'Lalit', 'Manoj'].map((name) => `${name} ${token}`);
    const ids: string[] = [];
    for (const name of names) ids.push(await createStudentByApi(page, { name, email: `${token}.${name.slice(0, 5).toLowerCase()}@example.com`, standard: tenth }));
    const fromId = await createBatchByApi(page, { name: `From ${token}`, teacher, standard: tenth, capacity: 5, schedule: { days: ['sun'], startTime: '07:00', endTime: '08:00' } });
    const toName = `To ${token}`;
    const toId = await createBatchByApi(page, { name: toName, teacher, standard: tenth, capacity: 5, schedule: { days: ['sun'], startTime: '09:00', endTime: '10:00' } });

    // Search, "Select all shown", one request.
    await page.goto(`/app/batches/${fromId}/add-existing-student`);
    await page.getByLabel('Search students').fill(token);
    const sameStandard = page.getByRole('list', { name: '10th Standard students' });
    await expect(sameStandard.getByRole('checkbox')).toHaveCount(3);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes(`/api/batches/${fromId}/students`)) posts.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.getByRole('checkbox', { name: 'Select all shown (3)' }).check();
    await expect(page.getByText('2 seats left')).toBeVisible();
    await page.getByRole('button', { name: 'Enrol 3 students' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '3 students enrolled' })).toBeVisible();
    await expect(page).toHaveURL(`/app/batches/${fromId}`);
    expect(posts).toEqual([`POST /api/batches/${fromId}/students`]);
    const roster = page.getByRole('table', { name: 'Enrolled students' });
    for (const name of names) await expect(roster.getByRole('link', { name })).toBeVisible();
    await expect(page.getByText('3/5 seats')).toBeVisible();

    // Two of them to the other batch, with their unpaid dues of this one cancelled.
    await page.getByRole('checkbox', { name: `Choose ${names[0]}` }).check();
    await page.getByRole('checkbox', { name: `Choose ${names[1]}` }).check();
    await expect(page.getByText('2 students chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Move to another batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to another batch' });
    await dialog.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: new RegExp(toName) }).click();
    await dialog.getByRole('checkbox', { name: 'Cancel their unpaid dues of this batch' }).check();
    await dialog.getByRole('button', { name: 'Move 2 students' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `2 students moved to ${toName}` })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(roster.getByRole('link', { name: names[0]! })).toHaveCount(0);
    await expect(roster.getByRole('link', { name: names[2]! })).toBeVisible();
    await expect(page.getByText('1/5 seats')).toBeVisible();

    await page.goto(`/app/batches/${toId}`);
    await expect(roster.getByRole('link', { name: names[0]! })).toBeVisible();
    await expect(roster.getByRole('link', { name: names[1]! })).toBeVisible();
    await expect(page.getByText('2/5 seats')).toBeVisible();
    // Their dues of the old batch were cancelled only because the box was ticked; the move is in the History.
    const moved = (await (await page.request.get(`/api/admin/audit-log?entityId=${ids[0]}`)).json()) as { data: { items: { summary: string }[] } };
    expect(moved.data.items.map((entry) => entry.summary)).toContain(`Moved ${names[0]} from From ${token} to ${toName}`);
  });

  test('a bulk enrolment that does not fit the seats enrols nobody and says why', async ({ signIn, page }) => {
    test.setTimeout(60_000);
    const token = uniqueToken('bfull');
    await signIn('admin');
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
    const tenth = await standardId(page, '10th Standard');
    const batchId = await createBatchByApi(page, { name: `Tight ${token}`, teacher, standard: tenth, capacity: 2 });
    const names = ['Nisha', 'Omkar'].map((name) => `${name} ${token}`);
    for (const name of names) await createStudentByApi(page, { name, email: `${token}.${name.slice(0, 4).toLowerCase()}@example.com`, standard: tenth });
    await createStudentByApi(page, { name: `Pari ${token}`, email: `${token}.pari@example.com`, standard: tenth });

    await page.goto(`/app/batches/${batchId}/add-existing-student`);
    await page.getByLabel('Search students').fill(token);
    await page.getByRole('checkbox', { name: 'Select all shown (3)' }).check();
    // Three ticked for two seats: the screen says so before anything is sent.
    await expect(page.getByText('Not enough seats: untick 1 student')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enrol 3 students' })).toBeDisabled();
    await page.getByRole('checkbox', { name: `Pari ${token}` }).uncheck();
    // Meanwhile another enrolment takes a seat: the server refuses the whole list, and the screen says why.
    const other = await createStudentByApi(page, { name: `Quasim ${token}`, email: `${token}.q@example.com`, standard: tenth });
    await enrolByApi(page, batchId, other);
    await page.getByRole('button', { name: 'Enrol 2 students' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was enrolled' });
    await expect(refusal).toContainText(`Not enough seats in "Tight ${token}": 1 left, 2 needed`);
    await expect(page).toHaveURL(`/app/batches/${batchId}/add-existing-student`);
    // The seats are read again: one of the two must be unticked.
    await expect(page.getByText('Not enough seats: untick 1 student')).toBeVisible();
    const batch = (await (await page.request.get(`/api/batches/${batchId}`)).json()) as { data: { enrolledStudents: string[] } };
    expect(batch.data.enrolledStudents).toEqual([other]);
  });

  test('on a phone the list, detail and add screens fit the width', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs('admin', '/app/batches');
    const card = page.getByRole('list', { name: 'Batches' }).getByRole('listitem').filter({ hasText: '10th Maths Morning' });
    await expect(card).toContainText(/\d+\/40 seats/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await card.getByRole('link', { name: '10th Maths Morning', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Students \(\d+\)$/ })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('link', { name: 'Add existing student' }).click();
    await expect(page.getByLabel('Search students')).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test('the admin edits a batch, cannot delete one with students, and deletes an empty one after confirming', async ({ signIn, page }) => {
    // Two edits, a refusal, two deletions and four records made first: past 60 s on a loaded 2-core machine.
    test.setTimeout(120_000);
    const token = uniqueToken('edit');
    await signIn('admin');
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
    const batchId = await createBatchByApi(page, { name: `Old ${token}`, teacher, capacity: 5 });
    for (const name of ['Gita', 'Hema']) {
      await enrolByApi(page, batchId, await createStudentByApi(page, { name: `${name} ${token}`, email: `${token}.${name.toLowerCase()}@example.com` }));
    }

    await page.goto(`/app/batches/${batchId}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Old ${token}`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`New ${token}`);
    await checkDay(page, 'Saturday');
    await page.getByRole('button', { name: 'Save Batch' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Batch updated successfully' })).toBeVisible();
    await expect(page).toHaveURL(`/app/batches/${batchId}`);
    await expect(page.getByText(`New ${token} · Mon, Wed, Fri, Sat · 7:00 AM – 8:00 AM`)).toBeVisible();

    // Capacity below the enrolled students is refused by the server, on its field.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Capacity (seats)' }).fill('1');
    await page.getByRole('button', { name: 'Save Batch' }).click();
    await expect(page.getByRole('textbox', { name: 'Capacity (seats)' })).toHaveAccessibleDescription('Capacity cannot be below the 2 enrolled students');
    await expect(page.getByRole('alert').filter({ hasText: 'The batch was not saved' })).toBeVisible();
    // The refused change is still in the form: Cancel asks before it is lost.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(`/app/batches/${batchId}`);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted' })).toBeVisible();
    await expect(page).toHaveURL(`/app/batches/${batchId}`);

    const emptyId = await createBatchByApi(page, { name: `Empty ${token}`, teacher, schedule: { days: ['sun'], startTime: '09:00', endTime: '10:00' } });
    await page.goto(`/app/batches/${emptyId}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Batch deleted successfully' })).toBeVisible();
    await expect(page).toHaveURL('/app/batches');
    expect((await page.request.get(`/api/batches/${emptyId}`)).status()).toBe(404);
  });

  test('a new student who cannot join a full batch is kept, and the reason is shown', async ({ signIn, page }) => {
    const token = uniqueToken('full');
    await signIn('admin');
    const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
    const batchId = await createBatchByApi(page, { name: `Full ${token}`, teacher, capacity: 1 });
    await enrolByApi(page, batchId, await createStudentByApi(page, { name: `Ira ${token}`, email: `${token}.i@example.com` }));

    await page.goto(`/app/batches/${batchId}`);
    await expect(page.getByText('No seats left')).toBeVisible();
    await page.goto(`/app/students/create?batchId=${batchId}`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Jai ${token}`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${token}.j@example.com`);
    await page.getByRole('button', { name: 'Create and Add to Batch' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Student created, but not added to the batch' })).toContainText('Batch is full');
    await expect(page).toHaveURL(/\/app\/students\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`Jai ${token}`).first()).toBeVisible();
  });

  test('a student who opens /app/batches is sent to their own dashboard', async ({ page, loginAs }) => {
    await loginAs('student', '/app/batches');
    await expect(page).toHaveURL('/app/student/dashboard');
  });
});
