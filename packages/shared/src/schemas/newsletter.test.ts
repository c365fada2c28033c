import { describe, expect, it } from 'vitest';
import { newsletterSubscribeSchema } from './newsletter';

describe('newsletter schema', () => {
  it('accepts a plain email, trimmed and lower-cased', () => {
    expect(newsletterSubscribeSchema.parse({ email: ' Gauri@Example.IN ' })).toEqual({ email: 'gauri@example.in' });
  });
  it('refuses anything else with the one message the form shows', () => {
    for (const email of ['', 'gauri', 'gauri@example', 'ga uri@example.in', 'gauri@@example.in']) {
      expect(newsletterSubscribeSchema.safeParse({ email }).error?.issues[0]?.message, email).toBe('Please enter a valid email address.');
    }
  });
});
