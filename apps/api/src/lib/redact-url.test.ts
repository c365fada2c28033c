import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides reset and calendar tokens in paths', () => {
    expect(redactUrl('/api/auth/validate-reset-token/abcDEF123')).toBe('/api/auth/validate-reset-token/[redacted]');
    expect(redactUrl('/reset-password/abcDEF123?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/calendar/abcDEF123.ics')).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/pay/abc.def.ghi/dues/5b0e/upi-qr.svg')).toBe('/api/pay/[redacted]/dues/5b0e/upi-qr.svg');
    expect(redactUrl('/mr/pay/abc.def.ghi')).toBe('/mr/pay/[redacted]');
  });

  it('hides token= and code= query values, keeping the others', () => {
    expect(redactUrl('/api/x?page=2&token=s3cret&code=123456&access_token=t')).toBe('/api/x?page=2&token=[redacted]&code=[redacted]&access_token=[redacted]');
    expect(redactUrl('/api/x?resetToken=abc#top')).toBe('/api/x?resetToken=[redacted]#top');
  });

  it('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/students?search=anita&page=2')).toBe('/api/students?search=anita&page=2');
  });
});
