import { describe, expect, it } from 'vitest';
import { isLoopback, metricsAccess } from './metrics-access';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('who may read GET /metrics', () => {
  it('knows this machine by its connection address only', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '127.0.0.1.example', 'fe80::1', '::2']) expect(isLoopback(address), String(address)).toBe(false);
  });

  it('without a token: a direct request from loopback, never one through a proxy', () => {
    expect(metricsAccess({ remoteAddress: '127.0.0.1', headers: {} }, undefined)).toBe('allowed');
    expect(metricsAccess({ remoteAddress: '192.0.2.1', headers: {} }, undefined)).toBe('not-found');
    expect(metricsAccess({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }, undefined)).toBe('not-found');
    expect(metricsAccess({ remoteAddress: '127.0.0.1', headers: { forwarded: 'for=192.0.2.1' } }, undefined)).toBe('not-found');
    // A token sent to a server without one changes nothing.
    expect(metricsAccess({ remoteAddress: '192.0.2.1', headers: { authorization: `Bearer ${TOKEN}` } }, undefined)).toBe('not-found');
  });

  it('with a token: exactly its bearer, from anywhere; loopback alone is not enough', () => {
    expect(metricsAccess({ remoteAddress: '192.0.2.1', headers: { authorization: `Bearer ${TOKEN}` } }, TOKEN)).toBe('allowed');
    expect(metricsAccess({ remoteAddress: '192.0.2.1', headers: { authorization: `bearer ${TOKEN}` } }, TOKEN)).toBe('allowed');
    expect(metricsAccess({ remoteAddress: '127.0.0.1', headers: {} }, TOKEN)).toBe('wrong-token');
    for (const authorization of ['', 'Bearer ', `Bearer ${TOKEN} extra`, `Bearer ${TOKEN.toUpperCase()}`, `Token ${TOKEN}`, TOKEN]) {
      expect(metricsAccess({ remoteAddress: '127.0.0.1', headers: { authorization } }, TOKEN), authorization).toBe('wrong-token');
    }
  });
});
