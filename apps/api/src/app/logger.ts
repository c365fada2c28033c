import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactUrl } from '../lib/redact-url';
import { serializeError } from '../lib/log-errors';
import type { AppDeps } from './deps';

/**
 * The access log names every request's address; reset links and calendar feeds carry their secret in
 * it, so the logged address is redacted (lib/redact-url.ts).
 */
export function withRedactedUrls(logger: AppDeps['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // A failed query's SQL parameters (session hashes, emails) never reach the log (lib/log-errors.ts).
      err: (error: FastifyError) => serializeError(error) as { type: string; message: string; stack: string },
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
