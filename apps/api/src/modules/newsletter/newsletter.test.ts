import { describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema';
import { shareTestApp } from '../../../test/shared-test-app';
import { NEWSLETTER_RATE_LIMIT } from './newsletter.routes';
import { expectRateLimitedAfter } from '../../../test/rate-limits';

const t = shareTestApp();

// The limiter counts per address: each test uses its own, so no test can trip another's limit.
let nextAddress = 1;
const subscribe = (payload: unknown, remoteAddress = `192.0.2.${nextAddress++}`) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', remoteAddress, payload: payload as object });

describe('POST /api/newsletter/subscribe', () => {
  it('subscribes a new email, stored lower-case', async () => {
    const response = await subscribe({ email: '  Gauri.Kale@Example.COM ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Thank you for subscribing! We will keep you posted about new batches and results.' });
    const rows = await t.database.db.select().from(newsletterSubscriptions);
    expect(rows.map((row) => row.email)).toContain('gauri.kale@example.com');
  });

  it('answers a second subscription kindly, in any letter case, without a second row', async () => {
    expect((await subscribe({ email: 'omkar@example.com' })).statusCode).toBe(200);
    const again = await subscribe({ email: 'OMKAR@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'You are already subscribed. Thank you!' });
    const rows = (await t.database.db.select().from(newsletterSubscriptions)).filter((row) => row.email === 'omkar@example.com');
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid email with the form’s message, naming the field', async () => {
    for (const email of ['', 'plainaddress', 'no-dot@example', 'two words@example.com', '@example.com', 'a@.com', 'a@b.', `${'x'.repeat(250)}@example.com`, 42, null]) {
      const response = await subscribe({ email });
      expect(response.statusCode, String(email)).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Please enter a valid email address.', errors: { email: 'Please enter a valid email address.' } });
    }
    const missing = await subscribe({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ email: 'Please enter a valid email address.' });
    for (const payload of ['{broken', '[]', 'null']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', remoteAddress: `192.0.2.${nextAddress++}`, payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it(`answers 429 in the failure envelope after ${NEWSLETTER_RATE_LIMIT.max} requests a minute from one address`, async () => {
    const remoteAddress = '198.51.100.77';
    const blocked = await expectRateLimitedAfter(
      NEWSLETTER_RATE_LIMIT.max,
      (attempt) => subscribe({ email: `reader-${attempt}@example.com` }, remoteAddress),
      () => subscribe({ email: 'one-more@example.com' }, remoteAddress),
    );
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await subscribe({ email: 'one-more@example.com' })).statusCode).toBe(200);
  });
});
