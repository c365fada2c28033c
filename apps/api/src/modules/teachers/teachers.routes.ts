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
import { sendInvitationInBackground, type InvitationDeps } from '../users';
import { batchesOfTeacher, createTeacher, deleteTeacher, listTeachers, studentsOfTeacher, teacherFor, updateTeacher } from './teachers.service';

/**
 * Admins manage teachers. A teacher may read their own record, batches and students (`{id}` = their
 * `_id` or `me`); another teacher's id answers 404 (access/teachers).
 */
export const teachersRoutes: FastifyPluginAsyncZod<InvitationDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/teachers',
    { schema: { tags: ['teachers'], querystring: teacherListQuerySchema, response: { 200: apiSuccess(z.array(teacherSchema)) } } },
    async (request) => ({ success: true as const, data: await listTeachers(db, request.query) }),
  );

  app.post(
    '/teachers',
    { schema: { tags: ['teachers'], body: teacherCreateInputSchema, response: { 201: apiSuccess(teacherSchema) } } },
    async (request, reply) => {
      const { teacher, invitation } = await createTeacher(db, actorOf(request), request.body);
      sendInvitationInBackground(app, deps, request, invitation);
      return reply.status(201).send({ success: true as const, data: teacher, message: invitation ? MESSAGES.teacherCreatedInvited : MESSAGES.teacherCreated });
    },
  );

  app.get(
    '/teachers/:id',
    { schema: { tags: ['teachers'], params: teacherIdParamsSchema, response: { 200: apiSuccess(teacherSchema) } } },
    async (request) => ({ success: true as const, data: await teacherFor(db, actorOf(request), request.params.id) }),
  );

  app.put(
    '/teachers/:id',
    { schema: { tags: ['teachers'], params: idParamsSchema, body: teacherUpdateInputSchema, response: { 200: apiSuccess(teacherSchema) } } },
    async (request) => ({ success: true as const, data: await updateTeacher(db, actorOf(request), request.params.id, request.body), message: MESSAGES.teacherUpdated }),
  );

  app.delete(
    '/teachers/:id',
    { schema: { tags: ['teachers'], params: idParamsSchema, response: { 200: messageOnlySchema } } },
    async (request) => {
      await deleteTeacher(db, actorOf(request), request.params.id);
      return { success: true as const, message: MESSAGES.teacherDeleted };
    },
  );

  app.get(
    '/teachers/:id/batches',
    { schema: { tags: ['teachers'], params: teacherIdParamsSchema, response: { 200: apiSuccess(z.array(batchSummarySchema)) } } },
    async (request) => ({ success: true as const, data: await batchesOfTeacher(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/teachers/:id/students',
    {
      schema: { tags: ['teachers'], params: teacherIdParamsSchema, querystring: teacherStudentsQuerySchema, response: { 200: apiSuccess(z.array(teacherStudentSchema)) } },
    },
    async (request) => ({ success: true as const, data: await studentsOfTeacher(db, actorOf(request), request.params.id, request.query.search) }),
  );
};
