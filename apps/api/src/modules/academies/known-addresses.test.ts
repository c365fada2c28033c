import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_COOKIE } from '@academy/shared/cookies';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { shareTestApp } from '../../../test/shared-test-app';
import { buildAcademies, buildUser } from '../../../test/factories';
import { academyDomains, academySettings } from '../../db/schema';
import { getAcademySettings } from '../../academy-settings';
import { currentAcademyId, FIRST_ACADEMY_ID, OutsideAcademyError, withAcademy, withoutAcademy } from '../../lib/tenancy';
import { createOperator } from '../operator/operator.service';
import { registeredRoutes } from '../../access/http';

/**
 * Issue 71: with many academies on one deployment, every link and address the server writes comes from
 * the academy's known address, never from the request's Host header; a Host that is not plainly a name
 * is refused before anything runs; paths are normalised before routing, hosting and access decide; and
 * outside an academy no academy's data is reachable (there is no fallback academy).
 */
const MANY = { mode: 'many', baseDomain: 'localhost' } as const;
const METRICS_TOKEN = 'metrics-token-of-the-known-addresses-test';
const OPERATOR = { email: 'ops@platform.example.in', password: 'platform-night-shift-71', name: 'Asha Operator' };

describe('known addresses (ACADEMY_HOSTING=many)', () => {
  let t: TestApp;
  let alpha = '';
  let adminEmail = '';
  let n = 0;
  const remote = () => `10.71.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;
  const inject = (host: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { host, ...headers }, remoteAddress: remote(), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // PUBLIC_URL is the platform's address; links carry its scheme and port, never the request's.
    t = await buildTestApp({ config: { hosting: MANY, publicUrl: 'http://localhost:3201', metricsToken: METRICS_TOKEN } });
    const db = t.database.db;
    const [made] = await buildAcademies(db, { slug: 'alpha', name: 'Alpha Classes', city: 'Latur' });
    alpha = made!.id;
    await withoutAcademy(() => db.insert(academyDomains).values({ academyId: alpha, domain: 'www.alpha-classes.in', verificationToken: 'alpha-proof', verifiedAt: new Date() }));
    await withAcademy(alpha, async () => {
      adminEmail = (await buildUser(db, { role: 'admin' })).email!;
      await getAcademySettings(db);
      await db.update(academySettings).set({ name: 'Alpha Classes, Latur' });
    });
    // The first academy (`main`, the demo's place in development): its name is what must never show elsewhere.
    await withAcademy(FIRST_ACADEMY_ID, async () => {
      await getAcademySettings(db);
      await db.update(academySettings).set({ name: 'Main Demo Academy' });
    });
    await withoutAcademy(() => createOperator(db, OPERATOR));
  });
  afterAll(() => t.close());

  it('refuses a Host that is not plainly a name (400), before anything runs: no reset mail is written', async () => {
    for (const host of ['alpha.localhost:3201@evil.example', 'evil.example@alpha.localhost', 'alpha.localhost evil.example', 'alpha.localhost/evil', 'alpha.localhost:3201:80', 'alpha.localhost#x']) {
      const response = await inject(host, 'POST', '/api/auth/forgot-password', { email: adminEmail });
      expect(response.statusCode, host).toBe(400);
      expect(response.json(), host).toEqual({ success: false, message: 'Request refused: the address it was sent to is not valid' });
    }
    // A page at such a host too.
    expect((await inject('alpha.localhost@evil.example', 'GET', '/robots.txt')).statusCode).toBe(400);
    expect(await t.mailsTo(adminEmail)).toEqual([]);
  });

  it('refuses a request line with an absolute address, or no Host at all (400), over a real connection', async () => {
    // app.inject turns an absolute address into a Host header and a path: only a socket sends one as it is.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (requestLine: string, host: string | undefined) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const target of ['http://evil.example/api/settings/public', 'http://alpha.localhost/api/settings/public', 'http://localhost/api/public/share-image/courses/x.png', '*']) {
      const answer = await send(`GET ${target} HTTP/1.1`, 'alpha.localhost');
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, target).not.toMatch(/Alpha|Main Demo/);
    }
    // HTTP/1.0 may leave the Host out: no name, no academy.
    expect(await send('GET /api/settings/public HTTP/1.0', undefined)).toMatch(/^HTTP\/1\.1 400 /);
    // The same connection with a plain path and host: answered.
    expect(await send('GET /api/settings/public HTTP/1.1', 'alpha.localhost')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("a reset mail links to the academy's known address: its sub-domain or its proven domain, on PUBLIC_URL's scheme and port", async () => {
    expect((await inject('ALPHA.localhost.:9999', 'POST', '/api/auth/forgot-password', { email: adminEmail })).statusCode).toBe(200);
    expect((await t.latestMailTo(adminEmail))!.text).toMatch(/http:\/\/alpha\.localhost:3201\/reset-password\/[A-Za-z0-9_-]{43}\r?\n/);
    expect((await inject('www.alpha-classes.in', 'POST', '/api/auth/forgot-password', { email: adminEmail })).statusCode).toBe(200);
    expect((await t.latestMailTo(adminEmail))!.text).toMatch(/http:\/\/www\.alpha-classes\.in:3201\/reset-password\/[A-Za-z0-9_-]{43}\r?\n/);
  });

  it("robots.txt and the sitemap name the academy's known address, whatever port the request named, each academy its own", async () => {
    const robots = await inject('alpha.localhost:8443', 'GET', '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://alpha.localhost:3201/sitemap.xml');
    expect(robots.body).not.toContain('8443');
    const sitemap = await inject('alpha.localhost:8443', 'GET', '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>http://alpha.localhost:3201/</loc>');
    expect(sitemap.body).not.toContain('8443');
    // The same server, another academy: its own address in its own files, nothing of alpha's.
    const main = await inject('main.localhost', 'GET', '/sitemap.xml');
    expect(main.body).toContain('<loc>http://main.localhost:3201/</loc>');
    expect(main.body).not.toContain('alpha');
    expect((await inject('main.localhost', 'GET', '/robots.txt')).body).toContain('Sitemap: http://main.localhost:3201/sitemap.xml');
  });

  it('normalises percent-escapes before hosting and access: the operator signs in at the platform only', async () => {
    // The platform: the operator's sign-in, percent-escaped or not, works.
    const atPlatform = await inject('localhost:3201', 'POST', '/api/%6Fperator/login', { email: OPERATOR.email, password: OPERATOR.password });
    expect(atPlatform.statusCode).toBe(200);
    // An academy's host: refused as the plain path is, and no operator cookie.
    for (const url of ['/api/operator/login', '/api/%6Fperator/login', '/%61pi/operator/login', '/api/%6f%70erator/login']) {
      const response = await inject('alpha.localhost', 'POST', url, { email: OPERATOR.email, password: OPERATOR.password });
      expect(response.statusCode, url).toBe(404);
      expect(response.cookies.map((cookie) => cookie.name), url).not.toContain(OPERATOR_COOKIE);
    }
  });

  it("the base host answers no academy's data: share image, settings, manifest, sitemap 404, never a 500, and the first academy's kept answers stay its own", async () => {
    // The first academy's settings read (and kept) at its own host.
    const before = await inject('main.localhost', 'GET', '/api/settings/public');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Main Demo Academy');
    for (const url of [
      '/%61pi/public/share-image/courses/x.png',
      '/%61pi/public/share-image/home.png',
      '/%61pi/settings/public',
      '/api/%73ettings/public',
      '/api/settings/public',
      '/manifest.webmanifest',
      '/sitemap.xml',
    ]) {
      const response = await inject('localhost:3201', 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toMatch(/Main Demo|Alpha/);
    }
    const after = await inject('main.localhost', 'GET', '/api/settings/public');
    expect(after.json()).toEqual(before.json());
    // An unknown host is no academy either.
    expect((await inject('127.0.0.1:3000', 'GET', '/manifest.webmanifest')).statusCode).toBe(404);
  });

  it("the base host reaches no academy route by any path: every academy route, percent-escaped, answers 404; the site's own files never a 500", async () => {
    const platformOnly = /^\/api\/(academies|operator|webhooks|health)(\/|$)/;
    const failures: string[] = [];
    for (const key of registeredRoutes) {
      const [method, pattern] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const path = pattern.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
      if (platformOnly.test(path)) continue;
      if (path.startsWith('/api/')) {
        for (const url of [path, path.replace(/^\/api/, '/%61pi'), path.replace(/^\/api\/(.)/, (_all, first: string) => `/api/%${first.charCodeAt(0).toString(16)}`)]) {
          const response = await t.app.inject({ method, url, headers: { host: 'localhost:3201' }, remoteAddress: remote(), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
          if (response.statusCode !== 404 || /Main Demo|Alpha/.test(response.body)) failures.push(`${method} ${url}: ${response.statusCode}`);
        }
      } else if (method === 'GET') {
        const response = await inject('localhost:3201', 'GET', path);
        if (response.statusCode >= 500 || /Main Demo|Alpha/.test(response.body)) failures.push(`${method} ${path}: ${response.statusCode}`);
      }
    }
    expect(registeredRoutes.size).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('/metrics with the token answers at the server\'s own address, the base host and an academy\'s', async () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3201', 'alpha.localhost']) {
      const response = await inject(host, 'GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(response.statusCode, host).toBe(200);
      expect(response.body, host).toContain('# TYPE');
    }
    expect((await inject('127.0.0.1:3000', 'GET', '/metrics')).statusCode).toBe(401);
  });
});

describe('no fallback academy', () => {
  it('currentAcademyId outside every academy throws; inside one it is that academy', () => {
    expect(() => withoutAcademy(() => currentAcademyId())).toThrow(OutsideAcademyError);
    expect(withAcademy('00000000-0000-4000-8000-0000000000a1', () => currentAcademyId())).toBe('00000000-0000-4000-8000-0000000000a1');
  });
});

describe('one academy (ACADEMY_HOSTING=one): every address is the academy, links from PUBLIC_URL', () => {
  const t = shareTestApp();

  it('a plain host of any name still answers; a poisoned one is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/settings/public', headers: { host: 'academy.example.in' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: 'academy.example.in@evil.example' } })).statusCode).toBe(400);
    // Work that entered no academy is the one academy's (scripts and jobs written for one academy).
    expect(currentAcademyId()).toBe(FIRST_ACADEMY_ID);
  });
});
