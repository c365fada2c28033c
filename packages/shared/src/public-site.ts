import type { Language } from './languages';

/*
 * The public site's addresses (issues 17, 20 and 41): the pages every visitor may read, each also
 * under /mr and /hi, and one page per open course. The web app renders them (entry-server.tsx names
 * the same pages); the API lists them in /sitemap.xml and draws their share images. Plain values,
 * no zod: the web's server build and the API both import this.
 */

/** Every public page, without its language prefix. */
export const PUBLIC_PAGES = [
  '/',
  '/courses',
  '/about',
  '/contact',
  '/resources',
  '/admission',
  '/login',
  '/forgot-password',
  '/terms-of-service',
  '/privacy-policy',
  '/cookies-policy',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * The pages search engines are told of in /sitemap.xml: all but signing in and its reset form, which
 * are reachable and indexable but say nothing a search should lead to.
 */
export const SITEMAP_PAGES: readonly PublicPage[] = PUBLIC_PAGES.filter((page) => page !== '/login' && page !== '/forgot-password');

/** The name of a page's share image ("home" for the landing page): /api/public/share-image/{name}.png. */
export function sharePageName(page: PublicPage): string {
  return page === '/' ? 'home' : page.slice(1);
}

/** The public page a share image's name stands for, or undefined for a name that is none. */
export function pageOfShareName(name: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((page) => sharePageName(page) === name);
}

/** How many hex digits of a batch's id its course address carries. */
const ID_PART_LENGTH = 10;
/** The words of a course address are cut to this many letters: an address stays shareable. */
const MAX_WORDS_LENGTH = 60;

/**
 * A course's address on the public site (/courses/{slug}): the batch's name made readable, then the
 * first ten hex digits of its id ("11th Physics A", "3f9c2a1b-4e…" → "11th-physics-a-3f9c2a1b4e").
 * Nothing is stored: the id part finds the batch, and an address whose words are out of date (the
 * batch was renamed) is sent on to the current one. Letters of any script are kept (a Marathi name
 * stays Marathi); everything else becomes a hyphen.
 */
export function courseSlug(name: string, id: string): string {
  const words = Array.from(
    name
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
    .slice(0, MAX_WORDS_LENGTH)
    .join('')
    .replace(/-+$/, '');
  const idPart = id.replace(/-/g, '').slice(0, ID_PART_LENGTH).toLowerCase();
  return words === '' ? idPart : `${words}-${idPart}`;
}

/** The id part of a course address ("…-3f9c2a1b4e" → "3f9c2a1b4e"), or null when it has none. */
export function courseIdPart(slug: string): string | null {
  const match = new RegExp(`(?:^|-)([0-9a-f]{${ID_PART_LENGTH}})$`).exec(slug);
  return match?.[1] ?? null;
}

/** The course page's address (without a language prefix). */
export function coursePath(slug: string): string {
  return `/courses/${slug}`;
}

/** The API's answer for one course page (the slug as it reads, encoded for the address). */
export function publicCourseApiPath(slug: string): string {
  return `/public/courses/${encodeURIComponent(slug)}`;
}

/**
 * A public address in a language, as the site serves it: English without a prefix, Marathi and Hindi
 * under /mr and /hi (`/` → `/mr`, `/courses` → `/mr/courses`). `bare` has no prefix of its own.
 */
export function pageAddress(bare: string, language: Language): string {
  if (language === 'en') return bare;
  return bare === '/' ? `/${language}` : `/${language}${bare}`;
}

/** An address without its language prefix: `/mr/courses` → `/courses`, `/hi` → `/`. */
export function withoutLanguage(pathname: string): string {
  return pathname.replace(/^\/(?:mr|hi)(?=\/|$)/, '') || '/';
}
