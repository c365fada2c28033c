import { z } from 'zod';
import { publicBrandSchema } from './brand';
import { emailSchema } from './auth';
import { backupTimeSchema } from './backups';
import { namesInLanguagesSchema, optionalField } from './common';
import { feeDateSchema } from './fees';
import { MONEY_MESSAGES, rupeesToPaise } from '../money';
import { canonicalIndianPhone, PHONE_MESSAGE } from './phone';
import { LANGUAGES, type Language } from '../languages';
import { TRANSLATED_ACADEMY_FIELDS, academyInLanguage, type AcademyTranslations, type TranslatedAcademyField } from '../academy-words';

export const ACADEMY_PHONE_COUNT = 3;

/**
 * The code's sample words a new installation starts with (the first academy's): Settings marks a field
 * still holding one as a sample until the owner writes their own (issue 73).
 */
export const SAMPLE_TAGLINE = 'Coaching for 9th to 12th: board exams, JEE and NEET';
export const SAMPLE_OFFICE_HOURS = 'Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed';
export const SAMPLE_ADDRESS = 'Shivaji Chowk, Latur, Maharashtra 413512';
export const SAMPLE_PHONES: readonly string[] = ['+919876543210', '+919876543211', '+919876543212'];
export const ACADEMY_PHONE_REQUIRED = "Enter the academy's phone number";

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

const LOCATION_MESSAGE = 'Enter the map position as latitude, longitude (like 18.4088, 76.5604)';

/** "18.4088, 76.5604" (as Google Maps copies a place) → { latitude, longitude }; '' → null; anything else as it is. */
function locationFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  const match = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(text);
  return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : value;
}

/** The academy's place on a map, as Google Maps gives it (press and hold the place: "18.4088, 76.5604"). */
export const academyLocationSchema = z.object(
  {
    latitude: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
    longitude: z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
  },
  { error: LOCATION_MESSAGE },
);

/**
 * The fees the academy means to collect in a month (issue 42), in rupees: the owner's dashboard sets
 * the month's collection against it. '' or null: no target (the dashboard shows none). Out: paise.
 */
export const monthlyFeeTargetSchema = z.unknown().transform((value, context) => {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const result = rupeesToPaise(value);
  if ('error' in result) {
    context.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }
  if (result.paise === 0) {
    context.addIssue({ code: 'custom', message: MONEY_MESSAGES.zero });
    return z.NEVER;
  }
  return result.paise;
});

export { TRANSLATED_ACADEMY_FIELDS, academyInLanguage, type AcademyTranslations, type TranslatedAcademyField };

const translatedText = (label: string, max: number, oneLine: boolean) => {
  const text = z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);
  return (oneLine ? text.regex(ONE_LINE, `${label} must be on one line`) : text)
    .nullable()
    .optional()
    // Empty: none (English shows).
    .transform((value) => value || undefined);
};
const academyTranslationSchema = z
  .object(
    {
      tagline: translatedText('Tagline', 200, true),
      address: translatedText('Address', 300, false),
      officeHours: translatedText('Office hours', 200, false),
    },
    { error: 'Send each language as an object with tagline, address and office hours' },
  )
  .strict();
/** `{ mr: { tagline, address, officeHours }, hi: { … } }`; a field left out or empty falls back to English. */
export const academyTranslationsSchema = z
  .object({ mr: academyTranslationSchema.optional(), hi: academyTranslationSchema.optional() }, { error: 'Send the translations as an object with mr and hi' })
  .strict()
  .transform((value) => {
    // Only what was written is kept: { mr: {} } is nothing.
    const kept: AcademyTranslations = {};
    for (const language of ['mr', 'hi'] as const) {
      const fields = Object.fromEntries(Object.entries(value[language] ?? {}).filter(([, text]) => text !== undefined));
      if (Object.keys(fields).length > 0) kept[language] = fields;
    }
    return kept;
  });
/** Settings' bounds of the late joiners' grace (decision 039). */
export const DEFAULT_LATE_JOINER_GRACE_DAYS = 7;
export const MAX_LATE_JOINER_GRACE_DAYS = 60;
const LATE_JOINER_GRACE_MESSAGE = 'Enter the grace as whole days from 0 to 60';

/** A phone of the academy's that may be left empty ('' stays ''); otherwise an Indian mobile number, stored as +91… */
const optionalPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .transform((phone, context) => {
    if (phone === '') return '';
    const canonical = canonicalIndianPhone(phone);
    if (canonical === null) {
      context.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  });

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
  // One number is enough (issue 73); the second and third are optional, and a number given twice is kept once.
  phones: z
    .array(optionalPhoneSchema, { error: ACADEMY_PHONE_REQUIRED })
    .max(ACADEMY_PHONE_COUNT, 'Enter at most three phone numbers')
    .transform((phones) => [...new Set(phones.filter((phone) => phone !== ''))])
    .refine((phones) => phones.length > 0, { message: ACADEMY_PHONE_REQUIRED, path: [0] }),
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
  /**
   * Payments dated before this day are refused (the books are closed); '' or null: none, payments go
   * back to the start of the previous financial year. Left out: unchanged. Not in the future (checked
   * by the server in the academy's time zone).
   */
  paymentsLockedBefore: optionalField(feeDateSchema, 'Enter a date as YYYY-MM-DD'),
  /**
   * A late joiner's instalments already past fall due this many days after the joining date (issue 42,
   * decision 039), 0 to 60. Left out: unchanged.
   */
  lateJoinerGraceDays: z
    .number({ error: LATE_JOINER_GRACE_MESSAGE })
    .int(LATE_JOINER_GRACE_MESSAGE)
    .min(0, LATE_JOINER_GRACE_MESSAGE)
    .max(MAX_LATE_JOINER_GRACE_DAYS, LATE_JOINER_GRACE_MESSAGE)
    .optional(),
  /** Where the academy is on a map (search engines' local results, issue 41); null: not given; left out: unchanged. */
  location: z.preprocess(locationFromText, academyLocationSchema.nullable()).optional(),
  /** The month's fee collection target in rupees (the owner's dashboard); null: none; left out: unchanged. */
  monthlyFeeTarget: monthlyFeeTargetSchema.optional(),
  /** Tagline, address and office hours in Marathi and Hindi (issue 42); left out: unchanged; {} removes them. */
  translations: academyTranslationsSchema.optional(),
});
export type AcademySettingsInput = z.input<typeof academySettingsInputSchema>;

/**
 * The absence alert's message, editable per language in Settings (issue 21). Placeholders in braces are
 * filled when the alert is sent; the same words go by email (the mail's text) and by the webhook
 * (`message`). The defaults are the wording the alerts had before templates existed.
 */
/** `{parent}` is the name of the parent reading it (each parent gets their own copy). */
export const ABSENCE_ALERT_PLACEHOLDERS = ['child', 'parent', 'batch', 'date', 'status', 'academy'] as const;
export type AbsenceAlertPlaceholder = (typeof ABSENCE_ALERT_PLACEHOLDERS)[number];
export const ABSENCE_ALERT_TEMPLATE_MAX = 500;
export const DEFAULT_ABSENCE_ALERT_TEMPLATES: Record<Language, string> = {
  en: '{child} was marked {status} today ({date}) in {batch}. If this is unexpected, please call the academy office.',
  mr: '{child} आज ({date}) {batch} मध्ये {status} आहे. हे अपेक्षित नसल्यास कृपया अकॅडमीच्या ऑफिसला फोन करा.',
  hi: '{child} आज ({date}) {batch} में {status} है. अगर यह अपेक्षित नहीं है, तो कृपया अकैडमी के ऑफ़िस में फ़ोन करें.',
};
/** The mark's word in each language (the glossary's), for {status}. */
export const ABSENCE_STATUS_WORDS: Record<Language, Record<(typeof ABSENCE_ALERT_STATUSES)[number], string>> = {
  en: { absent: 'absent', late: 'late' },
  mr: { absent: 'गैरहजर', late: 'उशिरा' },
  hi: { absent: 'अनुपस्थित', late: 'देर से' },
};

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders in braces that are not known ({child}, {parent}, {batch}, {date}, {status}, {academy}). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(ABSENCE_ALERT_PLACEHOLDERS as readonly string[]).includes(name));
}

/** Fills a template's placeholders (used by the sender and by the preview in Settings). */
export function renderAbsenceTemplate(template: string, values: Record<AbsenceAlertPlaceholder, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => ((ABSENCE_ALERT_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as AbsenceAlertPlaceholder] : whole));
}

const absenceAlertTemplateSchema = z
  .string({ error: 'The message must be text' })
  .trim()
  .min(1, 'Write the message for each language')
  .max(ABSENCE_ALERT_TEMPLATE_MAX, `The message must be at most ${ABSENCE_ALERT_TEMPLATE_MAX} characters`)
  .refine((template) => unknownPlaceholders(template).length === 0, 'The message has an unknown placeholder: use only child, parent, batch, date, status and academy in braces')
  .refine((template) => !/[{}]/.test(template.replace(PLACEHOLDER, '')), 'The message has an unknown placeholder: use only child, parent, batch, date, status and academy in braces')
  .refine((template) => template.includes('{child}'), 'The message must name the child: keep the child placeholder');

export const absenceAlertTemplatesSchema = z.object(
  { en: absenceAlertTemplateSchema, mr: absenceAlertTemplateSchema, hi: absenceAlertTemplateSchema },
  { error: 'Send the messages as an object with en, mr and hi' },
);
export type AbsenceAlertTemplates = z.infer<typeof absenceAlertTemplatesSchema>;

/** Same-day absence alerts (issue 21): on/off, which marks alert (absent, and late if chosen), the correction delay. */
export const ABSENCE_ALERT_STATUSES = ['absent', 'late'] as const;
export const absenceAlertSettingsSchema = z.object(
  {
    enabled: z.boolean({ error: 'Say whether absence alerts are on (true or false)' }),
    statuses: z
      .array(z.enum(ABSENCE_ALERT_STATUSES, { error: 'Alerts are for absent or late marks' }), { error: 'Choose absent, late or both' })
      .min(1, 'Choose absent, late or both')
      .max(2, 'Choose absent, late or both'),
    delayMinutes: z
      .number({ error: 'The delay must be a number of minutes' })
      .int('The delay must be a whole number of minutes')
      .min(0, 'The delay must be between 0 and 120 minutes')
      .max(120, 'The delay must be between 0 and 120 minutes'),
    /** The message per language (left out by older clients: the stored ones stay). */
    templates: absenceAlertTemplatesSchema.optional(),
  },
  { error: 'Send the absence alert settings as an object' },
);
export type AbsenceAlertSettingsInput = z.infer<typeof absenceAlertSettingsSchema>;
/** As stored and answered: the templates are always there (the defaults until the office edits them). */
export type AbsenceAlertSettings = Omit<AbsenceAlertSettingsInput, 'templates'> & { templates: AbsenceAlertTemplates };

/** The parents' webhook: an HTTPS address (http only for 127.0.0.1/localhost tests) and its signing secret. */
export const parentWebhookInputSchema = z.object(
  {
    url: z
      .string({ error: 'The webhook address must be text' })
      .trim()
      .max(500, 'The webhook address must be at most 500 characters')
      .refine((url) => url === '' || /^https:\/\/\S+$/.test(url) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/\S*)?$/.test(url), 'The webhook address must start with https://')
      .nullable()
      .transform((url) => url || null),
    /** Left out: the stored secret stays; null clears it (no signed webhook is sent without one). */
    secret: z
      .string({ error: 'The secret must be text' })
      .min(16, 'The secret must be at least 16 characters')
      .max(200, 'The secret must be at most 200 characters')
      .nullable()
      .optional(),
  },
  { error: 'Send the webhook settings as an object' },
);

/** PUT /api/admin/settings/parent-alerts: the absence alerts and the parents' webhook (each left out: unchanged). */
export const parentAlertSettingsInputSchema = z.object(
  { absenceAlerts: absenceAlertSettingsSchema.optional(), parentWebhook: parentWebhookInputSchema.optional() },
  { error: 'Send the settings as an object' },
);
export type ParentAlertSettingsInput = z.input<typeof parentAlertSettingsInputSchema>;

const translationOutput = z.object({ tagline: z.string().optional(), address: z.string().optional(), officeHours: z.string().optional() });

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
  /**
   * Whether the public pages carry the product's sample words (9th to 12th, JEE and NEET, a weekly test):
   * the first academy's; false for an academy started at sign-up, whose pages say only what its owner wrote.
   */
  samplePages: z.boolean().optional(),
  /** Where the academy is on a map; null when the office has not given it. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** Tagline, address and office hours per language, where the office wrote them (English is the main fields). */
  translations: z.object({ mr: translationOutput.optional(), hi: translationOutput.optional() }),
  /** The admission form may prove a family's phone instead of an email (WhatsApp or SMS is on, issue 37). */
  phoneCodes: z.boolean().optional(),
  /** The standards' and subjects' names in Marathi and Hindi, by id, where the office wrote them (issue 42). */
  localNames: z.object({ standards: z.record(z.string(), namesInLanguagesSchema), subjects: z.record(z.string(), namesInLanguagesSchema) }).optional(),
  /** The academy's own language, chosen at sign-up (issue 73): the default of the office's forms for new accounts. */
  language: z.enum(LANGUAGES).optional(),
  /** The academy's own logo, main colour and the name under its app icon (issue 78). */
  brand: publicBrandSchema,
});
export type PublicAcademySettings = z.infer<typeof publicAcademySettingsSchema>;

/** The admin's view (GET/PUT /api/admin/settings): the same fields and when they last changed. */
export const academySettingsSchema = publicAcademySettingsSchema.extend({
  backupTime: z.string(),
  absenceAlerts: absenceAlertSettingsSchema.extend({ templates: z.object({ en: z.string(), mr: z.string(), hi: z.string() }) }),
  /** The secret itself never leaves the server. */
  parentWebhook: z.object({ url: z.string().nullable(), secretSet: z.boolean() }),
  /** Payments dated before this day are refused; null: from the start of the previous financial year. */
  paymentsLockedBefore: z.string().nullable(),
  /** The month's fee collection target in rupees; null: none set. Not public. */
  monthlyFeeTarget: z.number().nullable(),
  /** Days after the joining date a late joiner's past instalments fall due (decision 039). */
  lateJoinerGraceDays: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AcademySettings = z.infer<typeof academySettingsSchema>;
