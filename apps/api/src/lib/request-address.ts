/**
 * A request's address, checked and put in one form before routing, hosting and access decide anything
 * (issue 71, DESIGN.md 11).
 *
 * - The Host header must be a plain name or IP address with an optional port. `alpha.localhost:3201@evil.example`
 *   resolved as alpha (Fastify's hostname stops at the colon) while links were built from the whole header,
 *   sending a reset link to evil.example; such a Host, and one with spaces, a path or userinfo, is refused.
 * - The request line's target must be a path (origin form). An absolute address (`GET http://x/api/...`)
 *   is routed by Fastify to /api/... while every check that reads `request.url` sees `http://x/...`: refused.
 * - Percent-escapes of letters, digits and `-._~` are decoded (RFC 3986's normalisation), as the router
 *   decodes them: `/%61pi/operator/login` is `/api/operator/login` for the academy host check and the
 *   access rules too, not only for the router. Other escapes (`%2F`, `%25`, `%20`) stay as they are.
 */

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A DNS name (a final dot allowed), an IPv4 address (a name of digit labels) or a bracketed IPv6 address; an optional port. */
const PLAIN_HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?$`, 'i');

/** Whether a Host (or X-Forwarded-Host) value is exactly a host name with an optional port, nothing else. */
export function isPlainHost(value: string | undefined): boolean {
  return value !== undefined && value.length <= 260 && PLAIN_HOST.test(value);
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The request target in its one form: the path with escapes of unreserved characters decoded, the query
 * as sent. Undefined for a target that is not a path (absolute or asterisk form): the request is refused.
 */
export function normalisedRequestUrl(target: string): string | undefined {
  if (!target.startsWith('/')) return undefined;
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt);
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape;
  });
  return decoded + query;
}

/** Requests whose target was not a path: the first hook refuses them (modules/academies/hosting.ts). */
const refusedTargets = new WeakSet<object>();

/**
 * Fastify's `rewriteUrl` (app.ts): runs before routing, so the router, the hooks and the access rules
 * all see the one normalised path. A target that is not a path is routed to `/` and refused by the
 * first hook (rewriteUrl cannot answer by itself).
 */
export function rewriteRequestUrl(request: { url?: string }): string {
  const url = normalisedRequestUrl(request.url ?? '');
  if (url !== undefined) return url;
  refusedTargets.add(request);
  return '/';
}

/** Whether this (raw) request's target was refused by rewriteRequestUrl. */
export function hasRefusedTarget(request: object): boolean {
  return refusedTargets.has(request);
}
