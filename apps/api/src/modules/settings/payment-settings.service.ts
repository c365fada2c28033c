import { sql } from 'drizzle-orm';
import type { PaymentSettings } from '@academy/shared/schemas/payments';
import type { StatementMapping } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings } from '../../db/schema';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { thisAcademy } from '../../db/same-academy';

/**
 * Settings → Payments (issue 38): the academy's own UPI ID and the name UPI apps show for it. With
 * one set, every open due answers a UPI request (the fees module builds it); without, none.
 */
export async function getPaymentSettings(db: DbExecutor): Promise<PaymentSettings> {
  const [row] = await db.select({ payments: academySettings.payments }).from(academySettings).where(thisAcademy(academySettings));
  return { upi: row?.payments.upi ?? null };
}

/** Saves the UPI ID (null: UPI requests off), audited as a settings change with what changed. */
export async function updatePaymentSettings(db: Db, actor: AuditActor, input: PaymentSettings): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ payments: academySettings.payments }).from(academySettings).where(thisAcademy(academySettings)).for('update');
    const { upi: before = null, ...kept } = row?.payments ?? {};
    // Only the UPI ID changes here: the rest of the payment settings (the bank statement's column mapping) stays.
    const upi = input.upi ? { vpa: input.upi.vpa, payeeName: input.upi.payeeName } : null;
    const next = upi ? { ...kept, upi } : kept;
    await tx.update(academySettings).set({ payments: next, updatedAt: sql`now()` });
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text: { key: 'settings.payments' },
      changes: diffChanges({ upiId: before?.vpa ?? null, upiPayeeName: before?.payeeName ?? null }, { upiId: input.upi?.vpa ?? null, upiPayeeName: input.upi?.payeeName ?? null }) ?? {},
    });
    return { upi };
  });
}

/**
 * The column mapping of the academy's bank statements, if its bank is not HDFC, SBI or ICICI (issue 38):
 * kept with the payment settings. Saved from the fees screen (PUT /api/fees/bank-statements/mapping).
 */
export async function saveStatementMapping(db: Db, actor: AuditActor, mapping: StatementMapping): Promise<StatementMapping> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ payments: academySettings.payments }).from(academySettings).where(thisAcademy(academySettings)).for('update');
    const payments = row?.payments ?? {};
    await tx.update(academySettings).set({ payments: { ...payments, statementMapping: mapping } });
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'settings.statement_mapping' }, changes: { statementMapping: { old: payments.statementMapping ?? null, new: mapping } } });
  });
  return mapping;
}
