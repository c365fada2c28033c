import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { shareTestApp } from '../../../test/shared-test-app';
import { academies, academyDomains } from '../../db/schema';
import { FIRST_ACADEMY_ID, withoutAcademy } from '../../lib/tenancy';
import { buildAcademies } from '../../../test/factories';
import { statementsSentDuring } from '../../../test/statements-sent';

const MANY = { mode: 'many', baseDomain: 'localhost' } as const;

describe('which academy a host is (ACADEMY_HOSTING=many)', () => {
  let t: TestApp;
  const get = (host: string, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  beforeAll(async () => {
    t = await buildTestApp({ config: { hosting: MANY } });
    await buildAcademies(t.database.db, [
      { slug: 'shree', name: 'Shree Academy' },
      { slug: 'paused', name: 'Paused <Academy>', status: 'suspended', language: 'mr' },
      { slug: 'gone', name: 'Gone Academy', status: 'closed' },
    ]);
  });
  afterAll(() => t.close());

  it("an academy's host answers its API", async () => {
    expect((await get('shree.localhost:3000', '/api/settings/public')).statusCode).toBe(200);
    expect((await get('main.localhost', '/api/settings/public')).statusCode).toBe(200);
  });

  it('an unknown host, a deeper one or a closed academy: 404, never another academy', async () => {
    for (const host of ['nobody.localhost', 'a.shree.localhost', 'gone.localhost', 'example.com']) {
      const api = await get(host, '/api/settings/public');
      expect(api.statusCode, host).toBe(404);
      expect(api.json()).toEqual({ success: false, message: 'Not found' });
      const page = await get(host, '/');
      expect(page.statusCode, host).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('There is no academy at this address');
    }
  });

  it("the platform's address answers only the platform's API and the health check", async () => {
    expect((await get('localhost:3000', '/api/settings/public')).statusCode).toBe(404);
    expect((await get('localhost', '/api/auth/me')).statusCode).toBe(404);
    expect((await get('localhost', '/api/health')).statusCode).toBe(200);
    // …and an academy's address never answers the platform's.
    expect((await get('shree.localhost', '/api/operator/academies')).statusCode).toBe(404);
    expect((await get('shree.localhost', '/api/academies')).statusCode).toBe(404);
  });

  it('a suspended academy: 403 with a sentence saying so, in the reader\'s language; its page says so in its own', async () => {
    const api = await get('paused.localhost', '/api/settings/public');
    expect(api.statusCode).toBe(403);
    expect(api.json().message).toMatch(/This academy is paused for now/);
    const marathi = await get('paused.localhost', '/api/auth/login', { 'x-academy-language': 'mr' });
    expect(marathi.json().message).toMatch(/ही अकॅडमी सध्या थांबवलेली आहे/);
    const page = await get('paused.localhost', '/');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('<html lang="mr"');
    expect(page.body).toContain('Paused &lt;Academy&gt;');
    expect((await get('paused.localhost', '/api/health')).statusCode).toBe(200);
  });

  it('an academy’s own address for links sent without a request of its own: its verified domain, else its sub-domain', async () => {
    const [shree] = await withoutAcademy(() => t.database.db.select().from(academies).where(eq(academies.slug, 'shree')));
    expect(await t.app.academyHosts.addressOf(shree!.id, 'https')).toBe('https://shree.localhost');
    await withoutAcademy(() => t.database.db.insert(academyDomains).values({ academyId: shree!.id, domain: 'www.shree-waiting.in', verificationToken: 'academy-w' }));
    expect(await t.app.academyHosts.addressOf(shree!.id, 'https')).toBe('https://shree.localhost');
    await withoutAcademy(() => t.database.db.insert(academyDomains).values({ academyId: shree!.id, domain: 'www.shree-proven.in', verificationToken: 'academy-p', verifiedAt: new Date() }));
    expect(await t.app.academyHosts.addressOf(shree!.id, 'https')).toBe('https://www.shree-proven.in');
  });

  it('a host is looked up once for requests arriving together, and again beside the answer in its last seconds: nobody waits at its end', async () => {
    const hostLookUps = async (during: () => Promise<unknown>) =>
      (await statementsSentDuring(during)).statements.filter((statement) => /from "academies" where "academies"\."slug" = /.test(statement.text)).length;
    const ask = async () => expect((await get('shree.localhost', '/api/settings/public')).statusCode).toBe(200);
    t.app.academyHosts.forget();
    expect(await hostLookUps(() => Promise.all([ask(), ask(), ask(), ask()]))).toBe(1);
    const start = Date.now();
    try {
      // Eight seconds on (its memory ends at ten): answered from memory, and looked up again beside it.
      vi.setSystemTime(start + 8_000);
      expect(await hostLookUps(async () => {
        await ask();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      })).toBe(1);
      // Past the first ten seconds: the look-up made then is kept (or still under way: joined).
      vi.setSystemTime(start + 12_000);
      expect(await hostLookUps(ask)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resuming is seen once the host is forgotten', async () => {
    await withoutAcademy(() => t.database.db.update(academies).set({ status: 'active' }).where(eq(academies.slug, 'paused')));
    t.app.academyHosts.forget();
    expect((await get('paused.localhost', '/api/settings/public')).statusCode).toBe(200);
  });
});

describe('one academy (ACADEMY_HOSTING=one, the default)', () => {
  const t = shareTestApp();

  it('every host is the one academy', async () => {
    for (const host of ['localhost', 'academy.example.in', '127.0.0.1:3000', 'anything.localhost']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: { host } })).statusCode, host).toBe(200);
    }
    const [first] = await t.database.db.select().from(academies).where(eq(academies.id, FIRST_ACADEMY_ID));
    expect(first?.slug).toBe('main');
    // Links use PUBLIC_URL (or the request's address) with one academy.
    expect(await t.app.academyHosts.addressOf(FIRST_ACADEMY_ID, 'https')).toBeUndefined();
  });
});
