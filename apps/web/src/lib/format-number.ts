import { INTL_LOCALES } from '@academy/shared/languages';
import { currentLanguage } from './current-language';

/*
 * Numbers and money in the language shown, with Indian digit grouping (12,34,567) from `Intl` for
 * en-IN, mr-IN and hi-IN; Latin digits in all three (docs/decisions/015-languages.md).
 */

const formats = new Map<string, Intl.NumberFormat>();

function formatter(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = INTL_LOCALES[currentLanguage()];
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { numberingSystem: 'latn', ...options });
    formats.set(key, format);
  }
  return format;
}

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
