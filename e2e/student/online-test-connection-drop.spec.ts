import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, test, uniqueToken } from '../fixtures';

const PASSWORD = 'connection-drop-2026';

/*
 * Issue 74: "a student whose connection drops for 2 minutes loses nothing (answers kept on the phone and
 * sent when it returns)". The phone keeps every answer at once (attempt-answers.ts, per student and
 * attempt), tries to send every 10 s while offline and at once when the browser says it is back online
 * (use-attempt-sync.ts); the server takes each answer once (its revision: a repeat changes nothing).
 * How long the connection is gone matters only through those timers and the countdown, so the page's
 * clock is moved on two minutes while offline (Playwright's clock) instead of waiting two real minutes:
 * the retries of those two minutes fire and fail, exactly as they would, and the answers must still be
 * kept and then reach the server.
 */
test('a student whose connection drops for two minutes mid-test loses no answer: kept on the phone, sent when it returns', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('cd');
  await loginAs('admin');
  const subject = ((await (await page.request.get('/api/subjects')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batch = await createBatchByApi(page, { name: `Drop ${token}`, teacher, schedule: { days: ['sat'], startTime: '18:00', endTime: '19:00' } });
  const email = `${token}.s@example.com`;
  const studentId = await createStudentByApi(page, { name: `Neha ${token}`, email, password: PASSWORD });
  await enrolByApi(page, batch, studentId);

  // Four one-answer questions, in this order (no shuffle): question n's right option is "<token> right n".
  const questions: string[] = [];
  for (let n = 1; n <= 4; n++) {
    const made = await page.request.post('/api/questions', {
      data: {
        subject,
        chapter: 'Units',
        difficulty: 'easy',
        type: 'single',
        text: `${token} question ${n}`,
        options: [{ text: `${token} right ${n}` }, { text: `${token} wrong ${n}a` }, { text: `${token} wrong ${n}b` }, { text: `${token} wrong ${n}c` }],
        correct: [0],
        language: 'en',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    questions.push(((await made.json()) as { data: { _id: string } }).data._id);
  }
  const created = await page.request.post('/api/online-tests', {
    data: {
      title: `Drop ${token}`,
      batches: [batch],
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
      durationMinutes: 30,
      marking: { correct: 4, wrong: -1, unanswered: 0 },
      questions,
      shuffle: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { _id: string } }).data._id;
  expect((await page.request.post(`/api/online-tests/${testId}/publish`)).status()).toBe(200);

  // The student's phone, its clock ours to move.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const student = await context.newPage();
  await student.clock.install();
  expect((await student.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  await student.goto('/app/student/online-tests');
  // Before the app takes the page over, Start is the server's form and opens the attempt at once (issue 74);
  // this journey is the app's: its confirmation, then the phone's answer keeping.
  await student.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await student.getByTestId(`online-test-${testId}`).getByRole('button', { name: 'Start' }).tap();
  await student.getByRole('dialog').getByRole('button', { name: 'Start the test' }).tap();
  await expect(student).toHaveURL(/\/app\/student\/online-tests\/attempts\/[0-9a-f-]+$/);
  const attemptId = student.url().split('/').at(-1)!;
  await expect(student.getByTestId('question-number')).toHaveText('Question 1 of 4', { timeout: 30_000 });

  // Question 1 answered online.
  await student.getByText(`${token} right 1`, { exact: true }).tap();
  await student.getByRole('button', { name: 'Save & next' }).tap();
  await expect(student.getByTestId('sync-status')).toHaveText('Saved');

  // The connection drops: questions 2, 3 and 4 answered on the phone.
  await context.setOffline(true);
  for (const n of [2, 3, 4]) {
    await expect(student.getByTestId('question-number')).toHaveText(`Question ${n} of 4`);
    await student.getByText(`${token} right ${n}`, { exact: true }).tap();
    if (n < 4) await student.getByRole('button', { name: 'Save & next' }).tap();
  }
  await expect(student.getByTestId('sync-status')).toContainText('Offline: 3 answers kept on this phone');
  // Two minutes without a connection: every retry of those minutes fails, nothing is dropped.
  await student.clock.fastForward('02:00');
  await expect(student.getByTestId('sync-status')).toContainText('Offline: 3 answers kept on this phone');

  // Back online: the three answers kept on the phone reach the server, in one go.
  await context.setOffline(false);
  await expect(student.getByTestId('sync-status')).toHaveText('Saved', { timeout: 30_000 });
  const saved = (await (await student.request.get(`/api/attempts/${attemptId}`)).json()) as { data: { answers: { questionId: string; choice: string[] }[] } };
  expect(saved.data.answers.filter((answer) => answer.choice.length > 0).map((answer) => answer.questionId).sort()).toEqual([...questions].sort());

  // Submitted, the server scores all four as answered right (4 marks each).
  const submitted = await student.request.post(`/api/attempts/${attemptId}/submit`, { headers: { origin: baseURL! } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const result = (await submitted.json()) as { data: Record<string, unknown> };
  expect(JSON.stringify(result.data)).toMatch(/"unanswered":0/);
  await context.close();
});
