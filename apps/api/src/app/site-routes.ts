import type { FastifyInstance } from 'fastify';
import type { Hosting } from '../config';
import { welcomeRoutes } from '../modules/academies/signup.routes';
import { registerAccessRules } from '../access/http';
import { siteFileRoutes } from '../modules/public-site';
import { payPageRoutes } from '../modules/fees/pay-page.routes';
import { sheetFormRoutes, type DrawSheet } from '../modules/attendance/sheet-form.routes';
import { startFormRoutes } from '../modules/online-tests/start-form.routes';
import type { createAppMetrics} from '../modules/metrics';
import { metricsRoutes } from '../modules/metrics';
import { assetLinksRoutes } from '../modules/settings/brand.routes';
import type { AppDeps } from './deps';

type SiteRoutesContext = { hosting: Hosting; metrics: ReturnType<typeof createAppMetrics>; drawSheet: () => DrawSheet | undefined };

/** What is served at the site's root beside the web app: robots.txt, the sitemap, the pay page, the plain HTML forms, the metrics. */
export function siteRoutes(deps: AppDeps, { hosting, metrics, drawSheet }: SiteRoutesContext) {
  return async (site: FastifyInstance) => {
    registerAccessRules(site);
    await site.register(siteFileRoutes, { db: deps.db, publicUrl: deps.config.publicUrl });
    // The academy's Android app's statement (issue 78).
    await site.register(assetLinksRoutes, { db: deps.db });
    // A fee reminder's pay link (issue 54): the page as the server's own HTML, readable before any code.
    await site.register(payPageRoutes, { db: deps.db, keys: deps.keys, webDistFolder: deps.webDistFolder });
    // A new academy's owner arriving from the sign-up (issue 73): a session, then the dashboard drawn by the server.
    await site.register(welcomeRoutes, { db: deps.db, hosting });
    // The teacher's attendance sheet as a plain HTML form (issue 74): works before the app's code, or without it.
    await site.register(sheetFormRoutes, { drawSheet });
    // A student's Start of an online test as a plain HTML form (issue 74): works before the app's code, or without it.
    await site.register(startFormRoutes);
    // GET /metrics for Prometheus (issue 52): a token or this machine only (modules/metrics).
    await site.register(metricsRoutes, { metrics, token: deps.config.metricsToken });
  };
}
