import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

// Aarav Patil (the demo student) is in 9th Maths Evening, a batch of Priya Kulkarni (the demo teacher, Mathematics).
const BATCH = '9th Maths Evening';

type Paper = { _id: string; sections: { questions: { _id: string; options: { _id: string }[]; correct: number[] }[] }[] };

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** Four questions of the teacher's subject in a chapter of this run's own, through the bank's API. */
async function makeQuestions(request: APIRequestContext, token: string): Promise<string[]> {
  const { subjects } = await data<{ subjects: { _id: string; name: string }[] }>(await request.get('/api/questions/subjects'));
  const maths = subjects.find((subject) => subject.name === 'Mathematics')!;
  const texts = [`${token} Q1: If $x + 2 = 5$, then $x$ is`, `${token} Q2: The value of $2^3$ is`, `${token} Q3: The square root of $49$ is`, `${token} Q4: Not on the paper`];
  const ids: string[] = [];
  for (const text of texts) {
    const question = await data<{ _id: string }>(
      await request.post('/api/questions', {
        data: { subject: maths._id, chapter: `Algebra ${token}`, difficulty: 'easy', type: 'single', text, options: ['1', '3', '7', '8'].map((option) => ({ text: option })), correct: [1] },
      }),
      201,
    );
    ids.push(question._id);
  }
  return ids;
}

/** 'D MMMM YYYY' of a day `offset` days from today on this machine's clock: how the calendar names its day buttons. */
function calendarDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return `${day.getDate()} ${day.toLocaleString('en-GB', { month: 'long' })} ${day.getFullYear()}`;
}

/** The screen fits a 360 px phone: nothing wider than the window (then back to the laptop's width). */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Chooses a day in a date-and-time field's calendar (keeping its time) and closes it. */
async function pickDay(page: Page, field: string, offset: number) {
  await page.getByRole('button', { name: field, exact: true }).click();
  // The calendar is open before asking whether the day shows (else the month would be turned for nothing).
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
  const day = page.getByRole('button', { name: calendarDay(offset), exact: true }).first();
  if (!(await day.isVisible())) await page.getByRole('button', { name: offset < 0 ? 'Previous month' : 'Next month' }).click();
  await day.click();
  await page.getByRole('button', { name: 'Done' }).click();
}

test.describe('online tests (teacher)', () => {
  test('the teacher sets a JEE-style paper from the bank, publishes it and reads the results; a student cannot open the screen', async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(180_000);
    const token = uniqueToken('otp');
    const title = `JEE practice ${token}`;
    await loginAs('teacher');
    const questionIds = await makeQuestions(page.request, token);

    await page.getByRole('link', { name: 'Online tests' }).first().click();
    await expect(page).toHaveURL('/app/teacher/online-tests');
    await page.getByRole('link', { name: 'New online test' }).click();
    await expect(page).toHaveURL('/app/teacher/online-tests/new');
    await expect(page.getByRole('heading', { name: 'New online test' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('combobox', { name: 'Batches' }).click();
    await page.getByRole('option', { name: BATCH }).click();
    await page.keyboard.press('Escape');

    // The JEE Main preset is the default: +4, −1, 0; another preset fills the marks, typing names the scheme.
    await expect(page.getByRole('textbox', { name: 'Right answer' })).toHaveValue('4');
    await expect(page.getByRole('textbox', { name: 'Wrong answer' })).toHaveValue('-1');
    await page.getByRole('combobox', { name: 'Marking scheme' }).click();
    await page.getByRole('option', { name: 'MHT-CET, 2 marks each' }).click();
    await expect(page.getByRole('textbox', { name: 'Right answer' })).toHaveValue('2');
    await expect(page.getByRole('textbox', { name: 'Wrong answer' })).toHaveValue('0');
    await page.getByRole('textbox', { name: 'Right answer' }).fill('4');
    await page.getByRole('textbox', { name: 'Wrong answer' }).fill('-1');
    await expect(page.getByRole('combobox', { name: 'Marking scheme' })).toHaveValue('JEE Main (+4, −1)');

    // Three of this run's questions, found by their words.
    await page.getByRole('textbox', { name: 'Search' }).fill(token);
    const bank = page.getByRole('list', { name: 'Questions of the bank' });
    await expect(bank.getByRole('checkbox')).toHaveCount(4);
    for (const number of [1, 2, 3]) await bank.getByRole('checkbox', { name: new RegExp(`${token} Q${number}`) }).click();
    await expect(bank.getByRole('checkbox', { name: new RegExp(`${token} Q2`) })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('3 questions chosen · 12 marks')).toBeVisible();

    // A bad input: closing (today) before opening (tomorrow, the default) is named on the closing field.
    await pickDay(page, 'Closes at', 0);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('button', { name: 'Closes at', exact: true })).toHaveAccessibleDescription(/The test must close after it opens/);
    await expect(page).toHaveURL('/app/teacher/online-tests/new');
    await pickDay(page, 'Closes at', 1);
    await expect(page.getByText('The test must close after it opens')).toHaveCount(0);

    // By blueprint instead: the server says, under the rows, when the bank cannot fill one.
    await page.getByText('Pick by blueprint', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Chapter' }).click();
    await page.getByRole('option', { name: `Algebra ${token} (4)` }).click();
    await page.getByRole('textbox', { name: 'How many' }).fill('5');
    await expect(page.getByText('5 questions · 20 marks')).toBeVisible();
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('region', { name: 'Questions' }).getByRole('alert').filter({ hasText: `Not enough questions in the bank for Algebra ${token} (any): 4 of 5` })).toBeVisible();
    await shootWidths(page, 'online-test-blueprint');
    // Back to the three chosen questions.
    await page.getByText('Choose questions', { exact: true }).click();
    await expect(page.getByText('3 questions chosen · 12 marks')).toBeVisible();
    await expectFitsPhone(page);
    await shootWidths(page, 'online-test-form');

    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page).toHaveURL(/\/app\/teacher\/online-tests\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    // The paper as the teacher checks it: the three questions with their right option marked.
    for (const number of [1, 2, 3]) await expect(page.getByRole('article', { name: `Question ${number}` })).toContainText(`${token} Q${number}`);
    await expect(page.getByText(/, right answer:$/)).toHaveCount(3);
    await expect(page.getByText(`${token} Q4`)).toHaveCount(0);
    // On paper: the question paper downloads as a PDF; the answer key beside it.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Question paper (PDF)' }).click();
    const paperFile = await download;
    expect(paperFile.suggestedFilename()).toMatch(/^question-paper-[0-9a-f]{8}\.pdf$/);
    const key = await page.request.get((await page.getByRole('link', { name: 'Answer key (PDF)' }).getAttribute('href')) ?? '');
    expect(key.status()).toBe(200);
    expect(key.headers()['content-type']).toBe('application/pdf');
    expect((await key.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectFitsPhone(page);
    await shootWidths(page, 'online-test-draft');

    // A draft can still change: the edit form opens with its values and its three questions chosen.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit online test' })).toBeVisible();
    await expect(page.getByText('3 questions chosen · 12 marks')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Closes at', exact: true })).toContainText('9:00 PM');
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (A)`);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('heading', { name: `${title} (A)` })).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the online test' });
    await expect(dialog).toContainText('The students of these batches and their parents will be told now');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    await page.getByRole('link', { name: 'All online tests' }).click();
    await expect(page).toHaveURL('/app/teacher/online-tests');
    const row = page.getByRole('row').filter({ hasText: `${title} (A)` });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('3 questions · 12 marks');
    await expect(row).toContainText('60 min');
    await expectFitsPhone(page);
    await shootWidths(page, 'online-test-list');

    // Results: a second paper, open now, which the demo student takes (two right, one wrong: 4 + 4 − 1 = 7).
    const now = Date.now();
    const open = await data<Paper>(
      await page.request.post('/api/online-tests', {
        data: {
          title: `Open ${title}`,
          batches: [(await data<{ tests: { batches: { _id: string; name: string }[]; title: string }[] }>(await page.request.get('/api/online-tests'))).tests.find((entry) => entry.title === `${title} (A)`)!.batches[0]!._id],
          opensAt: new Date(now - 60_000).toISOString(),
          closesAt: new Date(now + 2 * 3600_000).toISOString(),
          durationMinutes: 30,
          marking: { correct: 4, wrong: -1, unanswered: 0 },
          questions: questionIds.slice(0, 3),
          shuffle: true,
        },
      }),
      201,
    );
    await data(await page.request.post(`/api/online-tests/${open._id}/publish`));
    const studentContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const student = await studentContext.newPage();
    expect((await student.request.post('/api/auth/login', { data: { email: DEMO_USERS.student.email, password: DEMO_PASSWORD } })).status()).toBe(200);
    const attempt = await data<{ _id: string }>(await student.request.post(`/api/online-tests/${open._id}/attempts`), 201);
    const questions = open.sections.flatMap((section) => section.questions);
    const answers = questions.map((question, index) => {
      const right = question.options[question.correct[0]!]!._id;
      const wrong = question.options.find((option) => option._id !== right)!._id;
      return { questionId: question._id, choice: [index === 2 ? wrong : right], revision: 1 };
    });
    await data(await student.request.put(`/api/attempts/${attempt._id}/answers`, { data: { answers } }));
    await data(await student.request.post(`/api/attempts/${attempt._id}/submit`));

    await page.goto(`/app/teacher/online-tests/${open._id}?tab=results`);
    await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
    const ranks = page.getByRole('region', { name: 'Ranks' });
    await expect(ranks.getByRole('row').filter({ hasText: DEMO_USERS.student.name })).toContainText('7 / 12');
    await expect(page.getByRole('region', { name: 'Questions' }).getByRole('row')).toHaveCount(4);
    const workbook = await page.request.get(await page.getByRole('link', { name: 'Download Excel' }).getAttribute('href') ?? '');
    expect(workbook.status()).toBe(200);
    expect(workbook.headers()['content-type']).toContain('spreadsheetml');
    await expectFitsPhone(page);
    await shootWidths(page, 'online-test-results');

    // A student may not open the teacher's screens: the area sends them to their own, the API refuses.
    await student.goto('/app/teacher/online-tests');
    await expect(student).toHaveURL(DEMO_USERS.student.home);
    expect((await student.request.get(`/api/online-tests/${open._id}`)).status()).toBe(403);
    expect((await student.request.get(`/api/online-tests/${open._id}/paper.pdf?answers=true`)).status()).toBe(403);
    await studentContext.close();

    // The office sees every teacher's papers and their results.
    const officeContext = await browser.newContext({ baseURL });
    const office = await officeContext.newPage();
    expect((await office.request.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
    await office.goto('/app/online-tests');
    await office.getByRole('link', { name: `Open ${title}` }).click();
    await office.getByRole('tab', { name: 'Results' }).click();
    await expect(office.getByRole('region', { name: 'Ranks' })).toContainText(DEMO_USERS.student.name);
    await officeContext.close();
  });
});
