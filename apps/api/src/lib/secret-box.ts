import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { ServerKeys } from './server-keys';

/**
 * Credentials at rest (issue 35, finding 7): a webhook secret, later a provider's access token, is
 * stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM under the server's `secrets-at-rest`
 * key. The database and every backup hold only this; the clear value exists in the server's memory
 * while it signs or sends, and never leaves it (the API answers whether a secret is set, not which).
 * `context` binds a value to its place (e.g. 'parent-webhook-secret'): moved to another column, it
 * does not decrypt.
 */
const PREFIX = 'v1';

export class UnreadableSecretError extends Error {
  constructor() {
    super('A stored secret could not be decrypted (APP_SECRET changed, or the value was altered)');
  }
}

export function sealSecret(keys: ServerKeys, context: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.key('secrets-at-rest'), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${PREFIX}.`) && stored.split('.').length === 4;
}

/** The clear value; throws UnreadableSecretError when it was sealed under another key or altered. */
export function openSecret(keys: ServerKeys, context: string, stored: string): string {
  if (!isSealed(stored)) throw new UnreadableSecretError();
  const [, iv, tag, sealed] = stored.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.key('secrets-at-rest'), Buffer.from(iv!, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new UnreadableSecretError();
  }
}
