import type { FastifyRequest } from 'fastify';

/**
 * Where links in mails point: PUBLIC_URL (required in production). Without it (development) the
 * address this server listens on, never the request's Host header, which any client can forge
 * ("Host: evil.example" would otherwise put a reset link to evil.example in a real user's mail).
 * With ACADEMY_HOSTING=many, the host the request's academy was found by (modules/academies/hosting.ts):
 * a host that names no academy never gets this far.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  // Many academies (issue 55): the academy's own address, which its host was resolved from.
  if (request.academyOrigin) return request.academyOrigin;
  if (publicUrl) return publicUrl;
  const address = request.server.server.address();
  // Not listening (tests drive the app with inject): the plain local address.
  if (!address || typeof address === 'string') return 'http://localhost';
  const anyAddress = address.address === '0.0.0.0' || address.address === '::';
  const host = anyAddress ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
