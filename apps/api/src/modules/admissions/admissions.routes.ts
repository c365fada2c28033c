import { requestLanguage } from '../../lib/translate-reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import {
  admissionEnquiryDetailSchema,
  admissionEnquiryInputSchema,
  admissionEnquiryReceivedSchema,
  admissionEnquiryListQuerySchema,
  admissionEnquiryListSchema,
  admissionEnquiryUpdateInputSchema,
  contactEnquiryInputSchema,
  convertEnquiryInputSchema,
  convertEnquiryResultSchema,
  type ConvertEnquiryResult,
  enquiryCountsSchema,
  enquiryStatusInputSchema,
  officeEnquiryInputSchema,
} from '@academy/shared/schemas/admissions';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { actorOf } from '../../access/http';
import { siteOrigin } from '../../lib/site-origin';
import { queueWelcomeMail, type InvitationDeps } from '../users';
import {
  changeEnquiryStatus,
  convertEnquiry,
  countEnquiries,
  createAdmissionEnquiry,
  createContactEnquiry,
  createOfficeEnquiry,
  deleteEnquiry,
  getEnquiry,
  listEnquiries,
  updateEnquiry,
} from './admissions.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * What the office is told after a conversion (issues 21 and 54): the student ID, and, when the
 * enquiry's email was already the family's, which parent was linked (or that none could be, and what
 * to do). A student without an email signs in with the student ID and the first password in the answer.
 */
function conversionMessage(result: ConvertEnquiryResult): string {
  const { name, studentCode: code } = result.student;
  if (!result.emailOwner) {
    if (result.firstPassword) {
      return `${name} is now a student with the student ID ${code}. Without an email, they sign in with the student ID and the first password shown here: give it to the family, or print the sign-in slip.`;
    }
    const enrolled = result.batch ? ` and enrolled in ${result.batch.name}` : '';
    return `${name} is now a student${enrolled}. We have mailed them a link to set their password.`;
  }
  // The batch (if one was chosen) is in the answer's data and shown by the screen.
  const parentNames = result.parents.map((parent) => parent.name).join(', ');
  if (result.emailOwner.kind === 'parent') {
    return `${name} is now a student with the student ID ${code}, without an email of their own: the enquiry's email is their parent ${parentNames}'s, who is now linked to ${name}. They sign in with the student ID and the first password shown here.`;
  }
  const sibling = result.emailOwner.name;
  if (parentNames) {
    return `${name} is now a student with the student ID ${code}, without an email of their own: the enquiry's email is their sibling ${sibling}'s, so ${name} is now linked to the same parent, ${parentNames}. They sign in with the student ID and the first password shown here.`;
  }
  return `${name} is now a student with the student ID ${code}, without an email of their own: the enquiry's email is their sibling ${sibling}'s, who has no parent linked yet. Add the parent on the student's page. They sign in with the student ID and the first password shown here.`;
}

/** Per client address. An application also needs a fresh email proof, which has limits of its own. */
export const ENQUIRY_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
/** The contact form has no code, so this is its only brake: enough for a family, too few for a script. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

export const ENQUIRY_RECEIVED = 'Thank you! We have received your application. The office will call you soon; a confirmation is on its way to your email.';
export const CONTACT_RECEIVED = 'Thank you for your message. We will get back to you soon.';
/** A family that proved its phone instead of an email (issue 37): no confirmation mail. */
export const ENQUIRY_RECEIVED_BY_PHONE = 'Thank you! We have received your application. The office will call you soon.';

/** Public enquiries (the /admission and /contact forms) and the admin's pipeline ("New Registrations"). */
export const admissionsRoutes: FastifyPluginAsyncZod<InvitationDeps> = async (app, deps) => {
  const { db } = deps;
  // The confirmation mail is a job queued with the enquiry (admissions.service.ts, decision 083): a slow
  // mail server does not hold up the applicant, and a restart does not lose it. It is written in the
  // language of the page the family used.

  app.post(
    '/admission-enquiries',
    { config: { rateLimit: ENQUIRY_RATE_LIMIT }, schema: { tags: ['admissions'], body: admissionEnquiryInputSchema, response: { 201: apiSuccess(admissionEnquiryReceivedSchema) } } },
    async (request, reply) => {
      const { reference, confirmation } = await createAdmissionEnquiry(db, request.body, requestLanguage(request), app.jobs);
      return reply.status(201).send({ success: true as const, data: { reference }, message: confirmation ? ENQUIRY_RECEIVED : ENQUIRY_RECEIVED_BY_PHONE });
    },
  );

  app.post(
    '/admission-enquiries/contact',
    { config: { rateLimit: CONTACT_RATE_LIMIT }, schema: { tags: ['admissions'], body: contactEnquiryInputSchema, response: { 201: messageOnlySchema } } },
    async (request, reply) => {
      await createContactEnquiry(db, request.body, requestLanguage(request));
      return reply.status(201).send({ success: true as const, message: CONTACT_RECEIVED });
    },
  );

  app.post(
    '/admission-enquiries/office',
    {
      schema: { tags: ['admissions'], body: officeEnquiryInputSchema, response: { 201: apiSuccess(admissionEnquiryDetailSchema) } },
    },
    async (request, reply) => {
      const data = await createOfficeEnquiry(db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: 'Registration added' });
    },
  );

  dataRoute(
    app, 'GET', '/admission-enquiries', { tags: ['admissions'], querystring: admissionEnquiryListQuerySchema, response: { 200: apiSuccess(admissionEnquiryListSchema) } },
    (request) => listEnquiries(db, request.query),
  );

  dataRoute(app, 'GET', '/admission-enquiries/counts', { tags: ['admissions'], response: { 200: apiSuccess(enquiryCountsSchema) } }, () => countEnquiries(db));

  dataRoute(
    app, 'GET', '/admission-enquiries/:id', { tags: ['admissions'], params: idParamsSchema, response: { 200: apiSuccess(admissionEnquiryDetailSchema) } },
    (request) => getEnquiry(db, request.params.id),
  );

  app.put(
    '/admission-enquiries/:id',
    {
      schema: { tags: ['admissions'], params: idParamsSchema, body: admissionEnquiryUpdateInputSchema, response: { 200: apiSuccess(admissionEnquiryDetailSchema) } },
    },
    async (request) => ({ success: true as const, data: await updateEnquiry(db, actorOf(request), request.params.id, request.body), message: 'Registration updated successfully' }),
  );

  messageRoute(
    app, 'DELETE', '/admission-enquiries/:id', { tags: ['admissions'], params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => deleteEnquiry(db, actorOf(request), request.params.id), 'Registration deleted successfully',
  );

  dataRoute(
    app, 'PATCH', '/admission-enquiries/:id/status', { tags: ['admissions'], params: idParamsSchema, body: enquiryStatusInputSchema, response: { 200: apiSuccess(admissionEnquiryDetailSchema) } },
    (request) => changeEnquiryStatus(db, actorOf(request), request.params.id, request.body), 'Status updated successfully',
  );

  app.post(
    '/admission-enquiries/:id/convert',
    { schema: { tags: ['admissions'], params: idParamsSchema, body: convertEnquiryInputSchema, response: { 201: apiSuccess(convertEnquiryResultSchema) } } },
    async (request, reply) => {
      // The sign-in address in the family's message is the site the office works on (PUBLIC_URL in production).
      const { result, invitation } = await convertEnquiry(db, actorOf(request), request.params.id, request.body ?? {}, { origin: siteOrigin(request, deps.publicUrl), jobs: app.jobs });
      await queueWelcomeMail(app.jobs, deps, request, invitation);
      return reply.status(201).send({ success: true as const, data: result, message: conversionMessage(result) });
    },
  );
};
