import { wordTable, type CatalogText } from '@academy/shared/i18n/server-catalog';

/** The figures of a teacher's month, worded alike on the payroll sheet and on the payslip. */
export const PAY_FIGURE_TEXTS = {
  teacher: 'Teacher',
  scheme: 'Paid',
  lectures: 'Lectures taken',
  hours: 'Hours',
  gross: 'Gross pay',
  deductions: 'Deductions',
  professionalTax: 'Professional Tax',
  pf: 'Provident fund',
  esi: 'ESI',
  tds: 'TDS',
  tdsSection: 'TDS under',
  pan: 'PAN',
  net: 'Net pay',
} as const satisfies Record<string, CatalogText<'payslip'>>;

/** How a teacher is paid, in the reader's language. */
export const PAY_SCHEMES = wordTable('payslip', { monthly: 'Monthly salary', 'per-lecture': 'Per lecture', 'per-hour': 'Per hour' });
