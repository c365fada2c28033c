/** How one teacher is paid: their scheme, rates, deductions and bank account (GET/PUT /api/teachers/{id}/pay). */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { PAY_MESSAGES, type payInputSchema, type PayScheme, type PaySettings } from '@academy/shared/schemas/pay';
import { type Db, type DbExecutor, appNowSql } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { sealSecret } from '../../lib/secret-box';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { monthlyTdsEstimate } from './tax-rules';

type PayInput = z.output<typeof payInputSchema>;

/** Where a bank account is sealed (lib/secret-box.ts): the context binds the sealed text to its use. */
export const BANK_ACCOUNT_CONTEXT = 'teacher-bank-account';

export function teacherNotFound(): AppError {
  return new AppError('NOT_FOUND', PAY_MESSAGES.teacherNotFound);
}

export async function teacherName(db: DbExecutor, teacherId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`select u.name from teachers t join users u on u.id = t.user_id and u.academy_id = t.academy_id where t.id = ${teacherId}`);
  if (!rows[0]) throw teacherNotFound();
  return rows[0].name;
}

/** GET /api/teachers/{id}/pay: how the teacher is paid (nothing set yet: scheme null). The account shows its last four digits only. */
export async function getPaySettings(db: DbExecutor, teacherId: string): Promise<PaySettings> {
  await teacherName(db, teacherId);
  const [{ rows: pay }, { rows: rates }] = await Promise.all([
    db.execute<{
      scheme: PayScheme;
      monthly_paise: number | null;
      hourly_paise: number | null;
      pan: string | null;
      tds_monthly_paise: number;
      professional_tax: boolean;
      pf_paise: number;
      esi_paise: number;
      bank_account_ending: string | null;
      bank_ifsc: string | null;
      bank_name: string | null;
    }>(
      sql`select scheme, monthly_paise, hourly_paise, pan, tds_monthly_paise, professional_tax, pf_paise, esi_paise, bank_account_ending, bank_ifsc, bank_name from teacher_pay where teacher_id = ${teacherId}`,
    ),
    db.execute<{ batch: string; batchName: string; amount: number }>(
      sql`select r.batch_id as batch, b.name as "batchName", r.amount_paise as amount from teacher_pay_rates r join batches b on b.id = r.batch_id and b.academy_id = r.academy_id where r.teacher_id = ${teacherId} order by b.name`,
    ),
  ]);
  const row = pay[0];
  return {
    teacherId,
    scheme: row?.scheme ?? null,
    monthly: row?.monthly_paise == null ? null : rupees(row.monthly_paise),
    hourly: row?.hourly_paise == null ? null : rupees(row.hourly_paise),
    rates: rates.map((rate) => ({ ...rate, amount: rupees(rate.amount) })),
    pan: row?.pan ?? null,
    tdsMonthly: rupees(row?.tds_monthly_paise ?? 0),
    tdsEstimate: row?.scheme === 'monthly' && row.monthly_paise != null ? rupees(monthlyTdsEstimate(row.monthly_paise)) : null,
    professionalTax: row?.professional_tax ?? false,
    pf: rupees(row?.pf_paise ?? 0),
    esi: rupees(row?.esi_paise ?? 0),
    bank: row?.bank_account_ending ? { accountEnding: row.bank_account_ending, ifsc: row.bank_ifsc ?? '', name: row.bank_name ?? '' } : null,
  };
}

/**
 * PUT /api/teachers/{id}/pay: the scheme, its amounts, per-batch rates and TDS, in one transaction with
 * its audit entry. The bank account is sealed before it is stored and never enters the audit log or a
 * list; leaving `bank` out keeps the one on file, `null` removes it.
 */
export async function updatePaySettings(db: Db, keys: ServerKeys, actor: Actor, teacherId: string, input: PayInput): Promise<PaySettings> {
  const name = await teacherName(db, teacherId);
  const rates = input.scheme === 'per-lecture' ? (input.rates ?? []) : [];
  if (rates.length > 0) {
    const { rows } = await db.execute<{ id: string }>(sql`select id from batches where id = any(${sql.param(rates.map((rate) => rate.batch))}::uuid[])`);
    const known = new Set(rows.map((row) => row.id));
    const errors: Record<string, string> = {};
    rates.forEach((rate, index) => {
      if (!known.has(rate.batch)) errors[`rates.${index}.batch`] = PAY_MESSAGES.rateBatchUnknown;
    });
    if (Object.keys(errors).length > 0) throw new AppError('BAD_REQUEST', PAY_MESSAGES.rateBatchUnknown, errors);
  }
  const before = await getPaySettings(db, teacherId);
  const monthly = input.scheme === 'monthly' ? (input.monthly ?? null) : null;
  const hourly = input.scheme === 'per-hour' ? (input.hourly ?? null) : null;
  const salaried = input.scheme === 'monthly';
  // Salary: the office's TDS, Professional Tax, PF and ESI. Fees (per lecture, per hour): TDS from the law, none of the others.
  const tdsMonthly = salaried ? (input.tdsMonthly ?? 0) : 0;
  const professionalTax = salaried && input.professionalTax;
  const pf = salaried ? (input.pf ?? 0) : 0;
  const esi = salaried ? (input.esi ?? 0) : 0;
  const bank =
    input.bank === undefined
      ? undefined
      : input.bank === null
        ? { sealed: null, ending: null, ifsc: null, name: null }
        : { sealed: sealSecret(keys, BANK_ACCOUNT_CONTEXT, input.bank.account), ending: input.bank.account.slice(-4), ifsc: input.bank.ifsc, name: input.bank.name ?? name };
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into teacher_pay (teacher_id, scheme, monthly_paise, hourly_paise, pan, tds_monthly_paise, professional_tax, pf_paise, esi_paise, bank_account_sealed, bank_account_ending, bank_ifsc, bank_name)
      values (${teacherId}, ${input.scheme}, ${monthly}, ${hourly}, ${input.pan ?? null}, ${tdsMonthly}, ${professionalTax}, ${pf}, ${esi}, ${bank?.sealed ?? null}, ${bank?.ending ?? null}, ${bank?.ifsc ?? null}, ${bank?.name ?? null})
      on conflict (academy_id, teacher_id) do update set scheme = excluded.scheme, monthly_paise = excluded.monthly_paise, hourly_paise = excluded.hourly_paise,
        tds_monthly_paise = excluded.tds_monthly_paise, professional_tax = excluded.professional_tax, pf_paise = excluded.pf_paise, esi_paise = excluded.esi_paise, updated_at = ${appNowSql()}
        ${input.pan === undefined ? sql`` : sql`, pan = excluded.pan`}
        ${bank === undefined ? sql`` : sql`, bank_account_sealed = excluded.bank_account_sealed, bank_account_ending = excluded.bank_account_ending, bank_ifsc = excluded.bank_ifsc, bank_name = excluded.bank_name`}`);
    await tx.execute(sql`delete from teacher_pay_rates where teacher_id = ${teacherId}`);
    if (rates.length > 0) {
      await tx.execute(sql`
        insert into teacher_pay_rates (teacher_id, batch_id, amount_paise)
        select ${teacherId}, r.batch_id, r.amount from unnest(${sql.param(rates.map((rate) => rate.batch))}::uuid[], ${sql.param(rates.map((rate) => rate.amount))}::int[]) as r(batch_id, amount)
        returning batch_id`); // returning: else a COPY into the shards on Citus, refused under row-level security (decision 053)
    }
    // The PAN is personal data: the audit entry says whether one is on file, never which.
    const after = {
      scheme: input.scheme,
      monthly: monthly === null ? null : rupees(monthly),
      hourly: hourly === null ? null : rupees(hourly),
      tdsMonthly: rupees(tdsMonthly),
      professionalTax,
      pf: rupees(pf),
      esi: rupees(esi),
      rates: rates.length,
      pan: input.pan === undefined ? before.pan !== null : input.pan !== null,
    };
    await recordAudit(tx, actor, {
      action: 'pay.settings',
      entityType: 'pay',
      entityId: teacherId,
      text: { key: 'pay.settings_saved', values: { name } },
      changes: Object.fromEntries(
        Object.entries(after)
          .map(([field, value]) => [field, { old: field === 'rates' ? before.rates.length : field === 'pan' ? before.pan !== null : ((before as Record<string, unknown>)[field] ?? null), new: value }] as const)
          .filter(([, change]) => change.old !== change.new),
      ),
    });
  });
  return getPaySettings(db, teacherId);
}
