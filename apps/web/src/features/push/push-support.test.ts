import { describe, expect, it } from 'vitest';
import { base64UrlToUint8Array, pushStateOf, pushSupported, sameKey } from './push-support';

describe('base64UrlToUint8Array', () => {
  it('reads base64url with and without padding, - and _ included', () => {
    expect([...base64UrlToUint8Array('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToUint8Array('-_8')]).toEqual([251, 255]);
    expect([...base64UrlToUint8Array('-_8=')]).toEqual([251, 255]);
    expect([...base64UrlToUint8Array('AA')]).toEqual([0]);
    expect(base64UrlToUint8Array('')).toHaveLength(0);
  });

  it('gives the 65 bytes of a VAPID public key', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = base64UrlToUint8Array(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('sameKey', () => {
  it('compares a subscription’s key with the server’s', () => {
    const key = 'AQIDBA';
    expect(sameKey(new Uint8Array([1, 2, 3, 4]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 3, 5]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});

describe('pushSupported and pushStateOf', () => {
  it('needs a secure page, notifications, the Push API and service workers', () => {
    const full = { isSecureContext: true, Notification: class {}, PushManager: class {}, navigator: { serviceWorker: {} } };
    expect(pushSupported(full)).toBe(true);
    expect(pushSupported({ ...full, isSecureContext: false })).toBe(false);
    expect(pushSupported({ ...full, PushManager: undefined })).toBe(false);
    expect(pushSupported({ ...full, navigator: {} })).toBe(false);
  });

  it('is on only when allowed, subscribed, and by the person signed in', () => {
    const base = { supported: true, permission: 'granted' as const, subscribed: true, ownedByThisUser: true };
    expect(pushStateOf(base)).toBe('on');
    expect(pushStateOf({ ...base, ownedByThisUser: false })).toBe('off');
    expect(pushStateOf({ ...base, subscribed: false })).toBe('off');
    expect(pushStateOf({ ...base, permission: 'default' })).toBe('off');
    expect(pushStateOf({ ...base, permission: 'denied' })).toBe('blocked');
    expect(pushStateOf({ ...base, supported: false })).toBe('unsupported');
  });
});
