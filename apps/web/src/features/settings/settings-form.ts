import { DEFAULT_BACKUP_TIME } from '@academy/shared/schemas/backups';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';
import { DEFAULT_LATE_JOINER_GRACE_DAYS, type PublicAcademySettings, type TranslatedAcademyField } from '@academy/shared/schemas/settings';
import { formatPhone } from '../../lib/phone';

/** What the settings form edits: every field a string, an empty social link meaning "none". */
export interface SettingsFormValues {
  name: string;
  tagline: string;
  address: string;
  phones: string[];
  email: string;
  officeHours: string;
  socialLinks: Record<keyof PublicAcademySettings['socialLinks'], string>;
  timeZone: string;
  backupTime: string;
  testimonials: { quote: string; name: string; detail: string }[];
  /** 'YYYY-MM-DD', or '' for no lock date (payments go back to the previous financial year's start). */
  paymentsLockedBefore: string;
  /** Days after joining a late joiner's past instalments fall due (decision 039); '' while emptied. */
  lateJoinerGraceDays: number | string;
  /** "18.4088, 76.5604" as Google Maps copies a place, or '' for none. */
  location: string;
  /** The month's fee collection target in rupees, or '' for none. */
  monthlyFeeTarget: string;
  /** Tagline, address and office hours in Marathi and Hindi; '' for English (issue 42). */
  translations: Record<'mr' | 'hi', Record<TranslatedAcademyField, string>>;
}

const translatedFields = (words: Partial<Record<TranslatedAcademyField, string>> | undefined) => ({ tagline: words?.tagline ?? '', address: words?.address ?? '', officeHours: words?.officeHours ?? '' });

export function toSettingsFormValues(
  settings: Omit<PublicAcademySettings, 'translations'> & {
    translations?: PublicAcademySettings['translations'];
    backupTime?: string;
    paymentsLockedBefore?: string | null;
    monthlyFeeTarget?: number | null;
    lateJoinerGraceDays?: number;
  },
): SettingsFormValues {
  const { facebook, instagram, youtube, whatsapp } = settings.socialLinks;
  return {
    name: settings.name,
    tagline: settings.tagline,
    address: settings.address,
    phones: [0, 1, 2].map((index) => formatPhone(settings.phones[index] ?? '')),
    email: settings.email,
    officeHours: settings.officeHours,
    socialLinks: { facebook: facebook ?? '', instagram: instagram ?? '', youtube: youtube ?? '', whatsapp: whatsapp ?? '' },
    timeZone: settings.timeZone,
    backupTime: settings.backupTime ?? DEFAULT_BACKUP_TIME,
    testimonials: settings.testimonials.map(({ quote, name, detail }) => ({ quote, name, detail })),
    paymentsLockedBefore: settings.paymentsLockedBefore ?? '',
    lateJoinerGraceDays: settings.lateJoinerGraceDays ?? DEFAULT_LATE_JOINER_GRACE_DAYS,
    location: settings.location ? `${settings.location.latitude}, ${settings.location.longitude}` : '',
    monthlyFeeTarget: settings.monthlyFeeTarget == null ? '' : String(settings.monthlyFeeTarget),
    translations: { mr: translatedFields(settings.translations?.mr), hi: translatedFields(settings.translations?.hi) },
  };
}

/**
 * The time zones to choose from: the browser's list, plus the default, UTC and the saved one (browsers
 * list only canonical names, so "Asia/Kolkata" may be missing while the server accepts it).
 */
export function timeZoneOptions(current: string, supported: readonly string[] = Intl.supportedValuesOf('timeZone')): string[] {
  const names = new Set([...supported, DEFAULT_TIME_ZONE, 'UTC']);
  if (current.trim() !== '') names.add(current);
  return [...names].sort((a, b) => a.localeCompare(b));
}
