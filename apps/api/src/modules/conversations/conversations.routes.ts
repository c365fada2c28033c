import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import {
  absenceExcuseInputSchema,
  CONVERSATION_MESSAGES,
  conversationDetailSchema,
  conversationListSchema,
  conversationReplyInputSchema,
  conversationUpdateInputSchema,
  quickReplyInputSchema,
  quickReplyListSchema,
  quickReplySchema,
} from '@academy/shared/schemas/conversations';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { actorOf } from '../../access/http';
import { createQuickReply, deleteQuickReply, getConversation, listConversations, listQuickReplies, replyInConversation, sendTemplateInConversation, setAbsenceExcused, updateConversation } from './conversations.service';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * The office's WhatsApp inbox (issue 60): Messages → Conversations, quick replies, and accepting an
 * absence's reason as excused. Who may call what: access/conversations.ts.
 */
export const conversationsRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: Jobs }> = async (app, { db, jobs }) => {
  const tags = ['conversations'];

  dataRoute(app, 'GET', '/admin/conversations', { tags, response: { 200: apiSuccess(conversationListSchema) } }, () => listConversations(db));

  dataRoute(
    app, 'GET', '/admin/conversations/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(conversationDetailSchema) } },
    (request) => getConversation(db, request.params.id),
  );

  app.post('/admin/conversations/:id/messages', { schema: { tags, params: idParamsSchema, body: conversationReplyInputSchema, response: { 201: apiSuccess(z.object({ _id: z.uuid() })) } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await replyInConversation(db, jobs, actorOf(request), request.params.id, request.body.text), message: CONVERSATION_MESSAGES.replyQueued }),
  );

  // After the 24-hour window: the same words as the academy's approved (announcement) template, through the family outbox.
  createdRoute(
    app, '/admin/conversations/:id/template-messages', { tags, params: idParamsSchema, body: conversationReplyInputSchema, response: { 201: apiSuccess(z.object({ _id: z.uuid() })) } },
    (request) => sendTemplateInConversation(db, jobs, actorOf(request), request.params.id, request.body.text), CONVERSATION_MESSAGES.templateQueued,
  );

  messageRoute(
    app, 'PATCH', '/admin/conversations/:id', { tags, params: idParamsSchema, body: conversationUpdateInputSchema, response: { 200: messageOnlySchema } },
    (request) => updateConversation(db, actorOf(request), request.params.id, request.body), CONVERSATION_MESSAGES.updated,
  );

  dataRoute(app, 'GET', '/admin/quick-replies', { tags, response: { 200: apiSuccess(quickReplyListSchema) } }, () => listQuickReplies(db));

  createdRoute(
    app, '/admin/quick-replies', { tags, body: quickReplyInputSchema, response: { 201: apiSuccess(quickReplySchema) } },
    (request) => createQuickReply(db, actorOf(request), request.body.text), CONVERSATION_MESSAGES.quickReplyCreated,
  );

  app.delete('/admin/quick-replies/:id', { schema: { tags, params: idParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteQuickReply(db, actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  messageRoute(
    app, 'PUT', '/admin/absence-reasons/:id/excused', { tags, params: idParamsSchema, body: absenceExcuseInputSchema, response: { 200: messageOnlySchema } },
    (request) => setAbsenceExcused(db, actorOf(request), request.params.id, request.body.excused), CONVERSATION_MESSAGES.updated,
  );
};
