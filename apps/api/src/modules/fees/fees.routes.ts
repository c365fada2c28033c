import { requestLanguage } from '../../lib/translate-reply';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { academicYearQuerySchema } from '@academy/shared/schemas/academic-years';
import { idParamsSchema, idSchema } from '@academy/shared/schemas/common';
import { parentChildParamsSchema } from '@academy/shared/schemas/parents';
import {
  concessionInputSchema,
  duesFilterQuerySchema,
  duesListSchema,
  duesQuerySchema,
  FEE_MESSAGES,
  feePlanInputSchema,
  feePlanListSchema,
  feePlanSchema,
  feePlanUpdateSchema,
  feeReportSchema,
  feeSummarySchema,
  idempotencyHeadersSchema,
  ledgerSchema,
  bankStatementListSchema,
  bankStatementSchema,
  PAYMENT_CLAIM_MESSAGES,
  STATEMENT_MAX_BYTES,
  STATEMENT_MESSAGES,
  statementConfirmResultSchema,
  statementConfirmSchema,
  statementSetAsideSchema,
  statementMappingSchema,
  paymentClaimInputSchema,
  paymentClaimListQuerySchema,
  paymentClaimListSchema,
  paymentClaimRejectSchema,
  paymentClaimSchema,
  paymentInputSchema,
  payLinkDueParamsSchema,
  payLinkParamsSchema,
  payPageSchema,
  receiptCancelInputSchema,
  receiptSchema,
  recordedPaymentSchema,
  reminderInputSchema,
  reminderResultSchema,
} from '@academy/shared/schemas/fees';
import { actorOf } from '../../access/http';
import type { Db } from '../../db/client';
import type { ServerKeys } from '../../lib/server-keys';
import { siteOrigin } from '../../lib/site-origin';
import { feeSlipFor } from './fee-slip';
import { payPage, payPageUpi } from './pay-page.service';
import { addConcession, childLedger, dueUpiFor, ledgerFor, ownLedger } from './dues.service';
import { upiQrSvg } from './upi-qr';
import { confirmClaim, createClaim, listClaims, rejectClaim } from './payment-claims.service';
import { confirmStatementCredits, importStatement, listStatements, putCreditBack, setCreditAside, statementById } from './bank-statements.service';
import { saveStatementMapping } from '../settings';
import { readUploadedFile } from '../../lib/uploaded-file';
import { cancelReceipt, creditNoteFor, receiptFor, recordPayment } from './payments.service';
import { cancelDueInvoice, dueInvoiceCreditNoteFor, printableDueInvoice } from './due-invoices.service';
import { issueDueInvoices } from './issue-due-invoices';
import { issueRevisedInvoices, previewRevisedInvoices } from './revised-invoices.service';
import { GST_MESSAGES, revisedInvoicesInputSchema, revisedInvoicesSchema } from '@academy/shared/schemas/gst';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service';
import { queueFeeReminders } from './reminders.service';
import { exportDuesCsv, feeReport, feeSummary, listDues } from './reports.service';
import { creditNotePdfIn, receiptFileName, receiptPdfIn, receiptRecipients } from './receipt-mail';
import { creditNoteFileName } from './credit-note-pdf';
import { sendPrivatePdf } from '../../lib/pdf-reply';
import { createdRoute, dataRoute, recordRoutes } from '../../lib/route-replies';

export const FEE_REMINDER_JOB = 'fee-reminder';


/** A due's UPI request as a QR code. Never cached: the amount is the balance of the moment. */
async function sendUpiQr(reply: FastifyReply, link: string) {
  return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(await upiQrSvg(link));
}

/** Fees (issue 22): plans, dues, payments and receipts, reminders. Guards come from access/fees.ts. */
export const feesRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys; publicUrl: string | undefined }> = async (app, { db, keys, publicUrl }) => {
  planRoutes(app, db);
  ledgerRoutes(app, db);
  paymentClaimRoutes(app, db);
  bankStatementRoutes(app, db);
  documentRoutes(app, db);
  payLinkRoutes(app, db, keys.key('pay-links'));
  duesRoutes(app, db, publicUrl);
};

type FeesApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['fees'];

/** Fee plans: the office lists, makes, changes and removes them. */
function planRoutes(app: FeesApp, db: Db) {
  app.get('/fee-plans', { schema: { tags, response: { 200: apiSuccess(feePlanListSchema) } } }, async () => ({ success: true as const, data: { plans: await listPlans(db) } }));

  recordRoutes(app, { db, actorOf }, '/fee-plans', { tags, input: feePlanInputSchema, update: feePlanUpdateSchema, record: feePlanSchema },
    { create: createPlan, read: getPlan, update: updatePlan, remove: deletePlan },
    { created: FEE_MESSAGES.planCreated, updated: FEE_MESSAGES.planUpdated, deleted: FEE_MESSAGES.planDeleted });
}

/** A student's ledger (the office, the student, a parent), a payment recorded with its receipt, a concession, a receipt cancelled. */
function ledgerRoutes(app: FeesApp, db: Db) {
  dataRoute(
    app, 'GET', '/students/:id/fees', { tags, params: idParamsSchema, response: { 200: apiSuccess(ledgerSchema) } },
    (request) => ledgerFor(db, actorOf(request), request.params.id),
  );

  dataRoute(app, 'GET', '/student/fees', { tags, response: { 200: apiSuccess(ledgerSchema) } }, (request) => ownLedger(db, actorOf(request)));

  // A parent reads a child's ledger: the same one the child sees at /student/fees.
  dataRoute(
    app, 'GET', '/parent/children/:studentId/fees', { tags: ['parents'], params: parentChildParamsSchema, response: { 200: apiSuccess(ledgerSchema) } },
    (request) => childLedger(db, actorOf(request), request.params.studentId),
  );

  // A repeated Idempotency-Key (a double tap) answers the first receipt with 200 and records nothing.
  app.post(
    '/students/:id/payments',
    { schema: { tags, params: idParamsSchema, headers: idempotencyHeadersSchema, body: paymentInputSchema, response: { 200: apiSuccess(recordedPaymentSchema), 201: apiSuccess(recordedPaymentSchema) } } },
    async (request, reply) => {
      const { receipt, created } = await recordPayment(db, actorOf(request), request.params.id, request.body, request.headers['idempotency-key']);
      // The family's receipt mail is a job queued with the receipt (payments.service.ts, decision 083);
      // a repeated tap answers the first receipt and queues nothing. The office is told where it goes.
      const sentTo = await receiptRecipients(db, request.params.id);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: { ...receipt, sentTo }, message: FEE_MESSAGES.paymentRecorded });
    },
  );

  createdRoute(
    app, '/students/:id/concessions', { tags, params: idParamsSchema, body: concessionInputSchema, response: { 201: apiSuccess(ledgerSchema) } },
    (request) => addConcession(db, actorOf(request), request.params.id, request.body), FEE_MESSAGES.concessionRecorded,
  );

  dataRoute(
    app, 'POST', '/receipts/:id/cancel', { tags, params: idParamsSchema, body: receiptCancelInputSchema, response: { 200: apiSuccess(receiptSchema) } },
    (request) => cancelReceipt(db, actorOf(request), request.params.id, request.body.reason), FEE_MESSAGES.receiptCancelled,
  );

}

function paymentClaimRoutes(app: FeesApp, db: Db) {
  // "I have paid" (issue 38): a family reports a UPI payment; the office confirms (the receipt is made) or rejects it.
  createdRoute(
    app, '/payment-claims', { tags, body: paymentClaimInputSchema, response: { 201: apiSuccess(paymentClaimSchema) } },
    (request) => createClaim(db, actorOf(request), request.body), PAYMENT_CLAIM_MESSAGES.claimed,
  );

  dataRoute(
    app, 'GET', '/payment-claims', { tags, querystring: paymentClaimListQuerySchema, response: { 200: apiSuccess(paymentClaimListSchema) } },
    (request) => listClaims(db, request.query),
  );

  app.post(
    '/payment-claims/:id/confirm',
    { schema: { tags, params: idParamsSchema, response: { 200: apiSuccess(z.object({ claim: paymentClaimSchema, receipt: receiptSchema })) } } },
    async (request) => {
      const result = await confirmClaim(db, actorOf(request), request.params.id);
      return { success: true as const, data: result, message: PAYMENT_CLAIM_MESSAGES.confirmed.replace('{number}', result.receipt.number) };
    },
  );

  dataRoute(
    app, 'POST', '/payment-claims/:id/reject', { tags, params: idParamsSchema, body: paymentClaimRejectSchema, response: { 200: apiSuccess(paymentClaimSchema) } },
    (request) => rejectClaim(db, actorOf(request), request.params.id, request.body.reason), PAYMENT_CLAIM_MESSAGES.rejected,
  );

}

function bankStatementRoutes(app: FeesApp, db: Db) {
  // Bank statements (issue 38): upload (CSV or XLSX), the credits matched to dues, confirmed as receipts.
  app.post('/fees/bank-statements', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: apiSuccess(bankStatementSchema) } } }, async (request, reply) => {
    const file = await readUploadedFile(request, STATEMENT_MAX_BYTES, { required: STATEMENT_MESSAGES.fileRequired, tooLarge: STATEMENT_MESSAGES.tooLarge });
    return reply.status(201).send({ success: true as const, data: await importStatement(db, actorOf(request), file), message: STATEMENT_MESSAGES.read });
  });

  dataRoute(app, 'GET', '/fees/bank-statements', { tags, response: { 200: apiSuccess(bankStatementListSchema) } }, () => listStatements(db));

  dataRoute(
    app, 'PUT', '/fees/bank-statements/mapping', { tags, body: statementMappingSchema, response: { 200: apiSuccess(statementMappingSchema) } },
    (request) => saveStatementMapping(db, actorOf(request), request.body), STATEMENT_MESSAGES.mappingSaved,
  );

  dataRoute(
    app, 'GET', '/fees/bank-statements/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(bankStatementSchema) } },
    (request) => statementById(db, request.params.id),
  );

  dataRoute(
    app, 'POST', '/fees/bank-statements/:id/confirm', { tags, params: idParamsSchema, body: statementConfirmSchema, response: { 200: apiSuccess(statementConfirmResultSchema) } },
    (request) => confirmStatementCredits(db, actorOf(request), request.params.id, request.body.credits), STATEMENT_MESSAGES.confirmed,
  );

  // A credit that is no fee (a refund, interest) is set aside with a note, and put back (issue 54).
  const creditParamsSchema = z.object({ id: idSchema, creditId: idSchema });
  dataRoute(
    app, 'POST', '/fees/bank-statements/:id/credits/:creditId/set-aside', { tags, params: creditParamsSchema, body: statementSetAsideSchema, response: { 200: apiSuccess(bankStatementSchema) } },
    (request) => setCreditAside(db, actorOf(request), request.params.id, request.params.creditId, request.body.note), STATEMENT_MESSAGES.setAside,
  );
  dataRoute(
    app, 'POST', '/fees/bank-statements/:id/credits/:creditId/put-back', { tags, params: creditParamsSchema, response: { 200: apiSuccess(bankStatementSchema) } },
    (request) => putCreditBack(db, actorOf(request), request.params.id, request.params.creditId), STATEMENT_MESSAGES.putBack,
  );

}

/** The fee documents: a receipt's PDF, the instalments' due-date invoices, revised invoices, credit notes. */
function documentRoutes(app: FeesApp, db: Db) {
  // The printable receipt, labels in the reader's language (a Marathi parent downloads a Marathi
  // receipt of an English-reading child); a mailed receipt is in each recipient's (receipt-mail.ts).
  app.get('/receipts/:id/pdf', { compress: false, schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const receipt = await receiptFor(db, actorOf(request), request.params.id);
    return sendPrivatePdf(reply, await receiptPdfIn(db, receipt, requestLanguage(request)), receiptFileName(receipt.number), 'inline');
  });

  // Instalments invoiced on their due dates (decision 070): the office runs the day's job now, opens an
  // invoice (the family too, from the due's row), and cancels one with its credit note.
  dataRoute(
    app, 'POST', '/fees/due-invoices/issue', { tags, response: { 200: apiSuccess(z.object({ issued: z.number().int() })) } },
    async () => ({ issued: await issueDueInvoices(db, null) }),
  );
  dataRoute(
    app, 'POST', '/fees/due-invoices/:id/cancel', { tags, params: idParamsSchema, body: receiptCancelInputSchema, response: { 200: apiSuccess(z.object({ creditNote: z.string() })) } },
    (request) => cancelDueInvoice(db, actorOf(request), request.params.id, request.body.reason),
  );
  app.get('/fees/due-invoices/:id/pdf', { compress: false, schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const invoice = await printableDueInvoice(db, actorOf(request), request.params.id);
    return sendPrivatePdf(reply, await receiptPdfIn(db, invoice, requestLanguage(request)), `invoice-${invoice.number.replace('/', '-')}.pdf`, 'inline');
  });

  // A registration dated back (decision 063): the window's payments and their revised invoices, then issuing them.
  dataRoute(
    app, 'GET', '/fees/gst/revised-invoices', { tags: ['fees'], querystring: revisedInvoicesInputSchema, response: { 200: apiSuccess(revisedInvoicesSchema) } },
    (request) => previewRevisedInvoices(db, request.query.certificateDate),
  );
  dataRoute(
    app, 'POST', '/fees/gst/revised-invoices', { tags: ['fees'], body: revisedInvoicesInputSchema, response: { 200: apiSuccess(revisedInvoicesSchema) } },
    (request) => issueRevisedInvoices(db, actorOf(request), request.body.certificateDate), GST_MESSAGES.revisedIssued,
  );

  // A credit note as its own document (CGST Rule 53; decision 063), by its number (URL-encoded:
  // CN%2F2026-27%2F0001.pdf), in the reader's language; read as its receipt is.
  app.get('/fees/credit-notes/:number.pdf', { compress: false, schema: { tags, params: z.object({ number: z.string().min(1).max(20) }) } }, async (request, reply) => {
    // A receipt's credit note, else a due-date invoice's (decision 070): one series, either document.
    const receipt = (await dueInvoiceCreditNoteFor(db, actorOf(request), request.params.number)) ?? (await creditNoteFor(db, actorOf(request), request.params.number));
    return sendPrivatePdf(reply, await creditNotePdfIn(db, receipt, requestLanguage(request)), creditNoteFileName(receipt.creditNote!.number), 'inline');
  });

}

/** What a family pays with: a due's UPI QR code, its printed slip, and a reminder's pay link (no session). */
function payLinkRoutes(app: FeesApp, db: Db, payLinkKey: Buffer) {
  // A due's UPI request as a QR code (issue 38): a desktop shows it to be scanned by a phone, and a
  // child's phone shows it to a parent's.
  app.get('/dues/:id/upi-qr.svg', { schema: { tags, params: idParamsSchema } }, async (request, reply) => sendUpiQr(reply, (await dueUpiFor(db, actorOf(request), request.params.id)).link));

  // The printed fee slip of one due: amount, reference and the UPI QR code, in the reader's language.
  app.get('/dues/:id/slip.pdf', { compress: false, schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { pdf, fileName } = await feeSlipFor(db, actorOf(request), request.params.id, requestLanguage(request));
    return sendPrivatePdf(reply, pdf, fileName, 'inline');
  });

  // A fee reminder's pay link (pay-link.ts): no session, the signed token in the address is the permission.
  app.get('/pay/:token', { schema: { tags, params: payLinkParamsSchema, response: { 200: apiSuccess(payPageSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await payPage(db, payLinkKey, request.params.token) };
  });

  app.get('/pay/:token/dues/:dueId/upi-qr.svg', { schema: { tags, params: payLinkDueParamsSchema } }, async (request, reply) =>
    sendUpiQr(reply, (await payPageUpi(db, payLinkKey, request.params.token, request.params.dueId)).link),
  );

}

/** The dues list and its CSV, the summary and report, and the reminders sent from them. */
function duesRoutes(app: FeesApp, db: Db, publicUrl: string | undefined) {
  dataRoute(app, 'GET', '/fees/dues', { tags, querystring: duesQuerySchema, response: { 200: apiSuccess(duesListSchema) } }, (request) => listDues(db, request.query));

  app.get(
    '/fees/dues.csv',
    { schema: { tags, querystring: duesFilterQuerySchema, produces: ['text/csv'], response: { 200: z.string().describe('CSV document') } } },
    async (request, reply) => {
      const { csv, fileName } = await exportDuesCsv(db, request.query, requestLanguage(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
    },
  );

  dataRoute(app, 'GET', '/fees/summary', { tags, response: { 200: apiSuccess(feeSummarySchema) } }, () => feeSummary(db));

  dataRoute(
    app, 'GET', '/fees/report', { tags, querystring: academicYearQuerySchema, response: { 200: apiSuccess(feeReportSchema) } },
    (request) => feeReport(db, request.query.year),
  );

  app.post('/fees/reminders', { schema: { tags, body: reminderInputSchema, response: { 200: apiSuccess(reminderResultSchema) } } }, async (request) => ({
    success: true as const,
    // The reminder's pay link points at the site the office works on (PUBLIC_URL in production).
    data: await queueFeeReminders(db, actorOf(request), request.body, (payload) => app.jobs.enqueue(FEE_REMINDER_JOB, { ...payload, origin: siteOrigin(request, publicUrl) })),
    // A dry run (the screen's question first) sends nothing, so it says nothing of sending.
    ...(request.body.dryRun ? {} : { message: FEE_MESSAGES.remindersQueued }),
  }));
}
