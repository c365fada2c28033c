import type { FastifyPluginAsync } from 'fastify';
import { word } from '@academy/shared/i18n/server-catalog';
import { escapeHtml } from '../../lib/public-pages';
import { requestLanguage } from '../../lib/translate-reply';
import { acceptFormPosts } from '../../lib/form-posts';

/*
 * A test's Start as a plain HTML form (issue 74, decision 078): the student's online tests, drawn by the
 * server, put each open test's Start in a `<form method="post">` to this route, so a tap starts the test
 * before the app's code has come, or without it. The route hands it to the API's own route, POST
 * /api/online-tests/:id/attempts, as the person (their cookie): the same rules (their batch's published
 * test, open now, one attempt), messages in their language and audit. Started: 303 to the attempt's
 * screen. Refused: a plain page with the API's message and the way back. Guards: access/online-tests.ts.
 * Once the app runs, Start opens its confirmation and starts through the API, as before.
 */

export const TEST_LIST_PATH = '/app/student/online-tests';

/** The form's address for a test (student-online-tests.tsx posts there). */
export const START_FORM_PATH = '/app/student/online-tests/:testId/start';


export const startFormRoutes: FastifyPluginAsync = async (app) => {
  acceptFormPosts(app);

  app.post(START_FORM_PATH, { schema: { hide: true }, config: { session: true } }, async (request, reply) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/online-tests/${encodeURIComponent((request.params as { testId: string }).testId)}/attempts`,
      headers: { host: request.headers.host ?? 'localhost', cookie: request.headers.cookie ?? '', 'content-type': 'application/json' },
      payload: '{}',
    });
    // A renewed session's cookie reaches the browser.
    for (const cookie of [response.headers['set-cookie'] ?? []].flat()) reply.header('set-cookie', cookie);
    reply.header('cache-control', 'no-store');
    let answer: { data?: { _id?: string }; message?: string } = {};
    try {
      answer = response.json();
    } catch {
      // Not the API's JSON (never expected): the plain page below says the test did not start.
    }
    // Started (or already started: the same attempt): to its screen, which the app draws; a reload does not post again.
    if (response.statusCode < 300 && typeof answer.data?._id === 'string') {
      return reply.redirect(`${TEST_LIST_PATH}/attempts/${encodeURIComponent(answer.data._id)}`, 303);
    }
    const language = requestLanguage(request);
    const message = answer.message ?? word('api', 'The test did not start', language);
    const back = word('api', 'Back to your online tests', language);
    reply.status(response.statusCode >= 400 ? response.statusCode : 500).type('text/html; charset=utf-8');
    return reply.send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title></head><body><p role="alert">${escapeHtml(message)}</p><p><a href="${TEST_LIST_PATH}">${escapeHtml(back)}</a></p></body></html>`,
    );
  });
};
