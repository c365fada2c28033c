import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import type { AbsenceAlertSettingsInput, AcademyTranslations, Testimonial } from '@academy/shared/schemas/settings';
import type { BrandFile } from '@academy/shared/schemas/brand';
import type { MessageKind } from '@academy/shared/schemas/messaging';
import type { LectureRecorders } from '@academy/shared/schemas/lecture-settings';
import { academies } from './academies';
import { academyId } from './academy-column';
import { requiredRef, updatedAt } from './columns';

/** The brand as stored: unset fields are the defaults (today's colour, a short form of the name, no logo). */
/** Settings → Lectures as stored (decision 088); a field left out takes its default (lecture-settings.ts). */
export type StoredLectureSettings = { recorders?: LectureRecorders; teacherIds?: string[]; keepDays?: number | null; offlineDays?: number };

export type StoredBrand = {
  colour?: string;
  shortName?: string;
  logo?: { version: string; files: Partial<Record<BrandFile, string>> };
};

/** The messaging settings as stored (defaults fill what is missing). */
export type StoredMessaging = {
  whatsapp?: { enabled: boolean; phoneNumberId: string | null; templates: Partial<Record<MessageKind, string>> };
  sms?: { enabled: boolean; senderId: string | null; templates: Partial<Record<MessageKind, string>> };
  fallbackMinutes?: number;
  quietHours?: { from: string; to: string } | null;
};
// `msg91WebhookToken`: the token in MSG91's delivery-report address once the admin has rotated it (issue 53);
// until then the token is derived from the server's key (msg91WebhookToken in messaging-settings.service.ts).
export const MESSAGING_SECRET_NAMES = ['whatsappAccessToken', 'whatsappAppSecret', 'whatsappVerifyToken', 'msg91AuthKey', 'msg91WebhookToken'] as const;
export type MessagingSecretName = (typeof MESSAGING_SECRET_NAMES)[number];

/**
 * The academy's own details, edited by the admin. One row per academy (its academy_id is the key),
 * so a second row cannot exist, and the service creates the row with defaults when it is missing.
 */
export const academySettings = academyTable(
  'academy_settings',
  {
    // One row per academy (issue 55): the academy's own details.
    academyId: academyId().primaryKey(),
    name: varchar({ length: 120 }).notNull(),
    tagline: varchar({ length: 200 }).notNull(),
    address: varchar({ length: 300 }).notNull(),
    phones: text().array().notNull(),
    email: varchar({ length: 254 }).notNull(),
    officeHours: varchar({ length: 200 }).notNull(),
    // Where the academy is on a map (issue 41: search engines' local results), both or neither.
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    facebookUrl: varchar({ length: 500 }),
    instagramUrl: varchar({ length: 500 }),
    youtubeUrl: varchar({ length: 500 }),
    whatsappUrl: varchar({ length: 500 }),
    timeZone: varchar({ length: 64 }).notNull(),
    // HH:mm in the academy's time zone: when the daily automatic backup runs.
    backupTime: varchar({ length: 5 }).notNull().default('02:00'),
    // What families say, shown on the landing page only when the admin has entered some (none by default).
    testimonials: jsonb().$type<Testimonial[]>().notNull().default([]),
    // Whether the public pages show the product's sample words about the academy (9th to 12th, JEE and
    // NEET, a test every week): the first academy's (the demo's); an academy started at sign-up has only
    // what its owner wrote (issue 73).
    samplePages: boolean().notNull().default(true),
    // Same-day absence alerts to parents (issue 21): on/off, which marks, the correction delay, the
    // message per language (`templates`: absent until the office edits them, then the defaults apply).
    absenceAlerts: jsonb().$type<AbsenceAlertSettingsInput>().notNull().default({ enabled: true, statuses: ['absent'], delayMinutes: 10 }),
    // The academy's SMS/WhatsApp provider: messages to parents are POSTed here, signed with the secret (HMAC-SHA256).
    parentWebhookUrl: varchar({ length: 500 }),
    // Encrypted at rest (lib/secret-box.ts, AES-256-GCM keyed from APP_SECRET): never stored or backed up in clear.
    parentWebhookSecret: text(),
    // WhatsApp and SMS to families (issue 37): which channels are on, ids, template names per kind,
    // SMS fallback minutes, quiet hours. No credential here: those are in `messagingSecrets`.
    messaging: jsonb().$type<StoredMessaging>().notNull().default({}),
    // The providers' credentials, each sealed (lib/secret-box.ts) under its own context: never in clear.
    messagingSecrets: jsonb().$type<Partial<Record<MessagingSecretName, string>>>().notNull().default({}),
    // Fees paid by UPI (issue 38): the academy's own UPI ID and the name UPI apps show for it; unset: no UPI requests.
    // `statementMapping`: the columns of the academy's bank's statement when it is not HDFC, SBI or ICICI.
    payments: jsonb()
      .$type<{ upi?: { vpa: string; payeeName: string }; statementMapping?: { date: string; narration: string; reference: string | null; credit: string } }>()
      .notNull()
      .default({}),
    // Payments dated before this day are refused (the books are closed); unset: the previous financial year's start.
    paymentsLockedBefore: date({ mode: 'string' }),
    // Tagline, address and office hours in Marathi and Hindi (issue 42); English is the columns above.
    translations: jsonb().$type<AcademyTranslations>().notNull().default({}),
    // The fees the academy means to collect in a month (issue 42, the owner's dashboard), whole paise; unset: no target.
    monthlyFeeTargetPaise: bigint({ mode: 'number' }),
    // A late joiner's instalments already past fall due this many days after the joining date (issue 42, decision 039).
    lateJoinerGraceDays: integer().notNull().default(7),
    // Homework (issue 59): the weekly summary to parents, and removing pages older than a term. Both off until chosen.
    homework: jsonb().$type<{ weeklySummary?: boolean; removeOldPages?: boolean }>().notNull().default({}),
    // The academy's own brand (issue 78, decision 080): its main colour, the name under its app icon, and
    // its logo as generated pictures (the stored files' keys in the academy's folder, by name, and their version).
    brand: jsonb().$type<StoredBrand>().notNull().default({}),
    // Its own Play Store app (issue 78): the package name and the signing certificates' SHA-256 fingerprints.
    app: jsonb().$type<{ packageName?: string; fingerprints?: string[] }>().notNull().default({}),
    // Lectures (issue 75, decision 088): who may record, how long lectures and phones' downloads are kept.
    lectures: jsonb().$type<StoredLectureSettings>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('academy_settings_late_joiner_grace_days', sql`${table.lateJoinerGraceDays} between 0 and 60`),
    // One to three numbers (issue 73: one is enough, the others optional).
    check('academy_settings_phones_count', sql`cardinality(${table.phones}) between 1 and 3`),
    check('academy_settings_monthly_fee_target', sql`${table.monthlyFeeTargetPaise} is null or ${table.monthlyFeeTargetPaise} > 0`),
    check('academy_settings_location', sql`(${table.latitude} is null) = (${table.longitude} is null) and coalesce(${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180, true)`),
  ],
);

/**
 * A platform table (issue 55, decision 053; named in lib/tenancy.ts PLATFORM_TABLES): ids and times only,
 * never an academy's content, so that work finds its academy before any academy is entered.
 *
 * Which academy a WhatsApp Business phone number belongs to: Meta's webhook names the number
 * (`metadata.phone_number_id`), so a delivery arriving at the base domain finds its academy, and that
 * academy's app secret checks its signature. Kept when an academy saves its WhatsApp settings.
 */
export const academyWhatsappNumbers = pgTable(
  'academy_whatsapp_numbers',
  {
    phoneNumberId: varchar({ length: 64 }).primaryKey(),
    academyId: requiredRef(() => academies.id, 'cascade'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('academy_whatsapp_numbers_academy_idx').on(table.academyId)],
);
