import { describe, expect, it } from 'vitest';
import type { CourseBatch } from '@academy/shared/schemas/courses';
import { courseDescription, courseLd, courseListLd, jsonLdScript, openingHours, organizationLd, postalAddress } from './structured-data';
import type { Academy } from './share-cards';

const ORIGIN = 'https://academy.example.in';

const ACADEMY: Academy = {
  name: 'Shree Academy, Latur',
  tagline: 'Coaching for 9th to 12th',
  address: 'Shivaji Chowk, Latur, Maharashtra 413512',
  phones: ['+919876543210', '+919876543211', '+919876543210'],
  email: 'office@academy.example.in',
  officeHours: 'Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed',
  socialLinks: { facebook: 'https://facebook.com/shree', instagram: null, youtube: null, whatsapp: null },
  timeZone: 'Asia/Kolkata',
};

const COURSE: CourseBatch = {
  _id: '3f9c2a1b-4e5d-4f00-9abc-1234567890ab',
  name: '11th Physics A',
  slug: '11th-physics-a-3f9c2a1b4e',
  description: '',
  standard: { _id: '00000000-0000-4000-8000-000000000001', name: '11th Science' },
  subject: { _id: '00000000-0000-4000-8000-000000000002', name: 'Physics' },
  teacherName: 'Priya Kulkarni',
  scheduleDays: ['mon', 'wed', 'fri'],
  startTime: '17:00',
  endTime: '18:30',
  startDate: '2026-06-01',
  endDate: '2026-06-28',
  capacity: 40,
  enrolledCount: 28,
  fees: [],
  seatsLeft: 12,
};

describe('the academy as structured data', () => {
  it('is an EducationalOrganization and a LocalBusiness with its contacts, address and hours', () => {
    const organization = organizationLd(ACADEMY, ORIGIN);
    expect(organization['@type']).toEqual(['EducationalOrganization', 'LocalBusiness']);
    expect(organization).toMatchObject({
      '@id': `${ORIGIN}/#organization`,
      name: 'Shree Academy, Latur',
      description: 'Coaching for 9th to 12th',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/icon-512.png`,
      telephone: '+919876543210',
      email: 'office@academy.example.in',
      openingHours: ['Mo-Sa 10:00-18:00'],
      sameAs: ['https://facebook.com/shree'],
      address: { '@type': 'PostalAddress', streetAddress: 'Shivaji Chowk', addressLocality: 'Latur', addressRegion: 'Maharashtra', postalCode: '413512', addressCountry: 'IN' },
    });
    // Each phone once.
    expect((organization.contactPoint as { telephone: string }[]).map((point) => point.telephone)).toEqual(['+919876543210', '+919876543211']);
    // No map position in Settings: none invented.
    expect(organization).not.toHaveProperty('geo');
  });

  it('describes the academy in the page’s language: the tagline as Settings have it in Marathi, the Marathi share image', () => {
    const academy = { ...ACADEMY, translations: { mr: { tagline: 'इयत्ता ९ वी ते १२ वी साठी शिकवणी', address: '', officeHours: '' } } } as typeof ACADEMY;
    const organization = organizationLd(academy, ORIGIN, 'mr');
    expect(organization.description).toBe('इयत्ता ९ वी ते १२ वी साठी शिकवणी');
    expect(organization.image).toBe(`${ORIGIN}/api/public/share-image/home.png?lang=mr`);
    expect(organizationLd(academy, ORIGIN, 'en').image).toBe(`${ORIGIN}/api/public/share-image/home.png?lang=en`);
  });

  it('places the academy on the map when Settings give its position', () => {
    expect(organizationLd({ ...ACADEMY, location: { latitude: 18.4088, longitude: 76.5604 } }, ORIGIN).geo).toEqual({ '@type': 'GeoCoordinates', latitude: 18.4088, longitude: 76.5604 });
  });

  it('leaves out the hours when Settings do not say them in days and times', () => {
    expect(organizationLd({ ...ACADEMY, officeHours: 'Call us any time' }, ORIGIN)).not.toHaveProperty('openingHours');
    // The academy's own logo (issue 78): its 512-pixel square icon, at its own address.
    expect(organizationLd({ ...ACADEMY, brand: { colour: '#0b7285', shortName: 'Shree', logoUrl: '/api/public/brand/logo.png?v=0123456789abcdef' } }, ORIGIN).logo).toBe(
      `${ORIGIN}/api/public/brand/icon-512.png?v=0123456789abcdef`,
    );
    expect(openingHours('Call us any time')).toBeNull();
    expect(openingHours('Monday to Saturday 10:00 AM to 6:00 PM, Sunday by appointment')).toBeNull();
  });

  it('reads office hours written the usual ways', () => {
    expect(openingHours('Mon-Sat 9 am - 7 pm')).toEqual(['Mo-Sa 09:00-19:00']);
    expect(openingHours('Monday to Friday 10 to 6 PM; Saturday 10:00 AM to 1:00 PM; Sunday closed')).toEqual(['Mo-Fr 10:00-18:00', 'Sa 10:00-13:00']);
    expect(openingHours('Mon–Sat 08:00–20:00')).toEqual(['Mo-Sa 08:00-20:00']);
    // Closing before opening is not read as hours.
    expect(openingHours('Monday 6 PM to 10 AM')).toBeNull();
    expect(openingHours('Sunday closed')).toBeNull();
  });

  it('states only what the address text says', () => {
    expect(postalAddress('Near the bus stand\nAusa Road')).toEqual({ '@type': 'PostalAddress', streetAddress: 'Near the bus stand, Ausa Road', addressCountry: 'IN' });
    expect(postalAddress('Plot 12, Latur - 413 512, Maharashtra')).toMatchObject({ streetAddress: 'Plot 12', addressLocality: 'Latur', addressRegion: 'Maharashtra', postalCode: '413512' });
    // The street part only: the town, region, PIN and country are their own fields.
    expect(postalAddress('2nd floor, Sai Complex\nAusa Road, Latur, Maharashtra 413512, India').streetAddress).toBe('2nd floor, Sai Complex, Ausa Road');
  });
});

describe('a course as structured data', () => {
  const course = courseLd(COURSE, ACADEMY, { origin: ORIGIN, language: 'en' });

  // Google's course rich results: a Course needs its name, description and provider (with a name);
  // course info also an offer's category and an instance with its mode and schedule (or workload).
  it("has what Google's course rich results require", () => {
    expect(course['@type']).toBe('Course');
    expect(course.name).toBe('11th Physics A');
    expect(typeof course.description).toBe('string');
    expect((course.description as string).length).toBeGreaterThan(20);
    expect(course.provider).toMatchObject({ '@type': 'EducationalOrganization', name: 'Shree Academy, Latur', sameAs: `${ORIGIN}/` });
    expect(course.offers).toMatchObject({ '@type': 'Offer', category: 'Paid' });
    const [instance] = course.hasCourseInstance as Record<string, unknown>[];
    expect(instance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Onsite', startDate: '2026-06-01', endDate: '2026-06-28' });
    expect(instance!.courseSchedule).toEqual({
      '@type': 'Schedule',
      repeatFrequency: 'Weekly',
      repeatCount: 4,
      byDay: ['https://schema.org/Monday', 'https://schema.org/Wednesday', 'https://schema.org/Friday'],
      startTime: '17:00',
      endTime: '18:30',
      duration: 'PT1H30M',
      startDate: '2026-06-01',
      endDate: '2026-06-28',
      scheduleTimezone: 'Asia/Kolkata',
    });
    expect(instance!.instructor).toEqual([{ '@type': 'Person', name: 'Priya Kulkarni' }]);
    expect(instance).toMatchObject({ maximumAttendeeCapacity: 40, remainingAttendeeCapacity: 12 });
    expect(instance!.location).toMatchObject({ '@type': 'Place', name: 'Shree Academy, Latur', address: { addressLocality: 'Latur' } });
  });

  it('lives at its page in the page language, with its share image and the admission form as offer', () => {
    const marathi = courseLd(COURSE, ACADEMY, { origin: ORIGIN, language: 'mr' });
    expect(marathi.url).toBe(`${ORIGIN}/mr/courses/11th-physics-a-3f9c2a1b4e`);
    expect(marathi.image).toBe(`${ORIGIN}/api/public/share-image/courses/11th-physics-a-3f9c2a1b4e.png?lang=mr`);
    expect(marathi.offers).toMatchObject({ url: `${ORIGIN}/mr/admission?course=11th-physics-a-3f9c2a1b4e`, availability: 'https://schema.org/InStock' });
    expect(courseLd({ ...COURSE, seatsLeft: 0 }, ACADEMY, { origin: ORIGIN, language: 'en' }).offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });

  it("is described in the office's words, else in a sentence of its facts in the page's language", () => {
    expect(courseDescription({ ...COURSE, description: '  Board and JEE together.  ' }, ACADEMY, 'mr')).toBe('Board and JEE together.');
    expect(courseDescription(COURSE, ACADEMY, 'en')).toBe('Physics for 11th Science: Mon, Wed, Fri, 5:00 PM – 6:30 PM, from 01-06-2026 to 28-06-2026. Teacher: Priya Kulkarni.');
    // Marathi: the catalog's sentence with Marathi day names.
    expect(courseDescription(COURSE, ACADEMY, 'mr')).toMatch(/^11th Science, Physics: [\u0900-\u097F]/);
    // The standard's and subject's Marathi names where the office wrote them (issue 42); Hindi has none here.
    const named = { ...ACADEMY, localNames: { standards: { [COURSE.standard._id]: { mr: 'अकरावी विज्ञान' } }, subjects: { [COURSE.subject._id]: { mr: 'भौतिकशास्त्र' } } } };
    expect(courseDescription(COURSE, named, 'mr')).toMatch(/^अकरावी विज्ञान, भौतिकशास्त्र: /);
    expect(courseDescription(COURSE, named, 'hi')).toMatch(/^11th Science|Physics/);
    expect(courseLd(COURSE, named, { origin: ORIGIN, language: 'mr' })).toMatchObject({ educationalLevel: 'अकरावी विज्ञान', teaches: 'भौतिकशास्त्र' });
  });

  it('is listed on the courses page in order', () => {
    const list = courseListLd([COURSE, { ...COURSE, slug: 'b-0000000000', name: 'B' }], ACADEMY, { origin: ORIGIN, language: 'en' });
    expect(list['@type']).toBe('ItemList');
    expect(list.name).toBe('Courses at Shree Academy, Latur');
    expect((list.itemListElement as { position: number; item: { name: string } }[]).map((item) => [item.position, item.item.name])).toEqual([
      [1, '11th Physics A'],
      [2, 'B'],
    ]);
  });
});

describe('the JSON-LD script', () => {
  it('is one graph, and no text can end its element', () => {
    const script = jsonLdScript([{ '@type': 'Course', name: 'Evil </script><script>alert(1)</script>' }]);
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = JSON.parse(script.slice('<script type="application/ld+json">'.length, -'</script>'.length));
    expect(json).toEqual({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Course', name: 'Evil </script><script>alert(1)</script>' }] });
  });
});
