/** The month's draft payroll per teacher, computed on read from lectures, leave, adjustments and the pay settings. */
import { sql } from 'drizzle-orm';
import { paiseToRupees as rupees } from '@academy/shared/money';
import type { Lecture, PayrollLine, PayScheme } from '@academy/shared/schemas/pay';
import type { DbExecutor } from '../../db/client';
import { leaveDaysWithin, monthRange, payFigures, type AdjustmentRow, type PayRule } from './pay-calc';
import { financialYearOf, tdsSection } from './tax-rules';
import { monthLectures } from './month-lectures';
import { professionalTaxTableOf } from './payroll-settings';
import { teacherNotFound } from './teacher-pay';

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
export async function draftLines(db: DbExecutor, month: string, teacherId?: string): Promise<{ line: PayrollLine; lectures: Lecture[] }[]> {
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
