import type { Page } from '@playwright/test';
import { createBatchByApi, createStudentByApi, createTeacherByApi, enrolByApi, expect, shootWidths, test, uniqueToken } from '../fixtures';

// What the service worker does is part of this journey (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'offline-reload-2026';

/*
 * Issue 54 point 7: a student reloads a timed test while offline. The walk saw a login page named
 * "Academy" (the failed session check taken for a sign-out) and, back online, question 1 again. Now the
 * app opens signed in from the service worker's shell, the test reopens at the question the student
 * was on with the answers kept on the phone, and back online they reach the server.
 */
test('a timed test reloaded offline reopens at the question the student was on, with the answers; online again, they are saved', async ({ page, loginAs, browser, baseURL }) => {
  test.setTimeout(180_000);
  const token = uniqueToken('or');
  await loginAs('admin');
  const subject = ((await (await page.request.get('/api/subjects')).json()) as { data: { _id: string }[] }).data[0]!._id;
  const teacher = await createTeacherByApi(page, { name: `Teacher ${token}`, email: `${token}.t@example.com` });
  const batch = await createBatchByApi(page, { name: `Offline ${token}`, teacher, schedule: { days: ['sat'], startTime: '18:00', endTime: '19:00' } });
  const email = `${token}.s@example.com`;
  const studentId = await createStudentByApi(page, { name: `Tara ${token}`, email, password: PASSWORD });
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
      title: `Units ${token}`,
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

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 760 } });
  const student = await context.newPage();
  expect((await student.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  await student.goto('/app/student/online-tests');
  // The service worker registers after the load event and then takes the page over.
  await waitForServiceWorker(student);
  await student.getByTestId(`online-test-${testId}`).getByRole('button', { name: 'Start' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Start the test' }).click();
  await expect(student).toHaveURL(/\/app\/student\/online-tests\/attempts\/[0-9a-f-]+$/);
  const attemptId = student.url().split('/').at(-1)!;
  // Opened once through the service worker, the screen's code is kept for a reload without a connection.
  await student.reload();
  await expect(student.getByTestId('question-number')).toHaveText('Question 1 of 4', { timeout: 30_000 });

  // Questions 1 and 2 answered online; on to question 3.
  for (const n of [1, 2]) {
    await student.getByText(`${token} right ${n}`, { exact: true }).click();
    await student.getByRole('button', { name: 'Save & next' }).click();
  }
  await expect(student.getByTestId('question-number')).toHaveText('Question 3 of 4');
  await expect(student.getByTestId('sync-status')).toHaveText('Saved');

  // The connection drops; question 3 is answered on the phone, and the page is reloaded.
  await context.setOffline(true);
  await student.getByText(`${token} right 3`, { exact: true }).click();
  await expect(student.getByTestId('sync-status')).toContainText('Offline: 1 answer kept on this phone');
  await student.reload();
  // Still signed in and in the test (not the login page), at question 3, with its answer chosen.
  await expect(student.getByTestId('question-number')).toHaveText('Question 3 of 4', { timeout: 30_000 });
  await expect(student).toHaveURL(new RegExp(`/attempts/${attemptId}$`));
  await expect(student.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(student.locator('[aria-checked="true"]', { hasText: `${token} right 3` })).toHaveCount(1);
  await expect(student.getByTestId('sync-status')).toContainText('Offline: 1 answer kept on this phone');
  await expect(student.getByTestId('time-left')).toHaveText(/^(2\d|30):\d\d$/);
  await shootWidths(student, 'online-test-offline-reload');
  await student.setViewportSize({ width: 360, height: 760 });
  // The palette still knows questions 1 and 2 were answered.
  await student.getByRole('button', { name: 'All questions' }).click();
  await expect(student.getByRole('dialog').locator('[data-state="answered"]')).toHaveCount(3);
  await student.keyboard.press('Escape');

  // Back online: the answer kept on the phone reaches the server.
  await context.setOffline(false);
  await expect(student.getByTestId('sync-status')).toHaveText('Saved', { timeout: 30_000 });
  const saved = (await (await student.request.get(`/api/attempts/${attemptId}`)).json()) as { data: { answers: { questionId: string; choice: string[] }[] } };
  expect(saved.data.answers.filter((answer) => answer.choice.length > 0).map((answer) => answer.questionId).sort()).toEqual(questions.slice(0, 3).sort());

  // Signed out, the phone offline is signed out too: only a session this device had stays open offline.
  expect((await student.request.post('/api/auth/logout')).status()).toBe(200);
  await context.setOffline(true);
  await student.reload();
  await expect(student).toHaveURL(/\/login$/, { timeout: 30_000 });
  await context.setOffline(false);
  await context.close();
});

/** Waits until the service worker controls the page (reloading once when it activated after the load). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page
    .waitForFunction(async () => (await navigator.serviceWorker.ready) !== undefined && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
    .catch(async () => {
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    });
}
