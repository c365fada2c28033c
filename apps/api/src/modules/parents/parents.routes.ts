import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { attendanceRangeQuerySchema, studentAttendanceSchema } from '@academy/shared/schemas/attendance';
import { idParamsSchema } from '@academy/shared/schemas/common';
import {
  absenceAlertListSchema,
  absenceAlertParamsSchema,
  absenceAlertQuerySchema,
  PARENT_MESSAGES,
  parentChildParamsSchema,
  parentChildSchema,
  parentLinkInputSchema,
  parentListQuerySchema,
  parentListSchema,
  parentSchema,
  studentParentParamsSchema,
} from '@academy/shared/schemas/parents';
import { actorOf } from '../../access/http';
import { siteOrigin } from '../../lib/site-origin';
import { getChildAttendance } from '../attendance';
import { queueWelcomeMail, type InvitationDeps } from '../users';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { PARENT_SENDER_JOB } from '../family-outbox';
import { childrenOf, linkParent, listAbsenceAlerts, listParents, parentsOfStudent, retryParentMessage, sendHeldMessageNow, setParentChannel, unlinkParent } from './parents.service';
import { listMessages } from './messages.service';
import { MESSAGING_MESSAGES, messageListQuerySchema, messageListSchema, messageParamsSchema, parentChannelInputSchema } from '@academy/shared/schemas/messaging';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/** Parents (issue 21): the office links them to students; a parent reads their children under /parent. */
export const parentsRoutes: FastifyPluginAsyncZod<InvitationDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['parents'];

  dataRoute(
    app, 'GET', '/parents', { tags, querystring: parentListQuerySchema, response: { 200: apiSuccess(parentListSchema) } },
    (request) => listParents(db, request.query),
  );

  dataRoute(
    app, 'GET', '/students/:id/parents', { tags, params: idParamsSchema, response: { 200: apiSuccess(z.array(parentSchema)) } },
    (request) => parentsOfStudent(db, request.params.id),
  );

  app.post(
    '/students/:id/parents',
    { schema: { tags, params: idParamsSchema, body: parentLinkInputSchema, response: { 200: apiSuccess(parentSchema), 201: apiSuccess(parentSchema) } } },
    async (request, reply) => {
      const origin = siteOrigin(request, deps.publicUrl);
      const signInLinks = { en: `${origin}/login`, mr: `${origin}/mr/login`, hi: `${origin}/hi/login` };
      const { parent, invitation, created, welcomed } = await linkParent(db, actorOf(request), request.params.id, request.body, signInLinks);
      await queueWelcomeMail(app.jobs, deps, request, invitation);
      if (welcomed) await app.jobs.enqueue(PARENT_SENDER_JOB, {});
      const message = invitation
        ? PARENT_MESSAGES.linkedInvited
        : welcomed
          ? PARENT_MESSAGES.linkedWelcomed
          : parent.email
            ? PARENT_MESSAGES.linked
            : PARENT_MESSAGES.linkedNoInvite;
      return reply.status(created ? 201 : 200).send({ success: true as const, data: parent, message });
    },
  );

  messageRoute(
    app, 'DELETE', '/students/:id/parents/:parentId', { tags, params: studentParentParamsSchema, response: { 200: messageOnlySchema } },
    (request) => unlinkParent(db, actorOf(request), request.params.id, request.params.parentId), PARENT_MESSAGES.unlinked,
  );

  dataRoute(app, 'GET', '/parent/children', { tags, response: { 200: apiSuccess(z.array(parentChildSchema)) } }, (request) => childrenOf(db, actorOf(request)));

  dataRoute(
    app, 'GET', '/admin/absence-alerts', { tags, querystring: absenceAlertQuerySchema, response: { 200: apiSuccess(absenceAlertListSchema) } },
    async (request) => listAbsenceAlerts(db, request.query.date ?? (await academyToday(db)), request.query.kind ?? 'absence', (await getAcademySettings(db)).timeZone),
  );

  app.post('/admin/absence-alerts/:id/retry', { schema: { tags, params: absenceAlertParamsSchema, response: { 200: messageOnlySchema } } }, async (request) => {
    await retryParentMessage(db, actorOf(request), request.params.id, { notFound: PARENT_MESSAGES.alertNotFound, notFailed: PARENT_MESSAGES.alertNotFailed });
    await app.jobs.enqueue(PARENT_SENDER_JOB, {});
    return { success: true as const, message: PARENT_MESSAGES.alertRetried };
  });

  // Every message to families (issue 37): the office's Messages screen, and one parent's messages.
  app.get('/admin/messages', { schema: { tags, querystring: messageListQuerySchema, response: { 200: apiSuccess(messageListSchema) } } }, async (request) => {
    const settings = await getAcademySettings(db);
    return { success: true as const, data: await listMessages(db, request.query, await academyToday(db), settings.timeZone) };
  });

  app.post('/admin/messages/:id/retry', { schema: { tags, params: messageParamsSchema, response: { 200: messageOnlySchema } } }, async (request) => {
    await retryParentMessage(db, actorOf(request), request.params.id);
    await app.jobs.enqueue(PARENT_SENDER_JOB, {});
    return { success: true as const, message: MESSAGING_MESSAGES.retried };
  });

  // A message held by the quiet hours, sent at once by the office's choice (issue 54).
  app.post('/admin/messages/:id/send-now', { schema: { tags, params: messageParamsSchema, response: { 200: messageOnlySchema } } }, async (request) => {
    await sendHeldMessageNow(db, actorOf(request), request.params.id);
    await app.jobs.enqueue(PARENT_SENDER_JOB, {});
    return { success: true as const, message: MESSAGING_MESSAGES.sentNow };
  });

  dataRoute(
    app, 'PUT', '/parents/:id/channel', { tags, params: idParamsSchema, body: parentChannelInputSchema, response: { 200: apiSuccess(parentSchema) } },
    (request) => setParentChannel(db, actorOf(request), request.params.id, request.body), MESSAGING_MESSAGES.channelSaved,
  );

  dataRoute(
    app, 'GET', '/parent/children/:studentId/attendance', { tags, params: parentChildParamsSchema, querystring: attendanceRangeQuerySchema, response: { 200: apiSuccess(studentAttendanceSchema) } },
    (request) => getChildAttendance(db, actorOf(request), request.params.studentId, request.query),
  );
};
