import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_HEADER } from '@academy/shared/languages';

/**
 * The `data` of one of this server's own GET routes, read at the same host (the same academy,
 * modules/academies/hosting.ts) with the headers given; any answer but a success throws, with its
 * status as `statusCode`.
 */
async function readOwnGet(app: FastifyInstance, request: FastifyRequest, apiPath: string, headers: Record<string, string>, reply?: FastifyReply): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers: { host: request.headers.host ?? 'localhost', ...headers } });
  if (reply) for (const cookie of [response.headers['set-cookie'] ?? []].flat()) reply.header('set-cookie', cookie);
  const body = response.json<{ success?: boolean; data?: unknown }>();
  if (response.statusCode !== 200 || body.success !== true) throw Object.assign(new Error(`GET /api${apiPath} answered ${response.statusCode}`), { statusCode: response.statusCode });
  return body.data;
}

/**
 * The `data` of one of this server's own GET routes read as the person asking for a page: their cookie
 * (so the same session and access rules), in `language`. A renewed session's cookie reaches the page's
 * answer. Any answer but a success throws, with its status as `statusCode`.
 */
export function readOwnApiAs(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, apiPath: string, language = 'en'): Promise<unknown> {
  return readOwnGet(app, request, apiPath, { cookie: request.headers.cookie ?? '', [LANGUAGE_HEADER]: language }, reply);
}

/**
 * The `data` of one of this server's own public GET routes, read as the browser would (same access
 * rules, kept answers), for a page rendered on the server; any other answer fails the render.
 */
export function readOwnApi(app: FastifyInstance, request: FastifyRequest, apiPath: string, pagePath: string): Promise<unknown> {
  const language = /^\/(mr|hi)(?:\/|$)/.exec(pagePath)?.[1] ?? 'en';
  return readOwnGet(app, request, apiPath, { [LANGUAGE_HEADER]: language });
}
