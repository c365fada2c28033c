import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import { postgresRateLimitStore } from '../db/rate-limit-store';
import { adminOnly } from '../access/http';
import { registerNulCharacterCheck } from '../plugins/no-nul';
import { registerAuth } from '../modules/auth/session-plugin';
import { registerSameOriginCheck } from '../plugins/same-origin';
import { openApiTransform, SECURITY_SCHEMES } from '../plugins/openapi';
import { registerOperatorSession } from '../modules/operator';
import { registerKeptResponses } from '../lib/kept-responses';
import type { AppDeps } from './deps';

// GET answers that are the same for every visitor (the public site's data).
const PUBLIC_API_READS = ['/api/settings/public', '/api/public/'];
function isPublicApiRead(request: FastifyRequest): boolean {
  return request.method === 'GET' && PUBLIC_API_READS.some((prefix) => request.url.startsWith(prefix));
}

/**
 * Answers of 1 kB and more are compressed; those up to 64 kB (a roster, a student's attendance, a page of students)
 * in one call, not each through a zlib stream: on a server of one or two cores no core is spare for the stream's
 * thread, and each stream left a dozen objects per answer for the garbage collector (the plugin's own advice for
 * such hosts; decision 113).
 */
export const COMPRESSION = { threshold: 1024, syncThreshold: 65_536 };

/**
 * What every request passes through: security headers, compression, cookies, multipart bodies, rate limits,
 * the same-origin check, the sessions, the NUL check, the API's map, and the caching header of API answers.
 */
export async function registerHttpPlugins(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const httpsOnly = deps.config.publicUrl?.startsWith('https://') ?? false;
  // The security headers, the same on every answer: helmet's middleware is built once here (the Fastify
  // plugin built it again for every request, for options per route that no route has: issue 74).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> tag and uses style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The lecture player (decision 082): hls.js feeds the <audio> element through Media Source Extensions, a blob: address.
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: httpsOnly ? [] : null,
      },
    },
    strictTransportSecurity: httpsOnly,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // Before compression: a kept answer's JSON and compressed bytes are written once (lib/kept-responses.ts).
  registerKeptResponses(app);
  await app.register(fastifyCompress, COMPRESSION);
  await app.register(fastifyCookie);
  // Multipart bodies for the routes that take files; each route sets its own size limit in request.file().
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20 } });
  // Routes opt in with `config.rateLimit`; the counts are kept in PostgreSQL, shared by every server
  // (db/rate-limit-store.ts). Sign-in has its own database-backed limit (login_failures).
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(deps.db) });
  registerSameOriginCheck(app, deps.config.publicUrl);
  registerAuth(app, deps.db);
  // The platform operator's own session (issue 55), on /api/operator only.
  registerOperatorSession(app, deps.db);
  // No NUL (U+0000) in any body, query or address reaches PostgreSQL (issue 53).
  registerNulCharacterCheck(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Academy API', version: '1.0.0' }, components: { securitySchemes: SECURITY_SCHEMES } },
    // The zod schemas, completed from the access table and what the server answers (plugins/openapi.ts).
    transform: openApiTransform,
  });
  // The API's map is for developers; in production only an admin may read it (and its browser).
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, ...(deps.config.isProduction ? { uiHooks: { preHandler: adminOnly } } : {}) });

  // Personal answers must not stay in a browser's or a shared proxy's cache; the public pages' data may
  // be kept but is checked again on each use. Routes that chose their own header (files) keep it.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', isPublicApiRead(request) ? 'no-cache' : 'no-store');
  });
}
