import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { languageSchema } from '@academy/shared/schemas/auth';
import {
  adjustmentInputSchema,
  approveMonthInputSchema,
  bankFileQuerySchema,
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
  payrollSettingsInputSchema,
  payrollSettingsSchema,
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
import { addAdjustment, approveMonth, reopenMonth, correctLectures, getPayrollSettings, getPaySettings, markPaid, myPay, payrollMonth, payrollTeacher, updatePayrollSettings, updatePaySettings } from './pay.service';
import { askLeave, assignSubstitute, coveredClasses, decideLeave, leaveList, myLeave } from './leave.service';
import { payslipFor } from './payslip.service';
import { bankTransferCsv, bankTransferWorkbook, payrollWorkbook } from './payroll-files';
import { sendPrivatePdf } from '../../lib/pdf-reply';
import { createdRoute, dataRoute } from '../../lib/route-replies';

/** Staff pay (issue 58): pay settings, leave and substitutes, the month's payroll and payslips. Who may call what: access/pay.ts. */
export const payRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys }> = async (app, { db, keys }) => {
  paySettingsRoutes(app, db, keys);
  payrollMonthRoutes(app, db);
  payrollFileRoutes(app, db, keys);
  teacherRoutes(app, db);
  leaveRoutes(app, db);
};

type PayApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['pay'];
const payMonthSaved = apiSuccess(z.object({ payMonth: z.string() }));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A private download: its type, its file name, never kept by a cache. */
function sendDownload(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(body);
}

/** A teacher's pay settings and the academy's payroll settings. */
function paySettingsRoutes(app: PayApp, db: Db, keys: ServerKeys) {
  dataRoute(
    app, 'GET', '/teachers/:id/pay', { tags, params: idParamsSchema, response: { 200: apiSuccess(paySettingsSchema) } },
    (request) => getPaySettings(db, request.params.id),
  );

  dataRoute(
    app, 'PUT', '/teachers/:id/pay', { tags, params: idParamsSchema, body: payInputSchema, response: { 200: apiSuccess(paySettingsSchema) } },
    (request) => updatePaySettings(db, keys, actorOf(request), request.params.id, request.body), PAY_MESSAGES.saved,
  );

  // The academy's TAN (payslips) and the account salaries are paid from (the bank file). Before /payroll/:month.
  dataRoute(app, 'GET', '/payroll/settings', { tags, response: { 200: apiSuccess(payrollSettingsSchema) } }, () => getPayrollSettings(db));

  dataRoute(
    app, 'PUT', '/payroll/settings', { tags, body: payrollSettingsInputSchema, response: { 200: apiSuccess(payrollSettingsSchema) } },
    (request) => updatePayrollSettings(db, actorOf(request), request.body), PAY_MESSAGES.payrollSettingsSaved,
  );

}

/** The month's payroll: read, approved (with teachers left out), reopened, paid; one teacher's part. */
function payrollMonthRoutes(app: PayApp, db: Db) {
  dataRoute(
    app, 'GET', '/payroll/:month', { tags, params: payMonthParamsSchema, response: { 200: apiSuccess(payrollMonthSchema) } },
    (request) => payrollMonth(db, request.params.month),
  );

  // The body may be left out (nobody left out); `{ leaveOut: [teacherId] }` leaves teachers without pay settings out of the month.
  app.post('/payroll/:month/approve', { schema: { tags, params: payMonthParamsSchema, response: { 200: apiSuccess(payrollMonthSchema) } } }, async (request) => {
    const input = approveMonthInputSchema.safeParse(request.body ?? {});
    if (!input.success) throw new AppError('BAD_REQUEST', PAY_MESSAGES.leaveOut, { leaveOut: PAY_MESSAGES.leaveOut });
    return { success: true as const, data: await approveMonth(db, actorOf(request), request.params.month, input.data.leaveOut), message: PAY_MESSAGES.monthApproved };
  });

  dataRoute(
    app, 'POST', '/payroll/:month/reopen', { tags, params: payMonthParamsSchema, response: { 200: apiSuccess(payrollMonthSchema) } },
    (request) => reopenMonth(db, actorOf(request), request.params.month), PAY_MESSAGES.reopened,
  );

  dataRoute(
    app, 'POST', '/payroll/:month/paid', { tags, params: payMonthParamsSchema, body: markPaidInputSchema, response: { 200: apiSuccess(payrollMonthSchema) } },
    (request) => markPaid(db, actorOf(request), request.params.month, request.body), PAY_MESSAGES.paid,
  );

  dataRoute(
    app, 'GET', '/payroll/:month/teachers/:teacherId', { tags, params: payMonthTeacherParamsSchema, response: { 200: apiSuccess(payrollTeacherSchema) } },
    (request) => payrollTeacher(db, request.params.month, request.params.teacherId),
  );

}

/** The month's files: a teacher's payslip, the payroll workbook, the bank's transfer file; corrections and adjustments. */
function payrollFileRoutes(app: PayApp, db: Db, keys: ServerKeys) {
  // The payslip in the teacher's own language, or the one asked for (?language=mr).
  app.get(
    '/payroll/:month/teachers/:teacherId/payslip.pdf',
    { compress: false, schema: { tags, params: payMonthTeacherParamsSchema, querystring: z.object({ language: languageSchema.optional() }) } },
    async (request, reply) => {
      const { pdf, fileName } = await payslipFor(db, actorOf(request), request.params.month, request.params.teacherId, request.query.language);
      return sendPrivatePdf(reply, pdf, fileName, 'inline');
    },
  );

  app.get('/payroll/:month/payroll.xlsx', { schema: { tags, params: payMonthParamsSchema } }, async (request, reply) => {
    const { file, fileName } = await payrollWorkbook(db, request.params.month, requestLanguage(request));
    return sendDownload(reply, XLSX, fileName, file);
  });

  app.get('/payroll/:month/bank.csv', { schema: { tags, params: payMonthParamsSchema, querystring: bankFileQuerySchema } }, async (request, reply) => {
    const { csv, fileName } = await bankTransferCsv(db, keys, request.params.month, request.query);
    return sendDownload(reply, 'text/csv; charset=utf-8', fileName, csv);
  });

  app.get('/payroll/:month/bank.xlsx', { schema: { tags, params: payMonthParamsSchema, querystring: bankFileQuerySchema } }, async (request, reply) => {
    const { file, fileName } = await bankTransferWorkbook(db, keys, request.params.month, request.query);
    return sendDownload(reply, XLSX, fileName, file);
  });

  createdRoute(
    app, '/payroll/lecture-corrections', { tags, body: lectureCorrectionInputSchema, response: { 201: payMonthSaved } },
    (request) => correctLectures(db, actorOf(request), request.body), PAY_MESSAGES.correctionSaved,
  );

  createdRoute(
    app, '/payroll/adjustments', { tags, body: adjustmentInputSchema, response: { 201: payMonthSaved } },
    (request) => addAdjustment(db, actorOf(request), request.body), PAY_MESSAGES.adjustmentSaved,
  );

}

/** A teacher's own pay, leave and the classes they covered. */
function teacherRoutes(app: PayApp, db: Db) {
  dataRoute(
    app, 'GET', '/teacher/pay', { tags, querystring: payMonthQuerySchema, response: { 200: apiSuccess(myPaySchema) } },
    (request) => myPay(db, actorOf(request), request.query.month),
  );

  dataRoute(app, 'GET', '/teacher/leave', { tags, response: { 200: apiSuccess(leaveListSchema) } }, (request) => myLeave(db, actorOf(request)));

  createdRoute(
    app, '/teacher/leave', { tags, body: leaveInputSchema, response: { 201: apiSuccess(leaveSchema) } },
    (request) => askLeave(db, actorOf(request), request.body), PAY_MESSAGES.leaveAsked,
  );

  dataRoute(app, 'GET', '/teacher/substitutions', { tags, response: { 200: apiSuccess(coveredClassListSchema) } }, (request) => coveredClasses(db, actorOf(request)));

}

/** The office's leave list and decisions, and a substitute for a batch. */
function leaveRoutes(app: PayApp, db: Db) {
  dataRoute(app, 'GET', '/leave', { tags, response: { 200: apiSuccess(leaveListSchema) } }, () => leaveList(db));

  // The body may be left out (unpaid leave); `{ unpaid: false }` approves paid leave.
  app.post('/leave/:id/approve', { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(leaveSchema) } } }, async (request) => {
    const input = leaveDecisionInputSchema.safeParse(request.body ?? {});
    if (!input.success) throw new AppError('BAD_REQUEST', PAY_MESSAGES.leaveDecision, { unpaid: PAY_MESSAGES.leaveDecision });
    return { success: true as const, data: await decideLeave(db, actorOf(request), request.params.id, 'approved', input.data), message: PAY_MESSAGES.leaveApproved };
  });

  dataRoute(
    app, 'POST', '/leave/:id/reject', { tags, params: idParamsSchema, response: { 200: apiSuccess(leaveSchema) } },
    (request) => decideLeave(db, actorOf(request), request.params.id, 'rejected', { unpaid: false }), PAY_MESSAGES.leaveRejected,
  );

  createdRoute(
    app, '/batches/:id/substitutions', { tags, params: idParamsSchema, body: substitutionInputSchema, response: { 201: apiSuccess(substitutionSchema) } },
    (request) => assignSubstitute(db, app.jobs, actorOf(request), request.params.id, request.body), PAY_MESSAGES.substituteAssigned,
  );
}
