import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@academy/shared/messages';
import { AppError } from '../lib/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostOf(value: string): string | undefined {
  try {
    return new URL(value).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers always
 * send Origin on such requests; older ones at least a Referer. Tools like curl send neither and
 * are let through: they cannot carry a victim's cookie.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  const allowedHosts = new Set<string>();
  if (publicUrl) allowedHosts.add(new URL(publicUrl).host);

  const isAllowed = (request: FastifyRequest, source: string) => {
    const host = hostOf(source);
    // Normalised the same way as the Origin (a default port such as :80 disappears).
    const ownHost = hostOf(`${request.protocol}://${request.host}`);
    return host !== undefined && (host === ownHost || allowedHosts.has(host));
  };

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    if (origin !== undefined ? !isAllowed(request, origin) : referer !== undefined && !isAllowed(request, referer)) {
      throw new AppError('FORBIDDEN', MESSAGES.crossOrigin);
    }
  });
}
