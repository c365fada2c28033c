import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from './schemas/auth';
import { READABLE_PASSWORD_ALPHABET, readablePassword } from './readable-password';

describe('readable first passwords', () => {
  it('are two groups of five without look-alike characters, accepted as a password, and differ each time', () => {
    const made = new Set(Array.from({ length: 200 }, () => readablePassword()));
    expect(made.size).toBe(200);
    for (const password of made) {
      expect(password).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(password).not.toMatch(/[01ilo]/);
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    }
    expect(READABLE_PASSWORD_ALPHABET).not.toMatch(/[01ilo]/);
  });

  it('draws again rather than favour the first letters (no modulo bias)', () => {
    // The largest values would wrap onto the alphabet's start: they are skipped.
    let call = 0;
    const password = readablePassword((values) => {
      values.fill(call++ === 0 ? 0xffff_ffff : 1);
      return values;
    });
    expect(password).toBe('bbbbb-bbbbb');
  });
});
