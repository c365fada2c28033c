import { z } from 'zod';
import { BRAND_MESSAGES, contrastWithWhite, MAX_FINGERPRINTS, MIN_CONTRAST_WITH_WHITE, SHORT_NAME_MAX, tooLightMessage, type PublicBrand } from '../brand';

export * from '../brand';

/**
 * The academy's own brand (issue 78): a logo, a main colour and the name under its icon; and its own
 * Play Store app (a Trusted Web Activity): the package name and the signing certificates' SHA-256
 * fingerprints that /.well-known/assetlinks.json states. Decision 080.
 */

export const brandColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BRAND_MESSAGES.colourFormat)
  .transform((colour) => colour.toLowerCase())
  .refine((colour) => contrastWithWhite(colour) >= MIN_CONTRAST_WITH_WHITE, { error: (issue) => tooLightMessage(String(issue.input)) });

export const brandShortNameSchema = z.string().trim().min(1, BRAND_MESSAGES.shortNameRequired).max(SHORT_NAME_MAX, BRAND_MESSAGES.shortNameTooLong);

/** The multipart form's text fields (PUT /api/admin/settings/brand); `removeLogo=true` goes back to the product's icons. */
export const brandInputSchema = z.object({
  colour: brandColourSchema,
  shortName: brandShortNameSchema,
  removeLogo: z.enum(['true', 'false']).optional(),
});

/** GET /api/settings/public's `brand`: what every screen, page and paper shows. */
export const publicBrandSchema = z.object({
  colour: z.string(),
  /** The academy's logo as a PNG at most 512 px wide, its address changing with it; null when none. */
  logoUrl: z.string().nullable(),
  shortName: z.string(),
});
export type { PublicBrand };

const JAVA_KEYWORDS = new Set(
  ('abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if ' +
    'implements import instanceof int interface long native new package private protected public return short static strictfp super switch ' +
    'synchronized this throw throws transient try void volatile while true false null').split(' '),
);

/** An Android application id as Bubblewrap and Play accept it: two or more Java identifiers, no keyword. */
export function isPackageName(value: string): boolean {
  if (value.length > 150) return false;
  const parts = value.split('.');
  return parts.length >= 2 && parts.every((part) => /^[a-zA-Z][a-zA-Z0-9_]*$/.test(part) && !JAVA_KEYWORDS.has(part));
}

export const FINGERPRINT_PATTERN = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/;

export const appSettingsInputSchema = z
  .object({
    packageName: z.string().trim().refine(isPackageName, BRAND_MESSAGES.packageName).nullable(),
    fingerprints: z
      .array(
        z
          .string()
          .trim()
          .transform((value) => value.toUpperCase())
          .refine((value) => FINGERPRINT_PATTERN.test(value), BRAND_MESSAGES.fingerprint),
      )
      .max(MAX_FINGERPRINTS, BRAND_MESSAGES.fingerprintsTooMany),
  })
  .superRefine((value, context) => {
    if (value.packageName !== null && value.fingerprints.length === 0) context.addIssue({ code: 'custom', path: ['fingerprints'], message: BRAND_MESSAGES.fingerprintsRequired });
  });
export type AppSettingsInput = z.input<typeof appSettingsInputSchema>;

/** GET/PUT /api/admin/settings/app. */
export const appSettingsSchema = z.object({
  packageName: z.string().nullable(),
  fingerprints: z.array(z.string()),
  /** Where the app's statement is served (the academy's address), for the admin to check. */
  assetLinksUrl: z.string(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

