import { describe, expect, it } from 'vitest';
import { emailSchema, loginInputSchema, newPasswordSchema, resetPasswordFormSchema, resetPasswordInputSchema } from './auth';

describe('auth schemas', () => {
  it('normalises emails to trimmed lower case', () => {
    expect(emailSchema.parse('  Priya.K@Example.COM ')).toBe('priya.k@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });
  it('accepts a decent password and refuses short, long and common ones', () => {
    expect(newPasswordSchema.safeParse('latur-rains-in-july').success).toBe(true);
    expect(newPasswordSchema.safeParse('short1').error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    expect(newPasswordSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe('Password must be at most 128 characters');
    expect(newPasswordSchema.safeParse('Password123').error?.issues[0]?.message).toMatch(/too common/);
  });
  it('requires both login fields', () => {
    const result = loginInputSchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['email', 'password']);
  });
});

describe('password reset schemas', () => {
  it('gives any malformed token the invalid-link message', () => {
    expect(resetPasswordInputSchema.safeParse({ token: '', password: 'latur-rains-in-july' }).error?.issues[0]?.message).toMatch(/invalid or has expired/);
  });
  it('checks that the two passwords of the form match', () => {
    expect(resetPasswordFormSchema.safeParse({ password: 'latur-rains-in-july', confirmPassword: 'latur-rains-in-july' }).success).toBe(true);
    const mismatch = resetPasswordFormSchema.safeParse({ password: 'latur-rains-in-july', confirmPassword: 'latur-rains-in-june' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'The passwords do not match' });
  });
});
