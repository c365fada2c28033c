import { describe, expect, it } from 'vitest';
import { formatPhone, telHref } from './phone';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(toQueryString({ search: 'a b&c', status: '', subjectId: undefined, page: 2, x: null })).toBe('?search=a+b%26c&page=2');
  });
  it('is empty when nothing is set', () => {
    expect(toQueryString({ search: '' })).toBe('');
  });
});

describe('telHref', () => {
  it('keeps only digits and the plus sign', () => {
    expect(telHref('+91 98220 12345')).toBe('tel:+919822012345');
  });
});

describe('formatPhone', () => {
  it('groups a stored Indian mobile number and leaves anything else alone', () => {
    expect(formatPhone('+919822012345')).toBe('+91 98220 12345');
    expect(formatPhone('+91 9822012345')).toBe('+91 98220 12345');
    expect(formatPhone('12345')).toBe('12345');
  });
});
