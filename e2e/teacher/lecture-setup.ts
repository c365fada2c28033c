import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, DEMO_PASSWORD, DEMO_USERS } from '../fixtures';

/** A teacher with a batch (a class every day) and one enrolled student, made by the admin (decision 087's specs). */
export const PASSWORD = 'lecture-phone-2026';
type Json = { data: { _id: string } & Record<string, unknown> };

export async function teacherWithBatch(admin: APIRequestContext, token: string) {
  expect((await admin.post('/api/auth/login', { data: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
  const json = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as Json).data;
  };
  const teacher = await json(await admin.post('/api/teachers', { data: { name: `Teacher ${token}`, email: `${token}.t@example.com`, password: PASSWORD } }));
  const standards = (await (await admin.get('/api/standards')).json()) as { data: { _id: string }[] };
  const subjects = (await (await admin.get('/api/subjects')).json()) as { data: { _id: string }[] };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const batch = await json(
    await admin.post('/api/batches', {
      data: {
        name: `Lectures ${token}`,
        teacher: teacher._id,
        standard: standards.data[0]!._id,
        subject: subjects.data[0]!._id,
        schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], startTime: '07:00', endTime: '08:00' },
        startDate: today,
        endDate: `${Number(today.slice(0, 4)) + 1}-03-31`,
        capacity: 10,
      },
    }),
  );
  const studentEmail = `farhan.${token}@example.com`;
  const student = await json(await admin.post('/api/students', { data: { name: `Farhan ${token}`, email: studentEmail, password: PASSWORD } }));
  expect((await admin.put(`/api/batches/${batch._id}/students/${student._id}/add`)).status()).toBe(200);
  return { teacherEmail: `${token}.t@example.com`, studentEmail, batchId: batch._id, today };
}

/** A browser context of the project (a 360-px phone) signed in as `email`. */
export async function signedIn(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, permissions: ['camera', 'microphone'] });
  expect((await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return context;
}

type LectureJson = { data: { status: string; renditions: { kind: string; stills?: string }[] } };
export async function lectureOf(request: APIRequestContext, id: string) {
  return ((await (await request.get(`/api/lectures/${id}`)).json()) as LectureJson).data;
}
