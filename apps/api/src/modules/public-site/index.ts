/**
 * The public face of the public-site module (issue 41: found and shared well): robots.txt and the
 * sitemap, the share images, and what a server-rendered public page carries in its head.
 */
export { shareImageRoutes, siteFileRoutes } from './public-site.routes';
export { sharedPageHead, type ReadPublicApi, type SharedPage } from './page-head';
