import { z } from 'zod';
import { positiveRupeesSchema, rupeesSchema } from './fees';
import { calendarDateSchema, idSchema } from './common';

/**
 * Staff pay (issue 58, docs/decisions/058-staff-pay.md): pay settings per teacher, leave and substitutes,
 * the month's payroll and payslips. Amounts travel as rupees and are whole paise everywhere else: the
 * input schemas below output paise.
 */
export const PAY_MESSAGES = {
  saved: 'Pay settings saved',
  scheme: 'Choose how the teacher is paid: monthly, per-lecture or per-hour',
  monthlyRequired: 'Enter the monthly salary in rupees',
  hourlyRequired: 'Enter the rate per hour in rupees',
  ratesRequired: 'Enter a rate per lecture for at least one batch',
  rateBatch: 'Choose the batch of each rate',
  rateTwice: 'Each batch can have one rate per lecture',
  rateBatchUnknown: 'A rate names a batch that does not exist',
  pan: 'Enter the PAN as 5 letters, 4 digits and 1 letter, for example ABCDE1234F',
  tan: 'Enter the TAN as 4 letters, 5 digits and 1 letter, for example PNEA12345B',
  professionalTax: 'Say whether Professional Tax is deducted (true or false)',
  debitAccount: 'Enter the account the salaries are paid from as 6 to 18 digits',
  payrollSettingsSaved: 'Payroll settings saved',
  professionalTaxTable: 'Enter Professional Tax as rupees: the thresholds rising (nil up to, then the lower amount up to) and the amounts at most ₹2,500',
  paymentType: 'Choose the payment type: NEFT, IMPS or IFT',
  bankAccount: 'Enter the bank account number as 6 to 18 digits',
  ifsc: 'Enter a valid IFSC: 4 letters, 0 and 6 letters or digits, for example SBIN0001234',
  accountName: 'The account holder’s name can have at most 100 characters',
  month: 'Enter the month as YYYY-MM',
  teacherNotFound: 'Teacher not found',
  leaveBody: 'Send the leave as { from, to, reason }',
  leaveFrom: 'Choose the first day of leave',
  leaveTo: 'Choose the last day of leave',
  leaveOrder: 'The last day of leave cannot be before the first',
  leaveTooLong: 'Ask for at most 60 days of leave at a time',
  leaveReason: 'Give a reason for the leave, at most 300 characters',
  halfDayOneDay: 'A half day of leave is one day: the first and last day must be the same',
  leaveAsked: 'Leave asked for',
  leaveNotFound: 'Leave request not found',
  leaveDecided: 'This leave request has already been decided',
  leaveApproved: 'Leave approved',
  leaveDecision: 'Say whether the leave is unpaid (true or false)',
  leaveRejected: 'Leave refused',
  substituteBody: 'Send the substitute as { date, teacher }',
  substituteTeacher: 'Choose the substitute teacher',
  substituteDate: 'Enter the class date as YYYY-MM-DD',
  substituteNoClass: 'This batch has no class on that day',
  substituteSelf: 'The substitute must be another teacher than the batch’s own',
  substituteUnknown: 'The substitute is not an active teacher of this academy',
  substituteAssigned: 'Substitute assigned',
  monthLocked: 'This month’s payroll is approved and locked; a change now counts in the next month',
  monthApproved: 'Payroll approved',
  alreadyApproved: 'This month’s payroll is already approved',
  monthNotOver: 'A month’s payroll can be approved only once the month is over, from the 1st of the next month',
  teachersWithoutPay: 'Some teachers in this month have no pay settings: set their pay on their page, or leave them out of this month',
  leaveOut: 'Send the teachers to leave out as a list of teacher ids',
  reopened: 'Payroll reopened: it is a draft again',
  paidCannotReopen: 'This month’s payroll is marked paid and cannot be reopened; a change now counts in the next month',
  laterApproved: 'A later month’s payroll is approved: reopen that month first',
  notApproved: 'Approve the month’s payroll first',
  paid: 'Payroll marked paid',
  paidMode: 'Choose how the pay was sent: bank transfer, cash, cheque or UPI',
  paidOn: 'Enter the date the pay was sent as YYYY-MM-DD',
  paidReference: 'The reference can have at most 100 characters',
  correctionSaved: 'Lecture correction saved',
  correctionLectures: 'A correction adds one lecture (1) or takes one away (-1)',
  correctionReason: 'Give the reason for the correction, 3 to 300 characters',
  correctionMinutes: 'Enter the minutes as a whole number from 1 to 600',
  correctionBatch: 'Choose the batch of the lecture',
  adjustmentSaved: 'Adjustment saved',
  adjustmentKind: 'Choose whether it is an extra or a deduction',
  adjustmentNote: 'Give a note for the extra or deduction, 3 to 200 characters',
  noPayslip: 'No payslip for this month: the payroll is not approved or the teacher has no pay in it',
} as const;

/**
 * POST /api/payroll/{month}/approve (issue 73): the teachers without pay settings the office chose to
 * leave out of this month (their lectures are paid in the next open month once their pay is set).
 */
export const approveMonthInputSchema = z.object({ leaveOut: z.array(z.uuid({ error: PAY_MESSAGES.leaveOut }), { error: PAY_MESSAGES.leaveOut }).max(500, PAY_MESSAGES.leaveOut).default([]) }, { error: PAY_MESSAGES.leaveOut });

export const PAY_SCHEMES = ['monthly', 'per-lecture', 'per-hour'] as const;
export type PayScheme = (typeof PAY_SCHEMES)[number];
export const PAYMENT_MODES = ['bank', 'cash', 'cheque', 'upi'] as const;

export const payMonthSchema = z.string({ error: PAY_MESSAGES.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, PAY_MESSAGES.month);
export const payMonthParamsSchema = z.object({ month: payMonthSchema });
export const payMonthTeacherParamsSchema = z.object({ month: payMonthSchema, teacherId: idSchema });
export const payMonthQuerySchema = z.object({ month: payMonthSchema.optional() });

/** A PAN: 5 letters, 4 digits, 1 letter (the Income-tax Department's format). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** A TAN: 4 letters, 5 digits, 1 letter. */
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
export const panSchema = z.string({ error: PAY_MESSAGES.pan }).trim().toUpperCase().regex(PAN_PATTERN, PAY_MESSAGES.pan);
export const tanSchema = z.string({ error: PAY_MESSAGES.tan }).trim().toUpperCase().regex(TAN_PATTERN, PAY_MESSAGES.tan);
/** An optional identifier: left out keeps the one on file, null or '' removes it. */
const optionalId = (schema: typeof panSchema) => z.union([z.literal('').transform(() => null), z.null(), schema]).optional();

/**
 * PUT /api/teachers/{id}/pay (rupees in, paise out). The bank account and the PAN are optional (left
 * out: kept; null removes). `tdsMonthly`: a monthly teacher's TDS on salary, set by the office; a
 * per-lecture or per-hour teacher's TDS comes from the law (a TDS percent sent is ignored).
 * `professionalTax`, `pf` and `esi`: deductions from a monthly salary.
 */
export const payInputSchema = z
  .object(
    {
      scheme: z.enum(PAY_SCHEMES, { error: PAY_MESSAGES.scheme }),
      monthly: rupeesSchema.optional(),
      hourly: rupeesSchema.optional(),
      rates: z
        .array(z.object({ batch: z.uuid({ error: PAY_MESSAGES.rateBatch }), amount: rupeesSchema }, { error: PAY_MESSAGES.rateBatch }), { error: PAY_MESSAGES.ratesRequired })
        .max(200)
        .optional(),
      pan: optionalId(panSchema),
      tdsMonthly: rupeesSchema.optional(),
      professionalTax: z.boolean({ error: PAY_MESSAGES.professionalTax }).default(false),
      pf: rupeesSchema.optional(),
      esi: rupeesSchema.optional(),
      bank: z
        .object({
          account: z.string({ error: PAY_MESSAGES.bankAccount }).trim().regex(/^\d{6,18}$/, PAY_MESSAGES.bankAccount),
          ifsc: z.string({ error: PAY_MESSAGES.ifsc }).trim().toUpperCase().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, PAY_MESSAGES.ifsc),
          name: z.string({ error: PAY_MESSAGES.accountName }).trim().max(100, PAY_MESSAGES.accountName).optional(),
        })
        .nullable()
        .optional(),
    },
    { error: PAY_MESSAGES.scheme },
  )
  .superRefine((pay, context) => {
    if (pay.scheme === 'monthly' && pay.monthly === undefined) context.addIssue({ code: 'custom', path: ['monthly'], message: PAY_MESSAGES.monthlyRequired });
    if (pay.scheme === 'per-hour' && pay.hourly === undefined) context.addIssue({ code: 'custom', path: ['hourly'], message: PAY_MESSAGES.hourlyRequired });
    if (pay.scheme === 'per-lecture' && !pay.rates?.length) context.addIssue({ code: 'custom', path: ['rates'], message: PAY_MESSAGES.ratesRequired });
    const seen = new Set<string>();
    pay.rates?.forEach((rate, index) => {
      if (seen.has(rate.batch)) context.addIssue({ code: 'custom', path: ['rates', index, 'batch'], message: PAY_MESSAGES.rateTwice });
      seen.add(rate.batch);
    });
  });
export type PayInput = z.input<typeof payInputSchema>;

/** A teacher's pay settings as answered (rupees). The bank account shows only its last four digits. */
export const paySettingsSchema = z.object({
  teacherId: z.uuid(),
  scheme: z.enum(PAY_SCHEMES).nullable(),
  monthly: z.number().nullable(),
  hourly: z.number().nullable(),
  rates: z.array(z.object({ batch: z.uuid(), batchName: z.string(), amount: z.number() })),
  pan: z.string().nullable(),
  tdsMonthly: z.number(),
  /** A monthly teacher: the month's TDS the new regime's slabs give for this salary (FY 2026-27), to help the office set it. */
  tdsEstimate: z.number().nullable(),
  professionalTax: z.boolean(),
  pf: z.number(),
  esi: z.number(),
  bank: z.object({ accountEnding: z.string(), ifsc: z.string(), name: z.string() }).nullable(),
});
export type PaySettings = z.infer<typeof paySettingsSchema>;

/** One lecture behind a figure: a class taken (from attendance), or an office correction. */
export const lectureSchema = z.object({
  date: z.string(),
  batchId: z.uuid().nullable(),
  batchName: z.string(),
  minutes: z.number().int(),
  /** 1 a lecture, -1 a correction that takes one away. */
  count: z.number().int(),
  /** `late`: a class of an approved month marked after its approval, paid in the next open month. */
  source: z.enum(['attendance', 'substitute', 'correction', 'late']),
  amount: z.number(),
  reason: z.string().nullable(),
});
export type Lecture = z.infer<typeof lectureSchema>;

export const payrollLineSchema = z.object({
  teacherId: z.uuid(),
  name: z.string(),
  scheme: z.enum(PAY_SCHEMES).nullable(),
  lectures: z.number().int(),
  hours: z.number(),
  /** Salary or lecture/hour pay, plus extras. */
  gross: z.number(),
  /** Unpaid leave and deductions. */
  deductions: z.number(),
  tds: z.number(),
  net: z.number(),
  unpaidLeaveDays: z.number(),
  adjustments: z.array(z.object({ kind: z.enum(['extra', 'deduction']), amount: z.number(), note: z.string() })),
  bankReady: z.boolean(),
  // Issue 72 (absent from months approved before it):
  pan: z.string().nullable().optional(),
  /** The section the TDS is deducted under, on the month's pay date. */
  tdsSection: z.string().optional(),
  professionalTax: z.number().optional(),
  pf: z.number().optional(),
  esi: z.number().optional(),
  paidDays: z.number().optional(),
  /** The financial year so far, this month included. */
  yearToDate: z.object({ gross: z.number(), tds: z.number() }).optional(),
  /** Before approval: a substitute's lecture priced ₹0, a lecture on a day of the teacher's approved leave. */
  flags: z.array(z.object({ kind: z.enum(['unpriced-substitute', 'on-leave']), date: z.string(), batchName: z.string() })).optional(),
});
export type PayrollLine = z.infer<typeof payrollLineSchema>;

export const payrollMonthSchema = z.object({
  month: z.string(),
  status: z.enum(['draft', 'approved', 'paid']),
  approvedAt: z.string().nullable(),
  paid: z.object({ mode: z.enum(PAYMENT_MODES), on: z.string(), reference: z.string() }).nullable(),
  teachers: z.array(payrollLineSchema),
});
export type PayrollMonth = z.infer<typeof payrollMonthSchema>;

export const payrollTeacherSchema = z.object({ month: z.string(), status: z.enum(['draft', 'approved', 'paid']), line: payrollLineSchema, lectures: z.array(lectureSchema) });
export type PayrollTeacher = z.infer<typeof payrollTeacherSchema>;

/** GET /api/teacher/pay: the teacher's own month so far and their payslips (approved months). */
export const myPaySchema = payrollTeacherSchema.extend({ payslips: z.array(z.object({ month: z.string(), net: z.number(), url: z.string() })) });
export type MyPay = z.infer<typeof myPaySchema>;

/**
 * Professional Tax's table in rupees (decision 069): men pay nothing up to `menNilUpTo` a month, `menLower`
 * up to `menLowerUpTo`, then `monthly` (`february` in February); women nothing up to `womenNilUpTo`, then the same.
 */
export const professionalTaxTableSchema = z.object({ menNilUpTo: z.number(), menLowerUpTo: z.number(), menLower: z.number(), womenNilUpTo: z.number(), monthly: z.number(), february: z.number() });
export type ProfessionalTaxTableRupees = z.infer<typeof professionalTaxTableSchema>;
const ptAmount = rupeesSchema.refine((paise) => paise <= 2500_00, PAY_MESSAGES.professionalTaxTable);
/** The table as the office sets it; null goes back to Maharashtra's. The State's Schedule caps the tax at ₹2,500 a year (Constitution art. 276(2)). */
const professionalTaxTableInputSchema = z
  .object(
    { menNilUpTo: rupeesSchema, menLowerUpTo: rupeesSchema, menLower: ptAmount, womenNilUpTo: rupeesSchema, monthly: ptAmount, february: ptAmount },
    { error: PAY_MESSAGES.professionalTaxTable },
  )
  .refine((table) => table.menNilUpTo <= table.menLowerUpTo, { message: PAY_MESSAGES.professionalTaxTable, path: ['menLowerUpTo'] });

/** GET/PUT /api/payroll/settings: the academy's TAN, the account the salaries are paid from and the Professional Tax table in force. */
export const payrollSettingsSchema = z.object({
  tan: z.string().nullable(),
  debitAccount: z.string().nullable(),
  professionalTax: professionalTaxTableSchema,
  /** Whether the table is Maharashtra's (the academy has not set its own). */
  professionalTaxDefault: z.boolean(),
});
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;
export const payrollSettingsInputSchema = z.object(
  {
    tan: optionalId(tanSchema),
    debitAccount: z.union([z.literal('').transform(() => null), z.null(), z.string({ error: PAY_MESSAGES.debitAccount }).trim().regex(/^\d{6,18}$/, PAY_MESSAGES.debitAccount)]).optional(),
    /** Left out keeps it; null goes back to Maharashtra's table. */
    professionalTax: professionalTaxTableInputSchema.nullable().optional(),
  },
  { error: PAY_MESSAGES.tan },
);

export const BANK_PAYMENT_TYPES = ['NEFT', 'IMPS', 'IFT'] as const;
/** GET /api/payroll/{month}/bank.csv|xlsx: the value date (default: the day paid, else today) and the payment type of every row (default NEFT; IFT when the accounts are all at the academy's bank). */
export const bankFileQuerySchema = z.object({ valueDate: calendarDateSchema.optional(), paymentType: z.enum(BANK_PAYMENT_TYPES, { error: PAY_MESSAGES.paymentType }).optional() });

export const markPaidInputSchema = z.object(
  {
    mode: z.enum(PAYMENT_MODES, { error: PAY_MESSAGES.paidMode }),
    on: calendarDateSchema,
    reference: z.string({ error: PAY_MESSAGES.paidReference }).trim().max(100, PAY_MESSAGES.paidReference).default(''),
  },
  { error: PAY_MESSAGES.paidMode },
);

export const lectureCorrectionInputSchema = z.object(
  {
    teacherId: z.uuid({ error: PAY_MESSAGES.teacherNotFound }),
    batchId: z.uuid({ error: PAY_MESSAGES.correctionBatch }),
    date: calendarDateSchema,
    lectures: z.union([z.literal(1), z.literal(-1)], { error: PAY_MESSAGES.correctionLectures }),
    minutes: z.number({ error: PAY_MESSAGES.correctionMinutes }).int(PAY_MESSAGES.correctionMinutes).min(1, PAY_MESSAGES.correctionMinutes).max(600, PAY_MESSAGES.correctionMinutes).optional(),
    reason: z.string({ error: PAY_MESSAGES.correctionReason }).trim().min(3, PAY_MESSAGES.correctionReason).max(300, PAY_MESSAGES.correctionReason),
  },
  { error: PAY_MESSAGES.correctionReason },
);

export const adjustmentInputSchema = z.object(
  {
    teacherId: z.uuid({ error: PAY_MESSAGES.teacherNotFound }),
    month: payMonthSchema,
    kind: z.enum(['extra', 'deduction'], { error: PAY_MESSAGES.adjustmentKind }),
    amount: positiveRupeesSchema,
    note: z.string({ error: PAY_MESSAGES.adjustmentNote }).trim().min(3, PAY_MESSAGES.adjustmentNote).max(200, PAY_MESSAGES.adjustmentNote),
  },
  { error: PAY_MESSAGES.adjustmentKind },
);

/** POST /api/teacher/leave: days (`from` to `to`), or half of one day. */
export const leaveInputSchema = z
  .object(
    {
      from: z.iso.date({ error: PAY_MESSAGES.leaveFrom }),
      to: z.iso.date({ error: PAY_MESSAGES.leaveTo }),
      halfDay: z.boolean().default(false),
      reason: z.string({ error: PAY_MESSAGES.leaveReason }).trim().min(1, PAY_MESSAGES.leaveReason).max(300, PAY_MESSAGES.leaveReason),
    },
    { error: PAY_MESSAGES.leaveBody },
  )
  .superRefine((leave, context) => {
    if (leave.to < leave.from) context.addIssue({ code: 'custom', path: ['to'], message: PAY_MESSAGES.leaveOrder });
    else if ((Date.parse(leave.to) - Date.parse(leave.from)) / 86_400_000 >= 60) context.addIssue({ code: 'custom', path: ['to'], message: PAY_MESSAGES.leaveTooLong });
    if (leave.halfDay && leave.from !== leave.to) context.addIssue({ code: 'custom', path: ['halfDay'], message: PAY_MESSAGES.halfDayOneDay });
  });
export type LeaveInput = z.input<typeof leaveInputSchema>;

/** POST /api/leave/{id}/approve: unpaid (deducted from a monthly salary) unless the office says paid. */
export const leaveDecisionInputSchema = z.object({ unpaid: z.boolean({ error: PAY_MESSAGES.leaveDecision }).default(true) }, { error: PAY_MESSAGES.leaveDecision });

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const classNeedingCoverSchema = z.object({ batchId: z.uuid(), batchName: z.string(), date: z.string(), startTime: z.string(), substitute: z.object({ _id: z.uuid(), name: z.string() }).nullable() });
export const leaveSchema = z.object({
  _id: z.uuid(),
  teacher: z.object({ _id: z.uuid(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  halfDay: z.boolean(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  unpaid: z.boolean(),
  createdAt: z.string(),
  /** The teacher's classes on those days (approved leave): each with its substitute, or none yet. */
  classes: z.array(classNeedingCoverSchema),
});
export type Leave = z.infer<typeof leaveSchema>;
export const leaveListSchema = z.object({ leave: z.array(leaveSchema) });

/** POST /api/batches/{id}/substitutions. `notifyFamilies`: tell the batch's families of the changed teacher (family outbox). */
export const substitutionInputSchema = z.object(
  {
    date: z.iso.date({ error: PAY_MESSAGES.substituteDate }),
    teacher: z.uuid({ error: PAY_MESSAGES.substituteTeacher }),
    notifyFamilies: z.boolean().default(false),
  },
  { error: PAY_MESSAGES.substituteBody },
);
export const substitutionSchema = z.object({ _id: z.uuid(), batchId: z.uuid(), date: z.string(), teacher: z.object({ _id: z.uuid(), name: z.string() }), familiesTold: z.number().int() });

/** GET /api/teacher/substitutions: the classes this teacher covers (two weeks back, a month ahead), with what the marking screen needs of the batch. */
export const coveredClassSchema = z.object({
  date: z.string(),
  batch: z.object({
    _id: z.uuid(),
    name: z.string(),
    standard: z.object({ _id: z.uuid(), name: z.string(), level: z.number().int() }),
    subject: z.object({ _id: z.uuid(), name: z.string(), code: z.string() }),
    teacher: z.object({ _id: z.uuid(), name: z.string() }),
    startDate: z.string(),
    endDate: z.string(),
    schedule: z.object({ days: z.array(z.string()), startTime: z.string(), endTime: z.string() }),
  }),
});
export type CoveredClass = z.infer<typeof coveredClassSchema>;
export const coveredClassListSchema = z.object({ classes: z.array(coveredClassSchema) });
