import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/validate-reset-token/abcDEF123', '/api/auth/validate-reset-token/[redacted]'],
    ['/reset-password/abcDEF123?x=1', '/reset-password/[redacted]?x=1'],
    ['/api/calendar/abcDEF123.ics', '/api/calendar/[redacted].ics'],
    ['/api/pay/abc.def.ghi/dues/5b0e/upi-qr.svg', '/api/pay/[redacted]/dues/5b0e/upi-qr.svg'],
    ['/mr/pay/abc.def.ghi', '/mr/pay/[redacted]'],
  ])('hides reset and calendar tokens in paths: %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it.each([
    ['/api/x?page=2&token=s3cret&code=123456&access_token=t', '/api/x?page=2&token=[redacted]&code=[redacted]&access_token=[redacted]'],
    ['/api/x?resetToken=abc#top', '/api/x?resetToken=[redacted]#top'],
  ])('hides token= and code= query values, keeping the others: %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/students?search=anita&page=2')).toBe('/api/students?search=anita&page=2');
  });
});
