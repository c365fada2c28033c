import { describe, expect, it } from 'vitest';
import { gstHeads, gstinCheckCharacter, gstinState, gstinValid, gstPeriodRange, gstStateCode, payableOnDues, payDuesWithTax, placeOfSupplyFor, priceWithTax, splitPayment, taxOnTop } from './gst';

/** Builds a GSTIN with its right check character from its first 14 characters. */
const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);

describe('GSTIN', () => {
  it('accepts a GSTIN whose check character is right, refuses one wrong character', () => {
    const gstin = withCheck('27AAPFU0939F1Z');
    expect(gstinValid(gstin)).toBe(true);
    expect(gstinState(gstin)).toBe('27');
    const last = gstin.at(-1)!;
    const wrong = gstin.slice(0, 14) + (last === 'A' ? 'B' : 'A');
    expect(gstinValid(wrong)).toBe(false);
    // One changed digit in the PAN breaks the checksum.
    expect(gstinValid(gstin.replace('0939', '0938'))).toBe(false);
  });

  it('knows published GSTINs', () => {
    // The portal's own examples and well-known registrations (Maharashtra, Karnataka).
    expect(gstinValid('27AAPFU0939F1ZV')).toBe(true);
    expect(gstinValid('29AAGCB7383J1Z4')).toBe(true);
  });

  it('refuses the wrong shape, length, state and lower case', () => {
    expect(gstinValid('')).toBe(false);
    expect(gstinValid('27AAPFU0939F1Z')).toBe(false);
    expect(gstinValid('27aapfu0939f1zv')).toBe(false);
    expect(gstinValid(withCheck('99AAPFU0939F1Z'))).toBe(false);
    expect(gstinValid(withCheck('27AAPFU0939F1X'))).toBe(false);
  });
});

describe('state codes', () => {
  it('reads a name or a code', () => {
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstStateCode(' maharashtra ')).toBe('27');
    expect(gstStateCode('27')).toBe('27');
    expect(gstStateCode('7')).toBe('07');
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Jammu & Kashmir')).toBe('01');
    expect(gstStateCode('Atlantis')).toBeUndefined();
    expect(gstStateCode('25')).toBeUndefined();
  });
});

describe('splitPayment', () => {
  it('splits ₹59,000 inclusive of 18 % into ₹50,000 and ₹9,000', () => {
    expect(splitPayment(5_900_000, 1800, false)).toEqual({ taxable: 5_000_000, cgst: 450_000, sgst: 450_000, igst: 0, roundOff: 0, rateBp: 1800 });
    expect(splitPayment(5_900_000, 1800, true)).toEqual({ taxable: 5_000_000, cgst: 0, sgst: 0, igst: 900_000, roundOff: 0, rateBp: 1800 });
  });

  it('two instalments of an inclusive plan add up to the paisa', () => {
    const first = splitPayment(2_950_001, 1800, false);
    const second = splitPayment(2_949_999, 1800, false);
    for (const part of [first, second]) expect(part.taxable + part.cgst + part.sgst + part.igst + part.roundOff).toBe(part === first ? 2_950_001 : 2_949_999);
    expect(first.cgst).toBe(first.sgst);
    expect(second.cgst).toBe(second.sgst);
  });

  it('the parts always add up to the amount, the heads are the rounded rate on the taxable value and equal, the round-off at most a paisa (every amount up to ₹200 and large ones)', () => {
    const amounts = [...Array.from({ length: 20_001 }, (_, paise) => paise), 999_999_999, 1_000_000_000_00, 123_456_789];
    const wrong: string[] = [];
    for (const rate of [0, 500, 1200, 1800, 2800, 4000]) {
      for (const amount of amounts) {
        for (const inter of [false, true]) {
          const split = splitPayment(amount, rate, inter);
          const heads = gstHeads(split.taxable, rate, inter);
          const ok =
            split.taxable + split.cgst + split.sgst + split.igst + split.roundOff === amount &&
            split.cgst === split.sgst &&
            split.cgst === heads.cgst &&
            split.igst === heads.igst &&
            Math.abs(split.roundOff) <= 1 &&
            (inter ? split.cgst + split.sgst === 0 : split.igst === 0);
          if (!ok) wrong.push(`${amount}@${rate}${inter ? ' inter' : ''}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('rounds the taxable value to the nearest paisa', () => {
    // ₹100 incl. 18 % IGST: no taxable value meets it (84.74 + 15.25 = 99.99, 84.75 + 15.26 = 100.01): a paisa of round-off.
    expect(splitPayment(10_000, 1800, true)).toEqual({ taxable: 8474, cgst: 0, sgst: 0, igst: 1525, roundOff: 1, rateBp: 1800 });
    expect(splitPayment(0, 1800, false)).toEqual({ taxable: 0, cgst: 0, sgst: 0, igst: 0, roundOff: 0, rateBp: 1800 });
    expect(() => splitPayment(10.5, 1800, false)).toThrow();
  });
});

describe('a CA’s worked examples (equal heads, exact totals)', () => {
  it('₹1 within the state: ₹0.84 + CGST ₹0.08 + SGST ₹0.08', () => {
    expect(splitPayment(100, 1800, false)).toEqual({ taxable: 84, cgst: 8, sgst: 8, igst: 0, roundOff: 0, rateBp: 1800 });
  });
  it('₹1,000.03 within the state: ₹847.49 + ₹76.27 + ₹76.27', () => {
    expect(splitPayment(100_003, 1800, false)).toEqual({ taxable: 84_749, cgst: 7_627, sgst: 7_627, igst: 0, roundOff: 0, rateBp: 1800 });
  });
  it('₹99,999.99 within the state: ₹84,745.75 + ₹7,627.12 + ₹7,627.12', () => {
    expect(splitPayment(9_999_999, 1800, false)).toEqual({ taxable: 8_474_575, cgst: 762_712, sgst: 762_712, igst: 0, roundOff: 0, rateBp: 1800 });
  });
  it('₹1,000.03 across states: IGST the rounded 18 %', () => {
    const split = splitPayment(100_003, 1800, true);
    expect(split.igst).toBe(Math.round(split.taxable * 0.18));
    expect(split.taxable + split.igst + split.roundOff).toBe(100_003);
  });
  it('an amount no taxable value meets within the state takes a paisa of round-off, the heads stay equal', () => {
    // 0.11 + 2 × 0.01 = 0.13, 0.12 + 2 × 0.01 = 0.14, 0.13 + 2 × 0.01 = 0.15, 0.14 + 2 × 0.01 = 0.16, 0.15 + 2 × 0.01 = 0.17, 0.16 + 2 × 0.01 = 0.18, then 0.17 + 2 × 0.02 = 0.21.
    expect(splitPayment(19, 1800, false)).toEqual({ taxable: 16, cgst: 1, sgst: 1, igst: 0, roundOff: 1, rateBp: 1800 });
    expect(splitPayment(20, 1800, false)).toEqual({ taxable: 17, cgst: 2, sgst: 2, igst: 0, roundOff: -1, rateBp: 1800 });
  });
});

describe('place of supply (IGST Act s.12)', () => {
  const supplierState = '27';
  it('a Karnataka student in a Latur classroom: where the coaching is performed, Maharashtra (s.12(5)(b))', () => {
    expect(placeOfSupplyFor({ supplierState, payerGstin: null, delivery: 'classroom', studentState: '29' })).toBe('27');
  });
  it('an online batch to a Karnataka student: the address on record (s.12(2)(b)(i)), else the supplier’s (s.12(2)(b)(ii))', () => {
    expect(placeOfSupplyFor({ supplierState, payerGstin: null, delivery: 'online', studentState: '29' })).toBe('29');
    expect(placeOfSupplyFor({ supplierState, payerGstin: null, delivery: 'online', studentState: null })).toBe('27');
  });
  it('a company with a Karnataka GSTIN: its state, classroom or online (s.12(5)(a), s.12(2)(a))', () => {
    expect(placeOfSupplyFor({ supplierState, payerGstin: '29AAGCB7383J1Z4', delivery: 'classroom', studentState: '27' })).toBe('29');
    expect(placeOfSupplyFor({ supplierState, payerGstin: '29AAGCB7383J1Z4', delivery: 'online', studentState: null })).toBe('29');
  });
});

describe('prices quoted excluding GST', () => {
  it('adds the tax on top, and the split of the total gives the price back', () => {
    expect(taxOnTop(5_000_000, 1800)).toBe(900_000);
    expect(priceWithTax(5_000_000, 1800, false)).toBe(5_900_000);
    expect(priceWithTax(5_900_000, 1800, true)).toBe(5_900_000);
    const wrong: number[] = [];
    for (let price = 0; price <= 50_000; price += 1) {
      for (const rate of [500, 1800, 2800]) {
        for (const inter of [false, true]) {
          const split = splitPayment(priceWithTax(price, rate, false, inter), rate, inter);
          if (split.taxable !== price || split.roundOff !== 0) wrong.push(price);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a payment over taxable and exempt dues', () => {
  const dues = [
    { id: 'tuition', balance: 5_000_000, taxable: true },
    { id: 'books', balance: 300_000, taxable: false },
  ];
  it('prices including GST: the money into exempt dues carries no tax; the parts add up', () => {
    const paid = payDuesWithTax(dues, 5_300_000, 1800, true, false);
    expect(paid.allocations).toEqual([{ dueId: 'tuition', amount: 5_000_000 }, { dueId: 'books', amount: 300_000 }]);
    expect(paid.exempt).toBe(300_000);
    expect(paid.taxable + paid.cgst + paid.sgst + paid.igst + paid.roundOff + paid.exempt).toBe(5_300_000);
    expect(paid.cgst).toBe(paid.sgst);
    expect(payableOnDues(dues, 1800, true)).toBe(5_300_000);
  });

  it('a refundable deposit is no supply: neither taxable nor exempt', () => {
    const withDeposit = [...dues, { id: 'deposit', balance: 1_000_000, taxable: false, deposit: true }];
    expect(payableOnDues(withDeposit, 1800, false)).toBe(5_900_000 + 300_000 + 1_000_000);
    const paid = payDuesWithTax(withDeposit, 7_200_000, 1800, false, false);
    expect(paid).toMatchObject({ taxable: 5_000_000, cgst: 450_000, sgst: 450_000, exempt: 300_000, deposit: 1_000_000, roundOff: 0 });
    const only = payDuesWithTax([{ id: 'deposit', balance: 1_000_000, taxable: true, deposit: true }], 1_000_000, 1800, true, false);
    expect(only).toMatchObject({ taxable: 0, cgst: 0, sgst: 0, igst: 0, exempt: 0, deposit: 1_000_000 });
  });

  it('prices excluding GST: the taxable due costs its price plus tax, the exempt one its price', () => {
    expect(payableOnDues(dues, 1800, false)).toBe(5_900_000 + 300_000);
    const paid = payDuesWithTax(dues, 6_200_000, 1800, false, true);
    expect(paid).toMatchObject({ taxable: 5_000_000, igst: 900_000, cgst: 0, sgst: 0, exempt: 300_000 });
    // A part: ₹29,500 pays ₹25,000 into the tuition.
    const part = payDuesWithTax(dues, 2_950_000, 1800, false, false);
    expect(part.allocations).toEqual([{ dueId: 'tuition', amount: 2_500_000 }]);
    expect(part).toMatchObject({ taxable: 2_500_000, cgst: 225_000, sgst: 225_000, exempt: 0 });
  });

  // About 30,000 splits: a second alone, more beside the API tests on 2 cores.
  it('every paisa amount up to ₹300 over mixed dues adds up, never pays a due beyond its balance', { timeout: 30_000 }, () => {
    const small = [
      { id: 'a', balance: 10_000, taxable: true },
      { id: 'b', balance: 7_001, taxable: false },
      { id: 'c', balance: 13_003, taxable: true },
    ];
    for (const include of [true, false]) {
      const payable = payableOnDues(small, 1800, include);
      for (let amount = 1; amount <= Math.min(payable, 30_000); amount += 1) {
        const paid = payDuesWithTax(small, amount, 1800, include, amount % 2 === 0);
        expect(paid.taxable + paid.cgst + paid.sgst + paid.igst + paid.roundOff + paid.exempt).toBe(amount);
        expect(paid.cgst).toBe(paid.sgst);
        expect(Math.abs(paid.roundOff)).toBeLessThanOrEqual(small.length);
        for (const allocation of paid.allocations) expect(allocation.amount).toBeLessThanOrEqual(small.find((due) => due.id === allocation.dueId)!.balance);
      }
    }
  });
});

describe('GST return periods', () => {
  it('a month and the quarters of a financial year, with GSTR-1’s fp', () => {
    expect(gstPeriodRange('2026-11')).toEqual({ first: '2026-11-01', last: '2026-11-30', fp: '112026', quarter: false });
    expect(gstPeriodRange('2026-27-Q1')).toEqual({ first: '2026-04-01', last: '2026-06-30', fp: '062026', quarter: true });
    expect(gstPeriodRange('2026-27-Q3')).toEqual({ first: '2026-10-01', last: '2026-12-31', fp: '122026', quarter: true });
    expect(gstPeriodRange('2027-28-Q4')).toEqual({ first: '2028-01-01', last: '2028-03-31', fp: '032028', quarter: true });
    for (const bad of ['2026-13', '2026-28-Q1', '2026-27-Q5', '2026-Q1', '']) expect(gstPeriodRange(bad)).toBeUndefined();
  });
});
