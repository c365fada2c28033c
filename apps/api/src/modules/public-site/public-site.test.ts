import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import type { FastifyInstance } from 'fastify';
import { shiftDate } from '@academy/shared/calendar';
import { courseSlug, SITEMAP_PAGES } from '@academy/shared/public-site';
import { buildApp } from '../../app';
import { batches } from '../../db/schema';
import { buildTestApp, TEST_SERVER_KEYS, type TestApp } from '../../../test/build-test-app';
import { buildBatch, buildStandard, buildSubject, buildTeacher, buildUser, loginAs } from '../../../test/factories';
import { academyToday } from '../../academy-settings';

/*
 * Issue 41, found and shared well: robots.txt, the sitemap, a course's own API answer, the share
 * images, and what the API server puts into a server-rendered page's head (sharing tags, JSON-LD).
 * The web app's server build does not exist when these tests run, so a small stand-in of
 * apps/web/dist-server/entry-server.js draws the pages (as in lib/public-pages.test.ts); the real
 * pages are checked in a browser (e2e/public/course-page.spec.ts).
 */

const ORIGIN = 'https://academy.example.in';

const TEMPLATE = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta name="description" content="Shell description" />
    <title>Academy</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// The course page as entry-server.tsx draws it: 404 for no open course, one address per course.
const STAND_IN_ENTRY = `
const strip = (p) => p.replace(/^\\/(mr|hi)(?=\\/|$)/, '') || '/';
const languageOf = (p) => /^\\/(mr|hi)(?=\\/|$)/.exec(p)?.[1] ?? 'en';
export function isServerRenderedPage(pathname) { const bare = strip(pathname); return bare === '/' || bare === '/courses' || /^\\/courses\\/[^/]+$/.test(bare); }
export async function renderPublicPage(url, readApi) {
  const bare = strip(url.pathname);
  const language = languageOf(url.pathname);
  const settings = await readApi('/settings/public');
  const page = { language, status: 200, html: '<h1>' + settings.name + '</h1>', title: 'Courses | Academy', description: 'Open batches "now"', head: [], state: '{}', modules: [], startsOnUse: true };
  const match = /^\\/courses\\/([^/]+)$/.exec(bare);
  if (!match) return page;
  const slug = decodeURIComponent(match[1]);
  const course = await readApi('/public/courses/' + encodeURIComponent(slug)).catch((error) => { if (error.statusCode === 404) return null; throw error; });
  if (course === null) return { ...page, status: 404, html: '<h1>Page not found</h1>', title: 'Page not found | Academy' };
  const canonical = (language === 'en' ? '' : '/' + language) + '/courses/' + encodeURIComponent(course.slug);
  if (url.pathname !== canonical) return { redirect: canonical };
  return { ...page, html: '<h1>' + course.name + '</h1>', title: course.name + ' | Academy' };
}
export function isSignedInFirstScreen() { return false; }
export async function signedInFirstScreen() { return null; }
`;

let t: TestApp;
let app: FastifyInstance;
let root: string;
const ids = { open: '', ended: '', archived: '', marathi: '' };
let openSlug = '';
let marathiSlug = '';

beforeAll(async () => {
  t = await buildTestApp();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-public-site-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), STAND_IN_ENTRY);
  app = await buildApp({
    db: t.database.db,
    config: { isProduction: false, publicUrl: ORIGIN, trustProxy: false },
    mailer: t.mailer,
    keys: TEST_SERVER_KEYS,
    backups: { backupsDir: t.backupsDir, filesDir: t.filesDir },
    storage: t.storage,
    webDistFolder: dist,
  });

  const db = t.database.db;
  const today = await academyToday(db);
  const subject = await buildSubject(db, { name: 'Physics' });
  const standard = await buildStandard(db, { name: '11th Science', level: 11, subjectIds: [subject.id] });
  const teacher = await buildTeacher(db);
  const base = { standardId: standard.id, subjectId: subject.id, teacherId: teacher.id, startDate: shiftDate(today, -30), endDate: shiftDate(today, 200) };
  ids.open = (await buildBatch(db, { ...base, name: 'Physics 11th A' })).id;
  ids.ended = (await buildBatch(db, { ...base, name: 'Physics Last Year', endDate: shiftDate(today, -1) })).id;
  ids.archived = (await buildBatch(db, { ...base, name: 'Physics Archived' })).id;
  await db.update(batches).set({ archivedAt: new Date() }).where(eq(batches.id, ids.archived));
  // A batch named in Marathi ("bhautik"): its address keeps the letters, percent-encoded.
  ids.marathi = (await buildBatch(db, { ...base, name: '\u092d\u094c\u0924\u093f\u0915 \u0905' })).id;
  openSlug = courseSlug('Physics 11th A', ids.open);
  marathiSlug = courseSlug('\u092d\u094c\u0924\u093f\u0915 \u0905', ids.marathi);
});

afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The PNG's width and height, from its IHDR chunk (bytes 16 to 23, after the signature and chunk header). */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

/** The document parsed by a strict XML parser (any error fails the test), as a tree of elements. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlElement[] = [{ name: '#document', attributes: {}, children: [], text: '' }];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  expect(stack).toHaveLength(1);
  return stack[0]!.children[0]!;
}

/** The JSON-LD graph of a page (its one script), parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  const json = JSON.parse(scripts[0]![1]!);
  expect(json['@context']).toBe('https://schema.org');
  return json['@graph'];
}

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('robots.txt', () => {
  it('is text at the site root naming the sitemap on the public address, whatever Host the request names', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /api/public/share-image/');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /app/');
    expect(lines).toContain('Disallow: /mr/pay/');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toContain('evil.example');
    // Every line a directive (or blank): nothing a crawler would have to skip.
    for (const line of lines) expect(line).toMatch(/^(|User-agent: \*|(Allow|Disallow): \/\S*|Sitemap: https:\/\/\S+)$/);
  });
});

describe('sitemap.xml', () => {
  it('lists every public page in the three languages with their hreflang versions, and each open course', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(response.body);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset.attributes['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');

    const entries = urlset.children.map((url) => {
      expect(url.name).toBe('url');
      const [loc, ...rest] = url.children;
      // sitemaps.org: loc first, then the optional lastmod; the xhtml links are Google's extension.
      expect(loc!.name).toBe('loc');
      const lastmod = rest.find((child) => child.name === 'lastmod')?.text;
      const links = rest.filter((child) => child.name === 'xhtml:link').map((link) => [link.attributes.hreflang, link.attributes.href]);
      expect(rest.every((child) => child.name === 'lastmod' || (child.name === 'xhtml:link' && child.attributes.rel === 'alternate'))).toBe(true);
      return { loc: loc!.text, lastmod, links: Object.fromEntries(links) as Record<string, string> };
    });
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);

    for (const page of SITEMAP_PAGES) {
      const en = `${ORIGIN}${page}`;
      const mr = page === '/' ? `${ORIGIN}/mr` : `${ORIGIN}/mr${page}`;
      const hi = page === '/' ? `${ORIGIN}/hi` : `${ORIGIN}/hi${page}`;
      for (const loc of [en, mr, hi]) {
        const entry = entries.find((candidate) => candidate.loc === loc);
        expect(entry, loc).toBeDefined();
        expect(entry!.links).toEqual({ en, mr, hi, 'x-default': en });
      }
    }
    expect(locs).not.toContain(`${ORIGIN}/login`);

    const course = entries.find((entry) => entry.loc === `${ORIGIN}/courses/${openSlug}`);
    expect(course).toBeDefined();
    expect(course!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(course!.links).toEqual({ en: `${ORIGIN}/courses/${openSlug}`, mr: `${ORIGIN}/mr/courses/${openSlug}`, hi: `${ORIGIN}/hi/courses/${openSlug}`, 'x-default': `${ORIGIN}/courses/${openSlug}` });
    // A Marathi name's address is percent-encoded.
    expect(locs).toContain(`${ORIGIN}/mr/courses/${encodeURIComponent(marathiSlug)}`);
    // Ended and archived batches are no course to find.
    expect(locs.filter((loc) => loc.includes('/courses/'))).toHaveLength(2 * 3);
    expect(response.body).not.toContain(ids.ended.replace(/-/g, '').slice(0, 10));
    expect(response.body).not.toContain(ids.archived.replace(/-/g, '').slice(0, 10));
  });
});

describe('GET /api/public/courses/:slug', () => {
  it('answers an open course by its address, also by an address with older words', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/public/courses/${openSlug}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: ids.open, name: 'Physics 11th A', slug: openSlug, description: '', standard: { name: '11th Science' }, subject: { name: 'Physics' }, seatsLeft: 40 });
    expect(response.json().data).not.toHaveProperty('updatedAt');
    const renamed = await app.inject({ method: 'GET', url: `/api/public/courses/${openSlug.replace('physics-11th-a', 'old-name')}` });
    expect(renamed.json().data.slug).toBe(openSlug);
    const marathi = await app.inject({ method: 'GET', url: `/api/public/courses/${encodeURIComponent(marathiSlug)}` });
    expect(marathi.json().data._id).toBe(ids.marathi);
  });

  it('is 404 for an unknown, ended or archived course, and for an address without an id', async () => {
    for (const slug of ['physics-0000000000', 'physics', courseSlug('Physics Last Year', ids.ended), courseSlug('Physics Archived', ids.archived)]) {
      const response = await app.inject({ method: 'GET', url: `/api/public/courses/${slug}` });
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Not found' });
    }
    // The list leaves them out too.
    const list = (await app.inject({ method: 'GET', url: '/api/public/courses' })).json().data.batches.map((batch: { _id: string }) => batch._id);
    expect(list).toContain(ids.open);
    expect(list).not.toContain(ids.ended);
    expect(list).not.toContain(ids.archived);
  });
});

describe('share images', () => {
  it('are 1200x630 PNGs, kept by caches and answered 304 while unchanged', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/share-image/home.png?lang=mr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    // Other sites may show it (a chat app's preview); the site's other answers stay same-origin.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.rawPayload.length).toBeLessThan(150_000);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);

    const again = await app.inject({ method: 'GET', url: '/api/public/share-image/home.png?lang=mr' });
    expect(again.headers.etag).toBe(etag);
    const revalidated = await app.inject({ method: 'GET', url: '/api/public/share-image/home.png?lang=mr', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    // Another language is another picture.
    const english = await app.inject({ method: 'GET', url: '/api/public/share-image/home.png' });
    expect(english.headers.etag).not.toBe(etag);
  });

  it("show a course in the page's language, and only an open one", async () => {
    const response = await app.inject({ method: 'GET', url: `/api/public/share-image/courses/${openSlug}.png?lang=hi` });
    expect(response.statusCode).toBe(200);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    for (const url of [
      `/api/public/share-image/courses/${courseSlug('Physics Archived', ids.archived)}.png`,
      `/api/public/share-image/courses/${openSlug}.jpg`,
      '/api/public/share-image/nowhere.png',
      '/api/public/share-image/courses.jpg',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const badLanguage = await app.inject({ method: 'GET', url: '/api/public/share-image/courses.png?lang=fr' });
    expect(badLanguage.statusCode).toBe(400);
  });
});

describe("a server-rendered page's head", () => {
  it('carries the sharing tags and the academy as JSON-LD on the landing page', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(metaOf(response.body, 'og:image')).toBe(`${ORIGIN}/api/public/share-image/home.png?lang=en`);
    expect(metaOf(response.body, 'og:url')).toBe(`${ORIGIN}/`);
    expect(metaOf(response.body, 'og:locale')).toBe('en_IN');
    expect(metaOf(response.body, 'og:image:width')).toBe('1200');
    expect(metaOf(response.body, 'og:image:height')).toBe('630');
    expect(metaOf(response.body, 'og:description')).toBe('Open batches &quot;now&quot;');
    expect(metaOf(response.body, 'twitter:card')).toBe('summary_large_image');
    const graph = jsonLdOf(response.body);
    expect(graph.map((thing) => thing['@type'])).toEqual([['EducationalOrganization', 'LocalBusiness']]);
    // Its og:image answers the picture.
    const image = await app.inject({ method: 'GET', url: new URL(metaOf(response.body, 'og:image')!.replace(/&amp;/g, '&')).pathname + '?lang=en' });
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it("names the academy in the page's language where the office wrote it, else in English (issue 42)", async () => {
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const cookie = await loginAs(t.app, admin.email);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json().data;
    const { updatedAt: _updatedAt, parentWebhook: _webhook, absenceAlerts: _alerts, monthlyFeeTarget: _target, ...input } = settings;
    const tagline = 'लातूरमध्ये बोर्ड, JEE आणि NEET ची तयारी';
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...input, translations: { mr: { tagline, address: 'शिवाजी चौक, लातूर' } } } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const marathi = await app.inject({ method: 'GET', url: '/mr' });
      expect(marathi.statusCode).toBe(200);
      expect(metaOf(marathi.body, 'og:image:alt')).toBe(`${tagline}. शिवाजी चौक, लातूर. ${settings.name}`);
      // Hindi has none: the English tagline and address.
      const hindi = metaOf((await app.inject({ method: 'GET', url: '/hi' })).body, 'og:image:alt');
      expect(hindi).toContain(settings.tagline);
      expect(hindi).not.toContain(tagline);
      expect(metaOf((await app.inject({ method: 'GET', url: '/' })).body, 'og:image:alt')).toContain(settings.tagline);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...input, translations: {} } });
    }
  });

  it('lists the open courses on /courses', async () => {
    const response = await app.inject({ method: 'GET', url: '/mr/courses' });
    expect(metaOf(response.body, 'og:locale')).toBe('mr_IN');
    expect(metaOf(response.body, 'og:image')).toBe(`${ORIGIN}/api/public/share-image/courses.png?lang=mr`);
    const [, list] = jsonLdOf(response.body);
    expect(list!['@type']).toBe('ItemList');
    expect((list!.itemListElement as { item: { '@type': string; name: string } }[]).map(({ item }) => item['@type'])).toEqual(['Course', 'Course']);
  });

  it("carries a course page's Course with its instance, and its own share image", async () => {
    const response = await app.inject({ method: 'GET', url: `/hi/courses/${openSlug}` });
    expect(response.statusCode).toBe(200);
    const imageUrl = metaOf(response.body, 'og:image')!;
    expect(imageUrl).toBe(`${ORIGIN}/api/public/share-image/courses/${openSlug}.png?lang=hi`);
    expect(metaOf(response.body, 'og:url')).toBe(`${ORIGIN}/hi/courses/${openSlug}`);
    const [organization, course] = jsonLdOf(response.body);
    expect(organization!['@type']).toEqual(['EducationalOrganization', 'LocalBusiness']);
    expect(course).toMatchObject({ '@type': 'Course', name: 'Physics 11th A', provider: { name: expect.any(String) }, offers: { category: 'Paid' } });
    expect(typeof course!.description).toBe('string');
    const [instance] = course!.hasCourseInstance as Record<string, unknown>[];
    expect(instance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Onsite', courseSchedule: { '@type': 'Schedule', repeatFrequency: 'Weekly' } });
    const image = await app.inject({ method: 'GET', url: imageUrl.slice(ORIGIN.length) });
    expect(image.headers['content-type']).toBe('image/png');
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('sends an address with older words to the course page for good, and no open course is the not-found page', async () => {
    const moved = await app.inject({ method: 'GET', url: `/mr/courses/${openSlug.replace('physics-11th-a', 'old-name')}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/mr/courses/${openSlug}`);
    const missing = await app.inject({ method: 'GET', url: `/courses/${courseSlug('Physics Archived', ids.archived)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('<h1>Page not found</h1>');
    expect(missing.body).not.toContain('og:image');
    expect(missing.body).not.toContain('application/ld+json');
  });
});
