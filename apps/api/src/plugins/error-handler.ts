import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { installOurZodMessages } from '@academy/shared/zod-messages';
import { AppError } from '../lib/app-error';
import { OutsideAcademyError } from '../lib/tenancy';
import { appErrorFromPostgres, DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isConcurrencyConflict, isDatabaseUnavailable } from '../lib/postgres-errors';

// Fastify's own 4xx errors, in words a person can act on.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedContentType,
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length',
  FST_ERR_BAD_URL: 'This address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long',
};

/**
 * Fastify's `frameworkErrors` option: failures before any route runs (a malformed or over-long
 * address) leave in the same envelope instead of Fastify's own JSON.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'framework error');
    void reply.status(500).send({ success: false, message: MESSAGES.internal });
    return;
  }
  void reply.status(status).send({ success: false, message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
}

function fieldName(instancePath: string | undefined, fallback: string): string {
  const name = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return name || fallback;
}


export const CONCURRENCY_CONFLICT_MESSAGE = 'Someone else was saving at the same moment. Please try again.';
/** A deadlock or serialization failure is over as soon as the other transaction ends: try again at once. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/** Every failure leaves as `{ success: false, message, errors? }`; nothing internal reaches the client. */
export function registerErrorHandler(app: FastifyInstance) {
  // Validation messages a schema did not word itself come from packages/shared/src/zod-messages.ts,
  // never zod's defaults ("Invalid input: expected object, received undefined").
  installOurZodMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ success: false, message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) });
    }
    if (error instanceof OutsideAcademyError) {
      // Academy data asked for outside every academy (the platform's address): a bug in the route, and
      // for the client simply nothing here. Never some academy's data (issue 71).
      request.log.error({ err: error }, 'academy data asked for outside every academy');
      return reply.status(404).send({ success: false, message: MESSAGES.notFound });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, error.validationContext ?? 'body');
        // A strict body (e.g. a profile) names each field it does not accept.
        const keys = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(keys)) {
          for (const key of keys) errors[field === error.validationContext ? String(key) : `${field}.${String(key)}`] ??= MESSAGES.fieldNotEditable;
          continue;
        }
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ success: false, message: first ?? MESSAGES.validationFailed, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database did not answer');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (isConcurrencyConflict(error)) {
      // The safety net for the whole API: no request answers 500 for a concurrency conflict. PostgreSQL
      // rolled the colliding transaction back, and services retry their own where that matters.
      request.log.warn({ err: error }, 'a transaction collided with another one');
      return reply.status(503).header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS)).send({ success: false, message: CONCURRENCY_CONFLICT_MESSAGE });
    }
    const fromPostgres = appErrorFromPostgres(error);
    if (fromPostgres) {
      // A constraint (unique, foreign key) can trip in a race; any other code means a schema let bad input through.
      if (fromPostgres.status === 409 || fromPostgres.fieldErrors) request.log.warn({ err: error }, 'database constraint refused the request');
      else request.log.error({ err: error }, 'database refused a value that validation should have caught');
      return reply.status(fromPostgres.status).send({ success: false, message: fromPostgres.message, ...(fromPostgres.fieldErrors ? { errors: fromPostgres.fieldErrors } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ success: false, message: MESSAGES.internal });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? MESSAGES.tooManyRequests : (FRAMEWORK_MESSAGES[error.code] ?? error.message);
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MESSAGES.internal });
  });
}
