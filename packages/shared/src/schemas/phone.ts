import { z } from 'zod';

/**
 * Indian mobile numbers, one rule for every form and API body (DESIGN.md section 8): accepted as
 * people type them ("98220 12345", "98220-12345", "09822012345", "+91 98220 12345"), stored as
 * "+919822012345", shown grouped by the web app ("+91 98220 12345").
 */
export const PHONE_MESSAGE = 'Enter a 10-digit Indian mobile number, optionally starting with +91';

// Spaces, dashes, dots and brackets are how people group digits; nothing else is dropped.
const GROUPING = /[\s\-.()]/g;
const MOBILE = /^[6-9]\d{9}$/;

/** "+91 98220-12345" → "+919822012345"; null when it is not an Indian mobile number. */
export function canonicalIndianPhone(input: string): string | null {
  const compact = input.replace(GROUPING, '');
  let national: string;
  if (compact.startsWith('+91')) national = compact.slice(3);
  else if (compact.length === 12 && compact.startsWith('91')) national = compact.slice(2);
  else if (compact.length === 11 && compact.startsWith('0')) national = compact.slice(1);
  else national = compact;
  return MOBILE.test(national) ? `+91${national}` : null;
}

export const indianPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .transform((phone, context) => {
    const canonical = canonicalIndianPhone(phone);
    if (canonical === null) {
      context.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  });
