import { LANGUAGES } from '@academy/shared/languages';
import { coursePath, pageAddress, SITEMAP_PAGES } from '@academy/shared/public-site';

/*
 * /robots.txt and /sitemap.xml (issue 41), served at the site's root by the API server. Every address
 * in them is absolute, on the site's own origin (PUBLIC_URL; lib/site-origin.ts).
 */

/**
 * What crawlers may read: the public pages and the share images; not the API, the signed-in areas,
 * or the addresses that carry a secret (a fee reminder's pay link, a password reset link).
 */
export function robotsTxt(origin: string): string {
  const secretPages = ['/pay/', '/reset-password/'].flatMap((page) => LANGUAGES.map((language) => `Disallow: ${pageAddress(page, language)}`));
  return [
    'User-agent: *',
    'Allow: /',
    // Link previews (WhatsApp, X, Facebook) fetch the share image and honour these rules.
    'Allow: /api/public/share-image/',
    'Disallow: /api/',
    'Disallow: /app/',
    ...secretPages,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

/** An open course as the sitemap lists it: its address and when its batch last changed. */
export interface SitemapCourse {
  slug: string;
  updatedAt: Date;
}

/**
 * One `<url>` per page and language, each naming its versions in the three languages (and English as
 * x-default) with xhtml:link, as sitemaps.org and Google's hreflang rules ask; a course has the
 * batch's last change as its lastmod. Addresses are absolute and percent-encoded (a Marathi course
 * name), then XML-escaped.
 */
export function sitemapXml(origin: string, courses: readonly SitemapCourse[]): string {
  const absolute = (path: string) => new URL(path, origin).href;
  const entries = (bare: string, lastmod?: Date) =>
    LANGUAGES.map((language) => {
      const alternates = [
        ...LANGUAGES.map((other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${xml(absolute(pageAddress(bare, other)))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(absolute(bare))}"/>`,
      ];
      return [
        '  <url>',
        `    <loc>${xml(absolute(pageAddress(bare, language)))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod.toISOString()}</lastmod>`] : []),
        ...alternates,
        '  </url>',
      ].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...SITEMAP_PAGES.flatMap((page) => entries(page)),
    ...courses.flatMap((course) => entries(coursePath(course.slug), course.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
