import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * THE guard for every outgoing call the product makes to an address an admin typed (issue 35,
 * finding 1; DESIGN.md section 9): the parents' webhook today, the WhatsApp/SMS providers later.
 * Without it the office could point the server at its own network (the database's port, a cloud's
 * metadata service at 169.254.169.254) and read the answers, or the failures, as a port scanner.
 *
 * In production an address is refused when its name is a local or cloud metadata name, or when it is,
 * or resolves to (every A/AAAA record), a loopback, private, CGNAT, link-local, unspecified, multicast
 * or reserved address, IPv4-mapped forms included. `checkOutboundUrl` says so when the address is saved;
 * `postJson` resolves again when sending, checks every answer, and connects only to the address it
 * checked (the name's TLS certificate and Host header are kept), so a name that changes its answer
 * between the check and the connection (DNS rebinding) reaches nothing inside. Redirects are never
 * followed. Outside production any address may be used (tests and local gateways use 127.0.0.1).
 */

/** Every address a host name resolves to (A and AAAA). Tests pass their own; no test reaches real DNS. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export type OutboundPolicy = {
  /** config.isProduction: only then are inside addresses refused. */
  production: boolean;
  resolve?: ResolveHost;
};

export const OUTBOUND_HTTPS_MESSAGE = 'The address must start with https://';
export const OUTBOUND_INSIDE_MESSAGE = 'The address must be on the public internet, not a local, private or cloud metadata address';
export const OUTBOUND_NOT_FOUND_MESSAGE = 'The address could not be found: check its name';

/** An address the guard refuses; its message is for the office (English, translated where answered). */
export class OutboundAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundAddressError';
  }
}

const RESOLVE_TIMEOUT_MS = 5_000;

// Names that reach the server itself or a cloud's metadata service whatever DNS says.
const INSIDE_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'metadata.azure.internal', 'instance-data', 'instance-data.ec2.internal']);

const INSIDE_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 (unspecified)
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INSIDE_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address (possibly inside) behind a translator
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2002::', 16], // 6to4: embeds an IPv4 address that may be inside
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  INSIDE_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

/** True for an address inside the server's network; IPv4-mapped IPv6 (::ffff:10.0.0.5) is judged by its IPv4 rules. */
export function isInsideAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return INSIDE_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host without IPv6 brackets or a final dot, lower-case (the URL parser already wrote 0x7f.1 as 127.0.0.1). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

function isInsideName(host: string): boolean {
  return INSIDE_NAMES.has(host) || host.endsWith('.localhost');
}

const systemResolve: ResolveHost = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

async function resolveWithin(resolve: ResolveHost, host: string, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address parsed, its scheme and name checked (no DNS yet). `allowHttp`: plain http to any public
 * address (reading an own domain's proof file, which may be served before the domain has HTTPS).
 */
function parseOutboundUrl(text: string, policy: OutboundPolicy, allowHttp = false): { url: URL; host: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundAddressError(OUTBOUND_HTTPS_MESSAGE);
  }
  const host = hostOf(url);
  // http only to this machine and only outside production (tests, a gateway on the office's computer).
  const plainHttpAllowed = allowHttp || (!policy.production && (host === '127.0.0.1' || host === 'localhost'));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainHttpAllowed)) throw new OutboundAddressError(OUTBOUND_HTTPS_MESSAGE);
  if (policy.production && isInsideName(host)) throw new OutboundAddressError(OUTBOUND_INSIDE_MESSAGE);
  return { url, host };
}

type CheckedTarget = { url: URL; addresses: { address: string; family: 4 | 6 }[] };

/**
 * Parses, resolves and checks an address; answers the IPs that may be connected to (all checked).
 * Throws OutboundAddressError for an address the policy refuses, or whose name does not resolve.
 */
async function checkedTarget(text: string, policy: OutboundPolicy, timeoutMs: number, allowHttp = false): Promise<CheckedTarget> {
  const { url, host } = parseOutboundUrl(text, policy, allowHttp);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolveWithin(policy.resolve ?? systemResolve, host, timeoutMs);
    } catch {
      throw new OutboundAddressError(OUTBOUND_NOT_FOUND_MESSAGE);
    }
  }
  if (addresses.length === 0 || addresses.some((address) => isIP(address) === 0)) throw new OutboundAddressError(OUTBOUND_NOT_FOUND_MESSAGE);
  // Every answer is checked: a name with one public and one private record is refused.
  if (policy.production && addresses.some(isInsideAddress)) throw new OutboundAddressError(OUTBOUND_INSIDE_MESSAGE);
  return { url, addresses: addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 })) };
}

/**
 * At save time: throws OutboundAddressError (with the office's message) when the address may not be
 * used. Outside production only the scheme is checked (no DNS: tests and offline development).
 */
export async function checkOutboundUrl(url: string, policy: OutboundPolicy): Promise<void> {
  if (policy.production) await checkedTarget(url, policy, RESOLVE_TIMEOUT_MS);
  else parseOutboundUrl(url, policy);
}

/**
 * POSTs a JSON body to an address typed by an admin, at the addresses checked just now (never a second
 * lookup). Resolves with the HTTP status (a redirect is a status like any other, never followed).
 * Throws OutboundAddressError when the address is refused; any other error (refused connection,
 * timeout, TLS) is the socket's: callers show the office a plain sentence and log the detail.
 */
export async function postJson(url: string, request: { headers: Record<string, string>; body: string; timeoutMs: number }, policy: OutboundPolicy): Promise<number> {
  const started = Date.now();
  const target = await checkedTarget(url, policy, Math.min(RESOLVE_TIMEOUT_MS, request.timeoutMs));
  const remainingMs = Math.max(1, request.timeoutMs - (Date.now() - started));
  const pinned = pinnedLookup(target);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const outgoing = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        // A fresh connection each time: a kept one could be to an address checked for another send.
        agent: false,
        signal: AbortSignal.timeout(remainingMs),
      },
      (response) => {
        // The answer's body is not needed; reading it to the end frees the socket.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * The connection's only lookup: the addresses checked just now, whatever the name resolves to by then
 * (all of them, so that "localhost" as ::1 and 127.0.0.1 is tried both ways).
 */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, target.addresses);
    else callback(null, target.addresses[0]!.address, target.addresses[0]!.family);
  };
}

/**
 * GETs a short text from a public address (an own domain's proof file, issue 55), http or https, at the
 * addresses checked just now; redirects are not followed. Resolves with the status and at most
 * `maxBytes` of the body (decoded as UTF-8; the rest is not read). Throws OutboundAddressError when the
 * address is refused, and the socket's error otherwise.
 */
export async function getText(url: string, request: { timeoutMs: number; maxBytes: number }, policy: OutboundPolicy): Promise<{ status: number; text: string }> {
  const started = Date.now();
  const target = await checkedTarget(url, policy, Math.min(RESOLVE_TIMEOUT_MS, request.timeoutMs), true);
  const remainingMs = Math.max(1, request.timeoutMs - (Date.now() - started));
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(target.url, { method: 'GET', lookup: pinnedLookup(target), agent: false, signal: AbortSignal.timeout(remainingMs) }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, request.maxBytes) });
      response.on('data', (chunk: Buffer) => {
        if (size >= request.maxBytes) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= request.maxBytes) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** An address as it may be written to a log or the audit log: no user name or password, query or fragment (they may carry tokens). */
export function urlForLog(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return text ?? null;
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    // Not an address at all: keep only what cannot be a query or fragment.
    return text.split(/[?#]/, 1)[0]!.replace(/\/\/[^/@]*@/, '//');
  }
}
