import type { FastifyInstance } from 'fastify';

/**
 * A browser's form posted to a plugin's routes (issue 74: the first screens' forms that work as plain HTML):
 * its fields as a plain object (one value per name: each radio group has its own).
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
