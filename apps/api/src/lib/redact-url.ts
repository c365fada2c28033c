/**
 * Secrets that travel in addresses: password-reset and welcome links (/reset-password/{token}, the
 * API's validate-reset-token/{token}), calendar feeds (/api/calendar/{token}.ics), fee reminders' pay
 * links (/pay/{token}, /api/pay/{token}/…) and any
 * `token=`/`code=`-like query value. The access log keeps the shape of the address, never the secret.
 */
const SECRET_PATH = /(\/(?:reset-password|validate-reset-token|calendar|pay)\/)[^/?#]+?(\.ics)?(?=$|[/?#])/gi;
// Any query parameter whose name mentions a token, code, key, secret or password (access_token, resetCode...).
const SECRET_QUERY = /([?&][^=&#]*(?:token|code|otp|key|secret|password|signature)[^=&#]*=)[^&#]*/gi;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${REDACTED}$2`).replace(SECRET_QUERY, `$1${REDACTED}`);
}
