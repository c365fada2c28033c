import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '@academy/shared/cookies';
import { OWN_DOMAIN_FILE_PATH, OWN_DOMAIN_MESSAGES, OWN_DOMAINS_MAX, normalizeDomain } from '@academy/shared/schemas/own-domains';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { shareTestApp } from '../../../test/shared-test-app';
import { startDnsStandIn, type DnsStandIn } from '../../../test/dns-stand-in';
import { buildAcademies, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { academyDomains, auditLog } from '../../db/schema';
import { withAcademy, withoutAcademy } from '../../lib/tenancy';
import { realDomainChecks } from './own-domains.service';

/**
 * An academy's own domain (issue 55): added by its admin, proved by a TXT record (asked of a DNS
 * stand-in on this machine) or a file on the domain's site (a stand-in site on this machine), then
 * served at that host; another academy never sees, proves or removes it.
 */
const A = '00000000-0000-4000-8000-0000000000d1';
const B = '00000000-0000-4000-8000-0000000000d2';
const A_HOST = 'shree.localhost';
const B_HOST = 'vidya.localhost';

describe('own domains', () => {
  let t: TestApp;
  let dns: DnsStandIn;
  let site: http.Server;
  /** What the stand-in site answers at the proof file's path, per Host. */
  const files = new Map<string, string>();
  const cookies = { a: '', b: '', aTeacher: '' };

  beforeAll(async () => {
    dns = await startDnsStandIn();
    site = http.createServer((request, response) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      const text = request.url === OWN_DOMAIN_FILE_PATH ? files.get(host) : undefined;
      if (text === undefined) response.writeHead(404).end('Not found');
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(text);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const checks = realDomainChecks({
      dnsServers: [dns.address],
      // Every domain in this test is "on the internet" at this machine, where the stand-in site listens.
      outbound: { production: false, resolve: async () => ['127.0.0.1'] },
      filePort: (site.address() as AddressInfo).port,
    });
    t = await buildTestApp({ config: { hosting: { mode: 'many', baseDomain: 'localhost' } }, domainChecks: checks });
    const db = t.database.db;
    await buildAcademies(db, [{ id: A, slug: 'shree', name: 'Shree Academy' }, { id: B, slug: 'vidya', name: 'Vidya Classes' }]);
    const adminA = await withAcademy(A, () => buildUser(db, { role: 'admin' }));
    const teacherA = await withAcademy(A, () => buildUser(db, { role: 'teacher' }));
    const adminB = await withAcademy(B, () => buildUser(db, { role: 'admin' }));
    cookies.a = await signIn(A_HOST, adminA.email);
    cookies.aTeacher = await signIn(A_HOST, teacherA.email);
    cookies.b = await signIn(B_HOST, adminB.email);
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
    await new Promise((resolve) => site.close(resolve));
  });

  async function signIn(host: string, email: string) {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email, password: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    return `${cookie.name}=${cookie.value}`;
  }
  const call = (host: string, cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { host, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const add = (host: string, cookie: string, domain: unknown) => call(host, cookie, 'POST', '/api/admin/domains', { domain });

  it('reads what people type as a bare domain, and refuses what is not one', () => {
    expect(normalizeDomain(' https://WWW.ShreeAcademy.in/about ')).toBe('www.shreeacademy.in');
    expect(normalizeDomain('shreeacademy.in.')).toBe('shreeacademy.in');
    for (const bad of ['shree', 'shree academy.in', '192.168.1.1', 'www.-shree.in', 'shree.in:8080x', `${'a'.repeat(64)}.in`, 'shree.123']) expect(normalizeDomain(bad), bad).toBeUndefined();
  });

  it('adds a domain with both proofs to show, refuses bad input with the field named, and never half-saves', async () => {
    const added = await add(A_HOST, cookies.a, 'https://WWW.Shree-Test.in/');
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json().data;
    expect(domain).toMatchObject({ domain: 'www.shree-test.in', verified: false, txtName: '_academy.www.shree-test.in', fileUrl: `http://www.shree-test.in${OWN_DOMAIN_FILE_PATH}` });
    expect(domain.txtValue).toMatch(/^academy-[\w-]{20,}$/);
    expect(added.json().message).toBe(OWN_DOMAIN_MESSAGES.added);

    for (const [input, message] of [
      ['', OWN_DOMAIN_MESSAGES.required],
      [undefined, OWN_DOMAIN_MESSAGES.required],
      ['not a domain', OWN_DOMAIN_MESSAGES.invalid],
      [42, OWN_DOMAIN_MESSAGES.required],
      ['x'.repeat(400), OWN_DOMAIN_MESSAGES.invalid],
      ['shree.localhost', OWN_DOMAIN_MESSAGES.platform],
      ['www.shree-test.in', OWN_DOMAIN_MESSAGES.already],
    ] as const) {
      const refused = await add(A_HOST, cookies.a, input);
      expect(refused.statusCode, String(input)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, String(input)).toBeLessThan(500);
      expect(refused.json().errors?.domain ?? refused.json().message, String(input)).toBe(message);
    }
    const broken = await t.app.inject({ method: 'POST', url: '/api/admin/domains', headers: { host: A_HOST, cookie: cookies.a, 'content-type': 'application/json' }, payload: '{"domain": "www.' });
    expect(broken.statusCode).toBe(400);
    const list = (await call(A_HOST, cookies.a, 'GET', '/api/admin/domains')).json().data;
    expect(list).toMatchObject({ available: true, platformHost: 'shree.localhost' });
    expect(list.domains.map((row: { domain: string }) => row.domain)).toEqual(['www.shree-test.in']);
  });

  it('is the admin\'s only, and another academy neither sees, proves nor removes it', async () => {
    const [mine] = (await call(A_HOST, cookies.a, 'GET', '/api/admin/domains')).json().data.domains;
    expect((await call(A_HOST, cookies.aTeacher, 'GET', '/api/admin/domains')).statusCode).toBe(403);
    expect((await call(A_HOST, '', 'GET', '/api/admin/domains')).statusCode).toBe(401);
    expect((await call(B_HOST, cookies.b, 'GET', '/api/admin/domains')).json().data.domains).toEqual([]);
    expect((await call(B_HOST, cookies.b, 'POST', `/api/admin/domains/${mine._id}/verify`)).statusCode).toBe(404);
    expect((await call(B_HOST, cookies.b, 'DELETE', `/api/admin/domains/${mine._id}`)).statusCode).toBe(404);
    // A's session at B's address is no session there.
    expect((await call(B_HOST, cookies.a, 'GET', '/api/admin/domains')).statusCode).toBe(401);
    expect((await call(A_HOST, cookies.a, 'POST', '/api/admin/domains/not-an-id/verify')).statusCode).toBe(400);
  });

  it('serves nothing before the proof, says so when it is missing or wrong, and serves the academy once the TXT record holds the token', async () => {
    const [mine] = (await call(A_HOST, cookies.a, 'GET', '/api/admin/domains')).json().data.domains;
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: 'www.shree-test.in' } })).statusCode).toBe(404);

    const missing = await call(A_HOST, cookies.a, 'POST', `/api/admin/domains/${mine._id}/verify`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(OWN_DOMAIN_MESSAGES.notYet);
    dns.setTxt('_academy.www.shree-test.in', 'academy-somebody-elses-token');
    expect((await call(A_HOST, cookies.a, 'POST', `/api/admin/domains/${mine._id}/verify`)).statusCode).toBe(422);

    dns.setTxt('_academy.www.shree-test.in', mine.txtValue);
    const proven = await call(A_HOST, cookies.a, 'POST', `/api/admin/domains/${mine._id}/verify`);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({ data: { verified: true }, message: OWN_DOMAIN_MESSAGES.verified });

    const there = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: 'WWW.Shree-Test.in' } });
    expect(there.statusCode).toBe(200);
    expect(there.json().data.name).toBe((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: A_HOST } })).json().data.name);
    const audit = await withAcademy(A, () => t.database.db.select({ key: auditLog.summaryKey }).from(auditLog).where(eq(auditLog.entityType, 'settings')));
    expect(audit.map((row) => row.key)).toEqual(expect.arrayContaining(['settings.domain_added', 'settings.domain_verified']));
    // Nothing of it in B's audit log.
    expect(await withAcademy(B, () => t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')))).toEqual([]);
  });

  it("a proven domain is one academy's: another's claim is refused, and waiting claims are removed when one proves it", async () => {
    expect((await add(B_HOST, cookies.b, 'www.shree-test.in')).json().message).toBe(OWN_DOMAIN_MESSAGES.taken);

    // Both wait for proof of the same domain; the file on its site proves it for B, and A's claim goes.
    const forA = (await add(A_HOST, cookies.a, 'classes.example-two.in')).json().data;
    const forB = (await add(B_HOST, cookies.b, 'classes.example-two.in')).json().data;
    files.set('classes.example-two.in', `${forB.txtValue}\n`);
    const proven = await call(B_HOST, cookies.b, 'POST', `/api/admin/domains/${forB._id}/verify`);
    expect(proven.statusCode, proven.body).toBe(200);
    expect((await call(A_HOST, cookies.a, 'POST', `/api/admin/domains/${forA._id}/verify`)).statusCode).toBe(404);
    const host = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: 'classes.example-two.in' } });
    expect(host.json().data.name).toBe((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: B_HOST } })).json().data.name);
  });

  it('stops serving a removed domain at once, and holds at most five domains', async () => {
    const [mine] = (await call(A_HOST, cookies.a, 'GET', '/api/admin/domains')).json().data.domains;
    const removed = await call(A_HOST, cookies.a, 'DELETE', `/api/admin/domains/${mine._id}`);
    expect(removed.json()).toEqual({ success: true, message: OWN_DOMAIN_MESSAGES.removed });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: 'www.shree-test.in' } })).statusCode).toBe(404);
    expect(await withoutAcademy(() => t.database.db.select().from(academyDomains).where(eq(academyDomains.academyId, A)))).toEqual([]);

    for (let index = 0; index < OWN_DOMAINS_MAX; index += 1) expect((await add(A_HOST, cookies.a, `site${index}.example-three.in`)).statusCode).toBe(201);
    const sixth = await add(A_HOST, cookies.a, 'site9.example-three.in');
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(OWN_DOMAIN_MESSAGES.tooMany);
  });
});

describe('own domains with one academy per installation', () => {
  const t = shareTestApp();

  it('has none to offer: the address is PUBLIC_URL', async () => {
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: TEST_PASSWORD } });
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/domains', headers: { cookie } })).json().data).toEqual({ available: false, platformHost: null, domains: [] });
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/domains', headers: { cookie }, payload: { domain: 'www.shree-test.in' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(OWN_DOMAIN_MESSAGES.oneAcademy);
  });
});

describe("the proxy's certificate question (GET /api/health/domain)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { hosting: { mode: 'many', baseDomain: 'localhost' } } });
    const [shree] = await buildAcademies(t.database.db, [{ slug: 'shree', name: 'Shree Academy' }, { slug: 'gone', name: 'Gone', status: 'closed' }]);
    await withoutAcademy(() =>
      t.database.db.insert(academyDomains).values([
        { academyId: shree!.id, domain: 'www.shree-proven.in', verificationToken: 'academy-x', verifiedAt: new Date() },
        { academyId: shree!.id, domain: 'www.shree-waiting.in', verificationToken: 'academy-y' },
      ]),
    );
  });
  afterAll(() => t.close());

  // Caddy asks at the server's own address (127.0.0.1), which is no academy's: answered all the same.
  const ask = (domain: string) => t.app.inject({ method: 'GET', url: `/api/health/domain?domain=${encodeURIComponent(domain)}`, headers: { host: '127.0.0.1:3000' } });

  it('says yes for the platform, an open academy and a proven domain, and no for anything else', async () => {
    for (const domain of ['localhost', 'shree.localhost', 'www.shree-proven.in', 'WWW.Shree-Proven.in']) expect((await ask(domain)).statusCode, domain).toBe(200);
    for (const domain of ['nobody.localhost', 'gone.localhost', 'www.shree-waiting.in', 'example.com', '', 'not a domain', 'a.shree.localhost']) expect((await ask(domain)).statusCode, domain).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/domain', headers: { host: '127.0.0.1' } })).statusCode).toBe(400);
  });

  it("answers the load balancer's health check at any address, and nothing else there", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(404);
  });
});
