import { LogController, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
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

/**
 * One access-log line per request, when it is answered (with its address, status and time), instead
 * of Fastify's two ("incoming request" and "request completed"): every log line is a write to the log,
 * and the two were a tenth of a millisecond of a request's CPU (issue 74). Fastify's other lines (errors,
 * not found) are its own, unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
