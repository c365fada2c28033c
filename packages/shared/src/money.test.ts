import { describe, expect, it } from 'vitest';
import { financialYearOf } from './calendar';
import { amountInWords, formatPaise, MONEY_MESSAGES, paymentDateRange, previousFinancialYearStart, receiptNumber, rupeesInWords, rupeesToPaise } from './money';

describe('rupeesToPaise', () => {
  it('reads rupees with up to two decimals exactly', () => {
    expect(rupeesToPaise(1500)).toEqual({ paise: 150000 });
    expect(rupeesToPaise(1500.5)).toEqual({ paise: 150050 });
    expect(rupeesToPaise('0.29')).toEqual({ paise: 29 });
    expect(rupeesToPaise(0.3)).toEqual({ paise: 30 });
    expect(rupeesToPaise('1,25,000')).toEqual({ paise: 12500000 });
    expect(rupeesToPaise('12.10')).toEqual({ paise: 1210 });
    expect(rupeesToPaise('12.100')).toEqual({ paise: 1210 });
  });
  it('refuses three decimals, negatives, NaN and text', () => {
    expect(rupeesToPaise(10.005)).toEqual({ error: MONEY_MESSAGES.decimals });
    expect(rupeesToPaise(-5)).toEqual({ error: MONEY_MESSAGES.negative });
    expect(rupeesToPaise(Number.NaN)).toEqual({ error: MONEY_MESSAGES.notAmount });
    expect(rupeesToPaise(Infinity)).toEqual({ error: MONEY_MESSAGES.notAmount });
    expect(rupeesToPaise('abc')).toEqual({ error: MONEY_MESSAGES.notAmount });
    expect(rupeesToPaise(null)).toEqual({ error: MONEY_MESSAGES.notAmount });
    expect(rupeesToPaise(1e21)).toEqual({ error: MONEY_MESSAGES.notAmount });
    expect(rupeesToPaise(200_000_000)).toEqual({ error: MONEY_MESSAGES.tooBig });
  });
});

describe('Indian formatting and words', () => {
  it('groups in lakhs and crores', () => {
    expect(formatPaise(12500000)).toBe('1,25,000');
    expect(formatPaise(150050)).toBe('1,500.50');
    expect(formatPaise(1234567800)).toBe('1,23,45,678');
    expect(formatPaise(99)).toBe('0.99');
  });
  it('says amounts in words, Indian style', () => {
    expect(rupeesInWords(0)).toBe('Zero');
    expect(rupeesInWords(18000)).toBe('Eighteen Thousand');
    expect(rupeesInWords(125000)).toBe('One Lakh Twenty-Five Thousand');
    expect(rupeesInWords(10_05_00_101)).toBe('Ten Crore Five Lakh One Hundred One');
    expect(rupeesInWords(999)).toBe('Nine Hundred Ninety-Nine');
    expect(amountInWords(12500050)).toBe('Rupees One Lakh Twenty-Five Thousand and Fifty Paise Only');
    expect(amountInWords(600000)).toBe('Rupees Six Thousand Only');
  });
  it('says amounts in words in Marathi (रुपये … फक्त)', () => {
    expect(amountInWords(1800000, 'mr')).toBe('रुपये अठरा हजार फक्त');
    expect(amountInWords(12500000, 'mr')).toBe('रुपये एक लाख पंचवीस हजार फक्त');
    expect(amountInWords(9900, 'mr')).toBe('रुपये नव्व्याण्णव फक्त');
    expect(amountInWords(4500, 'mr')).toBe('रुपये पंचेचाळीस फक्त');
    expect(amountInWords(50, 'mr')).toBe('पन्नास पैसे फक्त');
    expect(amountInWords(12500050, 'mr')).toBe('रुपये एक लाख पंचवीस हजार आणि पन्नास पैसे फक्त');
    expect(amountInWords(0, 'mr')).toBe('रुपये शून्य फक्त');
    expect(rupeesInWords(100, 'mr')).toBe('शंभर');
    expect(rupeesInWords(101, 'mr')).toBe('एकशे एक');
    expect(rupeesInWords(250, 'mr')).toBe('दोनशे पन्नास');
    expect(rupeesInWords(999, 'mr')).toBe('नऊशे नव्व्याण्णव');
    expect(rupeesInWords(10_05_00_101, 'mr')).toBe('दहा कोटी पाच लाख एकशे एक');
    expect(rupeesInWords(19, 'mr')).toBe('एकोणीस');
    expect(rupeesInWords(76, 'mr')).toBe('शहात्तर');
    expect(rupeesInWords(89, 'mr')).toBe('एकोणनव्वद');
  });
  it('says amounts in words in Hindi (रुपये … मात्र)', () => {
    expect(amountInWords(1800000, 'hi')).toBe('रुपये अठारह हज़ार मात्र');
    expect(amountInWords(12500000, 'hi')).toBe('रुपये एक लाख पच्चीस हज़ार मात्र');
    expect(amountInWords(9900, 'hi')).toBe('रुपये निन्यानबे मात्र');
    expect(amountInWords(4500, 'hi')).toBe('रुपये पैंतालीस मात्र');
    expect(amountInWords(50, 'hi')).toBe('पचास पैसे मात्र');
    expect(amountInWords(12500050, 'hi')).toBe('रुपये एक लाख पच्चीस हज़ार और पचास पैसे मात्र');
    expect(rupeesInWords(100, 'hi')).toBe('एक सौ');
    expect(rupeesInWords(999, 'hi')).toBe('नौ सौ निन्यानबे');
    expect(rupeesInWords(10_05_00_101, 'hi')).toBe('दस करोड़ पाँच लाख एक सौ एक');
    expect(rupeesInWords(49, 'hi')).toBe('उनचास');
    expect(rupeesInWords(79, 'hi')).toBe('उन्यासी');
  });
  it('has a distinct word for every number 0–99 in each language', () => {
    for (const language of ['mr', 'hi'] as const) {
      const words = Array.from({ length: 99 }, (_, i) => rupeesInWords(i + 1, language));
      expect(new Set(words).size).toBe(99);
      expect(words.every((word) => word.length > 0 && !word.includes(' '))).toBe(true);
    }
  });
  it('numbers receipts per financial year (April–March)', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2099-12-01')).toBe('2099-00');
    expect(receiptNumber('2026-27', 1)).toBe('2026-27/0001');
  });
  it('dates payments from the previous financial year, or from the office’s lock date, up to today', () => {
    expect(previousFinancialYearStart('2026-04-01')).toBe('2025-04-01');
    expect(previousFinancialYearStart('2026-07-15')).toBe('2025-04-01');
    expect(previousFinancialYearStart('2027-03-31')).toBe('2025-04-01');
    expect(previousFinancialYearStart('2027-01-01')).toBe('2025-04-01');
    expect(paymentDateRange('2026-07-15', null)).toEqual({ earliest: '2025-04-01', latest: '2026-07-15' });
    expect(paymentDateRange('2026-07-15', '2026-04-01')).toEqual({ earliest: '2026-04-01', latest: '2026-07-15' });
  });
});
