import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../access/http';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { subjectDetailSchema, subjectInputSchema, subjectSchema } from '@academy/shared/schemas/subjects';
import type { Db } from '../../db/client';
import { createdRoute, dataRoute, messageRoute } from '../../lib/route-replies';
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from './subjects.service';

/** Admins manage subjects; teachers may read them (e.g. to pick a subject for a note). */
export const subjectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['subjects'];
  dataRoute(app, 'GET', '/subjects', { tags, response: { 200: apiSuccess(z.array(subjectSchema)) } }, () => listSubjects(db));
  createdRoute(
    app, '/subjects', { tags, body: subjectInputSchema, response: { 201: apiSuccess(subjectDetailSchema) } },
    (request) => createSubject(db, actorOf(request), request.body), MESSAGES.subjectCreated,
  );
  dataRoute(app, 'GET', '/subjects/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(subjectDetailSchema) } }, (request) => getSubject(db, request.params.id));
  dataRoute(
    app, 'PUT', '/subjects/:id', { tags, params: idParamsSchema, body: subjectInputSchema, response: { 200: apiSuccess(subjectDetailSchema) } },
    (request) => updateSubject(db, actorOf(request), request.params.id, request.body), MESSAGES.subjectUpdated,
  );
  messageRoute(
    app, 'DELETE', '/subjects/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteSubject(db, actorOf(request), request.params.id), MESSAGES.subjectDeleted,
  );
};
