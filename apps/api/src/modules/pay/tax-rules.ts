/**
 * The tax rules of a teacher's pay (issue 72, docs/decisions/069-tds-and-payslips-by-law.md): pure, in
 * whole paise, each citing the rule it follows.
 */

/** The Income-tax Act, 2025 is in force from 1 April 2026; a pay date before it falls under the Income-tax Act, 1961. */
export const ACT_2025_FROM = '2026-04-01';

/** The section a deduction is made under on a pay date: TDS on salary, or on fees for professional services. */
export function tdsSection(kind: 'salary' | 'professional-fees', payDate: string): string {
  if (payDate >= ACT_2025_FROM) {
    // Income-tax Act, 2025: s. 392 (salary); s. 393(1), Table, Sl. No. 6(iii) (fees for professional services).
    return kind === 'salary' ? 'Income-tax Act, 2025 s. 392' : 'Income-tax Act, 2025 s. 393(1) Sl. 6(iii)';
  }
  // Income-tax Act, 1961: s. 192 (salary); s. 194J(b) (fees for professional services).
  return kind === 'salary' ? 'Income-tax Act, 1961 s. 192' : 'Income-tax Act, 1961 s. 194J';
}

/** The financial year (April–March) of a 'YYYY-MM' month: its first and last months. */
export function financialYearOf(month: string): { first: string; last: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = monthNumber >= 4 ? year : year - 1;
  return { first: `${start}-04`, last: `${start + 1}-03` };
}

// ---------------------------------------------------------------- salary: the new regime's estimate

const LAKH = 100_000_00; // ₹1,00,000 in paise

/** The new regime's slabs for FY 2026-27 as the Finance Act, 2025 set them (s. 115BAC of the 1961 Act; the 2025 Act's section for it not verified here). */
const NEW_REGIME_SLABS: readonly { upTo: number; bp: number }[] = [
  { upTo: 4 * LAKH, bp: 0 },
  { upTo: 8 * LAKH, bp: 500 },
  { upTo: 12 * LAKH, bp: 1000 },
  { upTo: 16 * LAKH, bp: 1500 },
  { upTo: 20 * LAKH, bp: 2000 },
  { upTo: 24 * LAKH, bp: 2500 },
  { upTo: Infinity, bp: 3000 },
];
/** The standard deduction from salary under the new regime: ₹75,000. */
export const STANDARD_DEDUCTION_PAISE = 75_000_00;
/** The rebate (s. 87A of the 1961 Act as the Finance Act, 2025 amended it; the 2025 Act's section not verified here) makes a total income up to ₹12 lakh tax-free. */
const REBATE_UP_TO = 12 * LAKH;

/**
 * The year's tax on a salary under the new regime: taxable = salary − standard deduction; slab tax;
 * nil up to ₹12 lakh (rebate), above it no more than the income over ₹12 lakh (marginal relief); plus
 * the 4 % Health and Education Cess. Surcharge (above ₹50 lakh) is not worked out: the office enters
 * the figure for such salaries. Rounded to the rupee's paise.
 */
export function newRegimeAnnualTax(annualSalaryPaise: number): number {
  const taxable = Math.max(0, annualSalaryPaise - STANDARD_DEDUCTION_PAISE);
  let tax = 0;
  let lower = 0;
  for (const slab of NEW_REGIME_SLABS) {
    if (taxable > lower) tax += ((Math.min(taxable, slab.upTo) - lower) * slab.bp) / 10_000;
    lower = slab.upTo;
  }
  if (taxable <= REBATE_UP_TO) tax = 0;
  else tax = Math.min(tax, taxable - REBATE_UP_TO);
  return Math.round(tax * 1.04);
}

/** The month's TDS estimate for a monthly salary: the year's tax (12 such months) ÷ 12. */
export function monthlyTdsEstimate(monthlySalaryPaise: number): number {
  return Math.round(newRegimeAnnualTax(monthlySalaryPaise * 12) / 12);
}

// ---------------------------------------------------------------- professional fees

/** s. 393(1) Sl. 6(iii) (2025 Act) / s. 194J (1961 Act, as amended from 1 April 2025): no TDS while a year's fees stay within ₹50,000. */
export const PROFESSIONAL_FEES_THRESHOLD_PAISE = 50_000_00;
/** 10 % on fees for professional services; 20 % without the payee's PAN (s. 206AA of the 1961 Act; s. 397 of the 2025 Act, its sub-section not verified here). */
export const PROFESSIONAL_FEES_BP = 1000;
export const NO_PAN_BP = 2000;

/**
 * The month's TDS on a visiting teacher's fees. Nothing while the year's fees (the earlier months' and
 * this one's) stay within the threshold; once they pass it, the rate on the whole year's fees, less the
 * TDS already deducted this year — so the earlier months' fees not yet deducted are deducted now.
 */
export function professionalFeesTds(input: { feePaise: number; earlierFeesPaise: number; earlierTdsPaise: number; hasPan: boolean }): number {
  const yearFees = input.earlierFeesPaise + Math.max(0, input.feePaise);
  if (yearFees <= PROFESSIONAL_FEES_THRESHOLD_PAISE) return 0;
  const bp = input.hasPan ? PROFESSIONAL_FEES_BP : NO_PAN_BP;
  return Math.max(0, Math.round((yearFees * bp) / 10_000) - input.earlierTdsPaise);
}

// ---------------------------------------------------------------- Maharashtra Professional Tax

/**
 * The Maharashtra State Tax on Professions, Trades, Callings and Employments Act, 1975, Schedule I,
 * entry 1 (salary and wage earners), as amended from 1 July 2023: the month's salary thresholds for men
 * and for women, ₹200 a month and ₹300 in February (₹2,500 a year). Amounts in paise; an academy may
 * set its own (payroll settings) when the state changes them.
 */
export type ProfessionalTaxTable = {
  /** Men: nothing up to this monthly salary (₹7,500). */
  menNilUpTo: number;
  /** Men: the lower amount (₹175) up to this monthly salary (₹10,000). */
  menLowerUpTo: number;
  menLower: number;
  /** Women: nothing up to this monthly salary (₹25,000). */
  womenNilUpTo: number;
  /** Above the thresholds: ₹200 a month, ₹300 in February. */
  monthly: number;
  february: number;
};
export const MAHARASHTRA_PROFESSIONAL_TAX: ProfessionalTaxTable = {
  menNilUpTo: 7_500_00,
  menLowerUpTo: 10_000_00,
  menLower: 175_00,
  womenNilUpTo: 25_000_00,
  monthly: 200_00,
  february: 300_00,
};

/**
 * The month's Professional Tax on a salary. The Schedule names men and women; a teacher whose gender
 * is not recorded as female is charged by the men's thresholds (the lower ones).
 */
export function professionalTax(table: ProfessionalTaxTable, monthlySalaryPaise: number, gender: 'male' | 'female' | 'other' | null, month: string): number {
  const full = month.endsWith('-02') ? table.february : table.monthly;
  if (gender === 'female') return monthlySalaryPaise > table.womenNilUpTo ? full : 0;
  if (monthlySalaryPaise <= table.menNilUpTo) return 0;
  if (monthlySalaryPaise <= table.menLowerUpTo) return table.menLower;
  return full;
}
