import { describe, expect, it } from 'vitest';
import {
  assetLinksProblem,
  checkAssetLinks,
  checkAppSecret,
  checkClock,
  checkDatabase,
  checkDataDir,
  checkEveryAcademysBackups,
  checkLastBackup,
  checkMailFrom,
  checkMetricsToken,
  checkNodeEnv,
  checkPublicUrl,
  checkReachable,
  checkSmtp,
  checkTrustProxy,
  exitCodeOf,
  FORGED_ADDRESS,
  formatVerdict,
  summaryOf,
  trustsAddress,
  type DataDirFacts,
  type PeerProbe,
} from './doctor-checks';

const GIB = 1024 ** 3;

describe('doctor: NODE_ENV', () => {
  it('passes production and fails anything else', () => {
    expect(checkNodeEnv('production').status).toBe('ok');
    expect(checkNodeEnv('development')).toMatchObject({ status: 'fail', fix: 'set NODE_ENV=production' });
  });
});

describe('doctor: METRICS_TOKEN', () => {
  it('passes a set token and warns (without failing) when /metrics answers only this machine', () => {
    expect(checkMetricsToken('0123456789abcdef0123')).toMatchObject({ status: 'ok' });
    expect(checkMetricsToken(undefined)).toMatchObject({ status: 'warn', check: 'METRICS_TOKEN' });
  });
});

describe('doctor: APP_SECRET', () => {
  it('passes what openssl rand gives', () => {
    expect(checkAppSecret('3f9c1a7be04d58e26b91c7d0a4f38e5b2d6c90a1f7e34b8d5c2a096e1b7f4d3c')).toMatchObject({ status: 'ok', message: '64 characters, random-looking' });
    expect(checkAppSecret('q3V8-zK1xNp0LmR7tYb2WcE5sHd9GfJ4aU6oIv')).toMatchObject({ status: 'ok' });
  });
  it('fails a missing, short, example or repetitive secret, saying how to make one', () => {
    expect(checkAppSecret(undefined)).toMatchObject({ status: 'fail', message: 'is not set' });
    expect(checkAppSecret('abc123')).toMatchObject({ status: 'fail', message: 'has 6 characters; at least 32 are needed' });
    expect(checkAppSecret('change-me-to-a-long-random-string-please')).toMatchObject({ status: 'fail', message: 'is an example value, not a secret' });
    expect(checkAppSecret('bench-secret-bench-secret-bench-secret-0123')).toMatchObject({ status: 'fail', message: 'is an example value, not a secret' });
    expect(checkAppSecret('academy1academy1academy1academy1academy1')).toMatchObject({ status: 'fail', message: 'has 40 characters but repeats itself (easy to guess)' });
    expect(checkAppSecret('a'.repeat(40)).status).toBe('fail');
    expect(checkAppSecret(undefined).fix).toContain('openssl rand -hex 32');
  });
});

describe('doctor: PUBLIC_URL', () => {
  it('wants https and a bare origin', () => {
    expect(checkPublicUrl('https://academy.example.in')).toMatchObject({ status: 'ok' });
    expect(checkPublicUrl(undefined).status).toBe('fail');
    expect(checkPublicUrl('http://academy.example.in')).toMatchObject({ status: 'fail', fix: expect.stringContaining('PUBLIC_URL=https://academy.example.in') });
    expect(checkPublicUrl('https://academy.example.in/app')).toMatchObject({ status: 'fail', message: expect.stringContaining('not a bare origin'), fix: expect.stringContaining('PUBLIC_URL=https://academy.example.in;') });
    expect(checkPublicUrl('https://academy.example.in?x=1').status).toBe('fail');
  });
});

describe('doctor: SMTP and MAIL_FROM', () => {
  it('passes an SMTP server that answered and names one that did not', () => {
    expect(checkSmtp({ configured: true, server: 'smtp.example.in:465', signsIn: true })).toMatchObject({ status: 'ok', message: 'smtp.example.in:465 answered and accepted the sign-in' });
    expect(checkSmtp({ configured: true, server: '127.0.0.1:25' })).toMatchObject({ status: 'ok', message: '127.0.0.1:25 answered (SMTP_URL names no user: no sign-in)' });
    expect(checkSmtp({ configured: true, server: 'smtp.example.in:465', error: 'Invalid login: 535' })).toMatchObject({ status: 'fail', message: 'smtp.example.in:465 did not accept us: Invalid login: 535' });
    expect(checkSmtp({ configured: false }).status).toBe('fail');
  });
  it('wants a real-looking sender address with a name', () => {
    expect(checkMailFrom({ name: 'Shree Academy', address: 'office@shreeacademy.in' }).status).toBe('ok');
    expect(checkMailFrom({ name: '', address: 'office@shreeacademy.in' }).status).toBe('warn');
    expect(checkMailFrom({ name: 'Academy', address: 'no-reply@localhost' })).toMatchObject({ status: 'fail', message: 'no-reply@localhost is not at a real domain' });
    expect(checkMailFrom({ name: 'Academy', address: 'office@academy.example.in' })).toMatchObject({ status: 'fail', message: expect.stringContaining('reserved domain') });
    expect(checkMailFrom({ name: 'Academy', address: 'office@192.168.1.5' }).status).toBe('fail');
    expect(checkMailFrom({ name: 'Academy', address: 'office@academy.test' }).status).toBe('fail');
  });
});

describe('doctor: TRUST_PROXY', () => {
  const probe = (overrides: Partial<PeerProbe>): PeerProbe => ({
    peer: '127.0.0.1',
    forwardedFor: '198.51.100.20',
    forwardedProto: 'https',
    forwardingTrusted: true,
    clientIp: '198.51.100.20',
    protocol: 'https',
    ...overrides,
  });
  const url = 'https://academy.example.in';

  it('matches addresses, ranges and the named ranges as Fastify does', () => {
    expect(trustsAddress(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
    expect(trustsAddress(['10.0.0.0/24'], '10.0.0.9')).toBe(true);
    expect(trustsAddress(['10.0.0.0/24'], '10.0.1.9')).toBe(false);
    expect(trustsAddress(['loopback'], '::1')).toBe(true);
    expect(trustsAddress(['uniquelocal'], '192.168.1.4')).toBe(true);
    expect(trustsAddress(false, '127.0.0.1')).toBe(false);
  });

  it('passes a trusted proxy that names the client (Caddy replacing the forged header)', () => {
    expect(checkTrustProxy({ trustProxy: ['127.0.0.1'], url, probe: probe({}) })).toMatchObject({ status: 'ok', message: expect.stringContaining('this one as 198.51.100.20') });
  });

  it('fails a proxy whose address is not in TRUST_PROXY: every family shares one limit', () => {
    const verdict = checkTrustProxy({ trustProxy: ['10.9.9.9'], url, probe: probe({ forwardingTrusted: false, clientIp: '127.0.0.1' }) });
    expect(verdict).toMatchObject({ status: 'fail', fix: 'set TRUST_PROXY=127.0.0.1' });
    expect(verdict.message).toBe('requests come through a proxy at 127.0.0.1 but TRUST_PROXY=10.9.9.9: every family shares one sign-in limit (all count as 127.0.0.1)');
    expect(checkTrustProxy({ trustProxy: false, url, probe: probe({ forwardingTrusted: false, clientIp: '127.0.0.1' }) }).message).toContain('TRUST_PROXY=false');
  });

  it('fails TRUST_PROXY set while requests arrive directly (a client there could forge X-Forwarded-For)', () => {
    const direct = probe({ peer: '192.0.2.50', forwardedFor: FORGED_ADDRESS, forwardingTrusted: false, clientIp: '192.0.2.50', protocol: 'http', forwardedProto: null });
    const verdict = checkTrustProxy({ trustProxy: ['127.0.0.1'], url: 'http://192.0.2.1:3000', probe: direct });
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('requests reach the server directly from 192.0.2.50, not through a proxy, yet TRUST_PROXY=127.0.0.1');
    // The same without TRUST_PROXY is right.
    expect(checkTrustProxy({ trustProxy: false, url: 'http://192.0.2.1:3000', probe: direct }).status).toBe('ok');
  });

  it('fails when a client-chosen X-Forwarded-For is believed', () => {
    const believed = probe({ peer: '10.0.0.2', forwardedFor: FORGED_ADDRESS, clientIp: FORGED_ADDRESS });
    expect(checkTrustProxy({ trustProxy: ['10.0.0.2'], url, probe: believed })).toMatchObject({ status: 'fail', message: expect.stringContaining('any client can choose its own address') });
  });

  it('only warns when the doctor itself stands at a trusted address (nginx appending on the same machine)', () => {
    const appended = probe({ forwardedFor: `${FORGED_ADDRESS}, 127.0.0.1`, clientIp: FORGED_ADDRESS });
    expect(checkTrustProxy({ trustProxy: ['127.0.0.1'], url, probe: appended })).toMatchObject({ status: 'warn', fix: 'run the doctor from another machine with --url' });
  });

  it('fails an https site whose proxy does not pass the client address, and warns when it does not pass the protocol', () => {
    expect(checkTrustProxy({ trustProxy: ['127.0.0.1'], url, probe: probe({ forwardedFor: null, forwardingTrusted: false, clientIp: '127.0.0.1' }) })).toMatchObject({ status: 'fail', message: expect.stringContaining("without the client's address") });
    expect(checkTrustProxy({ trustProxy: ['127.0.0.1'], url, probe: probe({ protocol: 'http', forwardedProto: null }) }).status).toBe('warn');
  });

  it('is not judged when the site did not answer', () => {
    expect(checkTrustProxy({ trustProxy: ['127.0.0.1'], url, probe: undefined }).status).toBe('warn');
    expect(checkReachable({ url, error: 'ECONNREFUSED' })).toMatchObject({ status: 'fail', message: `${url} could not be reached: ECONNREFUSED` });
    expect(checkReachable({ url, status: 404 }).status).toBe('fail');
    expect(checkReachable({ url, status: 200 }).status).toBe('ok');
  });
});

describe('doctor: DATA_DIR and disk space', () => {
  const facts = (overrides: Partial<DataDirFacts>): DataDirFacts => ({
    path: '/var/lib/academy',
    exists: true,
    isDirectory: true,
    mode: 0o40750,
    ownerUid: 998,
    currentUid: 998,
    writable: true,
    freeBytes: 50 * GIB,
    totalBytes: 100 * GIB,
    ...overrides,
  });
  it('passes 0750 and 0711 owned by this user with room to spare', () => {
    expect(checkDataDir(facts({})).map((verdict) => verdict.status)).toEqual(['ok', 'ok']);
    expect(checkDataDir(facts({ mode: 0o40711 }))[0]!.status).toBe('ok');
  });
  it('fails a folder others may list or write, a missing one, or one this user cannot write', () => {
    expect(checkDataDir(facts({ mode: 0o40755 }))[0]).toMatchObject({ status: 'fail', message: '/var/lib/academy has mode 0755: other users of this machine can list it' });
    expect(checkDataDir(facts({ mode: 0o40777 }))[0]!.message).toContain('can write it');
    expect(checkDataDir(facts({ exists: false }))).toEqual([expect.objectContaining({ status: 'fail', message: '/var/lib/academy does not exist' })]);
    expect(checkDataDir(facts({ writable: false, currentUid: 1000 }))[0]!.status).toBe('fail');
  });
  it("warns when the doctor runs as another user than the folder's owner (root)", () => {
    expect(checkDataDir(facts({ currentUid: 0 }))[0]).toMatchObject({ status: 'warn', fix: expect.stringContaining('sudo -u academy') });
  });
  it('fails under 10 % or under 1 GiB free', () => {
    expect(checkDataDir(facts({ freeBytes: 5 * GIB }))[1]).toMatchObject({ status: 'fail', check: 'disk space' });
    expect(checkDataDir(facts({ freeBytes: 0.5 * GIB, totalBytes: 2 * GIB }))[1]!.status).toBe('fail');
    expect(checkDataDir(facts({ freeBytes: 20 * GIB }))[1]!.status).toBe('ok');
  });
});

describe('doctor: last backup', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const newest = (createdAt: string, readable = true) => ({ count: 3, newest: { name: 'academy-20261127-020000-auto-abc123.tar.gz', createdAt, readable } });
  it('passes a readable backup younger than 26 hours', () => {
    expect(checkLastBackup(newest('2026-11-27T02:00:00Z'), now)).toMatchObject({ status: 'ok', message: '8.0 h old (academy-20261127-020000-auto-abc123.tar.gz; 3 kept)' });
    expect(checkLastBackup(newest('2026-11-26T08:30:00Z'), now).status).toBe('ok');
  });
  it('fails none, an old one, or an unreadable one', () => {
    expect(checkLastBackup({ count: 0 }, now)).toMatchObject({ status: 'fail', message: 'there is no backup yet' });
    expect(checkLastBackup(newest('2026-11-26T07:00:00Z'), now)).toMatchObject({ status: 'fail', message: expect.stringContaining('27.0 h old') });
    expect(checkLastBackup(newest('2026-11-27T02:00:00Z', false), now).status).toBe('fail');
    expect(checkLastBackup({ count: 0, error: 'EACCES' }, now).status).toBe('fail');
  });
  it("with many academies, checks every academy's and names each one whose backup is missing or too old (issue 71)", () => {
    expect(checkEveryAcademysBackups([{ academy: 'main', ...newest('2026-11-27T02:00:00Z') }], now)).toMatchObject({ status: 'ok', message: '8.0 h old (academy-20261127-020000-auto-abc123.tar.gz; 3 kept)' });
    const all = [
      { academy: 'main', ...newest('2026-11-27T02:00:00Z') },
      { academy: 'alpha', ...newest('2026-11-26T07:00:00Z') },
      { academy: 'beta', count: 0 },
    ];
    const verdict = checkEveryAcademysBackups(all, now);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toMatch(/^alpha: the newest is 27\.0 h old .*; beta: there is no backup yet$/);
    expect(checkEveryAcademysBackups([all[0]!, { ...all[0]!, academy: 'alpha' }], now)).toMatchObject({ status: 'ok', message: "every academy's newest backup is under 26 h old (2 academies)" });
  });
});

describe('doctor: database', () => {
  const base = { description: 'the bundled PostgreSQL', latest: '0042_x' };
  it('passes a database at the newest migration', () => {
    expect(checkDatabase({ ...base, applied: '0042_x', known: true }).status).toBe('ok');
  });
  it('fails one that does not answer, is behind, is ahead or is empty', () => {
    expect(checkDatabase({ ...base, error: 'ECONNREFUSED' })).toMatchObject({ status: 'fail', message: 'the bundled PostgreSQL: ECONNREFUSED' });
    expect(checkDatabase({ ...base, applied: '0041_y', known: true })).toMatchObject({ status: 'fail', message: expect.stringContaining('is at 0041_y, this build ships 0042_x') });
    expect(checkDatabase({ ...base, applied: 'unknown-99', known: false }).message).toContain('newer than this build');
    expect(checkDatabase({ ...base }).message).toContain('no tables yet');
  });  it('warns when the server serves as the role that owns the tables (decision 068)', () => {
    expect(checkDatabase({ ...base, applied: '0042_x', known: true, servingOwnsTables: false }).status).toBe('ok');
    expect(checkDatabase({ ...base, applied: '0042_x', known: true, servingOwnsTables: true })).toMatchObject({ status: 'warn', fix: expect.stringContaining('MIGRATION_DATABASE_URL') });
  });
});

describe('doctor: clock', () => {
  const local = new Date('2026-11-27T10:00:00Z');
  it('passes clocks within a minute and warns beyond, naming which', () => {
    expect(checkClock({ local, http: new Date('2026-11-27T10:00:01Z'), database: new Date('2026-11-27T09:59:59.5Z') }).status).toBe('ok');
    expect(checkClock({ local, http: new Date('2026-11-27T10:02:00Z'), database: local })).toMatchObject({ status: 'warn', message: 'differs by more than 60 s: the site (HTTP Date) +120 s' });
    expect(checkClock({ local }).status).toBe('warn');
  });
});

describe('doctor: output', () => {
  it('prints one line per check with ✓ ! ✗ and the fix, and exits non-zero only on a ✗, naming each', () => {
    const verdicts = [checkNodeEnv('production'), checkNodeEnv('development'), checkMailFrom({ name: '', address: 'office@shreeacademy.in' }), checkAppSecret(undefined)];
    expect(verdicts.map(formatVerdict)[0]).toBe('✓ NODE_ENV: production');
    expect(formatVerdict(verdicts[1]!)).toMatch(/^✗ NODE_ENV: is development: .* → set NODE_ENV=production$/);
    expect(formatVerdict(verdicts[2]!)).toMatch(/^! MAIL_FROM: /);
    expect(exitCodeOf(verdicts)).toBe(1);
    expect(summaryOf(verdicts)).toBe('2 problems: NODE_ENV, APP_SECRET (1 warning).');
    expect(exitCodeOf([verdicts[0]!, verdicts[2]!])).toBe(0);
    expect(summaryOf([verdicts[0]!, verdicts[2]!])).toBe('All 2 checks passed (1 warning).');
  });
});

describe('doctor: app links (issue 78)', () => {
  const print = Array.from({ length: 32 }, () => 'AB').join(':');
  const facts = { academy: 'alpha', url: 'https://alpha.example.in/.well-known/assetlinks.json', packageName: 'in.alpha.app', fingerprints: [print] };
  const statement = [{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'in.alpha.app', sha256_cert_fingerprints: [print] } }];

  it('is fine when no academy set an app, or each serves its statement', () => {
    expect(checkAssetLinks([]).status).toBe('ok');
    expect(checkAssetLinks([{ ...facts, status: 200, body: statement }])).toMatchObject({ status: 'ok', message: '1 academy serves its /.well-known/assetlinks.json as set' });
  });

  it('fails an address that does not answer, answers badly, or states another app or other keys', () => {
    expect(assetLinksProblem({ ...facts, error: 'ECONNREFUSED' })).toMatch(/did not answer \(ECONNREFUSED\)/);
    expect(assetLinksProblem({ ...facts, status: 404, body: undefined })).toMatch(/answered 404/);
    expect(assetLinksProblem({ ...facts, status: 200, body: { not: 'a list' } })).toMatch(/not a JSON list/);
    expect(assetLinksProblem({ ...facts, status: 200, body: [] })).toMatch(/no handle_all_urls statement for in.alpha.app/);
    expect(assetLinksProblem({ ...facts, status: 200, body: [{ ...statement[0], target: { ...statement[0]!.target, sha256_cert_fingerprints: ['ab:cd'] } }] })).toMatch(/malformed/);
    expect(assetLinksProblem({ ...facts, fingerprints: [print, print.replace(/AB/g, 'CD')], status: 200, body: statement })).toMatch(/lacks 1 of the fingerprints/);
    const verdict = checkAssetLinks([{ ...facts, status: 200, body: [] }, { ...facts, academy: 'beta', status: 200, body: statement }]);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toMatch(/^alpha: /);
    expect(verdict.message).not.toMatch(/beta/);
  });
});
