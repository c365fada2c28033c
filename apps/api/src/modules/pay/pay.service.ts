import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees } from '@academy/shared/money';
import { PAY_MESSAGES, type adjustmentInputSchema, type payrollSettingsInputSchema, type PayrollSettings, type lectureCorrectionInputSchema, type Lecture, type markPaidInputSchema, type MyPay, type payInputSchema, type PayrollLine, type PayrollMonth, type PayrollTeacher, type PayScheme, type PaySettings } from '@academy/shared/schemas/pay';
import { formatDate } from '@academy/shared/calendar';
import { academySql, appNowSql, type Db, type DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { sealSecret } from '../../lib/secret-box';
import { teacherIdOf, type Actor } from '../../access/actor';
import { recordAudit } from '../audit';
import { academyToday } from '../../academy-settings';
import { monthRange, nextMonth, payFigures, previousMonth, leaveDaysWithin, type AdjustmentRow, type LectureRow, type PayRule } from './pay-calc';
import { financialYearOf, MAHARASHTRA_PROFESSIONAL_TAX, monthlyTdsEstimate, tdsSection, type ProfessionalTaxTable } from './tax-rules';

type PayInput = z.output<typeof payInputSchema>;
type CorrectionInput = z.output<typeof lectureCorrectionInputSchema>;
type AdjustmentInput = z.output<typeof adjustmentInputSchema>;
type MarkPaidInput = z.output<typeof markPaidInputSchema>;
type PayrollSettingsInput = z.output<typeof payrollSettingsInputSchema>;
type Status = PayrollMonth['status'];

/** Where a bank account is sealed (lib/secret-box.ts): the context binds the sealed text to its use. */
export const BANK_ACCOUNT_CONTEXT = 'teacher-bank-account';

const rupees = paiseToRupees;

function teacherNotFound(): AppError {
  return new AppError('NOT_FOUND', PAY_MESSAGES.teacherNotFound);
}

async function teacherName(db: DbExecutor, teacherId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`select u.name from teachers t join users u on u.id = t.user_id and u.academy_id = t.academy_id where t.id = ${teacherId}`);
  if (!rows[0]) throw teacherNotFound();
  return rows[0].name;
}

// ---------------------------------------------------------------- pay settings

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
        select ${teacherId}, r.batch_id, r.amount from unnest(${sql.param(rates.map((rate) => rate.batch))}::uuid[], ${sql.param(rates.map((rate) => rate.amount))}::int[]) as r(batch_id, amount)`);
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

// ---------------------------------------------------------------- lectures and the draft

type LectureQueryRow = LectureRow & { teacherId: string };

/**
 * The classes taken between two dates: each batch's day with attendance marks counts once, for that
 * day's substitute, else the teacher who submitted the marks, else (the office marked it) the batch's
 * teacher; a day a closure closed for that batch counts for nobody. One statement for the whole academy.
 */
async function takenBetween(db: DbExecutor, start: string, end: string, teacherId?: string): Promise<LectureQueryRow[]> {
  const { rows } = await db.execute<LectureQueryRow>(sql`
    with days as (
      select a.batch_id, a.date, (array_agg(a.marked_by order by a.marked_at desc))[1] as marked_by
      from attendance_records a where a.date between ${start} and ${end}
      group by a.batch_id, a.date
    ), lectures as (
      select d.batch_id, d.date, b.name as batch_name,
        coalesce(s.teacher_id, mt.id, b.teacher_id) as teacher_id, (s.teacher_id is not null) as substitute,
        (extract(epoch from (b.end_time - b.start_time)) / 60)::int as minutes
      from days d
      join batches b on b.id = d.batch_id
      left join batch_substitutions s on s.batch_id = d.batch_id and s.date = d.date
      left join teachers mt on mt.user_id = d.marked_by
      where not exists (
        select 1 from announcements an
        where an.closure and an.start_date <= d.date and an.end_date >= d.date
          and (not exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = an.academy_id)
            or exists (select 1 from announcement_batches ab where ab.announcement_id = an.id and ab.academy_id = an.academy_id and ab.batch_id = d.batch_id)))
    )
    select l.teacher_id as "teacherId", to_char(l.date, 'YYYY-MM-DD') as date, l.batch_id as "batchId", l.batch_name as "batchName", l.minutes, 1 as count,
      case when l.substitute then 'substitute' else 'attendance' end as source, null as reason
    from lectures l
    ${teacherId ? sql`where l.teacher_id = ${teacherId}` : sql``}
    order by l.date, l.batch_name`);
  return rows;
}

/** How many approved months just before an open one are searched for classes marked after their approval. */
const LATE_MONTHS = 3;

/**
 * Classes of the approved months just before `month` (up to LATE_MONTHS, while they are approved) that
 * their snapshot does not hold: marked after the approval. They are paid in `month`, the next open one.
 */
async function lateLectures(db: DbExecutor, month: string, teacherId?: string): Promise<LectureQueryRow[]> {
  const earlier = [previousMonth(month)];
  while (earlier.length < LATE_MONTHS) earlier.push(previousMonth(earlier.at(-1)!));
  const { rows: approved } = await db.execute<{ month: string }>(sql`select month from payroll_months where month = any(${sql.param(earlier)}::text[])`);
  const locked = new Set(approved.map((row) => row.month));
  const months: string[] = [];
  for (const candidate of earlier) {
    if (!locked.has(candidate)) break;
    months.push(candidate);
  }
  if (months.length === 0) return [];
  const [taken, { rows: paid }] = await Promise.all([
    takenBetween(db, monthRange(months.at(-1)!).start, monthRange(months[0]!).end, teacherId),
    db.execute<{ key: string }>(sql`
      select distinct (e->>'batchId') || '|' || (e->>'date') as key
      from payroll_lines pl cross join lateral jsonb_array_elements(pl.lectures) e
      where pl.month = any(${sql.param(months)}::text[]) and e->>'source' in ('attendance', 'substitute')`),
  ]);
  const snapshot = new Set(paid.map((row) => row.key));
  return taken.filter((lecture) => !snapshot.has(`${lecture.batchId}|${lecture.date}`)).map((lecture) => ({ ...lecture, source: 'late' as const }));
}

/**
 * The month's lectures of every teacher (or one): the classes taken in it, those of the approved months
 * before it marked after their approval, and the office's corrections counted in it.
 */
async function monthLectures(db: DbExecutor, month: string, teacherId?: string): Promise<LectureQueryRow[]> {
  const { start, end } = monthRange(month);
  const [taken, late, { rows: corrections }] = await Promise.all([
    takenBetween(db, start, end, teacherId),
    lateLectures(db, month, teacherId),
    db.execute<LectureQueryRow>(sql`
      select c.teacher_id as "teacherId", to_char(c.date, 'YYYY-MM-DD') as date, c.batch_id as "batchId", b.name as "batchName", c.minutes, c.lectures as count, 'correction' as source, c.reason
      from lecture_corrections c join batches b on b.id = c.batch_id and b.academy_id = c.academy_id
      where c.pay_month = ${month} ${teacherId ? sql`and c.teacher_id = ${teacherId}` : sql``}
      order by c.date, c.created_at`),
  ]);
  return [...late, ...taken, ...corrections];
}

type TeacherRow = {
  teacherId: string;
  name: string;
  gender: 'male' | 'female' | 'other' | null;
  scheme: PayScheme | null;
  monthlyPaise: number | null;
  hourlyPaise: number | null;
  pan: string | null;
  tdsMonthlyPaise: number;
  professionalTax: boolean;
  pfPaise: number;
  esiPaise: number;
  bankReady: boolean;
  rates: Record<string, number> | null;
};

/** The teachers a month's payroll lists: those with pay settings, lectures, leave or adjustments in it. */
async function payrollTeachers(db: DbExecutor, month: string, lectureTeacherIds: string[], teacherId?: string): Promise<TeacherRow[]> {
  const { start, end } = monthRange(month);
  const { rows } = await db.execute<TeacherRow>(sql`
    select t.id as "teacherId", u.name, t.gender, p.scheme, p.monthly_paise as "monthlyPaise", p.hourly_paise as "hourlyPaise", p.pan,
      coalesce(p.tds_monthly_paise, 0) as "tdsMonthlyPaise", coalesce(p.professional_tax, false) as "professionalTax", coalesce(p.pf_paise, 0) as "pfPaise", coalesce(p.esi_paise, 0) as "esiPaise",
      (p.bank_account_sealed is not null) as "bankReady",
      (select json_object_agg(r.batch_id, r.amount_paise) from teacher_pay_rates r where r.teacher_id = t.id and r.academy_id = t.academy_id) as rates
    from teachers t
    join users u on u.id = t.user_id and u.academy_id = t.academy_id
    left join teacher_pay p on p.teacher_id = t.id and p.academy_id = t.academy_id
    where ${teacherId ? sql`t.id = ${teacherId}` : sql`(p.teacher_id is not null or t.id = any(${sql.param(lectureTeacherIds)}::uuid[])
      or exists (select 1 from pay_adjustments pa where pa.teacher_id = t.id and pa.academy_id = t.academy_id and pa.pay_month = ${month})
      or exists (select 1 from teacher_leave l where l.teacher_id = t.id and l.academy_id = t.academy_id and l.status = 'approved' and l.from_date <= ${end} and l.to_date >= ${start}))`}
    order by lower(u.name), t.id`);
  return rows;
}

/** The month's draft per teacher, computed on read from lectures, leave, adjustments and the pay settings. */
async function draftLines(db: DbExecutor, month: string, teacherId?: string): Promise<{ line: PayrollLine; lectures: Lecture[] }[]> {
  const { start, end, days } = monthRange(month);
  const year = financialYearOf(month);
  const [lectures, { rows: adjustments }, { rows: leave }, { rows: earlier }, professionalTaxTable] = await Promise.all([
    monthLectures(db, month, teacherId),
    db.execute<AdjustmentRow & { teacherId: string }>(sql`
      select teacher_id as "teacherId", kind, amount_paise as "amountPaise", note from pay_adjustments
      where pay_month = ${month} ${teacherId ? sql`and teacher_id = ${teacherId}` : sql``} order by created_at`),
    db.execute<{ teacherId: string; from: string; to: string; halfDay: boolean; unpaid: boolean }>(sql`
      select teacher_id as "teacherId", to_char(from_date, 'YYYY-MM-DD') as from, to_char(to_date, 'YYYY-MM-DD') as to, half_day as "halfDay", unpaid from teacher_leave
      where status = 'approved' and from_date <= ${end} and to_date >= ${start} ${teacherId ? sql`and teacher_id = ${teacherId}` : sql``}`),
    // The financial year's approved months before this one: pay and TDS so far, and (visiting faculty) the fees and their TDS.
    db.execute<{ teacherId: string; grossPaise: number; tdsPaise: number; feesPaise: number; feesTdsPaise: number }>(sql`
      select teacher_id as "teacherId",
        round(sum((line->>'gross')::numeric) * 100)::float8 as "grossPaise", round(sum((line->>'tds')::numeric) * 100)::float8 as "tdsPaise",
        coalesce(round(sum((line->>'gross')::numeric) filter (where line->>'scheme' in ('per-lecture', 'per-hour')) * 100), 0)::float8 as "feesPaise",
        coalesce(round(sum((line->>'tds')::numeric) filter (where line->>'scheme' in ('per-lecture', 'per-hour')) * 100), 0)::float8 as "feesTdsPaise"
      from payroll_lines where month >= ${year.first} and month < ${month} ${teacherId ? sql`and teacher_id = ${teacherId}` : sql``}
      group by teacher_id`),
    professionalTaxTableOf(db),
  ]);
  const payDate = end;
  const teachers = await payrollTeachers(db, month, [...new Set(lectures.map((lecture) => lecture.teacherId))], teacherId);
  if (teacherId && teachers.length === 0) throw teacherNotFound();
  return teachers.map((teacher) => {
    const rule: PayRule = {
      scheme: teacher.scheme,
      monthlyPaise: teacher.monthlyPaise,
      hourlyPaise: teacher.hourlyPaise,
      rates: new Map(Object.entries(teacher.rates ?? {})),
      tdsMonthlyPaise: teacher.tdsMonthlyPaise,
      hasPan: teacher.pan !== null,
      professionalTax: teacher.professionalTax,
      gender: teacher.gender,
      pfPaise: teacher.pfPaise,
      esiPaise: teacher.esiPaise,
    };
    const own = lectures.filter((lecture) => lecture.teacherId === teacher.teacherId);
    const ownAdjustments = adjustments.filter((item) => item.teacherId === teacher.teacherId);
    const ownLeave = leave.filter((item) => item.teacherId === teacher.teacherId);
    const leaveDays = ownLeave.filter((item) => item.unpaid).reduce((sum, item) => sum + leaveDaysWithin(item, start, end), 0);
    const before = earlier.find((row) => row.teacherId === teacher.teacherId);
    const figures = payFigures(rule, own, ownAdjustments, leaveDays, days, { month, earlierFeesPaise: before?.feesPaise ?? 0, earlierTdsPaise: before?.feesTdsPaise ?? 0, professionalTaxTable });
    const flags = own.flatMap((lecture, index) => {
      if (lecture.count < 0 || lecture.source === 'correction') return [];
      const found: NonNullable<PayrollLine['flags']> = [];
      // A substitute's lecture that earns nothing: a visiting teacher without a rate for that batch.
      if (lecture.source === 'substitute' && teacher.scheme !== 'monthly' && figures.lectureAmounts[index] === 0) found.push({ kind: 'unpriced-substitute', date: lecture.date, batchName: lecture.batchName });
      if (ownLeave.some((item) => item.from <= lecture.date && item.to >= lecture.date)) found.push({ kind: 'on-leave', date: lecture.date, batchName: lecture.batchName });
      return found;
    });
    return {
      line: {
        teacherId: teacher.teacherId,
        name: teacher.name,
        scheme: teacher.scheme,
        lectures: figures.lectures,
        hours: Math.round((figures.minutes / 60) * 100) / 100,
        gross: rupees(figures.grossPaise),
        deductions: rupees(figures.deductionsPaise),
        tds: rupees(figures.tdsPaise),
        net: rupees(figures.netPaise),
        unpaidLeaveDays: teacher.scheme === 'monthly' ? leaveDays : 0,
        adjustments: ownAdjustments.map((item) => ({ kind: item.kind, amount: rupees(item.amountPaise), note: item.note })),
        bankReady: teacher.bankReady,
        pan: teacher.pan,
        tdsSection: tdsSection(figures.tdsKind, payDate),
        professionalTax: rupees(figures.professionalTaxPaise),
        pf: rupees(figures.pfPaise),
        esi: rupees(figures.esiPaise),
        paidDays: figures.paidDays,
        yearToDate: { gross: rupees((before?.grossPaise ?? 0) + figures.grossPaise), tds: rupees((before?.tdsPaise ?? 0) + figures.tdsPaise) },
        flags,
      },
      lectures: own.map(({ teacherId: _teacherId, ...lecture }, index) => ({ ...lecture, amount: rupees(figures.lectureAmounts[index]!) })),
    };
  });
}

// ---------------------------------------------------------------- the academy's payroll settings

/** The Professional Tax table: the academy's own when set, else Maharashtra's (tax-rules.ts). */
async function professionalTaxTableOf(db: DbExecutor): Promise<ProfessionalTaxTable> {
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

type MonthRow = { approvedAt: Date; paidMode: 'bank' | 'cash' | 'cheque' | 'upi' | null; paidOn: string | null; paidReference: string | null };

async function monthRow(db: DbExecutor, month: string): Promise<MonthRow | undefined> {
  const { rows } = await db.execute<MonthRow>(sql`
    select approved_at as "approvedAt", paid_mode as "paidMode", to_char(paid_on, 'YYYY-MM-DD') as "paidOn", paid_reference as "paidReference"
    from payroll_months where month = ${month}`);
  return rows[0];
}

function statusOf(row: MonthRow | undefined): Status {
  if (!row) return 'draft';
  return row.paidMode ? 'paid' : 'approved';
}

/** An approved month's snapshot (payroll_lines), as it was on approval. */
async function approvedLines(db: DbExecutor, month: string, teacherId?: string): Promise<{ line: PayrollLine; lectures: Lecture[] }[]> {
  const { rows } = await db.execute<{ line: PayrollLine; lectures: Lecture[] }>(sql`
    select line, lectures from payroll_lines where month = ${month} ${teacherId ? sql`and teacher_id = ${teacherId}` : sql``}
    order by lower(line->>'name'), teacher_id`);
  return rows;
}

async function linesOf(db: DbExecutor, month: string, row: MonthRow | undefined, teacherId?: string) {
  return row ? approvedLines(db, month, teacherId) : draftLines(db, month, teacherId);
}

/** GET /api/payroll/{month}: a draft computed now, or the approved month as it was locked. */
export async function payrollMonth(db: DbExecutor, month: string): Promise<PayrollMonth> {
  const row = await monthRow(db, month);
  const lines = await linesOf(db, month, row);
  return {
    month,
    status: statusOf(row),
    approvedAt: row ? new Date(row.approvedAt).toISOString() : null,
    paid: row?.paidMode ? { mode: row.paidMode, on: row.paidOn ?? '', reference: row.paidReference ?? '' } : null,
    teachers: lines.map((entry) => entry.line),
  };
}

/** GET /api/payroll/{month}/teachers/{teacherId}: one teacher's figures with the lectures behind them. */
export async function payrollTeacher(db: DbExecutor, month: string, teacherId: string): Promise<PayrollTeacher> {
  const row = await monthRow(db, month);
  const [entry] = await linesOf(db, month, row, teacherId);
  if (entry) return { month, status: statusOf(row), ...entry };
  // Approved without this teacher (nothing to pay then): their figures are zero.
  const [draft] = await draftLines(db, month, teacherId);
  return { month, status: statusOf(row), line: { ...draft!.line, lectures: 0, hours: 0, gross: 0, deductions: 0, tds: 0, net: 0, unpaidLeaveDays: 0, adjustments: [] }, lectures: [] };
}

/** GET /api/teacher/pay?month=: the teacher's own month so far (default this month) and their payslips. */
export async function myPay(db: DbExecutor, actor: Actor, month: string | undefined): Promise<MyPay> {
  const teacherId = teacherIdOf(actor);
  const chosen = month ?? (await academyToday(db)).slice(0, 7);
  const [pay, { rows: payslips }] = await Promise.all([
    payrollTeacher(db, chosen, teacherId),
    db.execute<{ month: string; net: number }>(sql`
      select l.month, (l.line->>'net')::float8 as net from payroll_lines l where l.teacher_id = ${teacherId} order by l.month desc limit 24`),
  ]);
  return { ...pay, payslips: payslips.map((slip) => ({ ...slip, url: `/api/payroll/${slip.month}/teachers/${teacherId}/payslip.pdf` })) };
}

// ---------------------------------------------------------------- approving and paying

/**
 * POST /api/payroll/{month}/approve: locks the month. Its figures and lectures are copied as they are
 * now (payroll_lines), in the transaction that inserts the month's row: a second approval finds that
 * row and answers 409, and later marks, corrections or adjustments never change it. Refused (409,
 * issue 73) before the month is over, and while a teacher in it has no pay settings unless the office
 * leaves them out (`leaveOut`): their lectures then count, as late ones, in the next open month.
 */
export async function approveMonth(db: Db, actor: Actor, month: string, leaveOut: readonly string[] = []): Promise<PayrollMonth> {
  const today = await academyToday(db);
  if (monthRange(month).end >= today) throw new AppError('CONFLICT', PAY_MESSAGES.monthNotOver);
  await db.transaction(async (tx) => {
    await payrollTurn(tx);
    const { rows } = await tx.execute(sql`insert into payroll_months (month, approved_by) values (${month}, ${actor.userId}) on conflict do nothing returning month`);
    if (rows.length === 0) throw new AppError('CONFLICT', PAY_MESSAGES.alreadyApproved);
    const drafted = await draftLines(tx, month);
    const unpaid = drafted.filter((entry) => entry.line.scheme === null);
    const missing = unpaid.filter((entry) => !leaveOut.includes(entry.line.teacherId));
    if (missing.length > 0) throw new AppError('CONFLICT', PAY_MESSAGES.teachersWithoutPay, { leaveOut: missing.map((entry) => entry.line.name).join(', ') });
    const lines = drafted.filter((entry) => entry.line.scheme !== null);
    if (lines.length > 0) {
      await tx.execute(sql`
        insert into payroll_lines (month, teacher_id, line, lectures)
        select ${month}, l.teacher_id, l.line, l.lectures
        from jsonb_to_recordset(${JSON.stringify(lines.map((entry) => ({ teacher_id: entry.line.teacherId, line: entry.line, lectures: entry.lectures })))}::jsonb)
          as l(teacher_id uuid, line jsonb, lectures jsonb)`);
    }
    const total = lines.reduce((sum, entry) => sum + Math.round(entry.line.net * 100), 0);
    await recordAudit(tx, actor, {
      action: 'payroll.approve',
      entityType: 'pay',
      text: { key: 'pay.month_approved', values: { month, teachers: lines.length, net: `₹${rupees(total)}` } },
      ...(unpaid.length > 0 ? { changes: { leftOut: { old: null, new: unpaid.map((entry) => entry.line.name).join(', ') } } } : {}),
    });
  });
  return payrollMonth(db, month);
}

/**
 * POST /api/payroll/{month}/reopen (issue 73): an approved month that is not yet paid becomes a draft
 * again (its snapshot is dropped; figures are computed afresh), audited. Refused (409) when it is not
 * approved, already paid, or a later month is approved (whose late lectures were read against this one).
 */
export async function reopenMonth(db: Db, actor: Actor, month: string): Promise<PayrollMonth> {
  await db.transaction(async (tx) => {
    await payrollTurn(tx);
    const { rows } = await tx.execute<{ paid: boolean; later: boolean }>(sql`
      select paid_mode is not null as paid, exists (select 1 from payroll_months later where later.academy_id = ${academySql()} and later.month > ${month}) as later
      from payroll_months where academy_id = ${academySql()} and month = ${month} for update`);
    const row = rows[0];
    if (!row) throw new AppError('CONFLICT', PAY_MESSAGES.notApproved);
    if (row.paid) throw new AppError('CONFLICT', PAY_MESSAGES.paidCannotReopen);
    if (row.later) throw new AppError('CONFLICT', PAY_MESSAGES.laterApproved);
    const { rows: lines } = await tx.execute<{ teachers: number; netPaise: number }>(sql`
      select count(*)::int as teachers, coalesce(round(sum((line->>'net')::numeric) * 100), 0)::float8 as "netPaise" from payroll_lines where month = ${month}`);
    await tx.execute(sql`delete from payroll_lines where month = ${month}`);
    await tx.execute(sql`delete from payroll_months where month = ${month}`);
    await recordAudit(tx, actor, {
      action: 'payroll.reopen',
      entityType: 'pay',
      text: { key: 'pay.month_reopened', values: { month, teachers: lines[0]?.teachers ?? 0, net: `₹${rupees(lines[0]?.netPaise ?? 0)}` } },
    });
  });
  return payrollMonth(db, month);
}

/** POST /api/payroll/{month}/paid: the approved month was paid (mode, date, reference). */
export async function markPaid(db: Db, actor: Actor, month: string, input: MarkPaidInput): Promise<PayrollMonth> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      update payroll_months set paid_mode = ${input.mode}, paid_on = ${input.on}, paid_reference = ${input.reference} where month = ${month} returning month`);
    if (rows.length === 0) throw new AppError('CONFLICT', PAY_MESSAGES.notApproved);
    await recordAudit(tx, actor, { action: 'payroll.paid', entityType: 'pay', text: { key: 'pay.month_paid', values: { month, mode: input.mode, date: formatDate(input.on), reference: input.reference } } });
  });
  return payrollMonth(db, month);
}

/**
 * Approving a month and placing a correction or adjustment take turns within one academy (a lock for
 * the transaction): a correction never lands in a month approved a moment before without its figure.
 */
async function payrollTurn(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payroll:' || coalesce(current_academy_id()::text, '')))`);
}

/** The month a change dated in `month` is counted in: that month, or the first one after it not yet approved. */
async function openMonthFrom(db: DbExecutor, month: string): Promise<string> {
  const { rows } = await db.execute<{ month: string }>(sql`select month from payroll_months where month >= ${month} order by month`);
  const approved = new Set(rows.map((row) => row.month));
  let open = month;
  while (approved.has(open)) open = nextMonth(open);
  return open;
}

/**
 * POST /api/payroll/lecture-corrections: the office adds a lecture (an extra session) or takes one away,
 * with its reason, audited. A lecture in an approved month counts as an adjustment in the next open one.
 */
export async function correctLectures(db: Db, actor: Actor, input: CorrectionInput): Promise<{ payMonth: string }> {
  const name = await teacherName(db, input.teacherId);
  const { rows } = await db.execute<{ name: string; minutes: number }>(sql`select name, (extract(epoch from (end_time - start_time)) / 60)::int as minutes from batches where id = ${input.batchId}`);
  const batch = rows[0];
  if (!batch) throw new AppError('BAD_REQUEST', PAY_MESSAGES.correctionBatch, { batchId: PAY_MESSAGES.correctionBatch });
  return db.transaction(async (tx) => {
    await payrollTurn(tx);
    const payMonth = await openMonthFrom(tx, input.date.slice(0, 7));
    await tx.execute(sql`
      insert into lecture_corrections (teacher_id, batch_id, date, lectures, minutes, reason, pay_month, created_by)
      values (${input.teacherId}, ${input.batchId}, ${input.date}, ${input.lectures}, ${input.minutes ?? batch.minutes}, ${input.reason}, ${payMonth}, ${actor.userId})`);
    await recordAudit(tx, actor, {
      action: 'pay.lecture_correction',
      entityType: 'pay',
      entityId: input.teacherId,
      relatedId: input.batchId,
      text: { key: input.lectures > 0 ? 'pay.lecture_added' : 'pay.lecture_removed', values: { name, batch: batch.name, date: formatDate(input.date), reason: input.reason } },
    });
    return { payMonth };
  });
}

/** POST /api/payroll/adjustments: an extra or a deduction with a note, in the month asked (or the next open one). */
export async function addAdjustment(db: Db, actor: Actor, input: AdjustmentInput): Promise<{ payMonth: string }> {
  const name = await teacherName(db, input.teacherId);
  return db.transaction(async (tx) => {
    await payrollTurn(tx);
    const payMonth = await openMonthFrom(tx, input.month);
    await tx.execute(sql`
      insert into pay_adjustments (teacher_id, pay_month, kind, amount_paise, note, created_by)
      values (${input.teacherId}, ${payMonth}, ${input.kind}, ${input.amount}, ${input.note}, ${actor.userId})`);
    await recordAudit(tx, actor, {
      action: 'pay.adjustment',
      entityType: 'pay',
      entityId: input.teacherId,
      text: { key: input.kind === 'extra' ? 'pay.extra_added' : 'pay.deduction_added', values: { name, amount: `₹${rupees(input.amount)}`, month: payMonth, note: input.note } },
    });
    return { payMonth };
  });
}

/** The approved line of one teacher, for their payslip (404 when the month is not approved or has no line for them). */
export async function approvedLine(db: DbExecutor, month: string, teacherId: string): Promise<{ line: PayrollLine; lectures: Lecture[]; paid: PayrollMonth['paid'] }> {
  const row = await monthRow(db, month);
  const [entry] = row ? await approvedLines(db, month, teacherId) : [];
  if (!row || !entry) throw new AppError('NOT_FOUND', PAY_MESSAGES.noPayslip);
  return { ...entry, paid: row.paidMode ? { mode: row.paidMode, on: row.paidOn ?? '', reference: row.paidReference ?? '' } : null };
}

/** The approved month's lines, for its files (XLSX, bank CSV); 409 before approval. */
export async function approvedMonthLines(db: DbExecutor, month: string): Promise<PayrollLine[]> {
  const row = await monthRow(db, month);
  if (!row) throw new AppError('CONFLICT', PAY_MESSAGES.notApproved);
  return (await approvedLines(db, month)).map((entry) => entry.line);
}
