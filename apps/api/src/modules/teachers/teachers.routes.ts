import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { batchSummarySchema } from '@academy/shared/schemas/batches';
import { idParamsSchema } from '@academy/shared/schemas/common';
import {
  teacherCreateInputSchema,
  teacherIdParamsSchema,
  teacherListQuerySchema,
  teacherSchema,
  teacherStudentSchema,
  teacherStudentsQuerySchema,
  teacherUpdateInputSchema,
} from '@academy/shared/schemas/teachers';
import { actorOf } from '../../access/http';
import { queueWelcomeMail, type InvitationDeps } from '../users';
import { batchesOfTeacher, createTeacher, deleteTeacher, listTeachers, studentsOfTeacher, teacherFor, updateTeacher } from './teachers.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * Admins manage teachers. A teacher may read their own record, batches and students (`{id}` = their
 * `_id` or `me`); another teacher's id answers 404 (access/teachers).
 */
export const teachersRoutes: FastifyPluginAsyncZod<InvitationDeps> = async (app, deps) => {
  const { db } = deps;

  dataRoute(
    app, 'GET', '/teachers', { tags: ['teachers'], querystring: teacherListQuerySchema, response: { 200: apiSuccess(z.array(teacherSchema)) } },
    (request) => listTeachers(db, request.query),
  );

  app.post(
    '/teachers',
    { schema: { tags: ['teachers'], body: teacherCreateInputSchema, response: { 201: apiSuccess(teacherSchema) } } },
    async (request, reply) => {
      const { teacher, invitation } = await createTeacher(db, actorOf(request), request.body);
      await queueWelcomeMail(app.jobs, deps, request, invitation);
      return reply.status(201).send({ success: true as const, data: teacher, message: invitation ? MESSAGES.teacherCreatedInvited : MESSAGES.teacherCreated });
    },
  );

  dataRoute(
    app, 'GET', '/teachers/:id', { tags: ['teachers'], params: teacherIdParamsSchema, response: { 200: apiSuccess(teacherSchema) } },
    (request) => teacherFor(db, actorOf(request), request.params.id),
  );

  dataRoute(
    app, 'PUT', '/teachers/:id', { tags: ['teachers'], params: idParamsSchema, body: teacherUpdateInputSchema, response: { 200: apiSuccess(teacherSchema) } },
    (request) => updateTeacher(db, actorOf(request), request.params.id, request.body), MESSAGES.teacherUpdated,
  );

  messageRoute(
    app, 'DELETE', '/teachers/:id', { tags: ['teachers'], params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteTeacher(db, actorOf(request), request.params.id), MESSAGES.teacherDeleted,
  );

  dataRoute(
    app, 'GET', '/teachers/:id/batches', { tags: ['teachers'], params: teacherIdParamsSchema, response: { 200: apiSuccess(z.array(batchSummarySchema)) } },
    (request) => batchesOfTeacher(db, actorOf(request), request.params.id),
  );

  app.get(
    '/teachers/:id/students',
    {
      schema: { tags: ['teachers'], params: teacherIdParamsSchema, querystring: teacherStudentsQuerySchema, response: { 200: apiSuccess(z.array(teacherStudentSchema)) } },
    },
    async (request) => ({ success: true as const, data: await studentsOfTeacher(db, actorOf(request), request.params.id, request.query.search) }),
  );
};
