import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareImageParamsSchema, shareImageQuerySchema } from '@academy/shared/schemas/public-site';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { siteOrigin } from '../../lib/site-origin';
import { courseShareImage, pageShareImage, sitemapOf, type ShareImage } from './public-site.service';
import { robotsTxt } from './sitemap';
import { webManifest } from './web-manifest';
import { getAcademySettings } from '../../academy-settings';

const tags = ['public'];

/** "courses.png" → "courses"; any other file name is not an image here. */
function pngName(file: string): string {
  if (!file.endsWith('.png')) throw new AppError('NOT_FOUND');
  return file.slice(0, -'.png'.length);
}

/**
 * A share image: anyone may keep it for a day (a link preview fetches it once) and show it on their
 * own pages (the site's other answers are same-origin only); the entity tag is the hash of what it
 * shows, so a changed card is a new tag and an unchanged one answers 304.
 */
function sendImage(request: FastifyRequest, reply: FastifyReply, image: ShareImage) {
  reply
    .header('etag', image.etag)
    .header('cache-control', 'public, max-age=86400')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return reply.status(304).send();
  return reply.type('image/png').send(image.png);
}

/** The share images of the public pages and courses (under /api; issue 41). Guards: access/public-site.ts. */
export const shareImageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/public/share-image/:file',
    { compress: false, schema: { tags, params: shareImageParamsSchema, querystring: shareImageQuerySchema } },
    async (request, reply) => sendImage(request, reply, await pageShareImage(db, pngName(request.params.file), request.query.lang)),
  );
  app.get(
    '/public/share-image/courses/:file',
    { compress: false, schema: { tags, params: shareImageParamsSchema, querystring: shareImageQuerySchema } },
    async (request, reply) => sendImage(request, reply, await courseShareImage(db, pngName(request.params.file), request.query.lang)),
  );
};

/**
 * /robots.txt and /sitemap.xml at the site's root (issue 41), on the site's own origin: the academy's
 * known address with many academies, PUBLIC_URL with one, or without it the address this server listens
 * on (never the request's Host header, which a client chooses; lib/site-origin.ts). Kept by caches for
 * an hour: crawlers read them seldom; a cache keys them by host, and each host is one academy.
 */

/** The sitemap and the manifest are an academy's: at the platform's own address there is none (issue 71). */
function academyOnly(request: FastifyRequest) {
  if (!request.academy) throw new AppError('NOT_FOUND');
}

export const siteFileRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined }> = async (app, { db, publicUrl }) => {
  app.get('/robots.txt', { schema: { tags } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(siteOrigin(request, publicUrl))),
  );
  app.get('/sitemap.xml', { schema: { tags }, preHandler: async (request) => academyOnly(request) }, async (request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await sitemapOf(db, siteOrigin(request, publicUrl))),
  );
  // The installed app's manifest, named after the academy; checked again on each use (a renamed academy).
  app.get('/manifest.webmanifest', { schema: { tags }, preHandler: async (request) => academyOnly(request) }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(webManifest(await getAcademySettings(db)))),
  );
};
