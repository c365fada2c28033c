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
import { dataRoute } from '../../lib/route-replies';

/** Follow-ups, the contacts log and the season's report (issue 41; docs/decisions/034-admission-follow-ups.md). */
export const followUpsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  dataRoute(
    app, 'PATCH', '/admission-enquiries/:id', { tags: ['admissions'], params: idParamsSchema, body: enquiryFollowUpInputSchema, response: { 200: apiSuccess(admissionEnquiryDetailSchema) } },
    (request) => updateFollowUp(db, actorOf(request), request.params.id, request.body), 'Follow-up saved',
  );

  app.post(
    '/admission-enquiries/:id/contacts',
    { schema: { tags: ['admissions'], params: idParamsSchema, body: enquiryContactInputSchema, response: { 201: apiSuccess(admissionEnquiryDetailSchema) } } },
    async (request, reply) => {
      const data = await logContact(db, actorOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: 'Contact logged' });
    },
  );

  dataRoute(app, 'GET', '/admission-enquiries/assignees', { tags: ['admissions'], response: { 200: apiSuccess(enquiryAssigneesSchema) } }, () => listAssignees(db));

  dataRoute(
    app, 'GET', '/admissions/report', { tags: ['admissions'], querystring: admissionsReportQuerySchema, response: { 200: apiSuccess(admissionsReportSchema) } },
    (request) => admissionsReport(db, request.query),
  );
};
