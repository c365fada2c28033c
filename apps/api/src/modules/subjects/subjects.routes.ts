import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../access/http';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { subjectDetailSchema, subjectInputSchema, subjectSchema } from '@academy/shared/schemas/subjects';
import type { Db } from '../../db/client';
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from './subjects.service';

/** Admins manage subjects; teachers may read them (e.g. to pick a subject for a note). */
export const subjectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {

  app.get('/subjects', { schema: { tags: ['subjects'], response: { 200: apiSuccess(z.array(subjectSchema)) } } }, async () => ({
    success: true as const,
    data: await listSubjects(db),
  }));

  app.post(
    '/subjects',
    { schema: { tags: ['subjects'], body: subjectInputSchema, response: { 201: apiSuccess(subjectDetailSchema) } } },
    async (request, reply) => reply.status(201).send({ success: true as const, data: await createSubject(db, actorOf(request), request.body), message: MESSAGES.subjectCreated }),
  );

  app.get(
    '/subjects/:id',
    { schema: { tags: ['subjects'], params: idParamsSchema, response: { 200: apiSuccess(subjectDetailSchema) } } },
    async (request) => ({ success: true as const, data: await getSubject(db, request.params.id) }),
  );

  app.put(
    '/subjects/:id',
    { schema: { tags: ['subjects'], params: idParamsSchema, body: subjectInputSchema, response: { 200: apiSuccess(subjectDetailSchema) } } },
    async (request) => ({ success: true as const, data: await updateSubject(db, actorOf(request), request.params.id, request.body), message: MESSAGES.subjectUpdated }),
  );

  app.delete(
    '/subjects/:id',
    { schema: { tags: ['subjects'], params: idParamsSchema, response: { 200: messageOnlySchema } } },
    async (request) => {
      await deleteSubject(db, actorOf(request), request.params.id);
      return { success: true as const, message: MESSAGES.subjectDeleted };
    },
  );
};
