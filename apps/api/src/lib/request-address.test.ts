import { describe, expect, it } from 'vitest';
import { hasRefusedTarget, isPlainHost, normalisedRequestUrl, rewriteRequestUrl } from './request-address';

describe('isPlainHost', () => {
  it('takes a name, an IP address or a bracketed IPv6 address, with an optional port', () => {
    for (const host of ['localhost', 'alpha.localhost:3201', 'www.alpha-classes.in', 'ALPHA.Localhost.', '127.0.0.1:3000', '[::1]:3000', '[2001:db8::1]']) {
      expect(isPlainHost(host), host).toBe(true);
    }
  });

  it('refuses userinfo, spaces, paths, a second port, empty or missing', () => {
    for (const host of ['alpha.localhost:3201@evil.example', 'evil@alpha.localhost', 'alpha.localhost evil', 'alpha.localhost/x', 'alpha.localhost:1:2', 'alpha.localhost:', '-alpha.localhost', 'a..b', 'alpha_x.localhost', '', undefined]) {
      expect(isPlainHost(host), String(host)).toBe(false);
    }
  });
});

describe('normalisedRequestUrl', () => {
  it('decodes escapes of letters, digits and -._~ in the path only', () => {
    expect(normalisedRequestUrl('/%61pi/%6Fperator/login')).toBe('/api/operator/login');
    expect(normalisedRequestUrl('/api/%6f%70erator/login?next=%61')).toBe('/api/operator/login?next=%61');
    expect(normalisedRequestUrl('/robots%2Etxt')).toBe('/robots.txt');
  });

  it('keeps other escapes as sent: a slash, a percent sign, a space, a non-ASCII byte', () => {
    expect(normalisedRequestUrl('/api%2Foperator/%2561/%20/%C3%A9')).toBe('/api%2Foperator/%2561/%20/%C3%A9');
  });

  it('refuses a target that is not a path: absolute or asterisk form', () => {
    expect(normalisedRequestUrl('http://evil.example/api/settings/public')).toBeUndefined();
    expect(normalisedRequestUrl('*')).toBeUndefined();
    const raw = { url: 'http://x/api/health' };
    expect(rewriteRequestUrl(raw)).toBe('/');
    expect(hasRefusedTarget(raw)).toBe(true);
    const plain = { url: '/%61pi/health' };
    expect(rewriteRequestUrl(plain)).toBe('/api/health');
    expect(hasRefusedTarget(plain)).toBe(false);
  });
});
