import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@academy/shared/messages';
import { shareTestApp } from './shared-test-app';

// Issue 53 point 7: /api/auth/sign-in-code/verify had no limit per client address (about 300 guesses
// an hour per address, spread over every parent's phone).
describe('guessing phone sign-in codes', () => {
  const t = shareTestApp();

  it('one client address is stopped after a few guesses, whichever phones it tries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', remoteAddress: '203.0.113.50', payload: { phone: `98${String(76543210 + i).padStart(8, '0')}`, code: '123456' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().message).toBe(MESSAGES.tooManyRequests);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25 - 20);
    // Another address is not held up by the first one.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-code/verify', remoteAddress: '203.0.113.51', payload: { phone: '9876500000', code: '123456' } });
    expect(other.statusCode).toBe(400);
  });
});
