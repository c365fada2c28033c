import type { Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, hasHorizontalOverflow, shootWidths, test, uniqueToken } from '../fixtures';

// What the service worker does is part of this journey (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'online-test-pass-2026';

/** A question as the spec wrote it: a unique word in its text, the right and a wrong option's words. */
type Made = { id: string; token: string; type: 'single' | 'multiple' | 'numeric'; right: string[]; wrong: string; value?: number };

async function makeQuestion(page: Page, subject: string, made: Omit<Made, 'id'>, text: string): Promise<Made> {
  const options = made.type === 'numeric' ? undefined : [0, 1, 2, 3].map((n) => ({ text: n < made.right.length ? made.right[n]! : n === 3 ? made.wrong : `${made.token} other ${n}` }));
  const response = await page.request.post('/api/questions', {
    data: {
      subject,
      chapter: 'Kinematics',
      difficulty: 'medium',
      type: made.type,
      text,
      ...(options ? { options, correct: made.right.map((_right, index) => index) } : { answer: { value: made.value, tolerance: 0.01 } }),
      solution: `Worked solution of ${made.token}`,
      language: 'en',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...made, id: ((await response.json()) as { data: { _id: string } }).data._id };
}

function paper(title: string, batch: string, questions: string[], window: { openedSecondsAgo: number; closesInSeconds: number; minutes: number }) {
  return {
    title,
    batches: [batch],
    opensAt: new Date(Date.now() - window.openedSecondsAgo * 1000).toISOString(),
    closesAt: new Date(Date.now() + window.closesInSeconds * 1000).toISOString(),
    durationMinutes: window.minutes,
    marking: { correct: 4, wrong: -1, unanswered: 0 },
    questions,
    shuffle: true,
  };
}

/*
 * The journey on a phone: a JEE-style paper of five questions (one with a formula, one numeric);
 * the student starts it (no answer in any response), answers three right, one wrong, leaves one, loses
 * the connection mid-way and reloads, submits, and sees it received (no score while the test is open:
 * issue 71); a second start and a late save are refused; a test that has closed shows its score, rank
 * and solutions.
 */
test('online test: a student takes a timed JEE-style paper on a phone, offline mid-way, sees it received; score, rank and solutions after closing', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('ot');
  await loginAs('admin');
  const subject = ((await (await page.request.get('/api/subjects')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batch = await createBatchByApi(page, { name: `JEE ${token}`, teacher });
  const email = `${token}.s@example.com`;
  const studentId = await createStudentByApi(page, { name: `Isha ${token}`, email, password: PASSWORD });
  await enrolByApi(page, batch, studentId);

  const made = [
    await makeQuestion(page, subject, { token: `${token}q1`, type: 'single', right: [`${token} right one`], wrong: `${token} wrong one` }, `${token}q1: if $v = u + at$ with $u = 2$, $a = 3$, $t = 4$, then $v$ is`),
    await makeQuestion(page, subject, { token: `${token}q2`, type: 'multiple', right: [`${token} vector A`, `${token} vector B`], wrong: `${token} scalar` }, `${token}q2: which are vectors?`),
    await makeQuestion(page, subject, { token: `${token}q3`, type: 'numeric', right: [], wrong: '', value: 9.81 }, `${token}q3: g on the Earth in m/s²`),
    await makeQuestion(page, subject, { token: `${token}q4`, type: 'single', right: [`${token} newton`], wrong: `${token} joule` }, `${token}q4: the SI unit of force`),
    await makeQuestion(page, subject, { token: `${token}q5`, type: 'single', right: [`${token} watt`], wrong: `${token} volt` }, `${token}q5: the SI unit of power`),
  ];
  const createPaper = async (body: object) => {
    const response = await page.request.post('/api/online-tests', { data: body });
    expect(response.status(), await response.text()).toBe(201);
    const id = ((await response.json()) as { data: { _id: string } }).data._id;
    expect((await page.request.post(`/api/online-tests/${id}/publish`)).status()).toBe(200);
    return id;
  };
  // A short one that closes in half a minute (its solutions show after), and the real one.
  const short = await createPaper(paper(`Quick ${token}`, batch, [made[4]!.id], { openedSecondsAgo: 60, closesInSeconds: 30, minutes: 1 }));
  const main = await createPaper(paper(`JEE Main practice ${token}`, batch, made.map((question) => question.id), { openedSecondsAgo: 60, closesInSeconds: 3600, minutes: 60 }));

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 760 } });
  const student = await context.newPage();
  expect((await student.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  // The short paper, answered right and submitted at once through the API (its solution is checked at the end).
  const quick = (await (await student.request.post(`/api/online-tests/${short}/attempts`)).json()) as { data: { _id: string; questions: { options: { _id: string; text: string }[] }[] } };
  const watt = quick.data.questions[0]!.options.find((option) => option.text === `${token} watt`)!._id;
  expect((await student.request.put(`/api/attempts/${quick.data._id}/answers`, { data: { answers: [{ questionId: made[4]!.id, choice: [watt], revision: 1 }] } })).status()).toBe(200);
  expect((await student.request.post(`/api/attempts/${quick.data._id}/submit`)).status()).toBe(200);

  await student.goto('/app/student/online-tests');
  // This journey is the app's (the instructions, then the API): Start waits for the app to take the page
  // over. Tapped before, the plain form may post to the server as well (issue 74's path without the app),
  // and the page's navigation can cut off the API's start this test waits for (a flake seen once in CI).
  await student.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  const card = student.getByTestId(`online-test-${main}`);
  await expect(card).toContainText('5 questions · 60 min · out of 20');
  await card.getByRole('button', { name: 'Start' }).click();
  const started = student.waitForResponse((response) => response.url().endsWith(`/api/online-tests/${main}/attempts`) && response.request().method() === 'POST');
  await student.getByRole('dialog').getByRole('button', { name: 'Start the test' }).click();
  const startedBody = await (await started).text();
  // Nothing a student receives names a right answer or a solution (the marking scheme aside).
  for (const leak of ['"correct":[', '"solution"', '"answer"', 'Worked solution']) expect(startedBody).not.toContain(leak);
  await expect(student).toHaveURL(/\/app\/student\/online-tests\/attempts\/[0-9a-f-]+$/);
  const attemptId = student.url().split('/').at(-1)!;
  await expect(student.getByTestId('time-left')).toHaveText(/^(59|60|1:00):\d\d/);

  /** Answers the question on screen as the journey needs: q1–q3 right, q4 wrong, q5 left. */
  const answerShown = async () => {
    const text = (await student.getByTestId('question-text').innerText()).trim();
    const question = made.find((each) => text.includes(each.token))!;
    if (question.token.endsWith('q5')) return question;
    if (question.type === 'numeric') await student.getByLabel('Your answer').fill('9.8');
    else if (question.token.endsWith('q4')) await student.getByText(question.wrong, { exact: true }).click();
    else for (const right of question.right) await student.getByText(right, { exact: true }).click();
    return question;
  };
  const next = () => student.getByRole('button', { name: 'Save & next' }).click();

  const phone = () => student.setViewportSize({ width: 360, height: 760 });
  /** Opens, through the palette, a question not answered yet other than q5 (the one left); its Made. */
  const palette = student.getByRole('dialog', { name: 'All questions' });
  /** Opens the palette and waits for its questions: counted before the drawer is drawn, none would be found. */
  const openPalette = async () => {
    await expect(palette).toHaveCount(0);
    await student.getByRole('button', { name: 'All questions' }).click();
    await expect(palette.locator('[data-state]').first()).toBeVisible();
  };
  const openUnanswered = async (): Promise<Made | undefined> => {
    await openPalette();
    const cells = palette.locator('[data-state="not-visited"], [data-state="not-answered"]');
    for (let n = 0; n < (await cells.count()); n++) {
      await cells.nth(n).click();
      const text = await student.getByTestId('question-text').innerText();
      const question = made.find((each) => text.includes(each.token))!;
      if (!question.token.endsWith('q5')) return question;
      await openPalette();
    }
    await student.keyboard.press('Escape');
    return undefined;
  };

  // Two answers with the connection on.
  const done = new Set<string>();
  while (done.size < 2) {
    const question = await answerShown();
    if (!question.token.endsWith('q5')) done.add(question.token);
    await next();
  }
  await expect(student.getByTestId('sync-status')).toHaveText('Saved');
  // The connection drops: the next answer stays on the phone.
  await context.setOffline(true);
  const offlineQuestion = (await openUnanswered())!;
  await answerShown();
  done.add(offlineQuestion.token);
  await expect(student.getByTestId('sync-status')).toContainText(/Offline: \d answers? kept on this phone/);
  await shootWidths(student, 'online-test-offline');
  await phone();
  // Back online, the student reloads: the time goes on, the answer given offline is there and reaches the server.
  await context.setOffline(false);
  await student.reload();
  await expect
    .poll(async () => ((await (await student.request.get(`/api/attempts/${attemptId}`)).json()) as { data: { answers: { questionId: string; choice: string[]; value: number | null }[] } }).data.answers.filter((answer) => answer.choice.length > 0 || answer.value !== null).map((answer) => answer.questionId), { timeout: 20_000 })
    .toContain(offlineQuestion.id);
  await expect(student.getByTestId('sync-status')).toHaveText('Saved');
  // The other two through the palette: one wrong, and q5 left (marked for review).
  for (let question = await openUnanswered(); question; question = await openUnanswered()) {
    await answerShown();
    done.add(question.token);
  }
  expect(done.size).toBe(4);
  await expect(student.getByTestId('sync-status')).toHaveText('Saved');
  await shootWidths(student, 'online-test-question');
  await phone();
  expect(await hasHorizontalOverflow(student)).toBe(false);

  await student.getByRole('button', { name: 'Submit test' }).last().click();
  const confirm = student.getByRole('dialog', { name: 'Submit the test?' });
  await expect(confirm).toContainText('4 questions answered');
  await expect(confirm).toContainText('1 question not answered');
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(student).toHaveURL(`/app/student/online-tests/attempts/${attemptId}/result`);
  // While the test is open for anyone, only that it was received and when the results show: no score,
  // count, rank or verdict (issue 53: verdicts rebuilt the key; issue 71: so did `score=4 correct=1`).
  const received = student.getByTestId('result-received');
  await expect(received).toContainText('Your answers were received');
  await expect(received).toContainText(/Received at \d{2}-\d{2}-\d{4}, \d{1,2}:\d{2} [AP]M\./);
  const closesAt = ((await (await student.request.get(`/api/attempts/${attemptId}/result`)).json()) as { data: { test: { closesAt: string; resultsAt: string } } }).data.test;
  expect(closesAt.resultsAt).toBe(closesAt.closesAt);
  await expect(student.getByTestId('results-at')).toContainText('Your score, rank and the right answers show on');
  for (const hidden of ['result-score', 'result-rank', 'result-counts', 'result-question-1']) await expect(student.getByTestId(hidden)).toHaveCount(0);
  await expect(student.getByText('Worked solution of', { exact: false })).toHaveCount(0);
  await expect(student.getByRole('heading', { name: 'By subject and chapter' })).toHaveCount(0);
  await shootWidths(student, 'online-test-result');
  await phone();
  expect(await hasHorizontalOverflow(student)).toBe(false);
  // The list says submitted and when the results come, with no score.
  await student.goto('/app/student/online-tests');
  await expect(card).toContainText('Submitted');
  await expect(card).toContainText(/Results \d{2}-\d{2}-\d{4}/);
  await expect(card).not.toContainText('Score');
  await shootWidths(student, 'online-test-list-submitted');
  await phone();
  expect(await hasHorizontalOverflow(student)).toBe(false);

  // One attempt each; nothing is saved after submitting.
  expect((await student.request.post(`/api/online-tests/${main}/attempts`)).status()).toBe(409);
  expect((await student.request.put(`/api/attempts/${attemptId}/answers`, { data: { answers: [{ questionId: made[4]!.id, choice: [], revision: 9 }] } })).status()).toBe(409);
  // Another student cannot read this attempt; a teacher cannot take a test.
  expect((await page.request.get(`/api/attempts/${attemptId}`)).status()).toBe(403);

  // The short paper has closed by now: its result shows the solution and the right option.
  await expect
    .poll(async () => ((await (await student.request.get(`/api/attempts/${quick.data._id}/result`)).json()) as { data: { test: { resultsShown: boolean } } }).data.test.resultsShown, { timeout: 60_000, intervals: [2000] })
    .toBe(true);
  await student.goto(`/app/student/online-tests/attempts/${quick.data._id}/result`);
  await expect(student.getByText(`Worked solution of ${token}q5`)).toBeVisible();
  await expect(student.getByTestId('result-score')).toHaveText('4 / 4');
  await expect(student.getByTestId('result-rank')).toHaveText('1 of 1');
  await expect(student.getByTestId('result-counts')).toHaveText('1 · 0 · 0');
  // Closed: the verdict and the breakdown by subject and chapter.
  await expect(student.getByTestId('result-question-1')).toContainText('Right (+4)');
  await expect(student.getByRole('heading', { name: 'By subject and chapter' })).toBeVisible();
  await shootWidths(student, 'online-test-result-closed');
  await context.close();
});
