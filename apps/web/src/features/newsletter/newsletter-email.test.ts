import { describe, expect, it } from 'vitest';
import { isValidNewsletterEmail } from './newsletter-email';

describe('isValidNewsletterEmail', () => {
  it('accepts text, an at sign, more text, a dot and more text', () => {
    expect(isValidNewsletterEmail('parent@example.in')).toBe(true);
    expect(isValidNewsletterEmail('  sakshi.shinde@mail.co.in ')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of ['', '   ', 'not-an-email', 'parent@example', '@example.in', 'parent@.in', 'par ent@example.in', `${'a'.repeat(250)}@b.in`]) {
      expect(isValidNewsletterEmail(value), value).toBe(false);
    }
  });
});
