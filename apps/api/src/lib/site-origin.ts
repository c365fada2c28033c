import type { FastifyRequest } from 'fastify';

/**
 * Where links in mails point. PUBLIC_URL is required in production; without it (development) the
 * address the request came to is used, which a client could forge with its Host header.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
