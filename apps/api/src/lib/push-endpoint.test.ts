import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-endpoint';

describe('isPushServiceEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-bl2p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/x',
    'https://fcm.googleapis.com:443/fcm/send/x',
  ])('accepts the browsers’ push services over https: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://push.services.mozilla.com/x',
    'https://evil-notify.windows.com/x',
    'https://fcm.googleapis.com:8443/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://127.0.0.1/x',
    'http://169.254.169.254/latest/meta-data',
    'https://localhost:3000/x',
    'file:///etc/passwd',
    'not a url',
  ])('refuses every other address, look-alikes and plain http included: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(false);
  });

  it('lets a named test stand-in through only when allowed', () => {
    expect(isPushServiceEndpoint('http://127.0.0.1:4567/push/1')).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1:4567/push/1', ['127.0.0.1:4567'])).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:4568/push/1', ['127.0.0.1:4567'])).toBe(false);
    expect(isPushServiceEndpoint('ftp://127.0.0.1:4567/push/1', ['127.0.0.1:4567'])).toBe(false);
  });
});
