/** The academy's payroll settings: its TAN, the account salaries are paid from, the Professional Tax table. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees as rupees } from '@academy/shared/money';
import type { PayrollSettings, payrollSettingsInputSchema } from '@academy/shared/schemas/pay';
import { type Db, type DbExecutor, appNowSql } from '../../db/client';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { MAHARASHTRA_PROFESSIONAL_TAX, type ProfessionalTaxTable } from './tax-rules';

type PayrollSettingsInput = z.output<typeof payrollSettingsInputSchema>;

/** The Professional Tax table: the academy's own when set, else Maharashtra's (tax-rules.ts). */
export async function professionalTaxTableOf(db: DbExecutor): Promise<ProfessionalTaxTable> {
  const { rows } = await db.execute<{ table: ProfessionalTaxTable | null }>(sql`select professional_tax as table from payroll_settings`);
  return rows[0]?.table ?? MAHARASHTRA_PROFESSIONAL_TAX;
}

/** A Professional Tax table in paise as rupees for the API. */
const tableInRupees = (table: ProfessionalTaxTable) => Object.fromEntries(Object.entries(table).map(([key, paise]) => [key, rupees(paise)])) as PayrollSettings['professionalTax'];

/** GET /api/payroll/settings: the academy's TAN, the account salaries are paid from and the Professional Tax table in force. */
export async function getPayrollSettings(db: DbExecutor): Promise<PayrollSettings> {
  const { rows } = await db.execute<{ tan: string | null; debitAccount: string | null; table: ProfessionalTaxTable | null }>(
    sql`select tan, debit_account as "debitAccount", professional_tax as table from payroll_settings`,
  );
  const row = rows[0];
  return { tan: row?.tan ?? null, debitAccount: row?.debitAccount ?? null, professionalTax: tableInRupees(row?.table ?? MAHARASHTRA_PROFESSIONAL_TAX), professionalTaxDefault: !row?.table };
}

/** PUT /api/payroll/settings: left out keeps, null or '' removes (the Professional Tax table: back to Maharashtra's); audited (the account by its last four digits only). */
export async function updatePayrollSettings(db: Db, actor: Actor, input: PayrollSettingsInput): Promise<PayrollSettings> {
  const before = await getPayrollSettings(db);
  const { rows: stored } = await db.execute<{ table: ProfessionalTaxTable | null }>(sql`select professional_tax as table from payroll_settings`);
  const tableBefore = stored[0]?.table ?? null;
  const table: ProfessionalTaxTable | null = input.professionalTax === undefined ? tableBefore : input.professionalTax;
  const after = { tan: input.tan === undefined ? before.tan : input.tan, debitAccount: input.debitAccount === undefined ? before.debitAccount : input.debitAccount };
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into payroll_settings (tan, debit_account, professional_tax) values (${after.tan}, ${after.debitAccount}, ${table ? JSON.stringify(table) : null}::jsonb)
      on conflict (academy_id) do update set tan = excluded.tan, debit_account = excluded.debit_account, professional_tax = excluded.professional_tax, updated_at = ${appNowSql()}`);
    const ending = (account: string | null) => (account ? `…${account.slice(-4)}` : null);
    const describe = (value: ProfessionalTaxTable | null) => (value ? JSON.stringify(tableInRupees(value)) : null);
    await recordAudit(tx, actor, {
      action: 'pay.payroll_settings',
      entityType: 'pay',
      text: { key: 'pay.payroll_settings_saved', values: {} },
      changes: Object.fromEntries(
        [
          ['tan', before.tan, after.tan],
          ['debitAccount', ending(before.debitAccount), ending(after.debitAccount)],
          ['professionalTax', describe(tableBefore), describe(table)],
        ]
          .filter(([, old, now]) => old !== now)
          .map(([field, old, now]) => [field, { old, new: now }]),
      ),
    });
  });
  return { ...after, professionalTax: tableInRupees(table ?? MAHARASHTRA_PROFESSIONAL_TAX), professionalTaxDefault: !table };
}
