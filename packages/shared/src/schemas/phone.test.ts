import { describe, expect, it } from 'vitest';
import { optionalPhoneSchema } from './common';
import { canonicalIndianPhone, indianPhoneSchema, PHONE_MESSAGE } from './phone';

describe('Indian phone numbers', () => {
  it('accepts them as people type them and stores one form', () => {
    const typed = [
      '9822012345',
      '98220 12345',
      '98220-12345',
      '09822012345',
      '+91 98220 12345',
      '+919822012345',
      '+91-9822012345',
      '+91  98220  12345',
      '919822012345',
      '(+91) 98220.12345',
      ' 9822012345 ',
    ];
    for (const phone of typed) expect(indianPhoneSchema.safeParse(phone).data, phone).toBe('+919822012345');
  });

  it('refuses what is not an Indian mobile number, with our own sentence', () => {
    for (const phone of ['5822012345', '982201234', '98220123456', '+1 9822012345', '0091 9822012345', '98220 1234x', '']) {
      const result = indianPhoneSchema.safeParse(phone);
      expect(result.success, phone).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    }
    expect(canonicalIndianPhone('12345')).toBeNull();
  });

  it('keeps an optional phone optional', () => {
    expect(optionalPhoneSchema.parse('')).toBeNull();
    expect(optionalPhoneSchema.parse(undefined)).toBeUndefined();
    expect(optionalPhoneSchema.parse('098220 12345')).toBe('+919822012345');
  });
});
