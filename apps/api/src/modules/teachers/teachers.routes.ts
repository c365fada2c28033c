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
import { currentUser, requireRole } from '../../plugins/auth';
import { sendInvitationInBackground, type InvitationDeps } from '../users/invitations';
import {
  createTeacher,
  deleteTeacher,
  getTeacher,
  listTeachers,
  resolveTeacherId,
  teacherBatches,
  teacherStudents,
  updateTeacher,
} from './teachers.service';

/**
 * Admins manage teachers. A teacher may read their own record, batches and students (`{id}` = their
 * `_id` or `me`); another teacher's id answers 403.
 */
export const teachersRoutes: FastifyPluginAsyncZod<InvitationDeps> = async (app, deps) => {
  const { db } = deps;
  const admin = requireRole('admin');
  const adminOrTeacher = requireRole('admin', 'teacher');

  app.get(
    '/teachers',
    { preValidation: admin, schema: { tags: ['teachers'], querystring: teacherListQuerySchema, response: { 200: apiSuccess(z.array(teacherSchema)) } } },
    async (request) => ({ success: true as const, data: await listTeachers(db, request.query) }),
  );

  app.post(
    '/teachers',
    { preValidation: admin, schema: { tags: ['teachers'], body: teacherCreateInputSchema, response: { 201: apiSuccess(teacherSchema) } } },
    async (request, reply) => {
      const { teacher, invitation } = await createTeacher(db, request.body);
      sendInvitationInBackground(app, deps, request, invitation);
      return reply.status(201).send({ success: true as const, data: teacher, message: invitation ? MESSAGES.teacherCreatedInvited : MESSAGES.teacherCreated });
    },
  );

  app.get(
    '/teachers/:id',
    { preValidation: adminOrTeacher, schema: { tags: ['teachers'], params: teacherIdParamsSchema, response: { 200: apiSuccess(teacherSchema) } } },
    async (request) => ({ success: true as const, data: await getTeacher(db, await resolveTeacherId(db, currentUser(request), request.params.id)) }),
  );

  app.put(
    '/teachers/:id',
    { preValidation: admin, schema: { tags: ['teachers'], params: idParamsSchema, body: teacherUpdateInputSchema, response: { 200: apiSuccess(teacherSchema) } } },
    async (request) => ({ success: true as const, data: await updateTeacher(db, request.params.id, request.body), message: MESSAGES.teacherUpdated }),
  );

  app.delete(
    '/teachers/:id',
    { preValidation: admin, schema: { tags: ['teachers'], params: idParamsSchema, response: { 200: messageOnlySchema } } },
    async (request) => {
      await deleteTeacher(db, request.params.id);
      return { success: true as const, message: MESSAGES.teacherDeleted };
    },
  );

  app.get(
    '/teachers/:id/batches',
    { preValidation: adminOrTeacher, schema: { tags: ['teachers'], params: teacherIdParamsSchema, response: { 200: apiSuccess(z.array(batchSummarySchema)) } } },
    async (request) => ({ success: true as const, data: await teacherBatches(db, await resolveTeacherId(db, currentUser(request), request.params.id)) }),
  );

  app.get(
    '/teachers/:id/students',
    {
      preValidation: adminOrTeacher,
      schema: { tags: ['teachers'], params: teacherIdParamsSchema, querystring: teacherStudentsQuerySchema, response: { 200: apiSuccess(z.array(teacherStudentSchema)) } },
    },
    async (request) => {
      const teacherId = await resolveTeacherId(db, currentUser(request), request.params.id);
      return { success: true as const, data: await teacherStudents(db, teacherId, request.query.search) };
    },
  );
};
