import { formatClock, formatDate } from '@academy/shared/calendar';
import { word, type CatalogText } from '@academy/shared/i18n/server-catalog';
import { INTL_LOCALES, type Language } from '@academy/shared/languages';
import { formatIndianPhone } from '@academy/shared/phone-format';
import type { PublicPage } from '@academy/shared/public-site';
import type { CourseBatch } from '@academy/shared/schemas/courses';
import { localNamesIn } from '@academy/shared/academy-words';
import { academyInLanguage, type PublicAcademySettings } from '@academy/shared/schemas/settings';
import { WEEKDAYS } from '@academy/shared/schedule';
import type { ShareCard } from '../../lib/share-card';

/*
 * What a page's or a course's share image says, in the page's language (issue 41). Titles are the
 * pages' own (the web app's catalogs word them; the server catalog's `publicSite` section holds the
 * same words); names, the tagline and the address stay as the office typed them.
 */

/** The academy as the cards and structured data need it. */
export type Academy = Pick<PublicAcademySettings, 'name' | 'tagline' | 'address' | 'phones' | 'email' | 'officeHours' | 'socialLinks' | 'timeZone'> & {
  location?: PublicAcademySettings['location'];
  translations?: PublicAcademySettings['translations'];
  /** Standards' and subjects' names in Marathi and Hindi (issue 42): courses are named by them. */
  localNames?: PublicAcademySettings['localNames'];
  /** The academy's logo and colour (issue 78): its structured data names its own logo. */
  brand?: PublicAcademySettings['brand'];
};

/** Each public page's title; the landing page shows the academy's tagline instead. */
const PAGE_TITLES: Record<Exclude<PublicPage, '/'>, CatalogText<'publicSite'>> = {
  '/courses': 'Courses',
  '/about': 'About Us',
  '/contact': 'Contact Us',
  '/resources': 'Resources',
  '/admission': 'Registration',
  '/login': 'Login',
  '/forgot-password': 'Forgot Password',
  '/terms-of-service': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/cookies-policy': 'Cookies Policy',
};

// 2 January 2000 was a Sunday: day index 0 … 6 from there.
const WEEKDAY_DATE: Record<(typeof WEEKDAYS)[number], number> = { sun: 2, mon: 3, tue: 4, wed: 5, thu: 6, fri: 7, sat: 8 };

/** "Mon, Wed, Fri" in the language (the runtime's calendar data, as the web app's course cards), or "Every day". */
export function courseDays(days: CourseBatch['scheduleDays'], language: Language): string {
  const unique = WEEKDAYS.filter((day) => days.includes(day));
  if (unique.length === 7) return word('publicSite', 'Every day', language);
  if (unique.length === 6 && !unique.includes('sun')) return word('publicSite', 'Monday to Saturday', language);
  const format = new Intl.DateTimeFormat(`${INTL_LOCALES[language]}-u-nu-latn`, { weekday: 'short', timeZone: 'UTC' });
  return unique.map((day) => format.format(new Date(Date.UTC(2000, 0, WEEKDAY_DATE[day])))).join(', ');
}

/** "5:00 PM – 6:30 PM": times read the same in every language (DESIGN section 8). */
export function courseTimes(course: Pick<CourseBatch, 'startTime' | 'endTime'>): string {
  return `${formatClock(course.startTime)} – ${formatClock(course.endTime)}`;
}

/** "01-06-2026 to 31-03-2027" in the language. */
export function courseDates(course: Pick<CourseBatch, 'startDate' | 'endDate'>, language: Language): string {
  return word('publicSite', '{start} to {end}', language, { start: formatDate(course.startDate), end: formatDate(course.endDate) });
}

/** The footer of every card: admissions are open, and the first phone number. */
function footerOf(academy: Academy, language: Language): string {
  const phone = academy.phones.find((value) => value.trim() !== '');
  const open = word('publicSite', 'Admissions open', language);
  return phone ? `${open} · ${formatIndianPhone(phone)}` : open;
}

/** A public page's card: its title (the landing page: the tagline) and the tagline or address below. */
export function pageCard(settings: Academy, page: PublicPage, language: Language): ShareCard {
  // The tagline and address as the office wrote them in the page's language, else English (issue 42).
  const academy = academyInLanguage(settings, language);
  const tagline = academy.tagline.trim();
  if (page === '/') {
    return { header: academy.name, title: tagline || academy.name, lines: [academy.address.replace(/\s*\n\s*/g, ', ')], footer: footerOf(academy, language) };
  }
  return { header: academy.name, title: word('publicSite', PAGE_TITLES[page], language), lines: tagline ? [tagline] : [], footer: footerOf(academy, language) };
}

/** A course's card: its name, standard and subject, days and times, teacher. */
export function courseCard(academy: Academy, course: CourseBatch, language: Language): ShareCard {
  const names = localNamesIn(academy.localNames, language);
  return {
    header: academy.name,
    title: course.name,
    lines: [
      `${names.standard(course.standard)} · ${names.subject(course.subject)}`,
      `${courseDays(course.scheduleDays, language)} · ${courseTimes(course)}`,
      word('publicSite', 'Teacher: {name}', language, { name: course.teacherName }),
    ],
    footer: footerOf(academy, language),
  };
}

/** What a card shows, as one sentence: the image's alternative text. */
export function cardAltText(card: ShareCard): string {
  return [card.title, ...card.lines, card.header].filter((text) => text.trim() !== '').join('. ');
}
