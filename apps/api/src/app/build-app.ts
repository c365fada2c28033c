import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hosting } from '../config';
import { createAcademyResolver, registerAcademyHost } from '../modules/academies/hosting';
import { setAcademyAddresses } from '../lib/academy-address';
import { rewriteRequestUrl } from '../lib/request-address';
import { responseSerializerCompiler } from '../lib/response-serializer';
import { registerBackgroundTasks } from '../plugins/background-tasks';
import { frameworkErrorHandler, registerErrorHandler } from '../plugins/error-handler';
import { registerReplyTranslation } from '../lib/translate-reply';
import { appVersion, everyAcademysBackups } from '../modules/backups/backups.service';
import type { DrawSheet } from '../modules/attendance/sheet-form.routes';
import { createAppMetrics } from '../modules/metrics';
import type { AppDeps } from './deps';
import { OneLinePerRequest, withRedactedUrls } from './logger';
import { defineJobs } from './jobs';
import { createLectureUploadsAndJobs } from './lecture-uploads';
import { listenForOtherServersChanges } from './other-servers-changes';
import { academyAddressFinder } from './academy-address';
import { registerHttpPlugins } from './http-plugins';
import { apiRoutes } from './api-routes';
import { siteRoutes } from './site-routes';
import { serveWebApp } from './web-pages';

export type { AppDeps } from './deps';

/** Builds the whole HTTP application without listening, so tests drive it with app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedUrls(deps.logger),
    logController: new OneLinePerRequest(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Never echo a stack trace or a framework message we did not choose.
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    // One form of every path before routing, hosting and access decide anything (issue 71): `/%61pi/...`
    // is `/api/...` for all of them; an absolute address in the request line is refused (lib/request-address.ts).
    rewriteUrl: rewriteRequestUrl,
  }).withTypeProvider<ZodTypeProvider>();
  // Before anything else: which academy the request is for, and the rest of it runs as that academy's (issue 55).
  const hosting: Hosting = deps.config.hosting ?? { mode: 'one' };
  const academyResolver = createAcademyResolver(deps.db, hosting);
  app.decorate('academyHosts', academyResolver);
  registerAcademyHost(app, { resolver: academyResolver, hosting, publicUrl: deps.config.publicUrl });
  setAcademyAddresses(academyAddressFinder(app, academyResolver, hosting, deps.config.publicUrl));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Only JSON (and, where a route adds it, multipart) bodies: a cross-site form cannot post text/plain.
  app.removeContentTypeParser('text/plain');
  // Prometheus' figures (issue 52): every answer is counted by its route's pattern, before any route
  // or hook exists, so each of them (and the not-found handler) is covered.
  const metrics = createAppMetrics({
    db: deps.db,
    dataDir: path.dirname(deps.backups.filesDir),
    filesDir: deps.backups.filesDir,
    listBackups: () => everyAcademysBackups(deps.db, deps.backups),
    version: appVersion(),
  });
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));

  registerErrorHandler(app);
  // Messages leave in the caller's language (issue 20; docs/decisions/015-languages.md).
  registerReplyTranslation(app);
  registerBackgroundTasks(app, { db: deps.db, poll: deps.runJobs ?? false });
  defineJobs(app, deps);
  const lectureUploads = createLectureUploadsAndJobs(app, deps);
  listenForOtherServersChanges(app, deps, lectureUploads.channels);
  await registerHttpPlugins(app, deps);
  await app.register(apiRoutes(deps, { hosting, academyResolver, jobs: app.jobs, registerLectureRoutes: lectureUploads.registerRoutes }), { prefix: '/api' });
  // robots.txt, the sitemap (issue 41) and the metrics (issue 52): at the site's root, with rules in the same policy table.
  const sheet: { draw?: DrawSheet } = {};
  await app.register(siteRoutes(deps, { hosting, metrics, drawSheet: () => sheet.draw }));
  // The built web app and the pages the server draws; a refused attendance sheet is drawn by them too.
  sheet.draw = await serveWebApp(app, deps, hosting);

  return app;
}
