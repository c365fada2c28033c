import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '@academy/shared/languages';

/**
 * The pay link a fee reminder carries (issue 38): `https://<academy>/pay/<token>` opens the student's
 * open dues with a Pay button and QR code each, without signing in. WhatsApp, SMS apps and mail
 * clients open only http(s) links, never `upi://`, so the reminder cannot carry the UPI request itself.
 *
 * The token is the student's id, the last day it works, and an HMAC of both under the server's
 * `pay-links` key (lib/server-keys.ts): a reference or a student id alone opens nothing, and a link
 * cannot be made for another student. Nothing is stored; a link works for PAY_LINK_DAYS, long enough
 * for a late payer, short enough that an old forwarded message stops showing the family's dues.
 */
export const PAY_LINK_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

function signature(key: Buffer, body: string): string {
  // 128 bits of the HMAC: as strong as the student's id is long, and a link still fits an SMS.
  return createHmac('sha256', key).update(`pay-link\n${body}`).digest('base64url').slice(0, 22);
}

/** A pay link's token for this student, working until PAY_LINK_DAYS from `now` (about 50 characters). */
export function payLinkToken(key: Buffer, studentId: string, now: Date = new Date()): string {
  const id = Buffer.from(studentId.replace(/-/g, ''), 'hex').toString('base64url');
  const lastDay = (Math.floor(now.getTime() / DAY_MS) + PAY_LINK_DAYS).toString(36);
  return `${id}.${lastDay}.${signature(key, `${id}.${lastDay}`)}`;
}

/** The student a pay link's token stands for, or null when it is malformed, not ours, or past its last day. */
export function studentOfPayLink(key: Buffer, token: string, now: Date = new Date()): string | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const [, id, lastDay, mac] = match as unknown as [string, string, string, string];
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(signature(key, `${id}.${lastDay}`)))) return null;
  if (Number.parseInt(lastDay, 36) < Math.floor(now.getTime() / DAY_MS)) return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The whole address: the site's origin (PUBLIC_URL, or where the reminder was queued from), the reader's
 * language (issue 54: `/mr/pay/…` and `/hi/pay/…` open in Marathi and Hindi, like the public pages) and
 * the token.
 */
export function payLinkUrl(origin: string, key: Buffer, studentId: string, now: Date = new Date(), language: Language = 'en'): string {
  return `${origin.replace(/\/+$/, '')}${language === 'en' ? '' : `/${language}`}/pay/${payLinkToken(key, studentId, now)}`;
}
