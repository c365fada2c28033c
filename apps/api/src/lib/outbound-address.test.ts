import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStandInServer } from '../../test/stand-in-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isInsideAddress,
  OUTBOUND_HTTPS_MESSAGE,
  OUTBOUND_INSIDE_MESSAGE,
  OUTBOUND_NOT_FOUND_MESSAGE,
  OutboundAddressError,
  postJson,
  urlForLog,
  type ResolveHost,
} from './outbound-address';

/** A resolver that answers from a table; a name not in it does not resolve. No test reaches real DNS. */
const resolverOf =
  (table: Record<string, string[]>): ResolveHost =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

const production = (table: Record<string, string[]> = {}) => ({ production: true, resolve: resolverOf(table) });

async function refusal(url: string, policy: Parameters<typeof checkOutboundUrl>[1]): Promise<string | undefined> {
  try {
    await checkOutboundUrl(url, policy);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundAddressError);
    return (error as Error).message;
  }
}

describe('addresses inside the server network', () => {
  it('knows loopback, private, CGNAT, link-local, unspecified, multicast, ULA and IPv4-mapped forms; public ones pass', () => {
    const inside = ['127.0.0.1', '198.18.0.1', '192.0.0.170', '127.8.9.10', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.1.1', '100.127.255.254', '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255'];
    const inside6 = ['::1', '::', '64:ff9b::a00:5', '2002:7f00:1::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.5', '::ffff:169.254.169.254'];
    const outside = ['8.8.8.8', '203.0.113.10', '100.128.0.1', '172.32.0.1', '169.255.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    for (const address of [...inside, ...inside6]) expect(isInsideAddress(address), address).toBe(true);
    for (const address of outside) expect(isInsideAddress(address), address).toBe(false);
  });
});

describe('checkOutboundUrl: when an admin saves an address', () => {
  it('in production refuses local, private and metadata addresses, by literal or by name', async () => {
    const policy = production({ 'metadata.google.internal': ['169.254.169.254'] });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://127.0.0.1:5432/',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/',
      'https://100.64.1.1/',
      'https://192.168.0.10/',
      'https://[::1]:8080/',
      'https://[fc00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0x7f.1/',
      'https://2130706433/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://METADATA.google.internal./',
      'https://metadata/',
    ]) {
      expect(await refusal(url, policy), url).toBe(OUTBOUND_INSIDE_MESSAGE);
    }
  });

  it('in production refuses a name that resolves to an inside address, even when one of its records is public', async () => {
    const policy = production({ 'sneaky.example': ['10.1.2.3'], 'mixed.example': ['203.0.113.5', '127.0.0.1'], 'six.example': ['fd00::5'], 'gw.example': ['203.0.113.5', '2001:db8:1::5'] });
    expect(await refusal('https://sneaky.example/hook', policy)).toBe(OUTBOUND_INSIDE_MESSAGE);
    expect(await refusal('https://mixed.example/hook', policy)).toBe(OUTBOUND_INSIDE_MESSAGE);
    expect(await refusal('https://six.example/hook', policy)).toBe(OUTBOUND_INSIDE_MESSAGE);
    expect(await refusal('https://nowhere.example/hook', policy)).toBe(OUTBOUND_NOT_FOUND_MESSAGE);
    expect(await refusal('https://gw.example/hook?x=1', policy)).toBeUndefined();
    expect(await refusal('https://203.0.113.10/hook', policy)).toBeUndefined();
  });

  it('in production only https; outside production http to 127.0.0.1 or localhost is allowed', async () => {
    expect(await refusal('http://127.0.0.1:8080/hook', production())).toBe(OUTBOUND_HTTPS_MESSAGE);
    expect(await refusal('http://localhost:8080/hook', production())).toBe(OUTBOUND_HTTPS_MESSAGE);
    expect(await refusal('http://gw.example/hook', production({ 'gw.example': ['203.0.113.5'] }))).toBe(OUTBOUND_HTTPS_MESSAGE);
    expect(await refusal('ftp://gw.example/hook', production())).toBe(OUTBOUND_HTTPS_MESSAGE);
    const development = { production: false, resolve: resolverOf({}) };
    expect(await refusal('http://127.0.0.1:8080/hook', development)).toBeUndefined();
    expect(await refusal('http://localhost:8080/hook', development)).toBeUndefined();
    expect(await refusal('https://10.0.0.5/hook', development)).toBeUndefined();
    expect(await refusal('http://gw.example/hook', development)).toBe(OUTBOUND_HTTPS_MESSAGE);
  });
});

describe('postJson: the call itself', () => {
  let server: http.Server;
  let port: number;
  let connections = 0;
  const requests: { url: string; host: string | undefined; body: string }[] = [];
  let answer: (response: http.ServerResponse) => void = (response) => response.end('ok');
  beforeAll(async () => {
    ({ server } = await startStandInServer((request, body, response) => {
      requests.push({ url: request.url ?? '', host: request.headers.host, body });
      answer(response);
    }));
    server.on('connection', () => (connections += 1));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    connections = 0;
    requests.length = 0;
    answer = (response) => response.end('ok');
  });

  const request = { headers: { 'content-type': 'application/json' }, body: '{"hello":"world"}', timeoutMs: 2_000 };

  it('posts to the addresses it resolved, with the name as Host', async () => {
    let lookups = 0;
    // As on many machines: localhost is ::1 first (nothing listens there), then 127.0.0.1.
    const resolve: ResolveHost = async () => {
      lookups += 1;
      return ['::1', '127.0.0.1'];
    };
    expect(await postJson(`http://localhost:${port}/hook?x=1`, request, { production: false, resolve })).toBe(200);
    expect(requests).toEqual([{ url: '/hook?x=1', host: `localhost:${port}`, body: '{"hello":"world"}' }]);
    expect(lookups).toBe(1);
  });

  it('connects only to the address it checked: a name that answers a public address, then 127.0.0.1, never reaches 127.0.0.1', async () => {
    // DNS rebinding: the first answer passes the check; any later lookup would point inside.
    let lookups = 0;
    const resolve: ResolveHost = async () => {
      lookups += 1;
      return lookups === 1 ? ['203.0.113.7'] : ['127.0.0.1'];
    };
    await expect(postJson(`https://rebind.example:${port}/hook`, { ...request, timeoutMs: 500 }, { production: true, resolve })).rejects.toThrow();
    expect(lookups).toBe(1);
    expect(connections).toBe(0);
    expect(requests).toEqual([]);
  });

  it('resolves again when sending: a name that now points inside is refused before any connection', async () => {
    await expect(postJson(`https://moved.example:${port}/hook`, request, production({ 'moved.example': ['127.0.0.1'] }))).rejects.toThrow(OUTBOUND_INSIDE_MESSAGE);
    await expect(postJson(`http://127.0.0.1:${port}/hook`, request, production())).rejects.toThrow(OUTBOUND_HTTPS_MESSAGE);
    expect(connections).toBe(0);
  });

  it('does not follow a redirect: its status is the answer', async () => {
    answer = (response) => {
      response.statusCode = 302;
      response.setHeader('location', `http://127.0.0.1:${port}/elsewhere`);
      response.end();
    };
    expect(await postJson(`http://127.0.0.1:${port}/hook`, request, { production: false })).toBe(302);
    expect(requests.map((seen) => seen.url)).toEqual(['/hook']);
  });

  it('gives up after its time limit', async () => {
    answer = () => {
      // Never answers.
    };
    const started = Date.now();
    await expect(postJson(`http://127.0.0.1:${port}/hook`, { ...request, timeoutMs: 300 }, { production: false })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('urlForLog', () => {
  it('drops user name, password, query and fragment', () => {
    expect(urlForLog('https://gw.example/hook?token=abc')).toBe('https://gw.example/hook');
    expect(urlForLog('https://user:pass@gw.example:8443/a/b?x=1#frag')).toBe('https://gw.example:8443/a/b');
    expect(urlForLog(null)).toBeNull();
  });
});
