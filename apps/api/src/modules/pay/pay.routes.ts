import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { languageSchema } from '@academy/shared/schemas/auth';
import {
  adjustmentInputSchema,
  coveredClassListSchema,
  leaveDecisionInputSchema,
  leaveInputSchema,
  leaveListSchema,
  leaveSchema,
  lectureCorrectionInputSchema,
  markPaidInputSchema,
  myPaySchema,
  PAY_MESSAGES,
  payInputSchema,
  payMonthParamsSchema,
  payMonthQuerySchema,
  payMonthTeacherParamsSchema,
  payrollMonthSchema,
  payrollTeacherSchema,
  paySettingsSchema,
  substitutionInputSchema,
  substitutionSchema,
} from '@academy/shared/schemas/pay';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { requestLanguage } from '../../lib/translate-reply';
import { actorOf } from '../../access/http';
import { addAdjustment, approveMonth, correctLectures, getPaySettings, markPaid, myPay, payrollMonth, payrollTeacher, updatePaySettings } from './pay.service';
import { askLeave, assignSubstitute, coveredClasses, decideLeave, leaveList, myLeave } from './leave.service';
import { payslipFor } from './payslip.service';
import { bankTransferCsv, payrollWorkbook } from './payroll-files';

/** Staff pay (issue 58): pay settings, leave and substitutes, the month's payroll and payslips. Who may call what: access/pay.ts. */
export const payRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys }> = async (app, { db, keys }) => {
  const tags = ['pay'];
  const payMonthSaved = apiSuccess(z.object({ payMonth: z.string() }));

  app.get('/teachers/:id/pay', { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(paySettingsSchema) } } }, async (request) => ({
    success: true as const,
    data: await getPaySettings(db, request.params.id),
  }));

  app.put('/teachers/:id/pay', { schema: { tags, params: idParamsSchema, body: payInputSchema, response: { 200: apiSuccess(paySettingsSchema) } } }, async (request) => ({
    success: true as const,
    data: await updatePaySettings(db, keys, actorOf(request), request.params.id, request.body),
    message: PAY_MESSAGES.saved,
  }));

  app.get('/payroll/:month', { schema: { tags, params: payMonthParamsSchema, response: { 200: apiSuccess(payrollMonthSchema) } } }, async (request) => ({
    success: true as const,
    data: await payrollMonth(db, request.params.month),
  }));

  app.post('/payroll/:month/approve', { schema: { tags, params: payMonthParamsSchema, response: { 200: apiSuccess(payrollMonthSchema) } } }, async (request) => ({
    success: true as const,
    data: await approveMonth(db, actorOf(request), request.params.month),
    message: PAY_MESSAGES.monthApproved,
  }));

  app.post('/payroll/:month/paid', { schema: { tags, params: payMonthParamsSchema, body: markPaidInputSchema, response: { 200: apiSuccess(payrollMonthSchema) } } }, async (request) => ({
    success: true as const,
    data: await markPaid(db, actorOf(request), request.params.month, request.body),
    message: PAY_MESSAGES.paid,
  }));

  app.get('/payroll/:month/teachers/:teacherId', { schema: { tags, params: payMonthTeacherParamsSchema, response: { 200: apiSuccess(payrollTeacherSchema) } } }, async (request) => ({
    success: true as const,
    data: await payrollTeacher(db, request.params.month, request.params.teacherId),
  }));

  // The payslip in the teacher's own language, or the one asked for (?language=mr).
  app.get(
    '/payroll/:month/teachers/:teacherId/payslip.pdf',
    { compress: false, schema: { tags, params: payMonthTeacherParamsSchema, querystring: z.object({ language: languageSchema.optional() }) } },
    async (request, reply) => {
      const { pdf, fileName } = await payslipFor(db, actorOf(request), request.params.month, request.params.teacherId, request.query.language);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${fileName}"`).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(pdf);
    },
  );

  app.get('/payroll/:month/payroll.xlsx', { schema: { tags, params: payMonthParamsSchema } }, async (request, reply) => {
    const { file, fileName } = await payrollWorkbook(db, request.params.month, requestLanguage(request));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(file);
  });

  app.get('/payroll/:month/bank.csv', { schema: { tags, params: payMonthParamsSchema } }, async (request, reply) => {
    const { csv, fileName } = await bankTransferCsv(db, keys, request.params.month);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(csv);
  });

  app.post('/payroll/lecture-corrections', { schema: { tags, body: lectureCorrectionInputSchema, response: { 201: payMonthSaved } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await correctLectures(db, actorOf(request), request.body), message: PAY_MESSAGES.correctionSaved }),
  );

  app.post('/payroll/adjustments', { schema: { tags, body: adjustmentInputSchema, response: { 201: payMonthSaved } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await addAdjustment(db, actorOf(request), request.body), message: PAY_MESSAGES.adjustmentSaved }),
  );

  app.get('/teacher/pay', { schema: { tags, querystring: payMonthQuerySchema, response: { 200: apiSuccess(myPaySchema) } } }, async (request) => ({
    success: true as const,
    data: await myPay(db, actorOf(request), request.query.month),
  }));

  app.get('/teacher/leave', { schema: { tags, response: { 200: apiSuccess(leaveListSchema) } } }, async (request) => ({
    success: true as const,
    data: await myLeave(db, actorOf(request)),
  }));

  app.post('/teacher/leave', { schema: { tags, body: leaveInputSchema, response: { 201: apiSuccess(leaveSchema) } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await askLeave(db, actorOf(request), request.body), message: PAY_MESSAGES.leaveAsked }),
  );

  app.get('/teacher/substitutions', { schema: { tags, response: { 200: apiSuccess(coveredClassListSchema) } } }, async (request) => ({
    success: true as const,
    data: await coveredClasses(db, actorOf(request)),
  }));

  app.get('/leave', { schema: { tags, response: { 200: apiSuccess(leaveListSchema) } } }, async () => ({
    success: true as const,
    data: await leaveList(db),
  }));

  // The body may be left out (unpaid leave); `{ unpaid: false }` approves paid leave.
  app.post('/leave/:id/approve', { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(leaveSchema) } } }, async (request) => {
    const input = leaveDecisionInputSchema.safeParse(request.body ?? {});
    if (!input.success) throw new AppError('BAD_REQUEST', PAY_MESSAGES.leaveDecision, { unpaid: PAY_MESSAGES.leaveDecision });
    return { success: true as const, data: await decideLeave(db, actorOf(request), request.params.id, 'approved', input.data), message: PAY_MESSAGES.leaveApproved };
  });

  app.post('/leave/:id/reject', { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(leaveSchema) } } }, async (request) => ({
    success: true as const,
    data: await decideLeave(db, actorOf(request), request.params.id, 'rejected', { unpaid: false }),
    message: PAY_MESSAGES.leaveRejected,
  }));

  app.post('/batches/:id/substitutions', { schema: { tags, params: idParamsSchema, body: substitutionInputSchema, response: { 201: apiSuccess(substitutionSchema) } } }, async (request, reply) =>
    reply.status(201).send({ success: true as const, data: await assignSubstitute(db, app.jobs, actorOf(request), request.params.id, request.body), message: PAY_MESSAGES.substituteAssigned }),
  );
};
