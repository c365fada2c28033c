/**
 * Money without floating point (docs/decisions/020-fees.md): whole paise (integers) in the database and
 * in every sum; rupees with at most two decimals only at the edges (the API's JSON, forms).
 */

import { financialYearStart, shiftDate } from './calendar';
import type { Language } from './languages';

/** The largest amount one fee, instalment or payment may have: ₹10 crore, in paise. */
export const MAX_PAISE = 10_000_000_00;

export const MONEY_MESSAGES = {
  notAmount: 'Enter an amount in rupees, for example 1500 or 1500.50',
  negative: 'The amount cannot be negative',
  decimals: 'The amount can have at most two decimals (paise)',
  tooBig: 'The amount is too large',
  zero: 'The amount must be more than zero',
} as const;

/**
 * Rupees as sent (a JSON number or a numeric string) → whole paise, read digit by digit from the decimal
 * text (1500.5 → 150050), so 0.1 + 0.2 never happens. Returns a message instead for anything else.
 */
export function rupeesToPaise(value: unknown): { paise: number } | { error: string } {
  if (typeof value === 'number' && !Number.isFinite(value)) return { error: MONEY_MESSAGES.notAmount };
  if (typeof value !== 'number' && typeof value !== 'string') return { error: MONEY_MESSAGES.notAmount };
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(/,/g, '');
  if (text.startsWith('-') && /^-\d/.test(text)) return { error: MONEY_MESSAGES.negative };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { error: MONEY_MESSAGES.notAmount };
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return { error: MONEY_MESSAGES.decimals };
  if (match[1]!.length > 10) return { error: MONEY_MESSAGES.tooBig };
  const paise = Number(match[1]) * 100 + Number(decimals.padEnd(2, '0'));
  if (paise > MAX_PAISE) return { error: MONEY_MESSAGES.tooBig };
  return { paise };
}

/** Whole paise → rupees for the API (150050 → 1500.5): exact, the division of an integer by 100. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Indian digit grouping, no floating point: 12500000 paise → "1,25,000", 150050 → "1,500.50".
 * The web app uses Intl ('en-IN') for the same; this is for the server (PDF, mails, CSV).
 */
export function formatPaise(paise: number): string {
  const negative = paise < 0;
  const whole = Math.floor(Math.abs(paise) / 100);
  const fraction = Math.abs(paise) % 100;
  const digits = String(whole);
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[Math.floor(n / 10)]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Whole rupees in words, Indian style: 125000 → "One Lakh Twenty-Five Thousand". */
export function rupeesInWords(rupees: number, language: Language = 'en'): string {
  if (language !== 'en') return indicRupeesInWords(rupees, INDIC[language]);
  if (rupees === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(rupees / 1_00_00_000);
  let rest = rupees % 1_00_00_000;
  if (crore) parts.push(`${rupeesInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 1_00_000);
  rest %= 1_00_000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * Marathi and Hindi number words. Below 100 both languages have an irregular word for every number
 * (no tens + ones rule), so each has a full 0–99 table, checked against the standard school lists.
 * Hundreds differ: Marathi fuses them (दोनशे, 100 alone = शंभर, 101 = एकशे एक); Hindi says "दो सौ".
 */
interface IndicWords {
  upTo99: readonly string[];
  hundreds: (n: number) => string;
  thousand: string;
  lakh: string;
  crore: string;
  rupees: string;
  and: string;
  paise: string;
  only: string;
}

const MR_UP_TO_99 = [
  'शून्य', 'एक', 'दोन', 'तीन', 'चार', 'पाच', 'सहा', 'सात', 'आठ', 'नऊ',
  'दहा', 'अकरा', 'बारा', 'तेरा', 'चौदा', 'पंधरा', 'सोळा', 'सतरा', 'अठरा', 'एकोणीस',
  'वीस', 'एकवीस', 'बावीस', 'तेवीस', 'चोवीस', 'पंचवीस', 'सव्वीस', 'सत्तावीस', 'अठ्ठावीस', 'एकोणतीस',
  'तीस', 'एकतीस', 'बत्तीस', 'तेहेतीस', 'चौतीस', 'पस्तीस', 'छत्तीस', 'सदतीस', 'अडतीस', 'एकोणचाळीस',
  'चाळीस', 'एक्केचाळीस', 'बेचाळीस', 'त्रेचाळीस', 'चव्वेचाळीस', 'पंचेचाळीस', 'सेहेचाळीस', 'सत्तेचाळीस', 'अठ्ठेचाळीस', 'एकोणपन्नास',
  'पन्नास', 'एक्कावन्न', 'बावन्न', 'त्रेपन्न', 'चोपन्न', 'पंचावन्न', 'छप्पन्न', 'सत्तावन्न', 'अठ्ठावन्न', 'एकोणसाठ',
  'साठ', 'एकसष्ट', 'बासष्ट', 'त्रेसष्ट', 'चौसष्ट', 'पासष्ट', 'सहासष्ट', 'सदुसष्ट', 'अडुसष्ट', 'एकोणसत्तर',
  'सत्तर', 'एकाहत्तर', 'बाहत्तर', 'त्र्याहत्तर', 'चौऱ्याहत्तर', 'पंच्याहत्तर', 'शहात्तर', 'सत्त्याहत्तर', 'अठ्ठ्याहत्तर', 'एकोणऐंशी',
  'ऐंशी', 'एक्याऐंशी', 'ब्याऐंशी', 'त्र्याऐंशी', 'चौऱ्याऐंशी', 'पंच्याऐंशी', 'शहाऐंशी', 'सत्त्याऐंशी', 'अठ्ठ्याऐंशी', 'एकोणनव्वद',
  'नव्वद', 'एक्क्याण्णव', 'ब्याण्णव', 'त्र्याण्णव', 'चौऱ्याण्णव', 'पंच्याण्णव', 'शहाण्णव', 'सत्त्याण्णव', 'अठ्ठ्याण्णव', 'नव्व्याण्णव',
] as const;

const HI_UP_TO_99 = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरेपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानबे', 'बानबे', 'तिरानबे', 'चौरानबे', 'पंचानबे', 'छियानबे', 'सत्तानबे', 'अट्ठानबे', 'निन्यानबे',
] as const;

/** Marathi hundreds are one word: 1 → शंभर (alone) / एकशे (before more), 2 → दोनशे … 9 → नऊशे. */
const MR_HUNDREDS = ['', 'एकशे', 'दोनशे', 'तीनशे', 'चारशे', 'पाचशे', 'सहाशे', 'सातशे', 'आठशे', 'नऊशे'] as const;

const INDIC: Record<Exclude<Language, 'en'>, IndicWords> = {
  mr: {
    upTo99: MR_UP_TO_99,
    hundreds: (n) => MR_HUNDREDS[n]!,
    thousand: 'हजार',
    lakh: 'लाख',
    crore: 'कोटी',
    rupees: 'रुपये',
    and: 'आणि',
    paise: 'पैसे',
    only: 'फक्त',
  },
  hi: {
    upTo99: HI_UP_TO_99,
    hundreds: (n) => `${HI_UP_TO_99[n]} सौ`,
    thousand: 'हज़ार',
    lakh: 'लाख',
    crore: 'करोड़',
    rupees: 'रुपये',
    and: 'और',
    paise: 'पैसे',
    only: 'मात्र',
  },
};

function indicBelowThousand(n: number, words: IndicWords): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  // Marathi says plain "शंभर" for exactly 100 and "एकशे …" only when more follows.
  if (hundreds === 1 && rest === 0 && words === INDIC.mr) return 'शंभर';
  return [hundreds ? words.hundreds(hundreds) : '', rest ? words.upTo99[rest]! : ''].filter(Boolean).join(' ');
}

function indicRupeesInWords(rupees: number, words: IndicWords): string {
  if (rupees === 0) return words.upTo99[0]!;
  const parts: string[] = [];
  const crore = Math.floor(rupees / 1_00_00_000);
  let rest = rupees % 1_00_00_000;
  if (crore) parts.push(`${indicRupeesInWords(crore, words)} ${words.crore}`);
  const lakh = Math.floor(rest / 1_00_000);
  rest %= 1_00_000;
  if (lakh) parts.push(`${words.upTo99[lakh]} ${words.lakh}`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${words.upTo99[thousand]} ${words.thousand}`);
  if (rest) parts.push(indicBelowThousand(rest, words));
  return parts.join(' ');
}

/**
 * A receipt's amount in words in the reader's language:
 * 12500050 paise → "Rupees One Lakh Twenty-Five Thousand and Fifty Paise Only" /
 * "रुपये एक लाख पंचवीस हजार आणि पन्नास पैसे फक्त" / "रुपये एक लाख पच्चीस हज़ार और पचास पैसे मात्र".
 */
export function amountInWords(paise: number, language: Language = 'en'): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (language === 'en') return `Rupees ${rupeesInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
  const words = INDIC[language];
  // Less than a rupee: "पन्नास पैसे फक्त", not "रुपये शून्य आणि पन्नास पैसे".
  if (rupees === 0 && rest) return `${words.upTo99[rest]} ${words.paise} ${words.only}`;
  return `${words.rupees} ${indicRupeesInWords(rupees, words)}${rest ? ` ${words.and} ${words.upTo99[rest]} ${words.paise}` : ''} ${words.only}`;
}

/** The first day (1 April) of the financial year before the one a date falls in: '2026-07-15' → '2025-04-01', '2027-02-10' → '2025-04-01'. */
export function previousFinancialYearStart(date: string): string {
  // The day before this year's 1 April lies in the previous financial year.
  return financialYearStart(shiftDate(financialYearStart(date), -1));
}

/**
 * The days a payment may be dated (docs/decisions/020-fees.md): from the lock date the office set in
 * Settings (the books before it are closed), else from the start of the previous financial year, up to
 * today in the academy's time zone. The server refuses anything else; the payment form's calendar
 * offers the same days.
 */
export function paymentDateRange(today: string, lockedBefore: string | null): { earliest: string; latest: string } {
  return { earliest: lockedBefore ?? previousFinancialYearStart(today), latest: today };
}

/** A receipt number: '2026-27/0001'. */
export function receiptNumber(year: string, seq: number): string {
  return `${year}/${String(seq).padStart(4, '0')}`;
}

/** A deposit receipt's number, 'DR/2026-27/0001': refundable deposit money only while GST is on, outside the tax invoices' series (decision 071). */
export function depositReceiptNumber(year: string, seq: number): string {
  return `DR/${receiptNumber(year, seq)}`;
}
