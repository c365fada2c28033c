import { MESSAGES } from '@academy/shared/messages';

/** The small set of failure kinds the API uses, each with its one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // The request is well formed but cannot be done as sent (an Idempotency-Key reused for another payment).
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  // Another request holds what this one would change (a lecture upload being written: tus clients retry).
  LOCKED: 423,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: MESSAGES.validationFailed,
  UNAUTHENTICATED: MESSAGES.notSignedIn,
  FORBIDDEN: MESSAGES.forbidden,
  NOT_FOUND: MESSAGES.notFound,
  CONFLICT: 'This conflicts with existing data',
  UNPROCESSABLE: MESSAGES.validationFailed,
  PAYLOAD_TOO_LARGE: 'The upload is too large',
  LOCKED: 'This is being changed by another request: try again in a moment',
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.unsupportedContentType,
  TOO_MANY_REQUESTS: MESSAGES.tooManyRequests,
  INTERNAL: MESSAGES.internal,
};

/** Thrown by services and routes; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
