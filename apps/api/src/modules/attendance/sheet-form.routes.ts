import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptFormPosts } from '../../lib/form-posts';
import { escapeHtml } from '../../lib/public-pages';

/*
 * The teacher's attendance sheet as a plain HTML form (issue 74, decision 075): the sheet the server
 * draws (/app/teacher/attendance/mark) is a `<form method="post">` whose marks are radio buttons, so a
 * tap and Submit work from the first paint, before the app's code has come, or without it. The form
 * posts here; this route hands the marks to the API's own route, POST /api/attendance/batch/:batchId,
 * as the person (their cookie), so the same validation, rules (their batch, the day's window), messages
 * in their language, audit entry and absence alerts apply as when the app submits. Guards: access/attendance.ts
 * (a teacher; another teacher's batch answers 404 from the API route). Cross-site posts are refused by
 * the server's same-origin check, as for every route.
 */

/** What the drawn sheet shows after a refused submission: the API's message, each row's reason, and the marks as sent. */
export interface SheetFormResult {
  batchId: string;
  date: string;
  message: string;
  errors: Record<string, string>;
  marks: Record<string, { status: string; remark: string }>;
  demos: Record<string, string>;
}

/**
 * Draws the sheet with a refused submission's result (apps/web entry-server.tsx), or null without the
 * web app's server build (tests): a plain page with the message then goes.
 */
export type DrawSheet = (request: FastifyRequest, reply: FastifyReply, search: string, result: SheetFormResult) => Promise<string | null>;

export const SHEET_PATH = '/app/teacher/attendance/mark';

/** The form's fields: `batchId`, `date`, `status.<studentId>`, `remark.<studentId>`, `demo.<demoId>` (mark-attendance-form.tsx). */
export function sheetSubmission(body: unknown): { batchId: string; date: string; submission: { date: string; records: { studentId: string; status: string; remark: string | null }[]; demos: { demoId: string; status: string }[] } } {
  const fields: Record<string, string> = {};
  if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) if (typeof value === 'string') fields[key] = value;
  }
  const records: { studentId: string; status: string; remark: string | null }[] = [];
  const demos: { demoId: string; status: string }[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('status.')) {
      const studentId = key.slice('status.'.length);
      records.push({ studentId, status: value, remark: fields[`remark.${studentId}`]?.trim() || null });
    } else if (key.startsWith('demo.')) demos.push({ demoId: key.slice('demo.'.length), status: value });
  }
  const date = fields.date ?? '';
  return { batchId: fields.batchId ?? '', date, submission: { date, records, demos } };
}

export const sheetFormRoutes: FastifyPluginAsync<{ drawSheet: () => DrawSheet | undefined }> = async (app, { drawSheet }) => {
  acceptFormPosts(app);

  app.post(SHEET_PATH, { schema: { hide: true }, config: { session: true } }, async (request, reply) => {
    const { batchId, date, submission } = sheetSubmission(request.body);
    const response = await app.inject({
      method: 'POST',
      url: `/api/attendance/batch/${encodeURIComponent(batchId)}`,
      headers: { host: request.headers.host ?? 'localhost', cookie: request.headers.cookie ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify(submission),
    });
    // A renewed session's cookie reaches the browser.
    for (const cookie of [response.headers['set-cookie'] ?? []].flat()) reply.header('set-cookie', cookie);
    const back = new URLSearchParams({ batchId, date });
    reply.header('cache-control', 'no-store');
    // Saved: back to the sheet (a reload does not post again), which shows the marks as recorded and says so.
    if (response.statusCode === 200) return reply.redirect(`${SHEET_PATH}?${back.toString()}&saved=1`, 303);

    const answer = response.json<{ message?: string; errors?: Record<string, string> }>();
    const message = answer.message ?? 'Failed to submit attendance';
    // `records.3.studentId` names the fourth record: the reason goes on that student's row.
    const errors: Record<string, string> = {};
    for (const [field, text] of Object.entries(answer.errors ?? {})) {
      const index = /^records\.(\d+)\./.exec(field)?.[1];
      const record = index === undefined ? undefined : submission.records[Number(index)];
      if (record) errors[record.studentId] = text;
    }
    // A batch that is not theirs (404) is not named back, nor what was sent for it: the teacher's own sheet
    // shows with the message (an id from elsewhere learns nothing).
    const unknown = response.statusCode === 404;
    const result: SheetFormResult = unknown
      ? { batchId: '', date: '', message, errors: {}, marks: {}, demos: {} }
      : {
          batchId,
          date,
          message,
          errors,
          marks: Object.fromEntries(submission.records.map((record) => [record.studentId, { status: record.status, remark: record.remark ?? '' }])),
          demos: Object.fromEntries(submission.demos.map((demo) => [demo.demoId, demo.status])),
        };
    const search = unknown ? '' : `?${back.toString()}`;
    const html = await drawSheet()?.(request, reply, search, result);
    // The sheet drawn again posts again: its Origin must reach the same-origin check (app.ts).
    reply.status(response.statusCode).header('referrer-policy', 'same-origin').type('text/html; charset=utf-8');
    return reply.send(html ?? plainResultPage(message, `${SHEET_PATH}${search}`));
  });
};

/** Without the drawn sheet: the message and the way back. */
function plainResultPage(message: string, back: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title></head><body><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Back to the sheet</a></p></body></html>`;
}
