import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, jsonb, primaryKey, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { batches } from './batches';
import { teachers } from './teachers';
import { userRef, createdByAndAt } from './users';
import { academyId, academyRow } from './academy-column';
import { createdAt, requiredRef } from './columns';

/*
 * Staff pay (issue 58, docs/decisions/058-staff-pay.md). Lectures are not stored: they are read from
 * attendance (a batch's day with marks), substitutions and closures, plus the office's corrections.
 * Money in whole paise. An approved month keeps its own copy (payroll_lines) so nothing changes it later.
 */

/** How a teacher is paid. The bank account is sealed (lib/secret-box.ts); only its last four digits are plain. */
export const teacherPay = academyTable(
  'teacher_pay',
  {
    academyId: academyId(),
    teacherId: requiredRef(() => teachers.id, 'cascade'),
    scheme: text({ enum: ['monthly', 'per-lecture', 'per-hour'] }).notNull(),
    monthlyPaise: integer(),
    hourlyPaise: integer(),
    /** The teacher's PAN (personal data: on their payslip, never in a log). Without it, fees' TDS is 20 % (issue 72). */
    pan: varchar({ length: 10 }),
    /** Salaried staff: the month's TDS on salary the office sets (s. 392 / s. 192). Visiting faculty's TDS comes from the law (tax-rules.ts). */
    tdsMonthlyPaise: integer().notNull().default(0),
    /** Maharashtra Professional Tax deducted from a monthly salary. */
    professionalTax: boolean().notNull().default(false),
    /** Optional fixed deductions from a monthly salary: provident fund and ESI contributions. */
    pfPaise: integer().notNull().default(0),
    esiPaise: integer().notNull().default(0),
    bankAccountSealed: text(),
    bankAccountEnding: varchar({ length: 4 }),
    bankIfsc: varchar({ length: 11 }),
    bankName: varchar({ length: 100 }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.academyId, table.teacherId] }), check('teacher_pay_deductions_check', sql`${table.tdsMonthlyPaise} >= 0 and ${table.pfPaise} >= 0 and ${table.esiPaise} >= 0`)],
);

/** A per-lecture teacher's rate in one batch. */
export const teacherPayRates = academyTable(
  'teacher_pay_rates',
  {
    academyId: academyId(),
    teacherId: requiredRef(() => teachers.id, 'cascade'),
    batchId: requiredRef(() => batches.id, 'cascade'),
    amountPaise: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.academyId, table.teacherId, table.batchId] }), index('teacher_pay_rates_batch_idx').on(table.academyId, table.batchId)],
);

/** A teacher's leave: whole days `from`–`to`, or half of one day. Approved unpaid leave is deducted from a monthly salary. */
export const teacherLeave = academyTable(
  'teacher_leave',
  {
    ...academyRow(),
    teacherId: requiredRef(() => teachers.id, 'cascade'),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    halfDay: boolean().notNull().default(false),
    reason: varchar({ length: 300 }).notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    unpaid: boolean().notNull().default(true),
    decidedBy: userRef(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('teacher_leave_academy_teacher_idx').on(table.academyId, table.teacherId, table.fromDate),
    index('teacher_leave_academy_status_idx').on(table.academyId, table.status, table.fromDate),
    check('teacher_leave_dates_check', sql`${table.toDate} >= ${table.fromDate}`),
  ],
);

/** A substitute for one class (a batch on one day): they see and mark that day's sheet, and the lecture is theirs. */
export const batchSubstitutions = academyTable(
  'batch_substitutions',
  {
    ...academyRow(),
    batchId: requiredRef(() => batches.id, 'cascade'),
    date: date({ mode: 'string' }).notNull(),
    teacherId: requiredRef(() => teachers.id, 'cascade'),
    ...createdByAndAt(),
  },
  (table) => [
    unique('batch_substitutions_batch_date_unique').on(table.academyId, table.batchId, table.date),
    index('batch_substitutions_academy_teacher_idx').on(table.academyId, table.teacherId, table.date),
  ],
);

/**
 * The office's lecture corrections (an extra session, a class whose marks came late): ±1 lecture with
 * its minutes and reason. `payMonth` is the month whose payroll counts it: the lecture's month, or the
 * next open one when that month was already approved (an adjustment).
 */
export const lectureCorrections = academyTable(
  'lecture_corrections',
  {
    ...academyRow(),
    teacherId: requiredRef(() => teachers.id, 'cascade'),
    batchId: requiredRef(() => batches.id, 'cascade'),
    date: date({ mode: 'string' }).notNull(),
    lectures: integer().notNull(),
    minutes: integer().notNull(),
    reason: varchar({ length: 300 }).notNull(),
    payMonth: char({ length: 7 }).notNull(),
    ...createdByAndAt(),
  },
  (table) => [index('lecture_corrections_academy_month_idx').on(table.academyId, table.payMonth, table.teacherId), check('lecture_corrections_lectures_check', sql`${table.lectures} in (1, -1)`)],
);

/** Extras and deductions with a note, counted in `payMonth` (the next open month when the asked one is approved). */
export const payAdjustments = academyTable(
  'pay_adjustments',
  {
    ...academyRow(),
    teacherId: requiredRef(() => teachers.id, 'cascade'),
    payMonth: char({ length: 7 }).notNull(),
    kind: text({ enum: ['extra', 'deduction'] }).notNull(),
    amountPaise: integer().notNull(),
    note: varchar({ length: 200 }).notNull(),
    ...createdByAndAt(),
  },
  (table) => [index('pay_adjustments_academy_month_idx').on(table.academyId, table.payMonth, table.teacherId), check('pay_adjustments_amount_check', sql`${table.amountPaise} > 0`)],
);

/** An approved month: locked. Marked paid with the mode, date and reference. */
export const payrollMonths = academyTable(
  'payroll_months',
  {
    academyId: academyId(),
    month: char({ length: 7 }).notNull(),
    approvedBy: userRef(),
    approvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidMode: text({ enum: ['bank', 'cash', 'cheque', 'upi'] }),
    paidOn: date({ mode: 'string' }),
    paidReference: varchar({ length: 100 }),
  },
  (table) => [primaryKey({ columns: [table.academyId, table.month] })],
);

/** The approved month's figures per teacher, with the lectures behind them (`lectures` JSON), as they were on approval. */
export const payrollLines = academyTable(
  'payroll_lines',
  {
    academyId: academyId(),
    month: char({ length: 7 }).notNull(),
    teacherId: requiredRef(() => teachers.id, 'restrict'),
    line: jsonb().notNull(),
    lectures: jsonb().notNull(),
  },
  (table) => [primaryKey({ columns: [table.academyId, table.month, table.teacherId] }), index('payroll_lines_academy_teacher_idx').on(table.academyId, table.teacherId, table.month)],
);

/**
 * The academy's payroll details (issue 72): its TAN (on payslips), the account the salaries are paid
 * from (the bank file's debit account) and, when the state changes them, its own Professional Tax
 * thresholds and amounts (paise; unset: Maharashtra's, tax-rules.ts).
 */
export const payrollSettings = academyTable('payroll_settings', {
  academyId: academyId().primaryKey(),
  tan: varchar({ length: 10 }),
  debitAccount: varchar({ length: 18 }),
  professionalTax: jsonb().$type<{ menNilUpTo: number; menLowerUpTo: number; menLower: number; womenNilUpTo: number; monthly: number; february: number }>(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
