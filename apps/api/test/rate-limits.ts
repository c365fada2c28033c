import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Spends a rate limit from one address: `max` requests that pass (200, `allowed(attempt)` makes each),
 * then `over()`, which must get 429 in the failure envelope. Returns that refused answer.
 */
export async function expectRateLimitedAfter(max: number, allowed: (attempt: number) => Promise<LightMyRequestResponse>, over: () => Promise<LightMyRequestResponse>) {
  for (let attempt = 0; attempt < max; attempt += 1) {
    expect((await allowed(attempt)).statusCode).toBe(200);
  }
  const blocked = await over();
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json()).toEqual({ success: false, message: 'Too many requests. Please wait a moment and try again.' });
  return blocked;
}
