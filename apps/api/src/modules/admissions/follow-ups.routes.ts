import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import {
  admissionEnquiryDetailSchema,
  admissionsReportQuerySchema,
  admissionsReportSchema,
  enquiryAssigneesSchema,
  enquiryContactInputSchema,
  enquiryFollowUpInputSchema,
} from '@academy/shared/schemas/admissions';
import { idParamsSchema } from '@academy/shared/schemas/common';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { admissionsReport } from './admissions-report.service';
import { listAssignees, logContact, updateFollowUp } from './follow-ups.service';

/** Follow-ups, the contacts log and the season's report (issue 41; docs/decisions/034-admission-follow-ups.md). */
export const followUpsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.patch(
    '/admission-enquiries/:id',
    { schema: { tags: ['admissions'], params: idParamsSchema, body: enquiryFollowUpInputSchema, response: { 200: apiSuccess(admissionEnquiryDetailSchema) } } },
    async (request) => ({ success: true as const, data: await updateFollowUp(db, actorOf(request), request.params.id, request.body), message: 'Follow-up saved' }),
  );

  app.post(
    '/admission-enquiries/:id/contacts',
    { schema: { tags: ['admissions'], params: idParamsSchema, body: enquiryContactInputSchema, response: { 201: apiSuccess(admissionEnquiryDetailSchema) } } },
    async (request, reply) => {
      const data = await logContact(db, actorOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: 'Contact logged' });
    },
  );

  app.get('/admission-enquiries/assignees', { schema: { tags: ['admissions'], response: { 200: apiSuccess(enquiryAssigneesSchema) } } }, async () => ({
    success: true as const,
    data: await listAssignees(db),
  }));

  app.get(
    '/admissions/report',
    { schema: { tags: ['admissions'], querystring: admissionsReportQuerySchema, response: { 200: apiSuccess(admissionsReportSchema) } } },
    async (request) => ({ success: true as const, data: await admissionsReport(db, request.query) }),
  );
};
