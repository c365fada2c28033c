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

/** Half up to the paisa: numerator ÷ denominator, both whole and positive. */
const roundHalfUp = (numerator: number, denominator: number) => Math.floor((numerator * 2 + denominator) / (denominator * 2));

/**
 * The tax heads on a taxable value (docs/decisions/062-gst-by-law.md): within the supplier's state
 * CGST and SGST are each the half rate on the taxable value, rounded to the paisa, so they are always
 * equal (CGST Act s.9(1) and the SGST Act levy the same rate on the same value); across states IGST is
 * the full rate, rounded (IGST Act s.5(1)).
 */
export function gstHeads(taxablePaise: number, rateBp: RateBp, interState: boolean): { cgst: number; sgst: number; igst: number } {
  if (interState) return { cgst: 0, sgst: 0, igst: roundHalfUp(taxablePaise * rateBp, 10000) };
  const half = roundHalfUp(taxablePaise * rateBp, 20000);
  return { cgst: half, sgst: half, igst: 0 };
}

/** The whole tax on a taxable value: CGST + SGST (each rounded) within the state, IGST across. */
function taxOf(taxablePaise: number, rateBp: RateBp, interState: boolean): number {
  const heads = gstHeads(taxablePaise, rateBp, interState);
  return heads.cgst + heads.sgst + heads.igst;
}

/**
 * The tax added on top of a price quoted "excluding GST" (₹50,000 + GST): the heads on the price
 * (`gstHeads`). Within the state (the default: a classroom) that is twice the rounded half rate.
 */
export function taxOnTop(pricePaise: number, rateBp: RateBp, interState = false): number {
  return taxOf(pricePaise, rateBp, interState);
}

/**
 * A payment's split: taxable value, the heads, and a round-off of at most one paisa either way, so
 * that taxable + cgst + sgst + igst + roundOff is the amount paid.
 */
export type TaxSplit = { taxable: number; cgst: number; sgst: number; igst: number; roundOff: number; rateBp: RateBp };

/**
 * Splits an amount paid (tax included) into its taxable value and tax, in whole paise
 * (docs/decisions/062-gst-by-law.md): the heads are always the rounded rate on the taxable value
 * (`gstHeads`: CGST = SGST), and the taxable value is the one whose value plus heads comes nearest to
 * the amount. Most amounts are met exactly; some cannot be (when the rounded half rate steps up by a
 * paisa, taxable + 2 × CGST jumps by 3), and then the paisa left is a round-off line: +1 (the family
 * paid a paisa more than value + tax) or −1. Between two equally near, the smaller taxable value (a
 * positive round-off). Integer arithmetic only (amounts up to ₹10 crore stay exact).
 */
export function splitPayment(amountPaise: number, rateBp: RateBp, interState: boolean): TaxSplit {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('amount must be whole paise');
  const estimate = roundHalfUp(amountPaise * 10000, 10000 + rateBp);
  let best: { taxable: number; roundOff: number } | undefined;
  // taxable + tax grows by 1 to 3 paise a step: the nearest taxable value is within two of the estimate.
  for (let taxable = Math.max(0, estimate - 3); taxable <= estimate + 3; taxable += 1) {
    const roundOff = amountPaise - taxable - taxOf(taxable, rateBp, interState);
    if (!best || Math.abs(roundOff) < Math.abs(best.roundOff) || (Math.abs(roundOff) === Math.abs(best.roundOff) && roundOff > best.roundOff)) best = { taxable, roundOff };
  }
  return { taxable: best!.taxable, ...gstHeads(best!.taxable, rateBp, interState), roundOff: best!.roundOff, rateBp };
}

/**
 * What a family pays for a price and how it splits: with prices quoted including GST the price is
 * what is paid; excluding GST the tax on top is added (and the split of that total gives the price
 * back as its taxable value).
 */
export function priceWithTax(pricePaise: number, rateBp: RateBp, pricesIncludeTax: boolean, interState = false): number {
  return pricesIncludeTax ? pricePaise : pricePaise + taxOnTop(pricePaise, rateBp, interState);
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

/**
 * An unregistered recipient's name and address (with the state's name and code) must be on a tax
 * invoice whose taxable value is ₹50,000 or more (CGST rule 46(e)). Paise.
 */
export const RECIPIENT_ADDRESS_THRESHOLD_PAISE = 50_000_00;

/** How a batch is taught: in the academy's classroom, or online to wherever the student is. */
export const BATCH_DELIVERIES = ['classroom', 'online'] as const;
export type BatchDelivery = (typeof BATCH_DELIVERIES)[number];

/**
 * The place of supply of coaching (docs/decisions/062-gst-by-law.md), IGST Act 2017:
 * - a registered recipient (a payer with a GSTIN): its location, the GSTIN's state — s.12(5)(a) for
 *   training, and s.12(2)(a) for the general rule, the same answer;
 * - an unregistered recipient taught in the classroom: where the service is actually performed, the
 *   classroom, that is the academy's registered state — s.12(5)(b), whatever the student's home state;
 * - an unregistered recipient taught online: the recipient's location where an address is on record
 *   (the student's state), else the supplier's location — s.12(2)(b)(i) and (ii).
 */
export function placeOfSupplyFor(input: { supplierState: string; payerGstin: string | null; delivery: BatchDelivery; studentState: string | null }): string {
  if (input.payerGstin) return gstinState(input.payerGstin);
  if (input.delivery === 'classroom') return input.supplierState;
  return input.studentState ?? input.supplierState;
}

/**
 * What a due is for GST: `taxable` (coaching, 18 %), `exempt` (a supply without GST, on a bill of
 * supply) or `deposit` (a refundable deposit: no supply at all, CGST Act s.2(31) — it becomes
 * consideration only when applied to a supply — so on no GST document and in no return).
 */
export type DueSupply = 'taxable' | 'exempt' | 'deposit';

/** A due a payment may pay, with whether its plan carries GST (`deposit`: a refundable deposit, not a supply). */
export type TaxedDue = { id: string; balance: number; taxable: boolean; deposit?: boolean };

/** What a payment pays into each due and how it splits: taxable value and tax on taxable dues, exempt and deposit money apart. */
export type DuesPayment = TaxSplit & { exempt: number; deposit: number; allocations: { dueId: string; amount: number }[] };

/**
 * What is owed, tax included, on dues under a registration: with prices quoted excluding GST each
 * taxable due gets its tax on top (rounded per due, as its instalment is quoted); exempt dues and
 * deposits never do.
 */
export function payableOnDues(dues: readonly TaxedDue[], rateBp: RateBp, pricesIncludeTax: boolean, interState = false): number {
  return dues.reduce((sum, due) => sum + (due.taxable && !due.deposit ? priceWithTax(due.balance, rateBp, pricesIncludeTax, interState) : due.balance), 0);
}

/**
 * Splits a payment (tax included) over dues in their order: the money going to taxable dues carries
 * GST, the money going to exempt dues does not, the money going to deposits is no supply. With prices
 * including GST a due takes the money as is and the taxable money splits as `splitPayment`; excluding
 * GST a taxable due takes its price plus tax, and a part of it pays the part's taxable value into the
 * due. The heads are always the rounded rate on the invoice's whole taxable value (`gstHeads`), and
 * any paisa left is the round-off: taxable + cgst + sgst + igst + roundOff + exempt + deposit is
 * always the amount (the caller refuses more than `payableOnDues` first).
 */
export function payDuesWithTax(dues: readonly TaxedDue[], amountPaise: number, rateBp: RateBp, pricesIncludeTax: boolean, interState: boolean): DuesPayment {
  let left = amountPaise;
  let taxedMoney = 0;
  let taxedAllocated = 0;
  let exempt = 0;
  let deposit = 0;
  const allocations: { dueId: string; amount: number }[] = [];
  for (const due of dues) {
    if (left === 0) break;
    const taxable = due.taxable && !due.deposit;
    let money: number;
    let amount: number;
    if (!taxable || pricesIncludeTax) {
      money = Math.min(left, due.balance);
      amount = money;
    } else {
      const cost = priceWithTax(due.balance, rateBp, false, interState);
      money = Math.min(left, cost);
      amount = money === cost ? due.balance : splitPayment(money, rateBp, interState).taxable;
    }
    if (taxable) {
      taxedMoney += money;
      taxedAllocated += amount;
    } else if (due.deposit) deposit += money;
    else exempt += money;
    if (amount > 0) allocations.push({ dueId: due.id, amount });
    left -= money;
  }
  // Money beyond every due (refused before) would be exempt; keep the parts adding up regardless.
  exempt += left;
  if (pricesIncludeTax) return { ...splitPayment(taxedMoney, rateBp, interState), exempt, deposit, allocations };
  const heads = gstHeads(taxedAllocated, rateBp, interState);
  const roundOff = taxedMoney - taxedAllocated - heads.cgst - heads.sgst - heads.igst;
  return { taxable: taxedAllocated, ...heads, roundOff, rateBp, exempt, deposit, allocations };
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
