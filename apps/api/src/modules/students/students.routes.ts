import { z } from 'zod';
import { requestLanguage } from '../../lib/translate-reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import {
  studentCreateInputSchema,
  studentDetailSchema,
  studentFilterQuerySchema,
  studentListQuerySchema,
  studentListSchema,
  studentSignInSlipInputSchema,
  studentUpdateInputSchema,
} from '@academy/shared/schemas/students';
import { siteOrigin } from '../../lib/site-origin';
import { sendPrivatePdf } from '../../lib/pdf-reply';
import { printSignInSlip } from './sign-in-slip';
import { actorOf } from '../../access/http';
import { queueWelcomeMail, type InvitationDeps } from '../users';
import { archiveStudent, createStudent, exportStudentsCsv, getStudent, listStudents, updateStudent } from './students.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/** The admin's student records. Students see their own through /api/student/*. */
export const studentsRoutes: FastifyPluginAsyncZod<InvitationDeps> = async (app, deps) => {
  const { db } = deps;

  dataRoute(
    app, 'GET', '/students', { tags: ['students'], querystring: studentListQuerySchema, response: { 200: apiSuccess(studentListSchema) } },
    (request) => listStudents(db, request.query),
  );

  app.get(
    '/students/export.csv',
    {
      schema: { tags: ['students'], querystring: studentFilterQuerySchema, produces: ['text/csv'], response: { 200: z.string().describe('CSV document') } },
    },
    async (request, reply) => {
      const { csv, fileName } = await exportStudentsCsv(db, request.query, requestLanguage(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
    },
  );

  app.post(
    '/students',
    { schema: { tags: ['students'], body: studentCreateInputSchema, response: { 201: apiSuccess(studentDetailSchema) } } },
    async (request, reply) => {
      const { student, invitation } = await createStudent(db, actorOf(request), request.body);
      await queueWelcomeMail(app.jobs, deps, request, invitation);
      return reply.status(201).send({ success: true as const, data: student, message: invitation ? MESSAGES.studentCreatedInvited : MESSAGES.studentCreated });
    },
  );

  dataRoute(
    app, 'GET', '/students/:id', { tags: ['students'], params: idParamsSchema, response: { 200: apiSuccess(studentDetailSchema) } },
    (request) => getStudent(db, request.params.id),
  );

  dataRoute(
    app, 'PUT', '/students/:id', { tags: ['students'], params: idParamsSchema, body: studentUpdateInputSchema, response: { 200: apiSuccess(studentDetailSchema) } },
    (request) => updateStudent(db, actorOf(request), request.params.id, request.body), MESSAGES.studentUpdated,
  );

  // The first password (or a new one) and its printable slip in one step (issue 42): the password is in
  // the body only (never an address or a log line), set here and printed once; nothing keeps it in clear.
  app.post(
    '/students/:id/sign-in-slip',
    { compress: false, schema: { tags: ['students'], params: idParamsSchema, body: studentSignInSlipInputSchema, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { pdf, fileName } = await printSignInSlip(db, actorOf(request), request.params.id, request.body, `${siteOrigin(request, deps.publicUrl)}/login`);
      return sendPrivatePdf(reply, pdf, fileName, 'attachment');
    },
  );

  messageRoute(
    app, 'DELETE', '/students/:id', { tags: ['students'], params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => archiveStudent(db, actorOf(request), request.params.id), MESSAGES.studentArchived,
  );
};
