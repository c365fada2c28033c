import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, UnreadableSecretError } from './secret-box';
import { serverKeysFrom } from './server-keys';

const keys = serverKeysFrom('a'.repeat(64));

describe('secret box', () => {
  it('seals a value so that only the same key and context open it', () => {
    const sealed = sealSecret(keys, 'parent-webhook-secret', 'whsec-123');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('whsec-123');
    expect(openSecret(keys, 'parent-webhook-secret', sealed)).toBe('whsec-123');
    expect(sealSecret(keys, 'parent-webhook-secret', 'whsec-123')).not.toBe(sealed);
    expect(() => openSecret(keys, 'another-place', sealed)).toThrow(UnreadableSecretError);
    expect(() => openSecret(serverKeysFrom('b'.repeat(64)), 'parent-webhook-secret', sealed)).toThrow(UnreadableSecretError);
  });

  it('refuses a value that was altered or never sealed', () => {
    const sealed = sealSecret(keys, 'x', 'value');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => openSecret(keys, 'x', parts.join('.'))).toThrow(UnreadableSecretError);
    expect(() => openSecret(keys, 'x', 'plain-secret')).toThrow(UnreadableSecretError);
  });

  it('derives a different key per purpose', () => {
    expect(keys.key('secrets-at-rest').equals(keys.key('backup-manifest'))).toBe(false);
    expect(keys.key('secrets-at-rest')).toHaveLength(32);
  });
});
