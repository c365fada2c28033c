import { formattersInLanguage } from './intl-formatters';

/*
 * Numbers and money in the language shown, with Indian digit grouping (12,34,567) from `Intl` for
 * en-IN, mr-IN and hi-IN; Latin digits in all three (docs/decisions/015-languages.md).
 */

const formatter = formattersInLanguage((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));

/** 125000 → "1,25,000"; up to `maxDecimals` decimals (default 2). */
export function formatNumber(value: number, maxDecimals = 2): string {
  return formatter({ maximumFractionDigits: maxDecimals }).format(value);
}

/** Rupees with Indian grouping and at most two decimals: 125000 → "₹1,25,000", 99.5 → "₹99.50". */
export function formatRupees(value: number): string {
  const whole = Number.isInteger(value);
  return `₹${formatter({ minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(value)}`;
}

/** A share as a percentage: 0.875 → "87.5%". */
export function formatPercent(share: number, maxDecimals = 1): string {
  return formatter({ style: 'percent', maximumFractionDigits: maxDecimals }).format(share);
}
