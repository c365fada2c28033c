/** A receipt or a credit note as its PDF needs it, through the access layer. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { GST_MESSAGES } from '@academy/shared/schemas/gst';
import { FEE_MESSAGES, type Receipt } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import { batches, feeAllocations, feeDues, feeReceipts, gstRegistrations, students } from '../../db/schema';
import { receiptReadScope } from '../../access/fees';
import { type Actor } from '../../access/actor';
import { AppError } from '../../lib/app-error';
import { receiptsWhere } from './fee-queries';
import { joinOn } from '../../db/same-academy';

/** A receipt for its PDF, through the access layer (another student's answers 404, as a missing one). */
export async function receiptFor(db: DbExecutor, actor: Actor, id: string) {
  const receipt = await printableReceipt(db, id, receiptReadScope(actor));
  if (!receipt) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
  return receipt;
}

/** A credit note for its PDF by its number, through the access layer (as its receipt: another family's answers 404, as a missing one). */
export async function creditNoteFor(db: DbExecutor, actor: Actor, number: string) {
  const [row] = await db
    .select({ id: feeReceipts.id })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.creditNoteNumber, number), receiptReadScope(actor)))
    .limit(1);
  const receipt = row ? await printableReceipt(db, row.id) : undefined;
  if (!receipt?.creditNote || !receipt.tax) throw new AppError('NOT_FOUND', GST_MESSAGES.creditNoteNotFound);
  return receipt;
}

/**
 * What a tax invoice prints beyond the receipt (issue 57): the supplier as registered then, and an
 * unregistered recipient's address and state as copied at the invoice (decision 062; an invoice from
 * before the copy was kept prints the student's address on record).
 */
export type PrintableInvoice = { legalName: string | null; tradeName: string | null; address: string | null; recipientAddress: string | null; recipientState: string | null };
export type PrintableReceipt = Receipt & { batches: string[]; invoice?: PrintableInvoice | undefined; dueInvoice?: { dueDate: string } | undefined };

/** A receipt with the names of the batches it paid, for its PDF; `scope` narrows who may read it (none: the receipt mail job). */
export async function printableReceipt(db: DbExecutor, id: string, scope?: SQL): Promise<PrintableReceipt | undefined> {
  const [receipt] = await receiptsWhere(db, and(eq(feeReceipts.id, id), scope));
  if (!receipt) return undefined;
  const batchNames = await db
    .selectDistinct({ name: batches.name })
    .from(feeAllocations)
    .innerJoin(feeDues, joinOn(feeDues.id, feeAllocations.dueId))
    .innerJoin(batches, joinOn(batches.id, feeDues.batchId))
    .where(eq(feeAllocations.receiptId, id));
  let invoice: PrintableInvoice | undefined;
  if (receipt.tax) {
    const [row] = await db
      .select({
        legalName: gstRegistrations.legalName,
        tradeName: gstRegistrations.tradeName,
        address: gstRegistrations.address,
        recipientAddress: sql<string | null>`coalesce(${feeReceipts.recipientAddress}, case when ${feeReceipts.roundOffPaise} is null then ${students.address} end)`,
        recipientState: feeReceipts.recipientState,
      })
      .from(feeReceipts)
      .innerJoin(students, joinOn(students.id, feeReceipts.studentId))
      .leftJoin(gstRegistrations, joinOn(gstRegistrations.id, feeReceipts.gstRegistrationId))
      .where(eq(feeReceipts.id, id))
      .limit(1);
    invoice = row ?? { legalName: null, tradeName: null, address: null, recipientAddress: null, recipientState: null };
  }
  return { ...receipt, batches: batchNames.map((row) => row.name), invoice };
}
