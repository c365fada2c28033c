import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, DEMO_USERS, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

// Priya Kulkarni (the demo teacher) teaches Mathematics.
const SUBJECT = 'Mathematics';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function questionSheet(token: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(['Subject', 'Chapter', 'Topic', 'Difficulty', 'Type', 'Question', 'Option A', 'Option B', 'Option C', 'Option D', 'Correct', 'Answer', 'Tolerance', 'Solution', 'Language']);
  sheet.addRow([SUBJECT, `Sheet ${token}`, '', 'easy', 'single', `Sheet ${token}: $\\sqrt{16}$ is`, '$2$', '$4$', '$8$', '$16$', 'B', '', '', '', 'en']);
  sheet.addRow([SUBJECT, `Sheet ${token}`, '', 'medium', 'multiple', `Sheet ${token}: which are prime?`, '2', '4', '5', '9', 'A,C', '', '', '', 'en']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a teacher writes a question with a formula and a numeric one, sees them rendered, edits one, imports a sheet; a student cannot open the bank', async ({ page, loginAs, browser, baseURL }) => {
  // Four screens, a sheet and a second browser on a busy 2-core machine.
  test.setTimeout(150_000);
  const token = uniqueToken('qb');
  await loginAs('teacher', '/app/teacher/questions');
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible();

  // 1. A single-answer question with a formula, its preview rendered while typing.
  await page.getByRole('link', { name: 'Add question' }).click();
  await expect(page).toHaveURL('/app/teacher/questions/new');
  await expect(page.getByRole('heading', { name: 'Add question', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: SUBJECT }).click();
  await page.getByRole('combobox', { name: 'Chapter' }).fill(`Algebra ${token}`);
  await page.getByText('Easy', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(`Formula ${token}: if $x^2 = 9$ and $x > 0$, what is $x$?`);
  const preview = page.getByRole('region', { name: 'Preview of Question' });
  await expect(preview.locator('.katex').first()).toBeVisible();
  await expect(preview).not.toContainText('$x^2');
  for (const [index, text] of ['$3$', '$-3$', '$9$', '$\\sqrt{3}$'].entries()) {
    await page.getByRole('textbox', { name: `Option ${'ABCD'[index]}` }).fill(text);
  }
  await page.getByRole('radio', { name: 'A is the right answer' }).check();
  await page.getByRole('textbox', { name: 'Solution' }).fill('$x = \\sqrt{9} = 3$');
  await shootWidths(page, 'question-form');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('Question saved').first()).toBeVisible();
  await expect(page).toHaveURL('/app/teacher/questions');

  // 2. A numeric question.
  await page.getByRole('link', { name: 'Add question' }).click();
  await expect(page.getByRole('heading', { name: 'Add question', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: SUBJECT }).click();
  await page.getByRole('combobox', { name: 'Chapter' }).fill(`Algebra ${token}`);
  await page.getByText('Numeric', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(`Speed ${token}: a car covers 120 km in 2 h. Its speed in km/h?`);
  await page.getByRole('textbox', { name: 'Right answer' }).fill('60');
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page).toHaveURL('/app/teacher/questions');

  // 3. Both in the bank, the formula rendered with KaTeX, the right option marked.
  await page.getByRole('searchbox', { name: 'Search' }).fill(token);
  const formula = page.getByRole('article').filter({ hasText: `Formula ${token}` });
  const numeric = page.getByRole('article').filter({ hasText: `Speed ${token}` });
  await expect(formula).toBeVisible();
  await expect(numeric).toBeVisible();
  await expect(page.getByText('2 questions')).toBeVisible();
  await expect(formula.locator('.katex').first()).toBeVisible();
  await expect(formula.getByText('Option A, right answer:')).toBeAttached();
  await expect(formula.getByText('Single answer')).toBeVisible();
  await expect(numeric.getByText('Numeric')).toBeVisible();
  await expect(numeric.getByText('Answer:')).toBeVisible();
  await formula.getByRole('button', { name: 'Show solution' }).click();
  await expect(formula.locator('.katex').nth(4)).toBeVisible();
  await shootWidths(page, 'question-list');
  expect(await hasHorizontalOverflow(page)).toBe(false);

  // 4. Edit the numeric one: a tolerance, harder.
  await numeric.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/app\/teacher\/questions\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit question', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Right answer' })).toHaveValue('60');
  await page.getByText('Hard', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Tolerance (±)' }).fill('0.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Question updated').first()).toBeVisible();
  await expect(page).toHaveURL(/\/app\/teacher\/questions/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(token);
  await expect(numeric.getByText('60 ± 0.5')).toBeVisible();
  await expect(numeric.getByText('Hard')).toBeVisible();

  // 5. A sheet of two questions: checked first, then imported.
  await page.getByRole('link', { name: 'Import from Excel' }).click();
  await expect(page.getByRole('heading', { name: 'Import questions', level: 1 })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'questions.xlsx', mimeType: XLSX, buffer: await questionSheet(token) });
  await expect(page.getByRole('heading', { name: '3. What the import will do' })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The questions were imported' })).toBeVisible();
  await page.getByRole('link', { name: 'See the question bank' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(token);
  await expect(page.getByText('4 questions')).toBeVisible();
  const imported = page.getByRole('article').filter({ hasText: `Sheet ${token}: ` });
  await expect(imported).toHaveCount(2);
  // The square root of the first row rendered; the second row's two right options marked.
  await expect(imported.locator('.katex').first()).toBeVisible();
  await expect(imported.filter({ hasText: 'which are prime?' }).getByText(/right answer:/)).toHaveCount(2);

  // 6. A student's browser: the bank's screen sends them home, and the API refuses them.
  const context = await browser.newContext({ baseURL });
  try {
    const response = await context.request.post('/api/auth/login', { data: { email: DEMO_USERS.student.email, password: DEMO_PASSWORD } });
    expect(response.status()).toBe(200);
    const student = await context.newPage();
    await student.goto('/app/teacher/questions');
    await expect(student).toHaveURL('/app/student/dashboard', { timeout: 30_000 });
    expect((await context.request.get('/api/questions')).status()).toBe(403);
  } finally {
    await context.close();
  }
});
