import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random 256-bit token for a cookie or a link; only its hash is ever stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A six-digit code has only a million values, so a plain hash would be reversed at once by whoever
 * reads the table; keyed with APP_SECRET it needs the server's secret too. The address (an email, a
 * phone) is part of the input so a code hash means nothing for another address.
 */
export function hashOneTimeCode(key: string, address: string, code: string): string {
  return createHmac('sha256', key).update(`${address}\n${code}`).digest('hex');
}

/** Two hex hashes compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
