import { createHash, timingSafeEqual } from 'node:crypto';

/** What a request for GET /metrics gets: the metrics, 401 (token missing or wrong) or 404 (as if there were none). */
export type MetricsAccess = 'allowed' | 'wrong-token' | 'not-found';

/** What the decision needs of a request: the connection's own address and its headers. */
export type MetricsRequest = {
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
};

// Headers a reverse proxy adds: a request carrying one came through a proxy, whatever its connection's address.
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** 127.0.0.0/8 and ::1, also written as IPv4 in IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** The bearer token of an Authorization header, or undefined. */
function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1];
}

/** Compares in constant time: both sides are hashed first, so neither their lengths nor their contents leak through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics (docs/decisions/042-metrics.md):
 * - with METRICS_TOKEN set, exactly the requests that carry it as `Authorization: Bearer <token>`,
 *   from anywhere (this machine too);
 * - without it, only a request made on this machine straight to the server: its connection comes
 *   from a loopback address AND it carries no proxy header, so a reverse proxy on the same machine
 *   (whose connections are loopback too) never publishes the metrics by accident. Anything else: 404.
 */
export function metricsAccess(request: MetricsRequest, token: string | undefined): MetricsAccess {
  if (token !== undefined) {
    const given = bearerToken(request.headers.authorization);
    return given !== undefined && sameToken(given, token) ? 'allowed' : 'wrong-token';
  }
  const proxied = PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
  return isLoopback(request.remoteAddress) && !proxied ? 'allowed' : 'not-found';
}
