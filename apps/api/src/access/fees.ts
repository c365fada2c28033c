import { eq, inArray, type SQL } from 'drizzle-orm';
import { feeReceipts } from '../db/schema';
import { NO_RECORD, type Actor } from './actor';
import { ADMIN, ANYONE, own, PARENT, STUDENT, type RouteRules } from './rules';

/**
 * Fees (issue 22): the admin writes everything; a student reads their own ledger and receipts;
 * a parent reads their children's (another family's child answers 404); teachers see nothing of fees
 * (403 on every route). `mayReadFeesOf` and `receiptReadScope` are the only places that decide.
 */
export const feeRoutes: RouteRules = {
  'GET /api/fee-plans': ADMIN,
  'POST /api/fee-plans': ADMIN,
  'GET /api/fee-plans/:id': ADMIN,
  'PUT /api/fee-plans/:id': ADMIN,
  'DELETE /api/fee-plans/:id': ADMIN,
  'GET /api/students/:id/fees': ADMIN,
  'POST /api/students/:id/payments': ADMIN,
  'POST /api/students/:id/concessions': ADMIN,
  'POST /api/receipts/:id/cancel': ADMIN,
  // A student downloads their own receipts, a parent their children's; another's answers 404.
  'GET /api/receipts/:id/pdf': own({ allow: ['admin', 'student', 'parent'] }),
  // A credit note's PDF (decision 063): whoever may read its receipt (receiptReadScope); another family's answers 404.
  'GET /api/fees/credit-notes/:number.pdf': own({ allow: ['admin', 'student', 'parent'] }),
  // Instalments invoiced on their due dates (decision 070): the office runs the job now and cancels an
  // invoice with its credit note; an invoice's PDF is read as a receipt is (another family's answers 404).
  'POST /api/fees/due-invoices/issue': ADMIN,
  'POST /api/fees/due-invoices/:id/cancel': ADMIN,
  'GET /api/fees/due-invoices/:id/pdf': own({ allow: ['admin', 'student', 'parent'] }),
  // A due's UPI QR code (issue 38): the office, the student, their parent; another family's due answers 404.
  'GET /api/dues/:id/upi-qr.svg': own({ allow: ['admin', 'student', 'parent'] }),
  // A due's printed fee slip with its QR code: the same readers.
  'GET /api/dues/:id/slip.pdf': own({ allow: ['admin', 'student', 'parent'] }),
  // A fee reminder's pay link: no session; the signed token in the address is the permission (modules/fees/pay-link.ts).
  'GET /api/pay/:token': ANYONE,
  'GET /api/pay/:token/dues/:dueId/upi-qr.svg': ANYONE,
  // The pay link's page itself, drawn by the server in the address's language (issue 54): the same token is the permission.
  'GET /pay/:token': ANYONE,
  'GET /mr/pay/:token': ANYONE,
  'GET /hi/pay/:token': ANYONE,
  // The parent's Fees screen's Pay as a plain link (issue 74): to their own child's pay page.
  'GET /app/parent/fees/pay/:studentId': own(PARENT),
  // "I have paid" (issue 38): a student for their own due, a parent for a child's (the due is in the body:
  // another family's answers 404 from the service); the office's queue and decisions.
  'POST /api/payment-claims': { allow: ['student', 'parent'] },
  'GET /api/payment-claims': ADMIN,
  'POST /api/payment-claims/:id/confirm': ADMIN,
  'POST /api/payment-claims/:id/reject': ADMIN,
  'POST /api/fees/bank-statements': ADMIN,
  'GET /api/fees/bank-statements': ADMIN,
  'PUT /api/fees/bank-statements/mapping': ADMIN,
  'GET /api/fees/bank-statements/:id': ADMIN,
  'POST /api/fees/bank-statements/:id/confirm': ADMIN,
  'POST /api/fees/bank-statements/:id/credits/:creditId/set-aside': ADMIN,
  'POST /api/fees/bank-statements/:id/credits/:creditId/put-back': ADMIN,
  'GET /api/fees/dues': ADMIN,
  'GET /api/fees/dues.csv': ADMIN,
  'GET /api/fees/summary': ADMIN,
  'GET /api/fees/report': ADMIN,
  'POST /api/fees/reminders': ADMIN,
  'GET /api/student/fees': STUDENT,
  'GET /api/parent/children/:studentId/fees': own(PARENT),
};

/** Whether this actor may read this student's fees (ledger, receipts): the admin any, a student their own, a parent their children's. */
export function mayReadFeesOf(actor: Actor, studentId: string): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'student') return actor.studentId === studentId;
  if (actor.role === 'parent') return (actor.childIds ?? []).includes(studentId);
  return false;
}

/** The receipts this actor may download (a condition on `fee_receipts`): the admin all, a student their own, a parent their children's. */
export function receiptReadScope(actor: Actor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'student') return eq(feeReceipts.studentId, actor.studentId ?? NO_RECORD);
  if (actor.role === 'parent') return inArray(feeReceipts.studentId, actor.childIds?.length ? actor.childIds : [NO_RECORD]);
  return eq(feeReceipts.studentId, NO_RECORD);
}
