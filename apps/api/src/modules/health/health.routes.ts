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
};
