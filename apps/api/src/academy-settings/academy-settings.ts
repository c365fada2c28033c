/**
 * The academy's settings as every module reads them: the one row (name, contact, time zone, "today",
 * the academic year, the parents' webhook, UPI payee, the homework choices). A small stable face below
 * the modules (it imports only db/ and lib/), so that reading a setting never lifts a module above the
 * settings module's writes, its routes and their audit; those stay in modules/settings, the owner of
 * `academy_settings` (its index.ts: the saves other modules' forms make).
 */
import { desc, isNull, sql } from 'drizzle-orm';
import { DEFAULT_ABSENCE_ALERT_TEMPLATES, SAMPLE_ADDRESS, SAMPLE_OFFICE_HOURS, SAMPLE_PHONES, SAMPLE_TAGLINE, type AcademySettings } from '@academy/shared/schemas/settings';
import { academicYearNameOf, todayIn } from '@academy/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';
import { paiseToRupees } from '@academy/shared/money';
import { brandFileUrl, publicBrandOf } from '@academy/shared/schemas/brand';
import type { HomeworkSettings } from '@academy/shared/schemas/homework';
import type { DbExecutor } from '../db/client';
import { academicYearRollovers, academySettings } from '../db/schema';
import { cachedRead } from '../lib/read-cache';
import { enteredAcademyAddress } from '../lib/academy-address';
import { AppError } from '../lib/app-error';
import { DATE_OF_BIRTH_IN_PAST } from '@academy/shared/schemas/students';
import { isSealed, openSecret } from '../lib/secret-box';
import type { ServerKeys } from '../lib/server-keys';
import { thisAcademy } from '../db/same-academy';

type SettingsRow = typeof academySettings.$inferSelect;
export type SettingsValues = Omit<typeof academySettings.$inferInsert, 'id' | 'updatedAt'>;

/**
 * What an academy starts with when it is not made at sign-up (the first academy of an installation, the
 * demo academy, an archive without settings); the admin replaces it in the app. Migration 0098 wrote the
 * same values for the academies that had no row: change both together.
 */
export const DEFAULT_ACADEMY_SETTINGS = {
  name: 'Shree Academy, Latur',
  tagline: SAMPLE_TAGLINE,
  address: SAMPLE_ADDRESS,
  phones: [...SAMPLE_PHONES],
  email: 'office@academy.example.in',
  officeHours: SAMPLE_OFFICE_HOURS,
  facebookUrl: null,
  instagramUrl: null,
  youtubeUrl: null,
  whatsappUrl: null,
  timeZone: DEFAULT_TIME_ZONE,
} satisfies SettingsValues;

export function toAcademySettings(row: SettingsRow): AcademySettings {
  return {
    name: row.name,
    tagline: row.tagline,
    address: row.address,
    // Each number once, none empty: a number saved three times (before issue 73) shows once on the site, receipts and payslips.
    phones: [...new Set(row.phones.filter((phone) => phone.trim() !== ''))],
    email: row.email,
    officeHours: row.officeHours,
    socialLinks: { facebook: row.facebookUrl, instagram: row.instagramUrl, youtube: row.youtubeUrl, whatsapp: row.whatsappUrl },
    timeZone: row.timeZone,
    backupTime: row.backupTime,
    // Rows saved before templates existed have none: today's defaults (the wording the alerts always had).
    absenceAlerts: { ...row.absenceAlerts, templates: row.absenceAlerts.templates ?? DEFAULT_ABSENCE_ALERT_TEMPLATES },
    parentWebhook: { url: row.parentWebhookUrl, secretSet: row.parentWebhookSecret !== null },
    paymentsLockedBefore: row.paymentsLockedBefore,
    translations: row.translations,
    monthlyFeeTarget: row.monthlyFeeTargetPaise === null ? null : paiseToRupees(row.monthlyFeeTargetPaise),
    lateJoinerGraceDays: row.lateJoinerGraceDays,
    testimonials: row.testimonials,
    samplePages: row.samplePages,
    location: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    brand: publicBrandOf(row.name, row.brand),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function readRow(db: DbExecutor): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(academySettings).where(thisAcademy(academySettings));
  return row;
}

/** An academy without its settings row: a fault (an academy made around the academies' commands). */
export function missingSettingsRow(): Error {
  return new Error("The academy has no settings row: it is made with the academy (the settings module's createAcademySettings)");
}

/**
 * The academy's settings (name for mails, time zone for "today", contact details). Only read: the row is
 * made with the academy (issue 79: sign-up, the demo academy, an import or a restore, migration 0098 for
 * the academies before), by the settings module, its owner. An academy without one is a fault, said as such.
 */
export async function getAcademySettings(db: DbExecutor): Promise<AcademySettings> {
  // Nearly every request asks for "today" in the academy's time zone: the row is kept (lib/read-cache.ts).
  return cachedRead(db, 'academy-settings', ['academy_settings'], async () => {
    const row = await readRow(db);
    if (!row) throw missingSettingsRow();
    return toAcademySettings(row);
  });
}

/** The secret box's context of the webhook secret: a sealed value moved to another column does not open. */
export const WEBHOOK_SECRET_CONTEXT = 'parent-webhook-secret';

/** Whether messages to parents go through the webhook: an address and a secret are set. */
export async function hasParentWebhook(db: DbExecutor): Promise<boolean> {
  const { parentWebhook } = await getAcademySettings(db);
  return parentWebhook.url !== null && parentWebhook.secretSet;
}

/**
 * The parents' webhook with its secret opened, for the sender only (never an API answer, never a log).
 * A secret an older version stored in clear (or a restore of such a backup brought back) is used as it
 * is: only read here; the settings module seals it at start-up and on a save (sealClearWebhookSecret).
 * Throws UnreadableSecretError when the stored secret was sealed under another APP_SECRET: the office
 * must enter it again.
 */
export async function parentWebhookConfig(db: DbExecutor, keys: ServerKeys): Promise<{ url: string; secret: string } | undefined> {
  const [row] = await db.select({ url: academySettings.parentWebhookUrl, secret: academySettings.parentWebhookSecret }).from(academySettings).where(thisAcademy(academySettings));
  if (!row?.url || !row.secret) return undefined;
  return { url: row.url, secret: isSealed(row.secret) ? openSecret(keys, WEBHOOK_SECRET_CONTEXT, row.secret) : row.secret };
}

/**
 * Today's date ('YYYY-MM-DD') where the academy is (its time zone setting), not where the server is.
 * `now` lets tests stand at any instant (e.g. just before midnight in Asia/Kolkata).
 */
export async function academyToday(db: DbExecutor, now: Date = new Date()): Promise<string> {
  const { timeZone } = await getAcademySettings(db);
  return todayIn(timeZone, now);
}

/** A date of birth after the academy's today is refused (400 on `dateOfBirth`); none given is fine. */
export async function assertDateOfBirthInPast(db: DbExecutor, dateOfBirth: string | null | undefined): Promise<void> {
  if (dateOfBirth && dateOfBirth > (await academyToday(db))) {
    throw new AppError('BAD_REQUEST', DATE_OF_BIRTH_IN_PAST, { dateOfBirth: DATE_OF_BIRTH_IN_PAST });
  }
}

/**
 * The academic year the academy is in (issue 39): today's by the calendar (1 June – 31 May), or the one
 * the latest rollover began when the office moved on before 1 June. The year switchers' default.
 */
export async function academyCurrentYear(db: DbExecutor, today: string): Promise<string> {
  const [latest] = await db
    .select({ toYear: academicYearRollovers.toYear })
    .from(academicYearRollovers)
    .where(isNull(academicYearRollovers.undoneAt))
    .orderBy(desc(academicYearRollovers.toYear))
    .limit(1);
  const byDate = academicYearNameOf(today);
  return latest && latest.toYear > byDate ? latest.toYear : byDate;
}

/** The payee of every UPI request, or null when the academy has no UPI ID yet (one statement: every ledger reads it). */
export async function upiPayee(db: DbExecutor): Promise<{ vpa: string; payeeName: string } | null> {
  const [row] = await db.select({ payments: academySettings.payments }).from(academySettings).where(thisAcademy(academySettings));
  return row?.payments.upi ?? null;
}

/** Settings → Homework (issue 59): both choices are off until the admin turns them on. */
export async function homeworkSettings(db: DbExecutor): Promise<HomeworkSettings> {
  const [row] = await db.select({ homework: academySettings.homework }).from(academySettings).where(thisAcademy(academySettings));
  return { weeklySummary: row?.homework.weeklySummary ?? false, removeOldPages: row?.homework.removeOldPages ?? false };
}

/**
 * The academy's logo as the papers' header draws it (issue 78: a PNG at most 360 × 120, white behind a
 * clear logo, kept with the brand by modules/settings), or undefined when the academy has none.
 */
export async function academyHeaderLogo(db: DbExecutor): Promise<Buffer | undefined> {
  const base64 = await cachedRead(db, 'academy-header-logo', ['academy_settings'], async () => {
    const [row] = await db.select({ logo: sql<string | null>`${academySettings.brand}->>'headerLogo'` }).from(academySettings).where(thisAcademy(academySettings));
    return row?.logo ?? null;
  });
  return base64 ? Buffer.from(base64, 'base64') : undefined;
}

/**
 * The academy's brand as its mails show it (issue 78, decision 085): its colour, and its logo by absolute
 * address at `origin` (a request's known address) or else the academy's own address; no logo without one.
 */
export async function academyMailBrand(db: DbExecutor, origin?: string): Promise<{ colour: string; logoUrl: string | null }> {
  const { brand } = await getAcademySettings(db);
  if (!brand.logoUrl) return { colour: brand.colour, logoUrl: null };
  const address = (origin ?? (await enteredAcademyAddress()))?.replace(/\/+$/, '');
  return { colour: brand.colour, logoUrl: address ? `${address}${brandFileUrl(brand.logoUrl, 'logo')}` : null };
}
