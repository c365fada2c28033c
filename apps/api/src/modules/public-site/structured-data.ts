import { daysBetween, formatDate } from '@academy/shared/calendar';
import { academyInLanguage, localNamesIn } from '@academy/shared/academy-words';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { pageAddress } from '@academy/shared/public-site';
import type { CourseBatch } from '@academy/shared/schemas/courses';
import { WEEKDAYS } from '@academy/shared/schedule';
import { brandFileUrl } from '@academy/shared/schemas/brand';
import { courseDays, courseTimes, type Academy } from './share-cards';

/*
 * The structured data of the public pages (issue 41): JSON-LD that search engines read beside the
 * HTML. Every page names the academy (an EducationalOrganization that is also a LocalBusiness); the
 * courses page lists the open courses and a course's page describes it, each a Course with the batch
 * as its CourseInstance and the weekly timetable as its Schedule. Nothing is invented: what Settings
 * do not say in a form a machine can read (opening hours as free text, no map position) is left out.
 * Shapes: schema.org's Course, CourseInstance, Schedule, PostalAddress; Google's course rich results
 * ask for a Course's name, description and provider, and an instance's mode and schedule.
 */

type JsonLd = Record<string, unknown>;

/** Where the site is and which language the page is in. */
export interface SiteContext {
  origin: string;
  language: Language;
}

/** The share image of a course, as og:image and the structured data give it. */
export function courseImageUrl(origin: string, slug: string, language: Language): string {
  return `${origin}/api/public/share-image/courses/${encodeURIComponent(slug)}.png?lang=${language}`;
}

/** A course page's address in a language, absolute (non-ASCII words percent-encoded). */
export function courseUrl(origin: string, slug: string, language: Language): string {
  return new URL(pageAddress(`/courses/${slug}`, language), origin).href;
}

const organizationId = (origin: string) => `${origin}/#organization`;

/** India's states and union territories, to recognise one named in the academy's address. */
const INDIAN_STATES = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh',
  'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha',
  'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi', 'Jammu and Kashmir',
  'Ladakh', 'Lakshadweep', 'Puducherry',
];

/**
 * The academy's address (free text in Settings) as a PostalAddress: the country (the academy's
 * phones are Indian), and what the text itself states in the usual Indian order "…, Latur,
 * Maharashtra 413512": a six-digit PIN as the postal code, a state's name as the region and the part
 * just before it as the town; the street address is the rest (issue 53: not the town, region and PIN
 * again), or the whole text when nothing else was recognised. Nothing else is guessed.
 */
export function postalAddress(text: string): JsonLd {
  const oneLine = text.split(/\s*[\n,]\s*/).filter(Boolean).join(', ');
  const address: JsonLd = { '@type': 'PostalAddress', streetAddress: oneLine, addressCountry: 'IN' };
  const pins = [...oneLine.matchAll(/(?<!\d)(\d{3}) ?(\d{3})(?!\d)/g)];
  if (pins.length === 1) address.postalCode = `${pins[0]![1]}${pins[0]![2]}`;
  const parts = oneLine.split(', ');
  const named = new Set<number>();
  const stateIndex = parts.findIndex((part) => INDIAN_STATES.some((state) => part.toLowerCase().replace(/[\s\d-]+$/, '') === state.toLowerCase()));
  if (stateIndex >= 0) {
    address.addressRegion = INDIAN_STATES.find((state) => parts[stateIndex]!.toLowerCase().startsWith(state.toLowerCase()));
    named.add(stateIndex);
    const town = parts[stateIndex - 1]?.replace(/[\s-]*\d{3} ?\d{3}$/, '').trim();
    if (town && !/\d/.test(town)) {
      address.addressLocality = town;
      named.add(stateIndex - 1);
    }
  }
  const street = parts
    .filter((part, index) => !named.has(index) && !/^india$/i.test(part))
    .map((part) => (address.postalCode ? part.replace(/[\s-]*(?:PIN[:\s-]*)?(?<!\d)\d{3} ?\d{3}(?!\d)/i, '').trim() : part))
    .filter(Boolean);
  if (street.length > 0 && named.size + (address.postalCode ? 1 : 0) > 0) address.streetAddress = street.join(', ');
  return address;
}

const DAY_CODES: Record<string, string> = {
  mon: 'Mo', monday: 'Mo', tue: 'Tu', tues: 'Tu', tuesday: 'Tu', wed: 'We', wednesday: 'We', thu: 'Th', thur: 'Th', thurs: 'Th', thursday: 'Th',
  fri: 'Fr', friday: 'Fr', sat: 'Sa', saturday: 'Sa', sun: 'Su', sunday: 'Su',
};
const DAY = '([a-z]+)\\.?';
const TIME = '(\\d{1,2})(?:[:.](\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)?';
const RANGE = '\\s*(?:to|-|–|—)\\s*';
const SEGMENT = new RegExp(`^${DAY}(?:${RANGE}${DAY})?\\s*:?\\s*${TIME}${RANGE}${TIME}$`);

function clock(hours: string, minutes: string | undefined, meridiem: string | undefined): string | null {
  let hour = Number(hours);
  const minute = Number(minutes ?? '0');
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * The office hours of Settings (free text) as schema.org openingHours ("Mo-Sa 10:00-18:00"), when
 * every part of the text reads as days and times in English ("Monday to Saturday 10:00 AM to 6:00 PM,
 * Sunday closed"); a part saying "closed" needs nothing. Any other text: null, and the structured
 * data says nothing of hours rather than something wrong.
 */
export function openingHours(text: string): string[] | null {
  const hours: string[] = [];
  for (const segment of text.toLowerCase().split(/[,;\n]|\band\b/).map((part) => part.trim()).filter(Boolean)) {
    if (/\b(closed|holiday|holidays|off)\b/.test(segment)) continue;
    const match = SEGMENT.exec(segment);
    if (!match) return null;
    const [, firstDay = '', lastDay, openHour = '', openMinute, openMeridiem, closeHour = '', closeMinute, closeMeridiem] = match;
    const first = DAY_CODES[firstDay];
    const last = lastDay === undefined ? undefined : DAY_CODES[lastDay];
    // "10 to 6 PM": the opening time takes the closing one's AM/PM only when it has none and that stays before closing.
    const close = clock(closeHour, closeMinute, closeMeridiem);
    let open = clock(openHour, openMinute, openMeridiem ?? closeMeridiem);
    if (open && close && open >= close && !openMeridiem) open = clock(openHour, openMinute, 'am');
    if (!first || (lastDay !== undefined && !last) || !open || !close || open >= close) return null;
    hours.push(`${last ? `${first}-${last}` : first} ${open}-${close}`);
  }
  return hours.length > 0 ? hours : null;
}

/** The academy as every public page describes it, in the page's language (its tagline and share image). */
export function organizationLd(settings: Academy, origin: string, language: Language = 'en'): JsonLd {
  const academy = academyInLanguage(settings, language);
  const phones = [...new Set(academy.phones.filter((phone) => phone.trim() !== ''))];
  const sameAs = Object.values(academy.socialLinks).filter((link): link is string => typeof link === 'string' && link.trim() !== '');
  const hours = openingHours(settings.officeHours);
  return {
    '@type': ['EducationalOrganization', 'LocalBusiness'],
    '@id': organizationId(origin),
    name: academy.name,
    ...(academy.tagline.trim() ? { description: academy.tagline } : {}),
    url: `${origin}/`,
    // The academy's own logo's square icon when it has one (issue 78), else the product's.
    logo: settings.brand?.logoUrl ? `${origin}${brandFileUrl(settings.brand.logoUrl, 'icon-512')}` : `${origin}/icon-512.png`,
    image: `${origin}/api/public/share-image/home.png?lang=${language}`,
    ...(phones[0] ? { telephone: phones[0] } : {}),
    ...(phones.length > 1 ? { contactPoint: phones.map((telephone) => ({ '@type': 'ContactPoint', telephone, contactType: 'customer service', areaServed: 'IN', availableLanguage: ['en', 'mr', 'hi'] })) } : {}),
    ...(academy.email ? { email: academy.email } : {}),
    // The address as Settings have it in English: the parts a machine reads (state, PIN) are English words.
    address: postalAddress(settings.address),
    ...(hours ? { openingHours: hours } : {}),
    ...(academy.location ? { geo: { '@type': 'GeoCoordinates', latitude: academy.location.latitude, longitude: academy.location.longitude } } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

const SCHEMA_DAYS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'https://schema.org/Monday',
  tue: 'https://schema.org/Tuesday',
  wed: 'https://schema.org/Wednesday',
  thu: 'https://schema.org/Thursday',
  fri: 'https://schema.org/Friday',
  sat: 'https://schema.org/Saturday',
  sun: 'https://schema.org/Sunday',
};

/** "17:00" to "18:30" → "PT1H30M". */
function classDuration(startTime: string, endTime: string): string {
  const minutes = (time: string) => {
    const [hours = 0, mins = 0] = time.split(':').map(Number);
    return hours * 60 + mins;
  };
  const length = minutes(endTime) - minutes(startTime);
  const hours = Math.floor(length / 60);
  const rest = length % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** A course's description: the office's own words, else one sentence of its facts in the page's language. */
export function courseDescription(course: CourseBatch, academy: Pick<Academy, 'localNames'>, language: Language): string {
  if (course.description.trim() !== '') return course.description.trim();
  const names = localNamesIn(academy.localNames, language);
  return word('publicSite', '{subject} for {standard}: {days}, {times}, from {start} to {end}. Teacher: {teacher}.', language, {
    subject: names.subject(course.subject),
    standard: names.standard(course.standard),
    days: courseDays(course.scheduleDays, language),
    times: courseTimes(course),
    start: formatDate(course.startDate),
    end: formatDate(course.endDate),
    teacher: course.teacherName,
  });
}

/**
 * One open batch as a schema.org Course: its page, description, standard and subject, the academy as
 * provider, a paid offer (fees are discussed with the office, so no price), and the batch itself as
 * the CourseInstance: on site, its dates, teacher, seats, and the weekly timetable as a Schedule.
 */
export function courseLd(course: CourseBatch, academy: Academy, site: SiteContext): JsonLd {
  const url = courseUrl(site.origin, course.slug, site.language);
  const weeks = Math.max(1, Math.ceil((daysBetween(course.startDate, course.endDate) + 1) / 7));
  const place = { '@type': 'Place', name: academy.name, address: postalAddress(academy.address) };
  const names = localNamesIn(academy.localNames, site.language);
  return {
    '@type': 'Course',
    '@id': `${url}#course`,
    name: course.name,
    description: courseDescription(course, academy, site.language),
    url,
    image: courseImageUrl(site.origin, course.slug, site.language),
    educationalLevel: names.standard(course.standard),
    teaches: names.subject(course.subject),
    provider: { '@type': 'EducationalOrganization', '@id': organizationId(site.origin), name: academy.name, url: `${site.origin}/`, sameAs: `${site.origin}/` },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      url: new URL(`${pageAddress('/admission', site.language)}?course=${encodeURIComponent(course.slug)}`, site.origin).href,
      availability: course.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        name: course.name,
        courseMode: 'Onsite',
        startDate: course.startDate,
        endDate: course.endDate,
        location: place,
        instructor: [{ '@type': 'Person', name: course.teacherName }],
        maximumAttendeeCapacity: course.capacity,
        remainingAttendeeCapacity: course.seatsLeft,
        courseSchedule: {
          '@type': 'Schedule',
          repeatFrequency: 'Weekly',
          repeatCount: weeks,
          byDay: WEEKDAYS.filter((day) => course.scheduleDays.includes(day)).map((day) => SCHEMA_DAYS[day]),
          startTime: course.startTime,
          endTime: course.endTime,
          duration: classDuration(course.startTime, course.endTime),
          startDate: course.startDate,
          endDate: course.endDate,
          scheduleTimezone: academy.timeZone,
        },
      },
    ],
  };
}

/** The courses page: every open course, in the page's order. */
export function courseListLd(courses: readonly CourseBatch[], academy: Academy, site: SiteContext): JsonLd {
  return {
    '@type': 'ItemList',
    name: word('publicSite', 'Courses at {academy}', site.language, { academy: academy.name }),
    itemListElement: courses.map((course, index) => ({ '@type': 'ListItem', position: index + 1, item: courseLd(course, academy, site) })),
  };
}

/**
 * The page's JSON-LD as one `<script type="application/ld+json">`: a graph of the given things. `<`
 * is written as \u003c, so no text (a batch named "</script>…") can end the element.
 */
export function jsonLdScript(graph: JsonLd[]): string {
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': graph });
  return `<script type="application/ld+json">${json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}</script>`;
}
