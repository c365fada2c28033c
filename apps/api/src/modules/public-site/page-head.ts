import { LANGUAGES, type Language } from '@academy/shared/languages';
import { PUBLIC_PAGES, publicCourseApiPath, sharePageName, withoutLanguage, type PublicPage } from '@academy/shared/public-site';
import type { CourseBatch, PublicCourses } from '@academy/shared/schemas/courses';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCard } from '../../lib/share-card';
import { cardAltText, courseCard, pageCard, type Academy } from './share-cards';
import { courseImageUrl, courseLd, courseListLd, jsonLdScript, organizationLd } from './structured-data';

/*
 * What a server-rendered public page carries in its head for search engines and shared links (issue
 * 41): Open Graph and Twitter card tags with the page's share image, and its JSON-LD. Built by the API
 * server from the same answers the page was drawn from (lib/public-pages.ts puts it into the page),
 * so the web app ships nothing more to the browser for it.
 */

/** Reads one of the API's public GET routes (its `data`); app.ts reads each path once per page. */
export type ReadPublicApi = (path: string) => Promise<unknown>;

/** The page being drawn: its address (with the language prefix) on the site's origin, its language and meta. */
export interface SharedPage {
  url: URL;
  language: Language;
  title: string;
  description: string;
}

const OG_LOCALES: Record<Language, string> = { en: 'en_IN', mr: 'mr_IN', hi: 'hi_IN' };

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const attribute = (text: string) => text.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character]!);

/** The course page's slug in an address (`/courses/{slug}`, any language), decoded; null for another page. */
function courseSlugOf(pathname: string): string | null {
  const match = /^\/courses\/([^/]+)$/.exec(withoutLanguage(pathname));
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The Open Graph and Twitter tags of a page with its card. */
function sharingTags(page: SharedPage, siteName: string, imageUrl: string, card: ShareCard): string[] {
  const meta = (kind: 'property' | 'name', key: string, value: string | number) => `<meta ${kind}="${key}" content="${attribute(String(value))}">`;
  const canonical = `${page.url.origin}${page.url.pathname}`;
  const alt = cardAltText(card);
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', OG_LOCALES[page.language]),
    ...LANGUAGES.filter((language) => language !== page.language).map((language) => meta('property', 'og:locale:alternate', OG_LOCALES[language])),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', SHARE_CARD_WIDTH),
    meta('property', 'og:image:height', SHARE_CARD_HEIGHT),
    meta('property', 'og:image:alt', alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', alt),
  ];
}

/**
 * The sharing tags and JSON-LD of a public page or a course page, as HTML for its head; '' for an
 * address that is neither. The organisation is on every page; /courses adds the list of open courses,
 * a course page the course.
 */
export async function sharedPageHead(page: SharedPage, read: ReadPublicApi): Promise<string> {
  const origin = page.url.origin;
  const site = { origin, language: page.language };
  const academy = (await read('/settings/public')) as Academy;
  const bare = withoutLanguage(page.url.pathname);
  const slug = courseSlugOf(page.url.pathname);
  const graph = [organizationLd(academy, origin, page.language)];
  let card: ShareCard;
  let imageUrl: string;
  if (slug !== null) {
    const course = (await read(publicCourseApiPath(slug))) as CourseBatch;
    card = courseCard(academy, course, page.language);
    imageUrl = courseImageUrl(origin, course.slug, page.language);
    graph.push(courseLd(course, academy, site));
  } else if ((PUBLIC_PAGES as readonly string[]).includes(bare)) {
    const publicPage = bare as PublicPage;
    card = pageCard(academy, publicPage, page.language);
    imageUrl = `${origin}/api/public/share-image/${sharePageName(publicPage)}.png?lang=${page.language}`;
    if (publicPage === '/courses') graph.push(courseListLd(((await read('/public/courses')) as PublicCourses).batches, academy, site));
  } else {
    return '';
  }
  return [...sharingTags(page, academy.name, imageUrl, card), jsonLdScript(graph)].join('\n    ');
}
