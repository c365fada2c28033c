import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error';
import { metricsAccess } from './metrics-access';
import type { AppMetrics } from './metrics';

/**
 * GET /metrics in Prometheus' text format, at the site's root (outside /api: no session, no
 * same-origin rule). Guarded here by METRICS_TOKEN or, without one, by the loopback rule
 * (metrics-access.ts); its line in the policy table (access/metrics.ts) says so.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; token: string | undefined }> = async (app, { metrics, token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess({ remoteAddress: request.socket.remoteAddress, headers: request.headers }, token);
    if (access === 'wrong-token') {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED');
    }
    // Without a token, anything but a direct request from this machine: as if there were no such page.
    if (access === 'not-found') throw new AppError('NOT_FOUND');
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
};
