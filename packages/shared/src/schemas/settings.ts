import { z } from 'zod';
import { emailSchema } from './auth';
import { backupTimeSchema } from './backups';
import { indianPhoneSchema } from './phone';

export const ACADEMY_PHONE_COUNT = 3;
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

// Engines list only the CLDR canonical names (Node 20 lists "Asia/Calcutta", not "Asia/Kolkata", and
// no "UTC"), so a name also counts when the engine resolves it to a listed zone. Only "Area/Place"
// names and UTC: abbreviations are ambiguous (ICU reads "IST" as India, PostgreSQL as Israel), and
// fixed offsets such as "+05:30" would ignore daylight rules.
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;
let supportedZones: Set<string> | undefined;
export function isSupportedTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  supportedZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (supportedZones.has(name)) return true;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return supportedZones.has(resolved) || resolved === 'UTC';
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Choose a time zone from the list, e.g. Asia/Kolkata')
  .refine(isSupportedTimeZone, 'Choose a time zone from the list, e.g. Asia/Kolkata');


/** A link shown on the public site: http(s) only, so nothing like javascript: can reach a page. Empty means none. */
const LINK_MESSAGE = 'Enter a full link starting with https://';
const optionalLinkSchema = z
  .string({ error: LINK_MESSAGE })
  .trim()
  .max(500, 'The link is too long')
  .nullable()
  .optional()
  .transform((value) => value || null)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: LINK_MESSAGE }).nullable());

export const socialLinksInputSchema = z.object(
  {
    facebook: optionalLinkSchema,
    instagram: optionalLinkSchema,
    youtube: optionalLinkSchema,
    whatsapp: optionalLinkSchema,
  },
  { error: 'Social links must be an object' },
);

// The name also goes into mail subjects; no control characters at all.
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

export const MAX_TESTIMONIALS = 6;

/**
 * A family's words for the landing page, entered by the admin with their permission. None by
 * default: the page shows the section only when there are some (nothing made up in the code).
 */
export const testimonialSchema = z.object(
  {
    quote: z.string({ error: 'Quote is required' }).trim().min(1, 'Quote is required').max(500, 'Quote must be at most 500 characters'),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(120, 'Name must be at most 120 characters')
      .regex(ONE_LINE, 'Name must be on one line'),
    /** Who they are, e.g. "Parent of a 10th student" (optional). */
    detail: z.string({ error: 'Detail must be text' }).trim().max(120, 'Detail must be at most 120 characters').regex(ONE_LINE, 'Detail must be on one line').default(''),
  },
  { error: 'Each testimonial needs a quote and a name' },
);
export type Testimonial = z.output<typeof testimonialSchema>;

/** What the admin saves with PUT /api/admin/settings (every field; social links may be empty). */
export const academySettingsInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name must be at most 120 characters')
    .regex(ONE_LINE, 'Name must be on one line'),
  tagline: z.string({ error: 'Tagline is required' }).trim().max(200, 'Tagline must be at most 200 characters').regex(ONE_LINE, 'Tagline must be on one line'),
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(300, 'Address must be at most 300 characters'),
  phones: z
    .array(indianPhoneSchema, { error: 'Enter exactly three phone numbers' })
    .length(ACADEMY_PHONE_COUNT, 'Enter exactly three phone numbers'),
  email: emailSchema,
  officeHours: z
    .string({ error: 'Office hours are required' })
    .trim()
    .min(1, 'Office hours are required')
    .max(200, 'Office hours must be at most 200 characters'),
  socialLinks: socialLinksInputSchema,
  timeZone: timeZoneSchema,
  /** When the daily automatic backup runs (academy time zone); left out: unchanged. */
  backupTime: backupTimeSchema.optional(),
  /** Left out: unchanged; [] removes them all (and the landing page section). */
  testimonials: z
    .array(testimonialSchema, { error: 'Testimonials must be a list' })
    .max(MAX_TESTIMONIALS, `At most ${MAX_TESTIMONIALS} testimonials`)
    .optional(),
});
export type AcademySettingsInput = z.input<typeof academySettingsInputSchema>;

const socialLinksSchema = z.object({
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  whatsapp: z.string().nullable(),
});

/** What the public site needs: footer, contact and about pages (GET /api/settings/public). */
export const publicAcademySettingsSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  address: z.string(),
  phones: z.array(z.string()),
  email: z.string(),
  officeHours: z.string(),
  socialLinks: socialLinksSchema,
  timeZone: z.string(),
  testimonials: z.array(z.object({ quote: z.string(), name: z.string(), detail: z.string() })),
});
export type PublicAcademySettings = z.infer<typeof publicAcademySettingsSchema>;

/** The admin's view (GET/PUT /api/admin/settings): the same fields and when they last changed. */
export const academySettingsSchema = publicAcademySettingsSchema.extend({
  backupTime: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AcademySettings = z.infer<typeof academySettingsSchema>;
