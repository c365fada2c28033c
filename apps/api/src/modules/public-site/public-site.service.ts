import { createHash } from 'node:crypto';
import type { Language } from '@academy/shared/languages';
import { pageOfShareName } from '@academy/shared/public-site';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { drawShareCard, type ShareCard } from '../../lib/share-card';
import { findPublicCourse, listPublicCourses } from '../courses';
import { academyHeaderLogo, getAcademySettings } from '../../academy-settings';
import { readLocalNames } from '../standards';
import { courseCard, pageCard } from './share-cards';
import { sitemapXml } from './sitemap';

/** The sitemap of the site at `origin`: every public page in each language, and each open course. */
export async function sitemapOf(db: DbExecutor, origin: string): Promise<string> {
  const { batches } = await listPublicCourses(db);
  return sitemapXml(origin, batches);
}

/** A share image and its entity tag (the hash of what it shows). */
export interface ShareImage {
  png: Buffer;
  etag: string;
}

/**
 * The images drawn, by the hash of what they show (academy, title, lines, language's words): drawn
 * once (tens of milliseconds of CPU), then given from here until something on them changes. At most
 * MAX_KEPT (about 50 kB each): the public pages in three languages and a few hundred courses.
 */
const kept = new Map<string, ShareImage>();
const MAX_KEPT = 300;

async function imageOf(card: ShareCard): Promise<ShareImage> {
  const hash = createHash('sha256').update(JSON.stringify(card)).digest('base64url');
  const found = kept.get(hash);
  if (found) {
    // Most recently used last: the first key is the one to forget.
    kept.delete(hash);
    kept.set(hash, found);
    return found;
  }
  const image = { png: await drawShareCard(card), etag: `"${hash.slice(0, 32)}"` };
  kept.set(hash, image);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return image;
}

/** The share image of a public page by its name ("home", "courses", …); 404 for a name that is none. */
export async function pageShareImage(db: DbExecutor, name: string, language: Language): Promise<ShareImage> {
  const page = pageOfShareName(name);
  if (!page) throw new AppError('NOT_FOUND');
  const [settings, logo] = await Promise.all([getAcademySettings(db), academyHeaderLogo(db)]);
  return imageOf({ ...pageCard(settings, page, language), brand: { colour: settings.brand.colour, logo: logo?.toString('base64') } });
}

/** The share image of an open course by its page's slug; 404 as its page. */
export async function courseShareImage(db: DbExecutor, slug: string, language: Language): Promise<ShareImage> {
  const [academy, course, localNames, logo] = await Promise.all([getAcademySettings(db), findPublicCourse(db, slug), readLocalNames(db), academyHeaderLogo(db)]);
  // The academy's colour and logo on its cards (issue 78); they are part of the hash, so each academy's card is its own.
  return imageOf({ ...courseCard({ ...academy, localNames }, course, language), brand: { colour: academy.brand.colour, logo: logo?.toString('base64') } });
}
