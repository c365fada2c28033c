/**
 * GST (issue 57, docs/decisions/057-gst.md): the states and their two-digit codes, the GSTIN's
 * checksum, and the split of a payment into taxable value and CGST + SGST or IGST in whole paise.
 * Pure functions: the API, the screens and the tests share them.
 */

/** The GST state codes (the first two digits of a GSTIN; the place of supply in GSTR-1). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

const squash = (text: string) => text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z]/g, '');

/** A state's two-digit code from its code ("27", "7") or its name ("Maharashtra", "maharashtra"); undefined when it is neither. */
export function gstStateCode(input: string): string | undefined {
  const value = input.trim();
  if (/^\d{1,2}$/.test(value)) {
    const code = value.padStart(2, '0');
    return GST_STATES[code] ? code : undefined;
  }
  const wanted = squash(value);
  if (!wanted) return undefined;
  return Object.keys(GST_STATES).find((code) => squash(GST_STATES[code]!) === wanted);
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters (the portal's Luhn mod 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARS.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Whether a GSTIN is well formed: state code, PAN, entity number, Z, and its check character. */
export function gstinValid(gstin: string): boolean {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return false;
  if (!GST_STATES[gstin.slice(0, 2)]) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The state code a GSTIN belongs to (its first two digits). */
export function gstinState(gstin: string): string {
  return gstin.slice(0, 2);
}

/** A rate in basis points (1800 = 18 %). */
export type RateBp = number;

/**
 * The tax added on top of a price quoted "excluding GST" (₹50,000 + GST): the rate on it, rounded to
 * the paisa (half up). The family pays price + this.
 */
export function taxOnTop(pricePaise: number, rateBp: RateBp): number {
  return Math.floor((pricePaise * rateBp * 2 + 10000) / 20000);
}

export type TaxSplit = { taxable: number; cgst: number; sgst: number; igst: number; rateBp: RateBp };

/**
 * Splits an amount paid (tax included) into its taxable value and tax, in whole paise: taxable =
 * amount ÷ (1 + rate) rounded half up, the tax the rest, so taxable + tax is always the amount. Within
 * the supplier's state the tax is CGST + SGST at half the rate each (an odd paisa goes to CGST);
 * across states, IGST at the full rate. Integer arithmetic only (amounts up to ₹10 crore stay exact).
 */
export function splitPayment(amountPaise: number, rateBp: RateBp, interState: boolean): TaxSplit {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('amount must be whole paise');
  const divisor = 10000 + rateBp;
  const taxable = Math.floor((amountPaise * 10000 * 2 + divisor) / (divisor * 2));
  const tax = amountPaise - taxable;
  if (interState) return { taxable, cgst: 0, sgst: 0, igst: tax, rateBp };
  const sgst = Math.floor(tax / 2);
  return { taxable, cgst: tax - sgst, sgst, igst: 0, rateBp };
}

/**
 * What a family pays for a price and how it splits: with prices quoted including GST the price is
 * what is paid; excluding GST the tax on top is added (and the split of that total gives the price
 * back as its taxable value).
 */
export function priceWithTax(pricePaise: number, rateBp: RateBp, pricesIncludeTax: boolean): number {
  return pricesIncludeTax ? pricePaise : pricePaise + taxOnTop(pricePaise, rateBp);
}

/**
 * The last day a credit note may be issued for a supply made on `supplyDate` (CGST Act s.34(2)): 30
 * November after the end of the financial year of the supply ('2025-06-10' → '2026-11-30'). The Act's
 * other limit, the date the annual return is furnished if earlier, is not known to the app.
 */
export function creditNoteLastDate(supplyDate: string): string {
  const [year, month] = supplyDate.split('-').map(Number) as [number, number];
  const financialYearEnd = month >= 4 ? year + 1 : year;
  return `${financialYearEnd}-11-30`;
}

/**
 * The last day revised invoices may be issued for a registration dated back (CGST Rule 53(2)): one
 * month from the day the registration certificate was issued ('2026-11-05' → '2026-12-05'; the 31st of
 * a month with fewer days is that month's last day).
 */
export function revisedInvoiceLastDate(certificateDate: string): string {
  const [year, month, day] = certificateDate.split('-').map(Number) as [number, number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** A GST rate (basis points) as the percent the screens and GSTR-1 show: 1800 → 18, 250 → 2.5. */
export function ratePercent(rateBp: RateBp): number {
  return rateBp / 100;
}

/**
 * B2C large (GSTR-1 table 5, `b2cl`): an inter-state invoice to an unregistered person whose value
 * exceeds ₹1 lakh is reported invoice by invoice (CGST rule 59(4) as amended by Notification
 * 12/2024–Central Tax, from 1 August 2024; it was ₹2.5 lakh before). Paise.
 */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

/** A due a payment may pay, with whether its plan carries GST. */
export type TaxedDue = { id: string; balance: number; taxable: boolean };

/** What a payment pays into each due and how it splits: taxable value and tax on taxable dues, the rest exempt. */
export type DuesPayment = TaxSplit & { exempt: number; allocations: { dueId: string; amount: number }[] };

/**
 * What is owed, tax included, on dues under a registration: with prices quoted excluding GST each
 * taxable due gets its tax on top (rounded per due, as its instalment is quoted); exempt dues never do.
 */
export function payableOnDues(dues: readonly TaxedDue[], rateBp: RateBp, pricesIncludeTax: boolean): number {
  return dues.reduce((sum, due) => sum + (due.taxable ? priceWithTax(due.balance, rateBp, pricesIncludeTax) : due.balance), 0);
}

/**
 * Splits a payment (tax included) over dues in their order: the money going to taxable dues carries
 * GST, the money going to exempt dues does not. With prices including GST a due takes the money as is
 * and the taxable money splits as `splitPayment`; excluding GST a taxable due takes its price plus tax,
 * and a part of it pays the part's taxable value into the due. taxable + cgst + sgst + igst + exempt is
 * always the amount (the caller refuses more than `payableOnDues` first).
 */
export function payDuesWithTax(dues: readonly TaxedDue[], amountPaise: number, rateBp: RateBp, pricesIncludeTax: boolean, interState: boolean): DuesPayment {
  let left = amountPaise;
  let taxedMoney = 0;
  let taxedAllocated = 0;
  let exempt = 0;
  const allocations: { dueId: string; amount: number }[] = [];
  for (const due of dues) {
    if (left === 0) break;
    let money: number;
    let amount: number;
    if (!due.taxable || pricesIncludeTax) {
      money = Math.min(left, due.balance);
      amount = money;
    } else {
      const cost = priceWithTax(due.balance, rateBp, false);
      money = Math.min(left, cost);
      amount = money === cost ? due.balance : splitPayment(money, rateBp, false).taxable;
    }
    if (due.taxable) {
      taxedMoney += money;
      taxedAllocated += amount;
    } else exempt += money;
    if (amount > 0) allocations.push({ dueId: due.id, amount });
    left -= money;
  }
  // Money beyond every due (refused before) would be exempt; keep the parts adding up regardless.
  exempt += left;
  const taxable = pricesIncludeTax ? splitPayment(taxedMoney, rateBp, false).taxable : taxedAllocated;
  const tax = taxedMoney - taxable;
  const sgst = interState ? 0 : Math.floor(tax / 2);
  return { taxable, cgst: interState ? 0 : tax - sgst, sgst, igst: interState ? tax : 0, rateBp, exempt, allocations };
}

/**
 * A GST return period: a month `YYYY-MM`, or a quarter of a financial year `YYYY-YY-Qn` for QRMP
 * filers (Q1 April–June … Q4 January–March). Its first and last days and GSTR-1's `fp` (MMYYYY; a
 * quarter's is its last month's, as the portal files a quarterly GSTR-1 under the quarter's last month).
 */
export function gstPeriodRange(period: string): { first: string; last: string; fp: string; quarter: boolean } | undefined {
  const monthMatch = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  const quarterMatch = /^(\d{4})-(\d{2})-Q([1-4])$/.exec(period);
  let firstYear: number;
  let firstMonth: number;
  let months: number;
  if (monthMatch) {
    firstYear = Number(monthMatch[1]);
    firstMonth = Number(monthMatch[2]);
    months = 1;
  } else if (quarterMatch) {
    const start = Number(quarterMatch[1]);
    if (Number(quarterMatch[2]) !== (start + 1) % 100) return undefined;
    const index = Number(quarterMatch[3]) - 1;
    firstMonth = ((3 + index * 3) % 12) + 1;
    firstYear = index === 3 ? start + 1 : start;
    months = 3;
  } else return undefined;
  const lastMonth = firstMonth + months - 1;
  const lastDay = new Date(Date.UTC(firstYear, lastMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    first: `${firstYear}-${pad(firstMonth)}-01`,
    last: `${firstYear}-${pad(lastMonth)}-${pad(lastDay)}`,
    fp: `${pad(lastMonth)}${firstYear}`,
    quarter: months === 3,
  };
}
