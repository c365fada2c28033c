import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageOnlySchema } from '@academy/shared/schemas/api';
import { newsletterSubscribeSchema } from '@academy/shared/schemas/newsletter';
import type { Db } from '../../db/client';
import { subscribeToNewsletter } from './newsletter.service';

/** Per address (the client's IP): enough for a family or a school lab, too few for a script. */
export const NEWSLETTER_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/newsletter/subscribe',
    { config: { rateLimit: NEWSLETTER_RATE_LIMIT }, schema: { tags: ['newsletter'], body: newsletterSubscribeSchema, response: { 200: messageOnlySchema } } },
    async (request) => ({ success: true as const, ...(await subscribeToNewsletter(db, request.body.email)) }),
  );
};
