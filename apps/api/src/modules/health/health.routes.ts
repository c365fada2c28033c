import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import type { Db } from '../../db/client';

/** For load balancers and uptime checks: answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: apiSuccess(z.object({ status: z.literal('ok') })) } } }, async () => {
    await db.execute(sql`select 1`);
    return { success: true as const, data: { status: 'ok' as const } };
  });
};
