import type pg from 'pg';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/postgres-errors';

const partStatus = z.enum(['ok', 'down']);
const healthSchema = z.object({ status: z.enum(['ok', 'down']), database: partStatus, storage: partStatus });
type Health = z.infer<typeof healthSchema>;

const peerSchema = z.object({
  peer: z.string(),
  forwardedFor: z.string().nullable(),
  forwardedProto: z.string().nullable(),
  forwardingTrusted: z.boolean(),
  clientIp: z.string(),
  protocol: z.string(),
});

// A health check must answer quickly even when the database does not.
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    // The pool itself: its query config takes a shorter client-side limit than the requests' one.
    // pg supports query_timeout per query; its types do not list it.
    const query = { text: 'select 1', query_timeout: DATABASE_CHECK_TIMEOUT_MS } as pg.QueryConfig;
    await (db as unknown as { $client: pg.Pool }).$client.query(query);
    return true;
  } catch {
    return false;
  }
}


/**
 * For load balancers and uptime checks: 200 when every part answers, else 503 with Retry-After and
 * which part is down (the database, or the folder of stored files).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: apiSuccess(healthSchema), 503: z.object({ success: z.literal(false), message: z.string(), data: healthSchema }) } } }, async (_request, reply) => {
    const [database, files] = await Promise.all([databaseAnswers(db), storage.available().catch(() => false)]);
    const data: Health = { status: database && files ? 'ok' : 'down', database: database ? 'ok' : 'down', storage: files ? 'ok' : 'down' };
    if (data.status === 'ok') return reply.send({ success: true as const, data });
    const down = [!database && 'the database', !files && 'the file storage'].filter(Boolean).join(' and ');
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ success: false as const, message: `Academy is not fully working: ${down} is not answering.`, data });
  });

  /**
   * How the caller's own request reached the server (issue 52): the address of the connection, the
   * forwarded headers it carried, whether TRUST_PROXY let it name the client, and the client address
   * the rate limits count. `npm run academy -- doctor` compares it with TRUST_PROXY. It tells a caller
   * only about their own request (never TRUST_PROXY itself, never another request) and reads nothing
   * stored, so it is open to anyone like /health.
   */
  app.get('/health/peer', { schema: { tags: ['health'], response: { 200: apiSuccess(peerSchema) } } }, async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return value === undefined ? null : [value].flat().join(', ');
    };
    // request.ips is the chain Fastify walked: the connection's address, then each forwarded address
    // it accepted because the one before was a trusted proxy.
    return {
      success: true as const,
      data: {
        peer: request.socket.remoteAddress ?? '',
        forwardedFor: header('x-forwarded-for'),
        forwardedProto: header('x-forwarded-proto'),
        forwardingTrusted: (request.ips?.length ?? 0) > 1,
        clientIp: request.ip,
        protocol: request.protocol,
      },
    };
  });
};
