import { describe, expect, it } from 'vitest';
import { compactReference, upiAmount, upiNote, upiPayLink, upiReference } from './upi';

describe('UPI requests', () => {
  it('names a due by the short student ID and the due number, within 35 characters', () => {
    expect(upiReference('LAT-2026-0042', 2)).toBe('LAT26-0042-I2');
    expect(upiReference('LAT-2027-12345', 14)).toBe('LAT27-12345-I14');
    expect(upiReference('LAT-2026-0042', 2).length).toBeLessThanOrEqual(35);
    expect(compactReference('lat26-0042-i2')).toBe('LAT260042I2');
  });

  it('writes the amount with two decimals from whole paise', () => {
    expect(upiAmount(600000)).toBe('6000.00');
    expect(upiAmount(150050)).toBe('1500.50');
    expect(upiAmount(5)).toBe('0.05');
  });

  it('keeps the reference first in the note and the note within 50 characters', () => {
    expect(upiNote('LAT26-0042-I2', 'Aarav Patil', 'Term 2')).toBe('LAT26-0042-I2 Fees Aarav Patil Term 2');
    const long = upiNote('LAT26-0042-I2', 'Aarav Sureshrao Deshmukh-Patil', 'Annual fee 2026-27, instalment 2 of 3');
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.startsWith('LAT26-0042-I2 Fees ')).toBe(true);
    // Cut at a word, never inside one ("Term 2 (O" read as a typo).
    expect(upiNote('LAT26-0042-I2', 'Aarav Sureshrao Patil', 'Term 2 (October)')).toBe('LAT26-0042-I2 Fees Aarav Sureshrao Patil Term 2');
    // Plain ASCII: a label's "·" and an accent do not reach a bank narration garbled.
    expect(upiNote('LAT26-0042-I2', 'Zoë Patil', 'Term fees · 1/2')).toBe('LAT26-0042-I2 Fees Zoe Patil Term fees 1/2');
  });

  it('makes the standard intent, every value percent-encoded but the UPI ID\'s @', () => {
    const link = upiPayLink({ vpa: 'shreeacademy@okhdfcbank', payeeName: 'Shree Academy', amountPaise: 600000, note: 'LAT26-0042-I2 Fees Aarav Patil', reference: 'LAT26-0042-I2' });
    expect(link).toBe('upi://pay?pa=shreeacademy@okhdfcbank&pn=Shree%20Academy&am=6000.00&cu=INR&tn=LAT26-0042-I2%20Fees%20Aarav%20Patil&tr=LAT26-0042-I2');
    const params = new URL(link.replace('upi://pay', 'https://upi.invalid/pay')).searchParams;
    expect(Object.fromEntries(params)).toEqual({ pa: 'shreeacademy@okhdfcbank', pn: 'Shree Academy', am: '6000.00', cu: 'INR', tn: 'LAT26-0042-I2 Fees Aarav Patil', tr: 'LAT26-0042-I2' });
  });
});
