/**
 * The address a browser gives for its push subscription is chosen by the browser, so by whoever holds
 * the session: sending to it must not become a way to make the server call any address (SSRF). Only
 * the push services of the browsers people use are accepted, over https; a test's stand-in on this
 * machine is let through only when named in PUSH_ALLOWED_HOSTS (empty unless set).
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'web.push.apple.com'];
const PUSH_SERVICE_DOMAINS = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

/** `allowedHosts`: extra `host` or `host:port` values (any scheme), from PUSH_ALLOWED_HOSTS. */
export function isPushServiceEndpoint(endpoint: string, allowedHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedHosts.includes(url.host) || allowedHosts.includes(url.hostname)) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain) && host.length > domain.length);
}
