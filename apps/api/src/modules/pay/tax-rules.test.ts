import { describe, expect, it } from 'vitest';
import { financialYearOf, MAHARASHTRA_PROFESSIONAL_TAX as MH, monthlyTdsEstimate, newRegimeAnnualTax, professionalFeesTds, professionalTax, tdsSection } from './tax-rules';

const rupees = (amount: number) => Math.round(amount * 100);

describe('the new regime estimate (FY 2026-27)', () => {
  it('is nil up to ₹12 lakh of taxable income (₹12.75 lakh of salary)', () => {
    expect(newRegimeAnnualTax(rupees(1_275_000))).toBe(0);
    expect(newRegimeAnnualTax(rupees(600_000))).toBe(0);
  });
  it('gives marginal relief just above ₹12 lakh: ₹13 lakh of salary pays ₹25,000 + 4 % cess', () => {
    // Taxable ₹12,25,000: slabs ₹63,750, but no more than ₹25,000 above ₹12 lakh; cess ₹1,000.
    expect(newRegimeAnnualTax(rupees(1_300_000))).toBe(rupees(26_000));
  });
  it('works the slabs: ₹18 lakh → ₹1,45,000 + cess = ₹1,50,800; ₹30 lakh → ₹4,57,500 + cess = ₹4,75,800', () => {
    expect(newRegimeAnnualTax(rupees(1_800_000))).toBe(rupees(150_800));
    expect(newRegimeAnnualTax(rupees(3_000_000))).toBe(rupees(475_800));
  });
  it('a month of ₹1,50,000: ₹1,50,800 ÷ 12 = ₹12,566.67', () => {
    expect(monthlyTdsEstimate(rupees(150_000))).toBe(1_256_667);
  });
});

describe('TDS on fees for professional services', () => {
  it('nothing until the year passes ₹50,000 (at ₹50,000 exactly, nothing)', () => {
    expect(professionalFeesTds({ feePaise: rupees(10_000), earlierFeesPaise: rupees(40_000), earlierTdsPaise: 0, hasPan: true })).toBe(0);
  });
  it('then 10 % of the whole year less what was deducted; 20 % without a PAN', () => {
    expect(professionalFeesTds({ feePaise: rupees(20_000), earlierFeesPaise: rupees(40_000), earlierTdsPaise: 0, hasPan: true })).toBe(rupees(6_000));
    expect(professionalFeesTds({ feePaise: rupees(20_000), earlierFeesPaise: rupees(60_000), earlierTdsPaise: rupees(6_000), hasPan: true })).toBe(rupees(2_000));
    expect(professionalFeesTds({ feePaise: rupees(20_000), earlierFeesPaise: rupees(40_000), earlierTdsPaise: 0, hasPan: false })).toBe(rupees(12_000));
    expect(professionalFeesTds({ feePaise: 5_000_001, earlierFeesPaise: 0, earlierTdsPaise: 0, hasPan: true })).toBe(500_000);
  });
});

describe('Maharashtra Professional Tax (Schedule I, entry 1)', () => {
  it('men: nil to ₹7,500, ₹175 to ₹10,000, then ₹200 (₹300 in February)', () => {
    expect(professionalTax(MH, rupees(7_500), 'male', '2026-11')).toBe(0);
    expect(professionalTax(MH, rupees(7_500.01), 'male', '2026-11')).toBe(rupees(175));
    expect(professionalTax(MH, rupees(10_000), null, '2026-11')).toBe(rupees(175));
    expect(professionalTax(MH, rupees(10_000.01), 'other', '2026-11')).toBe(rupees(200));
    expect(professionalTax(MH, rupees(40_000), 'male', '2027-02')).toBe(rupees(300));
  });
  it('women: nil to ₹25,000, then ₹200 (₹300 in February)', () => {
    expect(professionalTax(MH, rupees(25_000), 'female', '2026-11')).toBe(0);
    expect(professionalTax(MH, rupees(25_000.01), 'female', '2026-11')).toBe(rupees(200));
    expect(professionalTax(MH, rupees(30_000), 'female', '2027-02')).toBe(rupees(300));
  });
});

describe('the section in force on the pay date', () => {
  it('the 1961 Act before 1 April 2026, the 2025 Act from it', () => {
    expect(tdsSection('professional-fees', '2026-03-31')).toBe('Income-tax Act, 1961 s. 194J');
    expect(tdsSection('professional-fees', '2026-04-30')).toBe('Income-tax Act, 2025 s. 393(1) Sl. 6(iii)');
    expect(tdsSection('salary', '2026-03-31')).toBe('Income-tax Act, 1961 s. 192');
    expect(tdsSection('salary', '2026-11-30')).toBe('Income-tax Act, 2025 s. 392');
  });
  it('knows the financial year of a month', () => {
    expect(financialYearOf('2027-02')).toEqual({ first: '2026-04', last: '2027-03' });
    expect(financialYearOf('2026-04')).toEqual({ first: '2026-04', last: '2027-03' });
  });
});
