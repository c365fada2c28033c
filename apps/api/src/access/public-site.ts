import { ANYONE, type RouteRules } from './rules';

/**
 * The public site for search engines and link previews (issue 41): robots.txt and the sitemap at the
 * site's root (the only routes of this table outside /api), and the pages' share images. Anyone.
 */
export const publicSiteRoutes: RouteRules = {
  'GET /robots.txt': ANYONE,
  'GET /sitemap.xml': ANYONE,
  'GET /manifest.webmanifest': ANYONE,
  // The academy's own brand and app (issue 78): its logo's pictures, its Android app's asset links.
  'GET /api/public/brand/:file': ANYONE,
  'GET /.well-known/assetlinks.json': ANYONE,
  'GET /api/public/share-image/:file': ANYONE,
  'GET /api/public/share-image/courses/:file': ANYONE,
};
