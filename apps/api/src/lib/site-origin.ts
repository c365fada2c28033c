import type { FastifyRequest } from 'fastify';

/**
 * Where links in mails and pages point, never built from the request's Host header, which any client
 * can forge ("Host: evil.example", or "alpha.example@evil.example", would otherwise put a reset link to
 * evil.example in a real user's mail; issue 71):
 * - ACADEMY_HOSTING=many: the academy's known address (`request.academyOrigin`, made by the host plugin
 *   from the name the academy was found by: its `<slug>.BASE_DOMAIN` or its proven domain; knownOrigin).
 * - One academy: PUBLIC_URL (required in production); without it (development) the address this server
 *   listens on.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (request.academyOrigin) return request.academyOrigin;
  if (publicUrl) return publicUrl;
  return listeningOrigin(request);
}

/**
 * A host name this deployment knows (an academy's `<slug>.BASE_DOMAIN` or its proven own domain, never
 * a request's header) as the address people open: PUBLIC_URL's scheme and port (behind a proxy the
 * request itself arrives as plain http); without PUBLIC_URL (development) the request's scheme and the
 * port this server listens on.
 */
export function knownOrigin(request: FastifyRequest, hostname: string, publicUrl: string | undefined): string {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`;
  }
  const port = listening(request)?.port;
  return `${request.protocol}://${hostname}${port ? `:${port}` : ''}`;
}

/** The port this server listens on; undefined when it does not (tests drive the app with inject). */
function listening(request: FastifyRequest) {
  const address = request.server.server.address();
  return !address || typeof address === 'string' ? undefined : address;
}

/** One academy without PUBLIC_URL: the address it listens on (localhost when bound to every address). */
function listeningOrigin(request: FastifyRequest): string {
  const address = listening(request);
  if (!address) return 'http://localhost';
  const anyAddress = address.address === '0.0.0.0' || address.address === '::';
  const host = anyAddress ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
